"""Engines: advancing along hex edges and building walls, resetting, deploying.

An engine stands on the edge between its `left` and `right` hexes, its front at the corner
it shares with `ahead`. Advancing around the hex on its right (machine direction right) or
left, it moves onto the next edge of that hex at its front corner and builds a wall on the
edge it left. An edge with a wall, a factory wall or the other engine is a dead end: the
engine resets to the core and builds a wall where it stood. Perimeter edges are never a
stop: the engine keeps going around the same hex, walling each, and the whole run counts as
one advance. Reset engines deploy on a spoke of the highest numbered factory (rewilded or
not; the core's top tile when none is built), first the spoke its arrow points at, then
turning in the machine direction, then the next highest factory.

Tie-breaks (not printed in the rulebook): the two engines advance one edge at a time in
turn, engine 0 (set up on the core arrow's spoke) first; they deploy in the same order; a
spoke with a side off the board is blocked; an engine with no clear spoke anywhere stays in
the core (`engine_stuck`).
"""
from __future__ import annotations

from defenders.rules.board import engine_on
from defenders.rules.events import EventLog
from defenders.rules.hexes import CORE, TURN, Edge, edge, edge_angle, is_perimeter, \
    on_board, other_corner, ring, scan_key, spoke
from defenders.rules.state import Engine, GameState

MAX_PERIMETER_RUN = 6


def blocks_engine(state: GameState, e: Edge) -> bool:
    return (e in state.walls or state.is_factory(e[0]) or state.is_factory(e[1])
            or engine_on(state, e))


def _edge_data(e: Edge) -> list:
    return [list(e[0]), list(e[1])]


def build_wall(state: GameState, e: Edge, events: EventLog, engine: int) -> None:
    state.walls.add(e)
    events.add("wall_built", edge=_edge_data(e), engine=engine)


def advance(state: GameState, index: int, events: EventLog) -> None:
    """One advance of one engine in the machine direction (a perimeter run counts once)."""
    g: Engine = state.engines[index]
    if g.in_core:
        return
    rightward = state.direction == "right"
    for _ in range(MAX_PERIMETER_RUN + 1):
        assert g.left is not None and g.right is not None and g.ahead is not None
        here = edge(g.left, g.right)
        pivot, other = (g.right, g.left) if rightward else (g.left, g.right)
        target = edge(pivot, g.ahead)
        if blocks_engine(state, target):
            build_wall(state, here, events, index)
            state.engines[index] = Engine()
            events.add("engine_reset", engine=index, edge=_edge_data(here))
            return
        new_ahead = other_corner(pivot, g.ahead, other)
        if rightward:
            moved = Engine(left=g.ahead, right=pivot, ahead=new_ahead)
        else:
            moved = Engine(left=pivot, right=g.ahead, ahead=new_ahead)
        state.engines[index] = moved
        build_wall(state, here, events, index)
        events.add("engine_advanced", engine=index, origin=_edge_data(here),
                   to=_edge_data(target), around=list(pivot))
        if not is_perimeter(target):
            return
        g = moved
    raise RuntimeError("an engine ran around the perimeter more than a hex has edges")


def factories_by_number(state: GameState) -> list:
    """(hex, tile) of built and rewilded factories, highest number first, then the core."""
    built = sorted(((h, t) for h, (t, _) in state.factories.items()), key=lambda x: -x[1])
    if state.core:
        built.append((CORE, state.core[-1]))
    return built


def deploy(state: GameState, index: int, events: EventLog) -> None:
    turn = TURN[state.direction]
    for centre, tile in factories_by_number(state):
        arrow = state.arrows[tile]
        for i in range(6):
            corner = (arrow + turn * i) % 6
            left, right, ahead = spoke(centre, corner)
            if not (on_board(left) and on_board(right)) or blocks_engine(state, edge(left, right)):
                continue
            state.engines[index] = Engine(left=left, right=right, ahead=ahead)
            events.add("engine_deployed", engine=index, edge=_edge_data(edge(left, right)),
                       factory=list(centre), tile=tile, corner=corner)
            return
    events.add("engine_stuck", engine=index)


def deploy_reset(state: GameState, events: EventLog) -> None:
    for index, g in enumerate(state.engines):
        if g.in_core:
            deploy(state, index, events)


def engines_card(state: GameState, events: EventLog, difficult: bool) -> None:
    if difficult:
        first = scan_engine(state)
        order = [] if first is None else [(first, 3), (1 - first, 2)]
        for index, times in order:
            for _ in range(times):
                advance(state, index, events)
    else:
        for _ in range(2):
            for index in range(len(state.engines)):
                advance(state, index, events)
    deploy_reset(state, events)


def scan_engine(state: GameState):
    """The engine the core arrow's scan line meets first in the machine direction."""
    if not state.core:
        return None
    arrow = state.arrows[state.core[-1]]
    placed = [(i, edge(g.left, g.right)) for i, g in enumerate(state.engines) if not g.in_core]
    if not placed:
        return None
    placed.sort(key=lambda p: (scan_key(edge_angle(p[1]), arrow, state.direction),
                               ring(p[1][0]) + ring(p[1][1]), p[0]))
    return placed[0][0]
