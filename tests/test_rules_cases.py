"""Every rules case under tests/rules_cases/ runs as its own test, so a failure names the case.

The cases are the conformance suite (docs/rules-cases.md): positions, commands and what must
be true afterwards. This module only finds them and hands them to the project's runner,
`games.rules_cases.run_paths`; it adds no rules of its own.
"""
from __future__ import annotations

import functools
from pathlib import Path

import pytest
import yaml

from games.rules_cases import run_paths

CASES_DIR = Path(__file__).resolve().parent / "rules_cases"
MIN_SKIRMISH_CASES = 80


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


def test_skirmish_case_names_are_unique() -> None:
    names = [case.get("name") for path in sorted((CASES_DIR / "skirmish").rglob("*.yaml"))
             for case in _cases_in(path) if isinstance(case, dict)]
    duplicates = sorted({name for name in names if names.count(name) > 1})
    assert not duplicates, f"rules cases share names: {duplicates}"
