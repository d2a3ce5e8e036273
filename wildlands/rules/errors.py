"""Wildlands' refusals: its codes, on the platform's error type (`games.platform.errors`).

A rejected command never changes the state; the code is what clients and rules cases match on.
"""
from __future__ import annotations

from typing import ClassVar

from games.platform import errors

CODES = errors.PLATFORM_CODES | frozenset({
    "not_your_turn", "prompt_pending", "card_not_in_hand", "card_cannot_pay", "not_adjacent",
    "climb_needs_two_cards", "no_line_of_sight", "out_of_range", "no_target", "own_character",
    "not_on_board", "knocked_out", "ensnared", "not_in_space", "interrupt_not_allowed",
    # taking a command back (The Awoken: ancients_ai.engine.undo)
    "nothing_to_undo", "undo_after_reveal", "partner_acted_since",
    # a table companion's correction that cannot be (ancients_ai.engine.companion)
    "invalid_correction",
})


class RuleError(errors.RuleError):
    """A command Wildlands' rules (or The Awoken's) refuse, with one of its `CODES`."""

    codes: ClassVar[frozenset[str]] = CODES
