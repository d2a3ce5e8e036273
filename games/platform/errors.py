"""A refused command: the one error type of the platform, a stable machine-readable code
plus a sentence for people. A refusal never changes the state; the code is what clients,
the board's words and rules cases match on.

Each game declares its own codes, as it declares its event kinds: it raises a subclass of
`RuleError` whose `codes` names every code it may refuse with (the platform's own included),
so a code nobody declared is a bug that shows in the first test that raises it. The site
catches `RuleError`, whatever game raised it.
"""
from __future__ import annotations

from typing import Any, ClassVar

# The codes the platform itself refuses with (the store, undo, a command's shape), which
# every game's own codes include.
PLATFORM_CODES = frozenset({"invalid_command", "stale_version", "game_over",
                            "action_not_allowed"})


class RuleError(Exception):
    """A command the rules refuse. `code` is stable; `message` is for the player."""

    codes: ClassVar[frozenset[str]] = PLATFORM_CODES

    def __init__(self, code: str, message: str, **context: Any) -> None:
        assert code in self.codes, f"unknown rule error code {code!r}"
        super().__init__(message)
        self.code = code
        self.message = message
        self.context = context

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"
