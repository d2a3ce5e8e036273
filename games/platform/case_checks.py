"""What every game's rules cases check alike (pure): a case's `outcome:` expectation
against the game's outcome as data.

A case says `outcome: ongoing`, a result (`won`, `lost`, `draw`), or a mapping of the
outcome's fields it cares about (`{result: won, winner: p2}`); the game's adapter hands its
state's outcome as a dict (None while the game goes on). The problem is one line naming
the field, or None when the expectation holds.
"""
from __future__ import annotations

from typing import Any, Mapping, Optional


def outcome_problem(got: Optional[Mapping[str, Any]], want: Any) -> Optional[str]:
    """Why the outcome `got` is not the case's `want`, or None."""
    if want == "ongoing":
        return None if got is None else f"outcome: expected ongoing, got {dict(got)}"
    if got is None:
        return f"outcome: expected {want}, got ongoing"
    if isinstance(want, Mapping):
        for field, value in want.items():
            if got.get(field) != value:
                return f"outcome.{field}: expected {value!r}, got {got.get(field)!r}"
        return None
    if got.get("result") != want:
        return f"outcome: expected {want}, got {got.get('result')}"
    return None
