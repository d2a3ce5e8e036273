"""Wildlands' rules-case adapter, as its declarations hand it to the site's runner
(`GameDefinition.rules_cases`): the same protocol every game's adapter keeps."""
from __future__ import annotations

from typing import Any, Optional

# the case `mode:` values Wildlands runs (none of them is a lobby key: they are the rules'
# modes, The Awoken's solo and co-op being one); a case that names no mode is a skirmish case
CASE_MODES = (None, "skirmish", "awoken", "war", "wrath")


def run_case(case: Any, source: str = "case") -> Optional[str]:
    """Run one case; None when it passes, else why not."""
    from wildlands.rules_cases.runner import run_wildlands_case

    result = run_wildlands_case(case, source)
    return None if result.passed else result.reason
