"""A rules case's `outcome:` is checked alike for every game (games.platform.case_checks):
the game goes on, ended with a result, or ended with the fields the case names."""
from __future__ import annotations

from games.platform.case_checks import outcome_problem

WON_BY_P2 = {"result": "won", "winner": "p2", "cause": "crystals"}


def test_a_game_that_goes_on_meets_ongoing_and_nothing_else():
    assert outcome_problem(None, "ongoing") is None
    assert outcome_problem(None, "won") == "outcome: expected won, got ongoing"


def test_a_finished_game_is_checked_by_its_result_or_by_the_fields_named():
    assert outcome_problem(WON_BY_P2, "won") is None
    assert outcome_problem(WON_BY_P2, "lost") == "outcome: expected lost, got won"
    assert outcome_problem(WON_BY_P2, {"winner": "p2"}) is None
    assert outcome_problem(WON_BY_P2, {"result": "won", "winner": "p1"}) == \
        "outcome.winner: expected 'p1', got 'p2'"
    assert outcome_problem(WON_BY_P2, "ongoing").startswith("outcome: expected ongoing, got")
