"""The writer of games, as the rest of the site calls it: starting a game, a person's
command, the opponent's turn, and the sweep that resends a lost one.

Every change goes through the command pipeline (`games.pipeline`, docs/command-pipeline.md):
one transaction with the game row locked, or one statement that writes only if the row is
still at the version the change was built on; broadcasts and the next turn only after
commit. Everything about the game is asked of its declaration (`games.platform.registry`).
The site's other writes have their own modules: `lobby` (creating and joining), `presence`,
`undo`, `bot_seats`.
"""
from __future__ import annotations

import logging
import operator
from datetime import timedelta
from functools import reduce
from typing import Any, Optional, Sequence

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from games.models import Game
from games.pipeline import states, step_sql, turns
from games.pipeline.commands import (advance_short_way, game_apply_command, lock_for_command,
                                    seat_for_socket)
from games.pipeline.on_loop import (game_apply_command_on_loop, seat_for_socket_on_loop,
                                    start_next_turn)
from games.pipeline.steps import (ApplyResult, ServiceError, Step, check_playable, digest,
                                  lock_game, opponent_step, play_command, start_tasks,
                                  store_step)
from games.pipeline.turns import STALLED_AFTER_SECONDS
from games.platform import registry
from games.platform.definition import GameSetup, SeatChoice, SetupRefused

__all__ = ["ApplyResult", "ServiceError", "STALLED_AFTER_SECONDS", "ancients_requeue_stalled",
           "check_playable", "game_advance", "game_apply_command", "game_apply_command_on_loop",
           "game_play", "game_setup", "game_start", "lock_for_command",
           "lock_game", "seat_for_socket", "seat_for_socket_on_loop", "start_next_turn",
           "start_tasks"]

logger = logging.getLogger(__name__)


# --- starting: the first stored step ----------------------------------------------------------
def game_setup(game: Game) -> GameSetup:
    """What the game row says about its first state: the lobby's choices as stored."""
    definition = registry.get(game.mode)
    choices = [SeatChoice(seat=s.seat, faction=s.faction, colour=s.colour, bot=s.bot)
               for s in game.seats.order_by("seat")]
    teams = definition.teams(choices)
    for choice in choices:
        choice.team = teams.get(choice.seat, "")
    treasures = list(game.campaign.treasures) if game.campaign_id is not None else []
    return GameSetup(key=game.mode, seed=game.seed, seats=choices, options=dict(game.options or {}),
                     map_name=game.map_name, scenario_ids=list(game.scenario_ids),
                     difficulty=game.difficulty, campaign_treasures=treasures)


def game_start(*, game: Game) -> None:
    """Build the first state from the seats (inside the caller's transaction) and store it,
    with the set-up commands the game plays for people (`GameDefinition.first_steps`).

    :raises ServiceError: the game refuses the choices (its `SetupRefused`, same code)."""
    definition = registry.get(game.mode)
    setup = game_setup(game)
    try:
        first = definition.first_steps(setup)
    except SetupRefused as error:
        raise ServiceError(error.code, error.message) from None
    data = definition.state_to_data(first.initial)
    game.initial_snapshot = data
    game.content = definition.content_record(first.initial, setup)
    game.content_version = digest(definition.content_fingerprint(data))
    game.status = Game.Status.PLAYING
    game.started_at = timezone.now()
    steps = [Step(s.seat, s.command, s.version, s.events) for s in first.steps]
    store_step(game, definition, first.state, steps, starting=True)


def game_play(*, game: Game, seat: str, command: Any, state: Any = None) -> ApplyResult:
    """One seat's command stored on a game whose row the caller has locked (`lock_game`)
    and checked (`check_playable`); `state`: the game's, when the caller has read it. The
    table companion's way in: it names the seat from the state."""
    return play_command(game, registry.get(game.mode), seat, command, state=state)


# --- the opponent's turn ------------------------------------------------------------------------
def game_advance(*, game_id: Any, version: int, enqueue_next: bool = True,
                 made_by: Optional[Sequence] = None) -> Optional[ApplyResult]:
    """One step of the opponent's deferred work on the game at `version`. Does nothing
    (returns None) when the game has moved past that version, is not being played or has
    nothing deferred: a task delivered twice, or late, is harmless. With `enqueue_next`
    off, a step that leaves more deferred work does not start a task for it: the caller
    runs it. `made_by`: the step that made `version` as its writer stored it, [seat, command,
    last seq], which spares a process holding the version before a read
    (`turns.send_opponent_turn`)."""
    decided, result = advance_short_way(game_id, version, enqueue=enqueue_next, made_by=made_by)
    if decided:
        return result
    with transaction.atomic():
        game = step_sql.lock_game(game_id)
        if game is None or game.status != Game.Status.PLAYING or game.version != version:
            return None
        definition = registry.get(game.mode)
        stepped = opponent_step(definition, states.game_state(game, definition))
        if stepped is None:
            return None
        new, step = stepped
        return store_step(game, definition, new, [step], enqueue=enqueue_next)


def opponent_turn_stalled(game: Game, older_than: float = STALLED_AFTER_SECONDS) -> bool:
    """Whether this game row (as just read) has waited on its opponent for more than
    `older_than` seconds: `ancients_requeue_stalled`'s test for one game already in hand."""
    return (game.status == Game.Status.PLAYING
            and any(game.awaiting == [name] for name in registry.opponents())
            and game.updated < timezone.now() - timedelta(seconds=older_than))


def ancients_requeue_stalled(*, game_id: Any = None,
                             older_than: float = STALLED_AFTER_SECONDS) -> list[tuple[str, int]]:
    """Send the opponent's turn again to every game (or just `game_id`) that has been
    waiting on it for more than `older_than` seconds; return the (game, version) pairs sent.

    The turn's task is published after commit, once. If the broker was unreachable at that
    moment (the publish error is only logged) or lost its queue (a Redis restart without
    persistence), nothing else would ever send it and the table would wait forever. The
    task is keyed by version, so a copy of one that is merely slow does nothing."""
    cutoff = timezone.now() - timedelta(seconds=older_than)
    waiting = [Q(awaiting=[name]) for name in sorted(registry.opponents())]
    if not waiting:
        return []
    games = Game.objects.filter(reduce(operator.or_, waiting), status=Game.Status.PLAYING,
                                updated__lt=cutoff)
    if game_id is not None:
        games = games.filter(pk=game_id)
    stalled = [(str(pk), version) for pk, version in games.values_list("pk", "version")]
    for pk, version in stalled:
        logger.warning("game %s waited over %ss for its opponent at version %s: sending their "
                       "turn again", pk, older_than, version)
        try:
            turns.send_opponent_turn(pk, version)
        except Exception:  # the broker is still down: the next sweep tries again
            logger.warning("could not send the opponent's turn of game %s", pk, exc_info=True)
    return stalled
