"""Factories and reboot cards: build one factory on an enclosed hex, or spread pollution.

The enclosed hex built on is the first one the scan line meets: from the core's top tile's
arrow, turning in the machine direction, nearer the core first on one line. The top tile
moves there with what was on it (pollution, toxic site, snipers); the hex's walls come off
(breach markers stay on the edges), its camp, organizers and mechs stay (the mechs are now
snipers); then two snipers land on the newly revealed core tile. When nothing is built
(always, on a difficult factories card), every built factory spreads one pollution per
chute, highest number first, the core's top tile last; pollution skips over toxic sites and
never leaves the board; a third token in a hex becomes a toxic site.
"""
from __future__ import annotations

from defenders.rules.board import enclosed_hexes, mechs_on_board
from defenders.rules.events import EventLog
from defenders.rules.hexes import CORE, Hex, edges_of, on_board, scan_order, step
from defenders.rules.outcome import end_game
from defenders.rules.state import GameState, set_count

MECHS = 20
TOXIC_SITES = 6
FACTORY_TILES = 6


def add_pollution(state: GameState, hex_: Hex, count: int, events: EventLog, why: str) -> None:
    """Pollution lands in a hex; three or more tokens become a toxic site (a seventh toxic
    site ends the game)."""
    if hex_ in state.toxic:
        return
    total = state.pollution.get(hex_, 0) + count
    if total < 3:
        set_count(state.pollution, hex_, total)
        return
    state.pollution.pop(hex_, None)
    if len(state.toxic) >= TOXIC_SITES:
        end_game(state, "toxic_disaster", events)
        return
    state.toxic.add(hex_)
    events.add("toxic_site_formed", hex=list(hex_), why=why, sites=len(state.toxic))


def deploy_mechs(state: GameState, hex_: Hex, count: int) -> int:
    placed = max(0, min(count, MECHS - mechs_on_board(state)))
    set_count(state.mechs, hex_, state.mechs_at(hex_) + placed)
    return placed


def build_factory(state: GameState, events: EventLog) -> bool:
    enclosed = enclosed_hexes(state)
    if not enclosed:
        return False
    if len(state.core) <= 1:
        end_game(state, "core_complete", events)
        return True
    tile = state.core[-1]
    target = scan_order(enclosed, state.arrows[tile], state.direction)[0]
    state.core.pop()
    for e in edges_of(target):
        state.walls.discard(e)
    state.factories[target] = [tile, False]
    carried_toxic = CORE in state.toxic
    state.toxic.discard(CORE)
    carried = state.pollution.pop(CORE, 0)
    moved_mechs = state.mechs.pop(CORE, 0)
    set_count(state.mechs, target, state.mechs_at(target) + moved_mechs)
    events.add("factory_landed", hex=list(target), tile=tile, arrow=state.arrows[tile],
               enclosed=[list(h) for h in enclosed], mechs=state.mechs_at(target))
    if carried_toxic:
        state.pollution.pop(target, None)
        state.toxic.add(target)  # two toxic sites on one factory: one token goes back
    elif target in state.toxic:
        state.pollution.pop(target, None)
    elif carried:
        add_pollution(state, target, carried, events, why="factory")
    if state.outcome is None:
        placed = deploy_mechs(state, CORE, 2)
        events.add("snipers_deployed", hex=list(CORE), count=placed, tile=state.core[-1])
    return True


def spreaders(state: GameState) -> list:
    """(hex, tile) of every factory that spreads: built ones not rewilded, highest first,
    then the core's top tile."""
    built = sorted(((h, t) for h, (t, rewilded) in state.factories.items() if not rewilded),
                   key=lambda x: -x[1])
    return built + ([(CORE, state.core[-1])] if state.core else [])


def chute_directions(state: GameState, tile: int) -> list:
    arrow = state.arrows[tile]
    return [(arrow + 1 + s) % 6 for s in state.catalog.chutes[tile]]


def spread_pollution(state: GameState, events: EventLog) -> None:
    for source, tile in spreaders(state):
        for direction in chute_directions(state, tile):
            target = step(source, direction)
            while on_board(target) and target in state.toxic:
                target = step(target, direction)
            if not on_board(target):
                events.add("pollution_spread", origin=list(source), to=None, tile=tile,
                           direction=direction)
                continue
            events.add("pollution_spread", origin=list(source), to=list(target),
                       tile=tile, direction=direction)
            add_pollution(state, target, 1, events, why="spread")
            if state.outcome is not None:
                return


def factories_card(state: GameState, events: EventLog, difficult: bool) -> None:
    built = build_factory(state, events)
    if state.outcome is None and (difficult or not built):
        spread_pollution(state, events)


def reboot_card(state: GameState, events: EventLog) -> None:
    state.direction = "left" if state.direction == "right" else "right"
    events.add("machine_direction_toggled", direction=state.direction)
    factories_card(state, events, difficult=False)
