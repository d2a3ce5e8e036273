"""The rules cases' `setup:` field (wildlands/rules_cases/setup_phase.py): a case may start in a
skirmish's set-up, and a set-up it cannot stand for is a clear FAIL, never a crash."""
from __future__ import annotations

import pytest

from games.platform.rules_cases import run_case
from wildlands.rules_cases import build_state

_BOARD = {"bounds": [0, 0, 30, 10],
          "spaces": [{"n": 1, "at": [5, 5]}, {"n": 2, "at": [15, 5]}, {"n": 3, "at": [25, 5]}],
          "open": [[1, 2], [2, 3]], "features": {"numberless": [3], "second_numbers": [[2, 9]]}}


def _case(setup, **changes) -> dict:
    case = {"name": "setup", "board": _BOARD, "setup": setup, "steps": [],
            "players": [{"id": "p1", "characters": [{"id": "a"}]},
                        {"id": "p2", "characters": [{"id": "b"}]}]}
    case.update(changes)
    return case


def test_a_setup_case_starts_before_anyone_has_assigned() -> None:
    state = build_state(_case({"map_cards": {"p1": [2], "p2": [1, 2]}}), "inline")
    assert state.turn.phase == "setup" and state.turn.active is None
    assert state.player("p1").map_cards == [2] and state.player("p2").map_cards == [1, 2]
    assert all(c.space is None and c.assigned is None for c in state.characters.values())


def test_a_deal_hands_out_the_boards_map_deck_from_the_seed() -> None:
    one = build_state(_case({"deal": 1}, seed=5), "inline")
    again = build_state(_case({"deal": 1}, seed=5), "inline")
    assert [p.map_cards for p in one.players] == [p.map_cards for p in again.players]
    assert sorted(one.player("p1").map_cards + one.player("p2").map_cards) in ([1, 2], [2, 2])


BROKEN = {
    "a card for a numberless space": _case({"map_cards": {"p1": [3], "p2": [1]}}),
    "a third card for a doubled space": _case({"map_cards": {"p1": [2, 2], "p2": [2]}}),
    "a card for no space": _case({"map_cards": {"p1": [7], "p2": [1]}}),
    "a player without cards": _case({"map_cards": {"p1": [1]}}),
    "cards not a list": _case({"map_cards": {"p1": 1, "p2": [2]}}),
    "both map cards and a deal": _case({"map_cards": {"p1": [1], "p2": [2]}, "deal": 1}),
    "a deal of no cards": _case({"deal": 0}),
    "an unknown setup field": _case({"shuffle": True}),
    "setup not a mapping": _case([1, 2]),
    "an active player in set-up": _case({"deal": 1}, active="p2"),
    "a turn in set-up": _case({"deal": 1}, turn={"revealed": True}),
    "a character already on the board": _case(
        {"deal": 1}, players=[{"id": "p1", "characters": [{"id": "a", "space": 1}]},
                              {"id": "p2", "characters": [{"id": "b"}]}]),
    "shards given in set-up": _case(
        {"deal": 1}, players=[{"id": "p1", "characters": [{"id": "a"}], "shards": [1]},
                              {"id": "p2", "characters": [{"id": "b"}]}]),
    "set-up in an Awoken case": _case({"deal": 1}, mode="awoken"),
    "a map refused for the player count": _case(
        {"deal": 1}, board={**_BOARD, "features": {"players": [3, 4]}}),
}


@pytest.mark.parametrize("case", list(BROKEN.values()), ids=list(BROKEN))
def test_a_setup_the_case_cannot_stand_for_fails_with_a_reason(case) -> None:
    result = run_case(case, "inline")
    assert not result.passed
    assert "cannot load case" in result.reason and "crash" not in result.reason, result.reason
