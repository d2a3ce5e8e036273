"""Every rules case under tests/rules_cases/ runs as its own test, so a failure names the case.

The cases are the conformance suite (docs/rules-cases.md): positions, commands and what must
be true afterwards. This module only finds them and hands them to the project's runner,
`wildlands.rules_cases.run_paths`; it adds no rules of its own.
"""
from __future__ import annotations

import functools
from pathlib import Path

import pytest
import yaml

from games.platform.rules_cases import run_paths

CASES_DIR = Path(__file__).resolve().parents[1] / "rules_cases"
MIN_SKIRMISH_CASES = 80
MIN_AWOKEN_CASES = 80


def _cases_in(path: Path) -> list:
    """The cases of one file, in the order the runner reads them (a list, or documents)."""
    try:
        docs = list(yaml.safe_load_all(path.read_text(encoding="utf-8")))
    except (OSError, yaml.YAMLError):
        return [None]  # the runner reports the file itself as one failing case
    cases = []
    for doc in docs:
        cases.extend(doc if isinstance(doc, list) else [doc])
    return [case for case in cases if case is not None]


def _collect() -> list:
    params = []
    for path in sorted(CASES_DIR.rglob("*.yaml")):
        for index, case in enumerate(_cases_in(path)):
            name = case.get("name", "?") if isinstance(case, dict) else "unreadable"
            label = f"{path.relative_to(CASES_DIR)}::{name}"
            params.append(pytest.param(path, index, id=label))
    return params


@functools.lru_cache(maxsize=None)
def _results(path: Path) -> tuple:
    return tuple(run_paths([str(path)]))


@pytest.mark.parametrize(("path", "index"), _collect())
def test_rules_case(path: Path, index: int) -> None:
    results = _results(path)
    assert index < len(results), f"the runner found only {len(results)} case(s) in {path.name}"
    result = results[index]
    assert result.passed, result.line()


def test_runner_sees_every_case_collected_here() -> None:
    """The runner over the whole folder finds exactly the cases collected above."""
    assert len(run_paths([str(CASES_DIR)])) == len(_collect())


def test_enough_skirmish_cases() -> None:
    skirmish = [case for path in sorted(CASES_DIR.rglob("*.yaml")) for case in _cases_in(path)
                if isinstance(case, dict) and case.get("mode", "skirmish") == "skirmish"]
    assert len(skirmish) >= MIN_SKIRMISH_CASES, f"only {len(skirmish)} skirmish cases"


def test_enough_awoken_cases() -> None:
    awoken = [case for path in sorted((CASES_DIR / "awoken").rglob("*.yaml"))
              for case in _cases_in(path) if isinstance(case, dict) and case.get("mode") == "awoken"]
    assert len(awoken) >= MIN_AWOKEN_CASES, f"only {len(awoken)} Awoken cases"


def test_skirmish_case_names_are_unique() -> None:
    names = [case.get("name") for path in sorted((CASES_DIR / "skirmish").rglob("*.yaml"))
             for case in _cases_in(path) if isinstance(case, dict)]
    duplicates = sorted({name for name in names if names.count(name) > 1})
    assert not duplicates, f"rules cases share names: {duplicates}"


# -- the runner itself: a broken case is a clear FAIL, never a crash ---------------------------
_BOARD = {"bounds": [0, 0, 20, 10], "spaces": [{"n": 1, "at": [5, 5]}, {"n": 2, "at": [15, 5]}],
          "open": [[1, 2]]}


def _case(**changes) -> dict:
    case = {"name": "broken", "board": _BOARD, "steps": [],
            "players": [{"id": "p1", "characters": [{"id": "a", "space": 1}]},
                        {"id": "p2", "characters": [{"id": "b", "space": 2}]}]}
    case.update(changes)
    return case


def _one_player(**fields) -> list:
    return [{"id": "p1", "characters": [{"id": "a", "space": 1}], **fields},
            {"id": "p2", "characters": [{"id": "b", "space": 2}]}]


BROKEN_CASES = {
    "character without id": _case(players=[{"id": "p1", "characters": [{"space": 1}]}]),
    "health not a number": _case(players=[{"id": "p1", "characters": [{"id": "a", "health": "x"}]}]),
    "characters not a list": _case(players=[{"id": "p1", "characters": "a"}]),
    "score not a number": _case(players=_one_player(score="x")),
    "shards not spaces": _case(players=_one_player(shards="x")),
    "shard off the board": _case(players=_one_player(shards=[9])),
    "assigned off the board": _case(players=[{"id": "p1", "characters": [{"id": "a", "assigned": 9}]}]),
    "player listed twice": _case(players=_one_player() + [{"id": "p1", "characters": []}]),
    "unknown flag on a card": _case(players=_one_player(hand=[{"id": "c1", "icons": {"a": "laser"}}])),
    "seed not a number": _case(seed="abc"),
    "turn not a mapping": _case(turn=[1]),
    "unknown case field": _case(colour="red"),
    "unknown mode": _case(mode="chess"),
    "no board": {"name": "broken", "players": _one_player()},
    "bad board": _case(board={"bounds": [0, 0]}),
    "step not a mapping": _case(steps=[[1]]),
    "expectation not a mapping": _case(steps=[{"expect": [1]}]),
    "expectation about an unknown player": _case(steps=[{"expect": {"hands": {"p9": []}}}]),
    "events not a list": _case(steps=[{"expect": {"events": 5}}]),
    "unknown expectation": _case(steps=[{"expect": {"weather": "rain"}}]),
}


@pytest.mark.parametrize("case", list(BROKEN_CASES.values()), ids=list(BROKEN_CASES))
def test_a_broken_case_fails_with_a_reason_not_a_crash(case) -> None:
    from games.platform.rules_cases import run_case

    result = run_case(case, "inline")
    assert not result.passed
    assert result.reason and "crash" not in result.reason, result.reason


def test_a_file_that_is_not_yaml_is_one_failing_case(tmp_path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("- name: [unclosed\n", encoding="utf-8")
    (result,) = run_paths([str(broken)])
    assert not result.passed and "cannot load case" in result.reason
