"""Defenders of the Wild's refusals: its codes, on the platform's error type
(`games.platform.errors`), declared here as Wildlands declares its own."""
from __future__ import annotations

from typing import ClassVar

from games.platform.errors import PLATFORM_CODES
from games.platform.errors import RuleError as PlatformRuleError

CODES = PLATFORM_CODES | frozenset({
    "not_your_turn", "card_not_in_hand", "card_cannot_pay", "not_adjacent", "no_target",
    "not_on_board",
    # taking a command back (`undo`)
    "nothing_to_undo", "undo_after_reveal", "partner_acted_since",
})


class RuleError(PlatformRuleError):
    """A command Defenders' rules refuse, with one of its `CODES`."""

    codes: ClassVar[frozenset[str]] = CODES
