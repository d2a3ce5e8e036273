"""Draw a Board as SVG: cells, walls, white lines, climb arrows and numbered cores.

Pure string building from `Board.cell` and `Board.boundaries`; board coordinates are used
as SVG user units (y grows downwards). Every space is a `<g class="space" data-space="n">`
so a page can style or highlight it.
"""
from __future__ import annotations

import math
from html import escape

from wildlands.board_svg_ice_belts_tombs import ice_belts_tombs_svg
from wildlands.rules.board import Board
from wildlands.rules.maps.numbers import second_number

LOW_FILL = "#e9e3d3"
HIGH_FILL = "#c8ad7f"
WALL = "#2b2620"
OPEN = "#ffffff"
THORN = "#3f6b2a"
PORTAL = "#7a3fbf"
STAIR_COLOURS = ("#2f7fbf", "#bf3f8f", "#3f9f4f", "#bf7f1f", "#6f4fbf", "#1f9f9f")


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
        elif sorted((edge["a"], edge["b"])) not in board.features.get("thorns", []):
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

    parts.extend(_map_rules(board, wall_w))
    parts.extend(ice_belts_tombs_svg(board))  # a map's own rules, when it has any
    numberless = set(board.features.get("numberless", []))
    parts.append(f'<g class="cores" font-family="sans-serif" font-size="{_fmt(r * 1.1)}" text-anchor="middle">')
    for n in board.spaces:
        cx, cy = board.space(n).at
        dark = board.has_cover(n)
        parts.append(
            f'<g class="space{" cover" if dark else ""}" data-space="{n}">'
            f'<circle cx="{_fmt(cx)}" cy="{_fmt(cy)}" r="{_fmt(r)}" fill="{"#1d1a16" if dark else "#ffffff"}" '
            f'stroke="{"#ffffff" if dark else "#1d1a16"}" stroke-width="{_fmt(r * 0.12)}"/>'
            f'<text x="{_fmt(cx)}" y="{_fmt(cy + r * 0.38)}" fill="{"#ffffff" if dark else "#1d1a16"}"'
            f'{_small_text(board, n, r)}>'
            f'{_number(board, n) if n not in numberless else ""}</text></g>'
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


def _number(board: Board, n: int) -> str:
    """The number printed on a core: both numbers on a space that has two."""
    second = second_number(board, n)
    return f"{n}/{second}" if second is not None else str(n)


def _small_text(board: Board, n: int, r: float) -> str:
    """Two numbers on one core need a smaller font to fit."""
    return f' font-size="{_fmt(r * 0.6)}"' if second_number(board, n) is not None else ""


def _map_rules(board: Board, wall_w: float) -> list[str]:
    """The map's own rules (maps/features.py): thorn edges dashed, stairs as matching coloured
    rings with a letter, portals as sunbursts (the tower's larger)."""
    features = board.features
    if not features:
        return []
    r = board.core_radius
    parts = ['<g class="map-rules">']
    for edge in board.boundaries():
        if sorted((edge["a"], edge["b"])) in features.get("thorns", []):
            (ax, ay), (bx, by) = edge["segment"]
            parts.append(f'<line class="thorn" data-a="{edge["a"]}" data-b="{edge["b"]}" x1="{_fmt(ax)}" '
                         f'y1="{_fmt(ay)}" x2="{_fmt(bx)}" y2="{_fmt(by)}" stroke="{THORN}" '
                         f'stroke-width="{_fmt(wall_w * 0.8)}" stroke-dasharray="{_fmt(wall_w * 1.6)} {_fmt(wall_w)}"/>')
            if edge["climb_into"] is not None:
                parts.append(f'<g fill="{WALL}">{_arrow(board, edge["climb_into"], (ax, ay), (bx, by), wall_w)}</g>')
    for i, pair in enumerate(features.get("stairs", [])):
        colour, letter = STAIR_COLOURS[i % len(STAIR_COLOURS)], chr(65 + i)
        for n in pair:
            cx, cy = board.space(n).at
            parts.append(f'<g class="stair" data-space="{n}" data-stair="{letter}">'
                         f'<circle cx="{_fmt(cx)}" cy="{_fmt(cy)}" r="{_fmt(r * 1.45)}" fill="none" '
                         f'stroke="{colour}" stroke-width="{_fmt(r * 0.22)}"/>'
                         f'<text x="{_fmt(cx + r * 1.7)}" y="{_fmt(cy - r * 1.2)}" fill="{colour}" '
                         f'font-size="{_fmt(r)}" font-family="sans-serif">{letter}</text></g>')
    tower = features.get("tower")
    for n in features.get("portals", []):
        cx, cy = board.space(n).at
        count, outer = (24, r * 2.3) if n == tower else (16, r * 1.85)
        rays = "".join(
            f'<line x1="{_fmt(cx + r * 1.25 * math.cos(a))}" y1="{_fmt(cy + r * 1.25 * math.sin(a))}" '
            f'x2="{_fmt(cx + outer * math.cos(a))}" y2="{_fmt(cy + outer * math.sin(a))}"/>'
            for a in (2 * math.pi * k / count for k in range(count)))
        parts.append(f'<g class="portal{" tower" if n == tower else ""}" data-space="{n}" stroke="{PORTAL}" '
                     f'stroke-width="{_fmt(r * 0.12)}">{rays}</g>')
    parts.append("</g>")
    return parts
