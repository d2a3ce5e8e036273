"""The machine deck over real bot games: once its seventh card has been drawn and resolved
the discard pile is shuffled into a new deck at once, so no position between turns (and no
seat's view) shows an empty deck beside a full discard pile. Games stored before that reading
(rules revision 1, data without `rules_revision`) keep reshuffling when the next card is
drawn, so their logs replay exactly as they were played."""
from __future__ import annotations

from defenders.rules.engine import advance
from defenders.rules.serialize import state_from_data, state_to_data
from defenders.rules.state import RULES_REVISION
from defenders.rules.view import view_for

from test_defenders_engine import positions, two_player_game


def machine_turns(seed: int, players: int, limit: int = 900):
    """(before, after, events) of every machines' turn in one bot game."""
    for state, seat in positions(seed=seed, players=players, limit=limit):
        if seat is None:
            after, events = advance(state)
            yield state, after, events


def test_the_deck_is_never_empty_between_turns_once_seven_cards_are_resolved() -> None:
    reshuffles = 0
    for players in (1, 2, 4):
        for number, (before, after, events) in enumerate(machine_turns(11, players), 1):
            kinds = [e.kind for e in events]
            assert len(after.deck) + len(after.discard) == 7
            assert after.deck, f"{players} players, machine turn {number}: the deck is empty"
            for seat in after.seat_ids():
                view = view_for(after, seat)
                assert view["machine_deck_size"] == len(after.deck) > 0
                assert len(view["machine_discard"]) < 7
            if len(before.deck) == 1:  # the seventh card: reshuffled as it is resolved
                assert kinds.index("machine_deck_reshuffled") > kinds.index("machine_card_drawn")
                assert after.discard == [] and len(after.deck) == 7
                reshuffles += 1
            else:
                assert "machine_deck_reshuffled" not in kinds
    assert reshuffles >= 3  # each game met the end of its deck


def test_a_new_game_is_played_and_stored_under_the_current_rules() -> None:
    state = two_player_game()
    assert state.rules_revision == RULES_REVISION == 2
    data = state_to_data(state)
    assert data["rules_revision"] == 2
    assert state_from_data(data).rules_revision == 2


def test_a_game_stored_before_the_revision_reshuffles_when_the_next_card_is_drawn() -> None:
    """A revision-1 game (its data has no `rules_revision`) keeps its old reading, and its
    data stays exactly as it was stored."""
    for before, after, events in machine_turns(13, 2):
        if len(before.deck) == 1:
            last = before
            break
    data = state_to_data(last)
    del data["rules_revision"]
    old = state_from_data(data)
    assert old.rules_revision == 1 and state_to_data(old) == data

    emptied, events = advance(old)
    assert emptied.deck == [] and len(emptied.discard) == 7
    assert "machine_deck_reshuffled" not in [e.kind for e in events]
    assert "rules_revision" not in state_to_data(emptied)

    emptied.turn = last.turn.clone()  # the machines are due again: the draw reshuffles first
    drawn, events = advance(emptied)
    kinds = [e.kind for e in events]
    assert kinds.index("machine_deck_reshuffled") < kinds.index("machine_card_drawn")
    assert len(drawn.deck) == 6 and len(drawn.discard) == 1
