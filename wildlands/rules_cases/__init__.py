"""Wildlands' rules cases: YAML positions + commands + expectations (docs/rules-cases.md).

Outside the pure cores: it drives every mode through `engine.apply`. The platform's runner
(`games.platform.rules_cases`, `manage.py rules_cases`) hands each case whose `mode:` is one
of `adapter.CASE_MODES` to `adapter.run_case`.

| module | what it holds |
| --- | --- |
| `adapter` | what the platform's runner calls: `CASE_MODES`, `run_case` |
| `runner` | `run_wildlands_case`: the steps of a case, a PASS/FAIL result |
| `position` | `build_state`: the position a case names (board, players, piles, characters) |
| `awoken` | the `awoken:` section of a case and the Awoken's own expectations |
| `war` | the `teams:` field of a War for the Crystals case and the war's expectations |
| `setup_phase` | the `setup:` field: a skirmish case that starts before the characters are placed |
| `expect` | `check_expect`: an `expect:` step |
| `errors` | `CaseError`: the case file itself is wrong |
"""
from wildlands.rules_cases.errors import CaseError
from wildlands.rules_cases.expect import check_expect
from wildlands.rules_cases.position import build_state

__all__ = ["CaseError", "build_state", "check_expect"]
