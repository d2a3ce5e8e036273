"""The board as plain data for the page's SVG (the shared contract's `board` entry).

Built from a `wildlands.rules.board.Board`: the cell outline and core of every space, and
every shared boundary with whether it is open and which side is climbed into. The page
draws from this; nothing here is secret (the board is public).
"""
from __future__ import annotations

from typing import Any

from wildlands.rules.board import Board
from wildlands.rules.maps.links import extra_links


def board_svg_data(board: Board) -> dict[str, Any]:
    """`{"bounds", "spaces": [{"n", "polygon", "at", "cover", "high"}], "boundaries": [...]}`."""
    spaces = []
    for n in board.spaces:
        space = board.space(n)
        spaces.append({
            "n": n,
            "polygon": [[x, y] for x, y in board.cell(n)],
            "at": list(space.at),
            "cover": bool(space.cover),
            "high": bool(space.high),
        })
    return {
        "name": board.name,
        "title": getattr(board, "title", "") or board.name,
        "bounds": list(board.bounds),
        "core_radius": board.core_radius,
        "spaces": spaces,
        "boundaries": board.boundaries(),
        **map_rules_data(board),
    }


def map_rules_data(board: Board) -> dict[str, Any]:
    """The map's own rules for drawing them (maps/features.py): `features` as normalised, and
    `links`, the pairs its rules make adjacent (stairs, portals, thorns), so the page's
    moves and area attacks match the engine's."""
    return {"features": board.features.to_data(),
            "links": [list(pair) for pair in extra_links(board.features)]}
