"""What the edges and hexes of the board allow: walls, breaches, engines, enclosure.

A factory (built or rewilded) and the machine core have walls on all six edges; those
count like built walls for enclosure and block movement unless breached. Engines block
movement but never enclose.
"""
from __future__ import annotations

from defenders.rules.hexes import CORE, Edge, Hex, edge, edges_of, neighbours, on_board
from defenders.rules.state import GameState


def is_walled(state: GameState, e: Edge) -> bool:
    """A built wall, or a factory wall (either side a factory or the core)."""
    return e in state.walls or state.is_factory(e[0]) or state.is_factory(e[1])


def engine_on(state: GameState, e: Edge) -> bool:
    return any(not g.in_core and edge(g.left, g.right) == e for g in state.engines)


def can_step(state: GameState, a: Hex, b: Hex, *, through_walls: bool = False) -> bool:
    """May an organizer cross from `a` into its neighbour `b` (one step of a move)?"""
    if not on_board(b) or b == CORE:
        return False
    e = edge(a, b)
    if engine_on(state, e):
        return False
    return through_walls or not is_walled(state, e) or e in state.breaches


def hunter_can_step(state: GameState, a: Hex, b: Hex) -> bool:
    """Hunters pursue only into habitat hexes and never across a wall, breached or not."""
    if not on_board(b) or state.is_factory(b):
        return False
    return not is_walled(state, edge(a, b))


def is_enclosed(state: GameState, hex_: Hex) -> bool:
    """A habitat hex with walls (its own or a factory's) on all six edges."""
    if state.is_factory(hex_) or not on_board(hex_):
        return False
    return all(is_walled(state, e) for e in edges_of(hex_))


def enclosed_hexes(state: GameState) -> list[Hex]:
    """In hex order, not the catalog's: a fresh game holds its habitats in the deal's order
    and a stored one in sorted order, and a replay must give the very events stored."""
    return sorted(h for h in state.catalog.habitats if is_enclosed(state, h))


def snipers_beside(state: GameState, hex_: Hex) -> bool:
    """Is a factory (or the core) with a mech next to this hex? (Walls do not shield.)"""
    return any(state.is_factory(n) and state.mechs_at(n) > 0 for n in neighbours(hex_))


def hunters(state: GameState) -> list[Hex]:
    """Habitat hexes holding mechs (hunters), one entry per hex."""
    return sorted(h for h, n in state.mechs.items() if n > 0 and not state.is_factory(h))


def mechs_on_board(state: GameState) -> int:
    return sum(state.mechs.values())
