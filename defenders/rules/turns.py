"""Rounds and turns: organize, reveal, each seat's action phase and machine card, in order.

Seats sit clockwise in `state.seats` (a seat's left is the next one). The first player
marker stays where it is from round to round unless a Comrade passes it. A seat whose
factions have all exited takes no more part.
"""
from __future__ import annotations

from defenders.rules import ongoing
from defenders.rules.events import EventLog
from defenders.rules.outcome import end_game
from defenders.rules.state import GameState, Seat


def in_play(state: GameState, seat: Seat) -> bool:
    return any(not state.factions[f].exited for f in seat.factions)


def clockwise_from(state: GameState, seat_id: str) -> list:
    """Seats in turn order starting with `seat_id`."""
    ids = state.seat_ids()
    i = ids.index(seat_id)
    return ids[i:] + ids[:i]


def first_seat(state: GameState) -> str:
    return state.turn.first or state.seats[0].id


def check_win(state: GameState, events: EventLog) -> bool:
    """All camps built and every built factory rewilded: the players win at once."""
    if state.outcome is not None:
        return False
    if all(f.camps_left == 0 for f in state.factions.values()) and all(
            rewilded for _, rewilded in state.factories.values()):
        end_game(state, "rewilded", events)
        return True
    return False


def start_round(state: GameState, events: EventLog, *, first: bool = False) -> None:
    turn = state.turn
    if not first:
        turn.round += 1
    turn.stage = "organize"
    turn.active = turn.faction = turn.defender = None
    turn.ap, turn.teamed, turn.done, turn.pending = 0, [], [], []
    turn.skip_machine = False
    for seat in state.seats:
        seat.chosen = None
    events.add("round_started", round=turn.round, first=turn.first)


def end_round(state: GameState, events: EventLog) -> None:
    """Every active defender is exhausted; with one player an ongoing ability stays in force
    while its defender tops the pile, so it is kept there."""
    if len(state.seats) > 1:
        for faction in state.factions.values():
            faction.top_live = False
    events.add("round_ended", round=state.turn.round)
    start_round(state, events)


def next_turn(state: GameState, events: EventLog) -> None:
    """Hand the action phase to the next seat that has not played, or end the round."""
    if state.outcome is not None:
        return
    turn = state.turn
    for seat_id in clockwise_from(state, first_seat(state)):
        seat = state.seat(seat_id)
        if seat_id in turn.done or seat.chosen is None or not in_play(state, seat):
            continue
        faction = state.defender(seat.chosen).faction
        if state.factions[faction].exited:
            continue
        start_turn(state, seat, faction, events)
        return
    end_round(state, events)


def start_turn(state: GameState, seat: Seat, faction: str, events: EventLog) -> None:
    turn = state.turn
    card = seat.chosen
    assert card is not None
    turn.stage, turn.active, turn.faction, turn.defender = "action", seat.id, faction, card
    turn.ap, turn.teamed = state.defender(card).ap, []
    ability = ongoing.ability_of(state, card)
    turn.skip_machine = ability is not None and ability.effect == "skip_machine_card"
    events.add("turn_started", seat=seat.id, faction=faction, defender=card, ap=turn.ap)


def end_turn(state: GameState, events: EventLog) -> None:
    """The active seat's actions are over: the machine card is due (unless hacked)."""
    turn = state.turn
    if turn.active is not None and turn.active not in turn.done:
        turn.done.append(turn.active)
    events.add("turn_ended", seat=turn.active, faction=turn.faction)
    if state.outcome is not None:
        return
    if turn.skip_machine:
        events.add("machine_turn_skipped", seat=turn.active)
        next_turn(state, events)
    else:
        turn.stage = "machines"


def awaiting(state: GameState) -> list:
    """Seats whose move it is, or ["machines"] when the machine card is due."""
    if state.outcome is not None:
        return []
    turn = state.turn
    if turn.stage == "machines":
        return ["machines"]
    if turn.stage == "camps":
        return [s.id for s in state.seats
                if any(state.factions[f].at is None for f in s.factions)]
    if turn.stage == "organize":
        return [s.id for s in state.seats if s.chosen is None and in_play(state, s)]
    if turn.stage == "reveal":
        seen: list = []
        for p in turn.pending:
            if p["seat"] not in seen:
                seen.append(p["seat"])
        return seen
    return [turn.active] if turn.active else []
