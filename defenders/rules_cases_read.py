"""What both halves of a Defenders rules case read the same way (`defenders.rules_cases`
builds the state, `defenders.rules_cases_expect` checks it): the case file's own error and
its hexes. Kept apart so that neither half imports the other."""
from __future__ import annotations

from typing import Any

from defenders.rules.hexes import parse_hex
from defenders.rules.state import set_count


class CaseError(ValueError):
    """The case file itself is wrong (not the engine)."""


def _hex(value: Any, where: str):
    try:
        return parse_hex(value)
    except ValueError as exc:
        raise CaseError(f"{where}: {exc}") from None


def hex_counts(raw: Any, where: str) -> dict:
    """{"q,r": n} (or a list of [[q, r], n]) as {hex: n}."""
    found: dict = {}
    items = raw.items() if isinstance(raw, dict) else (raw or [])
    for key, count in items:
        if isinstance(key, str):
            try:
                key = [int(x) for x in key.split(",")]
            except ValueError:
                raise CaseError(f"{where}: {key!r} is not 'q,r'") from None
        set_count(found, _hex(key, where), int(count))
    return found
