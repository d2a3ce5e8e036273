"""Taking back one's own last commands in The Awoken (ancients_ai/engine/undo.py), without
the site: the earlier states are kept here as the site's log would give them."""
from __future__ import annotations

import pytest

from wildlands.rules.engine import apply
from wildlands.rules.errors import RuleError
from wildlands.rules.serialize import state_to_data
from wildlands.rules_cases import build_state

from ancients_ai.engine.undo import take_back, undo_target

ROW = {"bounds": [0, 0, 50, 10],
       "spaces": [{"n": n, "at": [10 * n - 5, 5]} for n in range(1, 6)],
       "open": [[1, 2], [2, 3], [3, 4], [4, 5]]}


def table(objects=()):
    """Ash (p1) on 1 and Cy (p2) on 5, two move cards each; the Ancient off the board."""
    return build_state({
        "mode": "awoken", "board": ROW,
        "players": [
            {"id": "p1", "characters": [{"id": "ash", "health": 3, "space": 1}],
             "hand": [{"id": "a1", "icons": {"ash": None}}, {"id": "a2", "icons": {"ash": None}}],
             "deck": [{"id": "d1", "icons": {"ash": None}}]},
            {"id": "p2", "characters": [{"id": "cy", "health": 3, "space": 5}],
             "hand": [{"id": "c1", "icons": {"cy": None}}, {"id": "c2", "icons": {"cy": None}}]}],
        "awoken": {"objects": list(objects), "scenarios": [{
            "number": 3, "player": "p1", "ancient": {"id": "magus", "health": 6, "space": None},
            "minion_types": {"hound": {"health": 1}},
            "minion_deck": [{"id": "mc1", "top": {"type": "hound", "actions": ["move"]},
                             "bottom": {"type": "hound", "actions": ["move"]}}]}]},
    }, "test_undo")


class Log:
    """A game and every state it went through, as the site's log replays them."""

    def __init__(self, state):
        self.states = {state.version: state}
        self.state = state

    def play(self, seat: str, command: dict) -> list:
        self.state, events = apply(self.state, seat, command)
        self.states[self.state.version] = self.state
        return events

    def undo(self, seat: str) -> list:
        before = self.states[undo_target(self.state, seat)]
        self.state, events = take_back(self.state, seat, before)
        self.states[self.state.version] = self.state
        return events


def same_game(a, b) -> bool:
    """Equal but for the version number."""
    da, db = state_to_data(a), state_to_data(b)
    da.pop("version"), db.pop("version")
    return da == db


def test_a_move_taken_back_leaves_the_game_as_before_it_at_the_next_version():
    log = Log(table())
    start = log.state
    log.play("p1", {"do": "move", "character": "ash", "to": 2, "cards": ["a1"]})

    events = log.undo("p1")

    assert [(e.kind, e.data) for e in events] == [("command_undone",
                                                   {"player": "p1", "back_to": 0})]
    assert log.state.version == 2 and same_game(log.state, start)
    assert log.state.characters["ash"].space == 1 and log.state.player("p1").hand == ["a1", "a2"]


def test_two_undos_take_back_two_moves_then_there_is_nothing_left():
    log = Log(table())
    start = log.state
    log.play("p1", {"do": "move", "character": "ash", "to": 2, "cards": ["a1"]})
    log.play("p1", {"do": "move", "character": "ash", "to": 3, "cards": ["a2"]})

    log.undo("p1")
    assert log.state.characters["ash"].space == 2
    log.undo("p1")
    assert same_game(log.state, start)
    with pytest.raises(RuleError) as refused:
        undo_target(log.state, "p1")
    assert refused.value.code == "nothing_to_undo"


def test_after_the_partner_takes_theirs_back_the_first_player_may_too():
    log = Log(table())
    log.play("p1", {"do": "move", "character": "ash", "to": 2, "cards": ["a1"]})
    log.play("p2", {"do": "move", "character": "cy", "to": 4, "cards": ["c1"]})
    with pytest.raises(RuleError) as refused:
        undo_target(log.state, "p1")
    assert refused.value.code == "partner_acted_since"

    log.undo("p2")
    log.undo("p1")
    assert log.state.characters["ash"].space == 1 and log.state.characters["cy"].space == 5


def test_saying_done_can_be_taken_back():
    log = Log(table())
    log.play("p1", {"do": "finish"})
    assert log.state.mode_state.done == ["p1"]

    log.undo("p1")
    assert log.state.mode_state.done == []


def test_a_counter_turned_over_cannot_be_taken_back_but_a_later_move_can():
    log = Log(table(objects=[{"id": "o1", "kind": "blank", "space": 1}]))
    log.play("p1", {"do": "reveal_object", "character": "ash", "object": "o1", "discard": "a1"})
    with pytest.raises(RuleError) as refused:
        undo_target(log.state, "p1")
    assert refused.value.code == "undo_after_reveal"
    assert "a counter was turned over" in refused.value.message

    log.play("p1", {"do": "move", "character": "ash", "to": 2, "cards": ["a2"]})
    log.undo("p1")
    assert log.state.characters["ash"].space == 1
    assert log.state.mode_state.objects["o1"].revealed  # the reveal stays
    with pytest.raises(RuleError):
        undo_target(log.state, "p1")


def test_the_engine_alone_refuses_an_undo_it_cannot_work_out():
    state = table()
    moved, _ = apply(state, "p1", {"do": "move", "character": "ash", "to": 2, "cards": ["a1"]})
    with pytest.raises(RuleError) as refused:
        apply(moved, "p1", {"do": "undo"})
    assert refused.value.code == "action_not_allowed"  # the site does it, from its log
    with pytest.raises(ValueError):
        take_back(moved, "p1", moved)  # not the game at the version to go back to


def test_the_view_says_who_may_take_back_and_who_is_done():
    from wildlands.rules.view import view_for

    log = Log(table())
    log.play("p1", {"do": "move", "character": "ash", "to": 2, "cards": ["a1"]})
    log.play("p2", {"do": "finish"})
    seen = view_for(log.state, "p1")["awoken"]
    assert seen["undo_by"] == "p2" and seen["done"] == ["p2"]
