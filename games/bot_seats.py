"""Seats played by the site's bots (a skirmish against bot factions, a co-op game with a bot
partner): each move a worker's task, stored like a person's command.

A bot seat is a `Seat` with `bot` set and no user, so no socket ever opens for it and no
view is ever built for it: the game's declaration decides the bot's command from the full
state (`GameDefinition.bot_command`), on the server, and what the people at the table learn
of it is only what the stored steps show them (the same events, with the same visibility,
as any player's command).

Every stored step ends (after commit) by sending the task `games.run_bot_turn(game,
version)` when a seat the game now waits on is a bot's (`games.pipeline.turns`). The task
(`bot_step`) asks the declaration which bot seat acts (`seats_to_act`) and what it sends,
and stores it through the pipeline (`steps.play_command`), whose own commit sends the next
task, until a person must act or the opponent's worker takes over. The task is keyed by
version: a late or duplicated one finds the game moved on and does nothing.
"""
from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any, Mapping, Optional

from django.db import transaction
from django.utils import timezone

from games.models import Game, Seat
from games.pipeline import facts, states, step_sql, turns
from games.pipeline.steps import ApplyResult, ServiceError, check_playable, play_command
from games.platform.definition import GameDefinition
from games.platform.errors import RuleError

logger = logging.getLogger(__name__)


def bot_seed(game_seed: int, seat: str, version: int) -> int:
    """The bot's own generator for one decision: from the game's seed, the seat and the
    version, so a task delivered twice decides the same and nothing draws on the game's."""
    return (game_seed * 31 + sum(map(ord, seat)) * 7919 + version) & ((1 << 62) - 1)


def next_bot_command(definition: GameDefinition, state: Any, bots: Mapping[str, str],
                     game_seed: int) -> Optional[tuple[str, dict]]:
    """(bot seat, command) to play now, or None when no bot is to act: the game is over,
    the opponent's turn is pending, or a person is the one asked."""
    if not bots:
        return None
    for seat in definition.seats_to_act(state, list(bots)):
        seed = bot_seed(game_seed, seat, definition.version(state))
        command = definition.bot_command(state, seat, bots[seat], seed)
        if command is not None:
            return seat, command
    return None


# --- playing it -------------------------------------------------------------------------------
def game_apply_bot_command(*, game_id: Any, seat: str, expected_version: int,
                           command: Mapping[str, Any]) -> ApplyResult:
    """Apply one command for a bot's seat: the pipeline's locked way, with the seat named
    instead of found from a user.

    :raises ServiceError: not_seated (no such bot seat), game_not_started.
    :raises RuleError: stale_version, game_over, or the game's own refusal; nothing changes.
    """
    with transaction.atomic():
        game = step_sql.lock_game(game_id)
        if game is None or seat not in facts.facts_of(game.id, game.mode).bots:
            raise ServiceError("not_seated", f"{seat!r} is not a bot's seat")
        known = facts.facts_of(game.id, game.mode)
        check_playable(game, expected_version)
        return play_command(game, known.definition, seat, command)


def bot_step(*, game_id: Any, version: int) -> Optional[ApplyResult]:
    """Play one bot command on the game at `version`; None when the game has moved on, is
    not being played or waits on no bot (a late or repeated task)."""
    game = Game.objects.filter(pk=game_id).defer("snapshot", "initial_snapshot").first()
    if game is None or game.status != Game.Status.PLAYING or game.version != version:
        return None
    known = facts.facts_of(game.id, game.mode)
    definition = known.definition
    state = states.game_state(game, definition)
    picked = next_bot_command(definition, state, known.bots, game.seed)
    if picked is None:
        return None
    seat, command = picked
    try:
        return game_apply_bot_command(game_id=game.id, seat=seat, expected_version=version,
                                      command=command)
    except RuleError as error:
        if error.code in ("stale_version", "game_over"):
            return None
        logger.warning("bot %s of game %s at version %s sent a refused command %r (%s); "
                       "playing a checked one", known.bots[seat], game.id, version, command,
                       error)
    fallback = definition.fallback_command(state, seat)
    if fallback is None:
        return None
    try:
        return game_apply_bot_command(game_id=game.id, seat=seat, expected_version=version,
                                      command=fallback)
    except RuleError:
        return None


def bots_requeue_stalled(*, older_than: float = turns.STALLED_AFTER_SECONDS
                         ) -> list[tuple[str, int]]:
    """Send the bot task again to every game that has waited only on its bots for more than
    `older_than` seconds (as long as the opponent's sweep waits) because a broker outage
    lost the task; return the (game, version) pairs. A shared turn, which also waits on a
    person, is left to that person."""
    cutoff = timezone.now() - timedelta(seconds=older_than)
    with_bots = Seat.objects.exclude(bot="").values("game_id")
    games = Game.objects.filter(status=Game.Status.PLAYING, updated__lt=cutoff, pk__in=with_bots)
    stalled = []
    for pk, mode, version, awaiting in games.values_list("pk", "mode", "version", "awaiting"):
        bots = facts.facts_of(pk, mode).bots
        if awaiting and all(seat in bots for seat in awaiting):
            stalled.append((str(pk), version))
    for pk, version in stalled:
        logger.warning("game %s waited on its bots at version %s: sending their turn again",
                       pk, version)
        try:
            turns.send_bot_turn(pk, version, countdown=0)
        except Exception:  # the broker is still down: the next sweep tries again
            logger.warning("could not send the bot turn of game %s", pk, exc_info=True)
    return stalled
