"""Every Defenders rules case under tests/rules_cases/defenders/ runs as its own test through
the adapter (defenders.rules_cases), so a failure names the case and its rule."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from defenders.rules_cases import CaseError, build_state, run_case

CASES_DIR = Path(__file__).resolve().parents[1] / "rules_cases" / "defenders"
MIN_CASES = 40


def _collect() -> list:
    params = []
    for path in sorted(CASES_DIR.glob("*.yaml")):
        for doc in yaml.safe_load_all(path.read_text(encoding="utf-8")):
            for index, case in enumerate(doc if isinstance(doc, list) else [doc]):
                params.append(pytest.param(case, id=f"{path.name}::{case.get('name', index)}"))
    return params


CASES = _collect()


@pytest.mark.parametrize("case", CASES)
def test_rules_case(case: dict) -> None:
    assert case.get("mode") == "defenders", "every case here says `mode: defenders`"
    assert case.get("rule"), "every case names the rule it checks"
    problem = run_case(case)
    assert problem is None, problem


def test_there_are_enough_cases() -> None:
    assert len(CASES) >= MIN_CASES


def test_a_case_with_an_unknown_field_is_refused_as_a_case_error() -> None:
    with pytest.raises(CaseError, match="unknown field"):
        build_state({"mode": "defenders", "players": [{"id": "p1"}], "colour": "red"})


def test_an_engine_facing_the_wrong_way_is_a_case_error() -> None:
    case = {"mode": "defenders", "players": [{"id": "p1", "factions": [{"id": "order"}]}],
            "turn": {"stage": "organize"},
            "machines": {"engines": [{"left": [1, 0], "right": [2, 0], "ahead": [1, 1]}]}}
    with pytest.raises(CaseError, match="right-hand side"):
        build_state(case)


def test_a_wrong_expectation_is_reported_so_cases_can_fail() -> None:
    case = {"mode": "defenders", "rule": "-", "players": [{"id": "p1", "factions": [
        {"id": "order", "at": [3, 0]}]}], "turn": {"stage": "organize"},
        "steps": [{"expect": {"factions": {"order": {"at": [2, 0]}}}}]}
    assert "expected [2, 0]" in run_case(case)
