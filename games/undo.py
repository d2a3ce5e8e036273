"""Taking back a seat's last command (The Awoken): the site's half of `undo`.

The engine decides whether a seat may take its last command back and to which version
(`ancients_ai.engine.undo`); the state from before that command is not in the current
state, so it is replayed from the game's log (`history.state_at`). The undo is stored like
any command: a new version (the old state with the next version number), the command
`{"do": "undo"}` in the log and a `command_undone` event every seat sees. The log stays
append-only, and replaying it (`history.replay_step`) works the undo out again the same
way, so the durability check still finds the stored state.
"""
from __future__ import annotations

from typing import Any, Mapping

from django.db import transaction

from ancients_ai.engine.undo import take_back, undo_target
from games import history, selectors, services
from games.models import GameCommand
from games.rules.commands import parse_command
from games.rules.errors import RuleError
from games.rules.state import GameState

UNDO = {"do": "undo"}


def game_undo(*, game_id: Any, user, expected_version: Any, command: Mapping[str, Any] = UNDO,
              publish: bool = True) -> services.ApplyResult:
    """Take back the last command of `user`'s seat (`command` is the `undo` as sent), as one
    stored step.

    :raises ServiceError: not_seated, game_not_started.
    :raises RuleError: invalid_command (an `undo` with fields), stale_version, game_over,
        action_not_allowed (not The Awoken), and the engine's refusals: not_your_turn,
        nothing_to_undo, undo_after_reveal, partner_acted_since. Nothing changes.
    """
    parse_command(command)  # `undo` takes no fields: anything more is refused as such
    with transaction.atomic():
        game, seat = services.lock_for_command(game_id, user, expected_version)
        state = selectors.game_state(game)
        new, events = undone(state, seat, lambda version: history.state_at(game, version))
        step = services.Step(seat, dict(UNDO), new.version, events)
        return services._store(game, new, [step], publish=publish)


def undone(state: GameState, seat: str, state_at) -> tuple[GameState, list]:
    """The state after `seat`'s undo, with `state_at(version)` giving the game at an
    earlier version; refused as the engine says."""
    if state.mode != "awoken":
        raise RuleError("action_not_allowed", "moves can be taken back only in The Awoken")
    return take_back(state, seat, state_at(undo_target(state, seat)))


def replay_undo(state: GameState, row: GameCommand) -> GameState:
    """A stored undo replayed: the same earlier state, from the same log."""
    new, _ = undone(state, row.seat, lambda version: history.state_at(row.game, version))
    return new
