"""Taking back a seat's last command: how the site stores an undo.

The game's declaration says whether it takes moves back at all (`can_undo`), to which
version a seat's undo returns (`undo_target`) and what the undo does (`take_back`); the
state from before that version is not in the current state, so it is replayed from the
game's log (`history.state_at`). The undo is stored like any command, by the same pipeline
(`games.pipeline.steps.play_command` through `history.played`): a new version, the
command `{"do": "undo"}` in the log and its events. The log stays append-only, and
replaying it (`history.replay_step`) works the undo out again the same way, so the
durability check still finds the stored state. Only the locked way stores an undo: the
short way and the loop's way cannot read the log (`history.NeedsHistory`).
"""
from __future__ import annotations

from typing import Any, Mapping

from games.pipeline.commands import game_apply_command
from games.pipeline.steps import ApplyResult

UNDO = {"do": "undo"}


def game_undo(*, game_id: Any, user, expected_version: Any, command: Mapping[str, Any] = UNDO,
              publish: bool = True) -> ApplyResult:
    """Take back the last command of `user`'s seat (`command` is the `undo` as sent), as one
    stored step.

    :raises ServiceError: not_seated, game_not_started.
    :raises RuleError: invalid_command (an `undo` with fields), stale_version, game_over,
        action_not_allowed (a game that takes nothing back), and the game's own refusals
        (The Awoken: not_your_turn, nothing_to_undo, undo_after_reveal,
        partner_acted_since). Nothing changes.
    """
    return game_apply_command(game_id=game_id, user=user, expected_version=expected_version,
                              command=command, publish=publish)
