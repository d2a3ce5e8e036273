"""The rules-case runner: YAML positions + commands + expectations (docs/rules-cases.md).

Outside the pure cores: it reads files and drives both modes through `engine.apply`. Used by
`manage.py rules_cases` and the tests.

| module | what it holds |
| --- | --- |
| `runner` | `run_paths`, `run_file`, `run_case`: the steps of a case, PASS/FAIL lines |
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
from wildlands.rules_cases.runner import CaseResult, case_files, run_case, run_file, run_paths

__all__ = ["CaseError", "CaseResult", "build_state", "case_files", "check_expect", "run_case",
           "run_file", "run_paths"]
