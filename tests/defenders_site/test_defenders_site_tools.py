"""The site's tools find Defenders of the Wild through its declaration alone: `simulate
--mode defenders` plays bot games at the tier asked and prints the win rate, rounds and how
the games ended; `rules_cases` runs the Defenders cases through the core's adapter."""
from __future__ import annotations

import io

from django.core.management import call_command

from defenders.simulate import play_games


def test_simulate_plays_defenders_at_the_tier_asked():
    out = io.StringIO()
    call_command("simulate", "--mode", "defenders", "--players", "2", "--difficulty", "expert",
                 "--games", "12", "--seed", "3", stdout=out)
    text = out.getvalue()
    expected = play_games(2, "expert", 12, 3)
    assert "Defenders of the Wild: 12 games" in text
    assert "tier: expert" in text and f"win_rate: {expected['win_rate']}" in text
    assert f"causes: {expected['causes']}" in text


def test_the_rules_cases_runner_runs_the_defenders_cases():
    out = io.StringIO()
    call_command("rules_cases", "tests/rules_cases/defenders/end.yaml", stdout=out)
    text = out.getvalue()
    assert "PASS" in text and " 0 failed" in text
