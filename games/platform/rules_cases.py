"""Running rules cases (docs/rules-cases.md): each file's cases, one PASS/FAIL line per case.

The runner knows no game: a case goes to the rules-case adapter of the registered game that
claims its `mode:` (the game's key, or one of its adapter's `CASE_MODES`,
`games.platform.definition.RulesCaseAdapter`; `None` there claims
the cases that name no mode), and the adapter says whether it passed. A case that cannot be
loaded, that no game claims, or whose engine raises is reported as a FAIL with a readable
reason; the runner itself never crashes on a case. Used by `manage.py rules_cases` and the
tests.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Optional

import yaml

from games.platform import registry
from games.platform.definition import RulesCaseAdapter


@dataclass
class CaseResult:
    name: str
    passed: bool
    reason: str = ""

    def line(self) -> str:
        return f"PASS {self.name}" if self.passed else f"FAIL {self.name}: {self.reason}"


def run_case(case: Any, source: str) -> CaseResult:
    """One case, run by the adapter of the registered game its `mode:` names."""
    name = case.get("name", source) if isinstance(case, dict) else source
    if not isinstance(case, dict):
        return CaseResult(name, False, "cannot load case: a case is a mapping")
    adapter = adapter_for(case)
    if adapter is None:
        return CaseResult(name, False, f"cannot load case: no registered game runs cases of "
                                       f"mode {case.get('mode')!r}")
    try:
        problem = adapter.run_case(case, source)
    except Exception as exc:  # a malformed case or an engine bug: a failure, never a crash
        return CaseResult(name, False, f"{type(exc).__name__}: {exc}")
    return CaseResult(name, problem is None, problem or "")


def adapter_for(case: dict) -> Optional[RulesCaseAdapter]:
    """The registered game's rules-case adapter for `case`, or None."""
    mode = case.get("mode")
    for game in registry.all_games():
        adapter = game.rules_cases()
        if adapter is not None and (mode == game.key or mode in adapter.CASE_MODES):
            return adapter
    return None


def case_files(paths: Iterable[str]) -> list:
    files = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files.extend(sorted(path.rglob("*.yaml")))
        else:
            files.append(path)
    return files


def run_file(path: Path) -> list:
    """A file holds one case, or several as a YAML list or as separate documents."""
    try:
        docs = list(yaml.safe_load_all(path.read_text(encoding="utf-8")))
    except (OSError, yaml.YAMLError) as exc:
        return [CaseResult(str(path), False, f"cannot load case: {exc}")]
    cases = []
    for doc in docs:
        cases.extend(doc if isinstance(doc, list) else [doc])
    return [run_case(case, str(path)) for case in cases if case is not None]


def run_paths(paths: Iterable[str]) -> list:
    results = []
    for path in case_files(paths):
        results.extend(run_file(path))
    return results
