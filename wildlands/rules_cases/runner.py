"""Running one Wildlands rules case step by step (the platform's runner,
`games.platform.rules_cases`, hands it over through `adapter`).

A case that cannot be loaded, or an engine that raises, is reported as a FAIL with a
readable reason; the runner itself never crashes on a case.
"""
from __future__ import annotations

import json
import traceback
from pathlib import Path
from typing import Any

from games.platform.content_common import ContentError
from games.platform.rules_cases import CaseResult
from wildlands.rules.engine import apply
from wildlands.rules.errors import RuleError
from wildlands.rules.serialize import state_to_data
from wildlands.rules_cases.errors import CaseError
from wildlands.rules_cases.expect import check_expect
from wildlands.rules_cases.position import build_state


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

