"""Draw a Board as SVG: cells, walls, white lines, climb arrows and numbered cores.

Pure string building from `Board.cell` and `Board.boundaries`; board coordinates are used
as SVG user units (y grows downwards). Every space is a `<g class="space" data-space="n">`
so a page can style or highlight it.
"""
from __future__ import annotations

import math
from html import escape

from games.board_svg_ice_belts_tombs import ice_belts_tombs_svg
from games.rules.board import Board

LOW_FILL = "#e9e3d3"
HIGH_FILL = "#c8ad7f"
WALL = "#2b2620"
OPEN = "#ffffff"


def _fmt(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _points(poly) -> str:
    return " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in poly)


def board_svg(board: Board, *, pixels_per_unit: float = 20.0, title: bool = True) -> str:
    """The whole board as one standalone SVG document."""
    x0, y0, x1, y1 = board.bounds
    width, height = x1 - x0, y1 - y0
    r = board.core_radius
    wall_w = max(r * 0.45, width / 250)
    open_w = wall_w * 0.35
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{_fmt(x0)} {_fmt(y0)} {_fmt(width)} {_fmt(height)}" '
        f'width="{_fmt(width * pixels_per_unit)}" height="{_fmt(height * pixels_per_unit)}" class="board">'
    ]
    if title and board.title:
        parts.append(f"<title>{escape(board.title)}</title>")
    parts.append('<g class="cells">')
    for n in board.spaces:
        cls = "cell high" if board.is_high(n) else "cell"
        fill = HIGH_FILL if board.is_high(n) else LOW_FILL
        parts.append(
            f'<polygon class="{cls}" data-space="{n}" points="{_points(board.cell(n))}" '
            f'fill="{fill}" stroke="{fill}" stroke-width="{_fmt(open_w * 0.5)}"/>'
        )
    parts.append("</g>")

    walls, lines, arrows = [], [], []
    for edge in board.boundaries():
        (ax, ay), (bx, by) = edge["segment"]
        seg = f'x1="{_fmt(ax)}" y1="{_fmt(ay)}" x2="{_fmt(bx)}" y2="{_fmt(by)}"'
        if edge["open"]:
            lines.append(f'<line class="open" data-a="{edge["a"]}" data-b="{edge["b"]}" {seg}/>')
            if edge["climb_into"] is not None:
                arrows.append(_arrow(board, edge["climb_into"], (ax, ay), (bx, by), wall_w))
        else:
            walls.append(f'<line class="wall" data-a="{edge["a"]}" data-b="{edge["b"]}" {seg}/>')
    parts.append(f'<g class="open-lines" stroke="{OPEN}" stroke-width="{_fmt(open_w)}" stroke-linecap="round">')
    parts.extend(lines)
    parts.append("</g>")
    parts.append(f'<g class="walls" stroke="{WALL}" stroke-width="{_fmt(wall_w)}" stroke-linecap="round">')
    parts.extend(walls)
    parts.append("</g>")
    parts.append(
        f'<rect class="edge" x="{_fmt(x0)}" y="{_fmt(y0)}" width="{_fmt(width)}" height="{_fmt(height)}" '
        f'fill="none" stroke="{WALL}" stroke-width="{_fmt(wall_w * 2)}"/>'
    )
    parts.append(f'<g class="climbs" fill="{WALL}">')
    parts.extend(arrows)
    parts.append("</g>")

    parts.extend(ice_belts_tombs_svg(board))  # a map's own rules, when it has any
    parts.append(f'<g class="cores" font-family="sans-serif" font-size="{_fmt(r * 1.1)}" text-anchor="middle">')
    for n in board.spaces:
        cx, cy = board.space(n).at
        dark = board.has_cover(n)
        parts.append(
            f'<g class="space{" cover" if dark else ""}" data-space="{n}">'
            f'<circle cx="{_fmt(cx)}" cy="{_fmt(cy)}" r="{_fmt(r)}" fill="{"#1d1a16" if dark else "#ffffff"}" '
            f'stroke="{"#ffffff" if dark else "#1d1a16"}" stroke-width="{_fmt(r * 0.12)}"/>'
            f'<text x="{_fmt(cx)}" y="{_fmt(cy + r * 0.38)}" fill="{"#ffffff" if dark else "#1d1a16"}">{n}</text></g>'
        )
    parts.append("</g></svg>")
    return "\n".join(parts)


def _arrow(board: Board, high: int, p: tuple[float, float], q: tuple[float, float], size: float) -> str:
    """A small triangle on the boundary pointing into the high space."""
    mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
    dx, dy = q[0] - p[0], q[1] - p[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length, dx / length
    hx, hy = board.space(high).at
    if (hx - mx) * nx + (hy - my) * ny < 0:
        nx, ny = -nx, -ny
    ux, uy = dx / length, dy / length
    s = size * 2.2
    tip = (mx + nx * s, my + ny * s)
    left = (mx - nx * s * 0.3 + ux * s * 0.8, my - ny * s * 0.3 + uy * s * 0.8)
    right = (mx - nx * s * 0.3 - ux * s * 0.8, my - ny * s * 0.3 - uy * s * 0.8)
    return f'<polygon class="climb" data-into="{high}" points="{_points((tip, left, right))}"/>'
