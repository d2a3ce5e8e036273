"""Running rules cases: each file's cases, step by step, one PASS/FAIL line per case.

A case that cannot be loaded, or an engine that raises, is reported as a FAIL with a
readable reason; the runner itself never crashes on a case.
"""
from __future__ import annotations

import json
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

import yaml

from games.platform.content_common import ContentError
from wildlands.rules.engine import apply
from wildlands.rules.errors import RuleError
from wildlands.rules.serialize import state_to_data
from wildlands.rules_cases.errors import CaseError
from wildlands.rules_cases.expect import check_expect
from wildlands.rules_cases.position import build_state


@dataclass
class CaseResult:
    name: str
    passed: bool
    reason: str = ""

    def line(self) -> str:
        return f"PASS {self.name}" if self.passed else f"FAIL {self.name}: {self.reason}"



def run_case(case: Any, source: str) -> CaseResult:
    """One case, run by the adapter of the registered game its `mode:` names (the game's
    key, or one of its adapter's CASE_MODES); a case no game claims is Wildlands' own."""
    adapter = adapter_for(case)
    if adapter is None:
        return run_wildlands_case(case, source)
    name = case.get("name", source)
    try:
        problem = adapter.run_case(case, source)
    except Exception as exc:  # a malformed case or an engine bug: a failure, never a crash
        return CaseResult(name, False, f"{type(exc).__name__}: {exc}")
    return CaseResult(name, problem is None, problem or "")


def adapter_for(case: Any) -> Any:
    """The registered game's rules-case adapter for `case`, or None."""
    if not isinstance(case, dict):
        return None
    from games.platform import registry

    mode = case.get("mode")
    for game in registry.all_games():
        adapter = game.rules_cases()
        if adapter is not None and (mode == game.key or mode in getattr(adapter, "CASE_MODES", ())):
            return adapter
    return None


def run_wildlands_case(case: Any, source: str) -> CaseResult:
    name = case.get("name", source) if isinstance(case, dict) else source
    try:
        if not isinstance(case, dict):
            raise CaseError("a case is a mapping")
        try:
            state = build_state(case, source)
        except (KeyError, ValueError, TypeError, AttributeError) as exc:
            # build_state only reads the case: a Python error here is a malformed case
            raise CaseError(f"malformed case ({type(exc).__name__}: {exc})") from None
        events_since: list = []
        for number, step in enumerate(case.get("steps") or [], start=1):
            if not isinstance(step, dict):
                raise CaseError(f"step {number} is not a mapping")
            if "expect" in step:
                try:
                    problem = check_expect(state, step["expect"] or {}, events_since)
                except (KeyError, ValueError, TypeError, AttributeError) as exc:
                    raise CaseError(f"step {number}: malformed expectation "
                                    f"({type(exc).__name__}: {exc})") from None
                if problem:
                    return CaseResult(name, False, f"step {number}: {problem}")
                events_since = []
                continue
            seat = step.get("as")
            expected_error = step.get("expect_error")
            before = json.dumps(state_to_data(state), sort_keys=True) if expected_error else None
            try:
                state, events = apply(state, seat, step)
            except RuleError as exc:
                if expected_error is None:
                    return CaseResult(name, False, f"step {number}: refused: {exc}")
                if expected_error not in ("any", exc.code):
                    return CaseResult(name, False, f"step {number}: expected error "
                                                   f"{expected_error}, got {exc.code} ({exc.message})")
                if json.dumps(state_to_data(state), sort_keys=True) != before:
                    return CaseResult(name, False, f"step {number}: a refused command changed the state")
                continue
            if expected_error is not None:
                return CaseResult(name, False, f"step {number}: expected error {expected_error}, "
                                               "but the command was applied")
            events_since.extend(events)
        return CaseResult(name, True)
    except (CaseError, ContentError) as exc:
        return CaseResult(name, False, f"cannot load case: {exc}")
    except Exception as exc:  # an engine bug must show as a failure, not stop the run
        where = traceback.extract_tb(exc.__traceback__)[-1]
        return CaseResult(name, False, f"crash: {type(exc).__name__}: {exc} "
                                       f"({Path(where.filename).name}:{where.lineno})")


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
