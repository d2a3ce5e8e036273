"""What one seat is told never names a card another seat holds in secret: over whole bot
games, after every step, a seat's view, the events it may see and the declaration's extras
for them (`update_extras`) hold no id of a card in another seat's hand, nor another seat's
pick while the organize phase keeps it face down."""
from __future__ import annotations

import json

import pytest

from defenders.game import GAME
from games.platform.definition import GameSetup, SeatChoice


def told(table, seat: str, events) -> str:
    """Everything `seat` receives about this step, as the site builds it, in one text."""
    shown = [{**e.data, "kind": e.kind} for e in events if e.visible_to(seat)]
    return json.dumps([GAME.view(table, seat), shown,
                       GAME.update_extras(table, seat, shown)])


def secrets_of_others(table, seat: str) -> set[str]:
    state = table.game
    hidden = set()
    for other in state.seats:
        if other.id == seat:
            continue
        hidden.update(other.hand)
        if state.turn.stage == "organize" and other.chosen is not None:
            hidden.add(other.chosen)
    return hidden


@pytest.mark.parametrize("seed, decks", [
    (31, [("order", "quill"), ("sect", "cog")]),
    (32, [("council", "oaken"), ("coven", "sable"), ("order", "ember"), ("sect", "vesper")]),
])
def test_no_seat_is_told_another_seats_hand_or_hidden_pick(seed, decks):
    setup = GameSetup(key="defenders", seed=seed, options={"tier": "expert"},
                      seats=[SeatChoice(f"p{i + 1}", f, o) for i, (f, o) in enumerate(decks)])
    table = GAME.first_steps(setup).initial
    checked = 0
    for _ in range(4000):
        if GAME.outcome(table) is not None:
            break
        if GAME.opponent_due(table):
            table, events = GAME.advance(table)
        else:
            mover = GAME.awaiting(table)[0]
            table, events = GAME.apply(table, mover, GAME.bot_command(table, mover, "greedy",
                                                                       table.version))
        for seat in GAME.seat_ids(table):
            text = told(table, seat, events)
            leaked = sorted(card for card in secrets_of_others(table, seat)
                            if f'"{card}"' in text)
            assert leaked == [], f"{seat} was told {leaked} at version {table.version}"
            checked += 1
    assert GAME.outcome(table) is not None and checked > 300
