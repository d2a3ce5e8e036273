"""The one family of rule errors: a stable machine-readable code plus a sentence for people.

A rejected command never changes the state; the code is what clients and rules cases match on.
"""
from __future__ import annotations

from typing import Any

CODES = frozenset({
    "not_your_turn", "prompt_pending", "card_not_in_hand", "card_cannot_pay", "not_adjacent",
    "climb_needs_two_cards", "no_line_of_sight", "out_of_range", "no_target", "own_character",
    "not_on_board", "knocked_out", "ensnared", "not_in_space", "interrupt_not_allowed",
    "action_not_allowed", "game_over", "invalid_command", "stale_version",
    # taking a command back (The Awoken: ancients_ai.engine.undo)
    "nothing_to_undo", "undo_after_reveal", "partner_acted_since",
    # a table companion's correction that cannot be (ancients_ai.engine.companion)
    "invalid_correction",
})


class RuleError(Exception):
    """A command the rules refuse. `code` is stable; `message` is for the player."""

    def __init__(self, code: str, message: str, **context: Any) -> None:
        assert code in CODES, f"unknown rule error code {code!r}"
        super().__init__(message)
        self.code = code
        self.message = message
        self.context = context

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"
