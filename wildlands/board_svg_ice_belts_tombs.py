"""The admin preview's (and render_map's) drawing of a map's own rules: thin-ice rings,
slippery ground, conveyor belts with an arrow along each step, tombs. The same marks as the
board page draws (games/static/games/board/ice_belts_tombs.js), from `Board.features`."""
from __future__ import annotations

import math

from wildlands.rules.board import Board

ICE = "#5b8fa8"
BELT = "#6f6a63"
ARROW = "#f2b233"
TOMB = "#8d8579"


def _f(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def ice_belts_tombs_svg(board: Board) -> list[str]:
    """SVG elements for the slippery, thin_ice, belts and tombs primitives (none: [])."""
    features = board.features
    if not features:
        return []
    r = board.core_radius
    parts = ['<g class="map-rules">']
    slippery = features.get("slippery")
    if slippery:
        for n in board.spaces if slippery is True else slippery:
            cx, cy = board.space(n).at
            parts.append(f'<circle class="slippery" data-space="{n}" cx="{_f(cx)}" cy="{_f(cy)}" '
                         f'r="{_f(r * 2.6)}" fill="#dbe9ef" opacity=".7"/>')
    for n in features.get("thin_ice") or ():
        cx, cy = board.space(n).at
        parts.append(f'<circle class="thin-ice" data-space="{n}" cx="{_f(cx)}" cy="{_f(cy)}" '
                     f'r="{_f(r * 1.75)}" fill="none" stroke="{ICE}" stroke-width="{_f(r * 0.22)}" '
                     f'stroke-dasharray="{_f(r * 0.8)} {_f(r * 0.4)}"/>')
    for belt in features.get("belts") or ():
        points = [board.space(n).at for n in belt["path"]]
        line = " ".join(f"{_f(x)},{_f(y)}" for x, y in points)
        parts.append(f'<g class="belt" data-belt="{belt["name"]}"><polyline points="{line}" fill="none" '
                     f'stroke="{BELT}" stroke-opacity=".55" stroke-width="{_f(r * 0.5)}"/>')
        for (ax, ay), (bx, by) in zip(points, points[1:]):
            length = math.hypot(bx - ax, by - ay) or 1.0
            ux, uy = (bx - ax) / length, (by - ay) / length
            mx, my, s = (ax + bx) / 2, (ay + by) / 2, r * 0.8
            tri = ((mx + ux * s, my + uy * s), (mx - ux * s * 0.6 - uy * s, my - uy * s * 0.6 + ux * s),
                   (mx - ux * s * 0.6 + uy * s, my - uy * s * 0.6 - ux * s))
            parts.append(f'<polygon class="belt-arrow" fill="{ARROW}" '
                         f'points="{" ".join(f"{_f(x)},{_f(y)}" for x, y in tri)}"/>')
        parts.append("</g>")
    for n in features.get("tombs") or ():
        cx, cy = board.space(n).at
        parts.append(f'<rect class="tomb" data-space="{n}" x="{_f(cx - r * 1.1)}" y="{_f(cy + r * 1.35)}" '
                     f'width="{_f(r * 2.2)}" height="{_f(r * 1.3)}" rx="{_f(r * 0.3)}" fill="{TOMB}"/>')
    parts.append("</g>")
    return parts
