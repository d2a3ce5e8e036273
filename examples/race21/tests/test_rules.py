"""The rules of Race to 21 as the rulebook of the example says them (examples/race21/rules.py):
turns of 1 to 3, the house's 1 after each, the target, and taking back one's own addition."""
from __future__ import annotations

import pytest

from examples.race21.rules import (HOUSE, add, awaiting, house_adds, legal, new_race,
                                   outcome, take_back, undo_target)
from games.platform.errors import RuleError

ADDS = [{"do": "add", "n": n} for n in (1, 2, 3)]


def played(*moves, target=21):
    """The race after `moves` ((seat, n) each), the house adding after every one."""
    state = new_race(["p1", "p2"], target)
    for seat, n in moves:
        state, _ = add(state, seat, {"do": "add", "n": n})
        state, _ = house_adds(state)
    return state


def test_the_first_seat_adds_then_the_house_then_the_other_seat():
    state = new_race(["p1", "p2"], 21)
    assert awaiting(state) == ["p1"] and legal(state, "p1") == ADDS and legal(state, "p2") == []
    state, events = add(state, "p1", {"do": "add", "n": 3})
    assert awaiting(state) == [HOUSE] and [e.kind for e in events] == ["added"]
    state, events = house_adds(state)
    assert state["total"] == 4 and awaiting(state) == ["p2"]
    assert [(e.kind, e.data) for e in events] == [("house_added", {"total": 4})]


@pytest.mark.parametrize("seat, command, code", [
    ("p2", {"do": "add", "n": 1}, "not_your_turn"),
    ("p1", {"do": "add", "n": 4}, "invalid_command"),
    ("p1", {"do": "add"}, "invalid_command"),
    ("p1", "add 1", "invalid_command"),
])
def test_a_wrong_addition_is_refused_with_its_code_and_changes_nothing(seat, command, code):
    state = new_race(["p1", "p2"], 21)
    before = dict(state)
    with pytest.raises(RuleError) as refused:
        add(state, seat, command)
    assert refused.value.code == code and state == before


def test_reaching_the_target_wins_and_the_house_reaching_it_loses_for_both():
    # 3 (4) 7 (8) 11 (12) 15 (16) 19 (20): p2 adds 1 and wins
    state = played(("p1", 3), ("p2", 3), ("p1", 3), ("p2", 3), ("p1", 3))
    won, events = add(state, "p2", {"do": "add", "n": 1})
    assert outcome(won) == {"result": "won", "winner": "p2"} and events[-1].kind == "race_won"
    assert awaiting(won) == [] and legal(won, "p1") == []
    # 3 (4) 7 (8) 11 (12) 15 (16) 18 (19) 20 (21): the house's 1 makes 21
    lost = played(("p1", 3), ("p2", 3), ("p1", 3), ("p2", 3), ("p1", 2), ("p2", 1))
    assert lost["winner"] == HOUSE and outcome(lost) == {"result": "lost"}
    with pytest.raises(RuleError) as refused:
        add(lost, "p1", {"do": "add", "n": 1})
    assert refused.value.code == "game_over"


def test_a_player_takes_back_their_addition_and_the_house_answer_until_the_other_adds():
    start = new_race(["p1", "p2"], 21)
    state = played(("p1", 3))
    assert {"do": "undo"} in legal(state, "p1") and {"do": "undo"} not in legal(state, "p2")
    assert undo_target(state, "p1") == 0
    back, events = take_back(state, "p1", start)
    assert (back["total"], awaiting(back), back["version"]) == (0, ["p1"], 3)
    assert [(e.kind, e.data) for e in events] == [("taken_back", {"seat": "p1", "total": 0})]
    later = played(("p1", 3), ("p2", 2))
    with pytest.raises(RuleError) as refused:
        undo_target(later, "p1")
    assert refused.value.code == "nothing_to_undo"
    with pytest.raises(RuleError):
        undo_target(new_race(["p1", "p2"], 21), "p1")
