"""Mechs cards: each engine deploys a hunter, then hunters pursue the players.

A hunter lands in the hex in front of its engine; when that is off the board, a factory or
the core, it lands on the engine's right or left side by the machine direction (the other
side if that one is not a habitat hex either; none when both fail or no mech is left).
Hunters then pursue the active player's organizer from up to two habitat hexes away, then
each other player's, clockwise from the active player's left, from one hex away. A hunter
moves through habitat hexes only, never across a wall (breached or not) and never into a
factory; a hunter already sharing a hex with any organizer holds. A difficult mechs card
then deals 1 damage to every player whose organizer shares a hex with a mech.
"""
from __future__ import annotations

from typing import Optional

from defenders.rules.board import hunter_can_step, hunters
from defenders.rules.damage import take_damage
from defenders.rules.events import EventLog
from defenders.rules.factories import deploy_mechs
from defenders.rules.hexes import Hex, neighbours, on_board
from defenders.rules.state import GameState, set_count
from defenders.rules.turns import clockwise_from


def _habitat_hex(state: GameState, hex_: Optional[Hex]) -> bool:
    return hex_ is not None and on_board(hex_) and not state.is_factory(hex_)


def deploy_hunters(state: GameState, events: EventLog) -> None:
    for index, g in enumerate(state.engines):
        if g.in_core:
            continue
        sides = [g.right, g.left] if state.direction == "right" else [g.left, g.right]
        target = next((h for h in [g.ahead, *sides] if _habitat_hex(state, h)), None)
        if target is None:
            continue
        placed = deploy_mechs(state, target, 1)
        if placed:
            events.add("mech_deployed", engine=index, hex=list(target))


def hunter_distance(state: GameState, start: Hex, goal: Hex, limit: int) -> Optional[int]:
    """Steps a hunter needs from `start` to `goal` within `limit`, or None."""
    frontier, seen = [start], {start}
    for steps in range(1, limit + 1):
        following = []
        for here in frontier:
            for n in neighbours(here):
                if n in seen or not hunter_can_step(state, here, n):
                    continue
                if n == goal:
                    return steps
                seen.add(n)
                following.append(n)
        frontier = following
    return None


def pursuit_order(state: GameState) -> list:
    """(faction, range): the active player's first at 2, then the others' at 1, clockwise."""
    active_seat, active_faction = state.turn.active, state.turn.faction
    order = []
    if active_faction is not None:
        order.append((active_faction, 2))
    seats = clockwise_from(state, active_seat) if active_seat else state.seat_ids()
    for seat_id in seats[1:] + seats[:1]:
        for f in state.seat(seat_id).factions:
            if f != active_faction:
                order.append((f, 1))
    return order


def pursue(state: GameState, events: EventLog) -> None:
    for faction_id, reach in pursuit_order(state):
        faction = state.factions[faction_id]
        goal = faction.at
        if faction.exited or goal is None or state.is_factory(goal):
            continue
        occupied = {f.at for f in state.live_factions() if f.at is not None}
        for start in hunters(state):
            if start in occupied:
                continue
            steps = hunter_distance(state, start, goal, reach)
            if steps is None:
                continue
            count = state.mechs_at(start)
            set_count(state.mechs, start, 0)
            set_count(state.mechs, goal, state.mechs_at(goal) + count)
            events.add("mech_moved", origin=list(start), to=list(goal), count=count,
                       pursued=faction_id)


def mechs_card(state: GameState, events: EventLog, difficult: bool) -> None:
    deploy_hunters(state, events)
    pursue(state, events)
    if difficult:
        for faction in state.live_factions():
            if faction.at is not None and state.mechs_at(faction.at) > 0:
                take_damage(state, faction, 1, events, why="mechs")
                if state.outcome is not None:
                    return
