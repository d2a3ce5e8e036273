"""Starting what a stored step leaves to do: the opponent's turn (a worker runs the game's
`advance`) and a bot seat's move.

Both are Celery tasks keyed by (game, version), named here and defined in `games.tasks`
(which does their work through this package). They are sent once the step's updates are
out (`steps.after_commit`), so a worker's step never reaches a socket before the change
that started it.

A bot's move is sent after `settings.BOT_STEP_SECONDS`, so a person can follow the moves.
With no broker (Celery eager) the bots' tasks run as a loop in the calling thread, with no
countdown, rather than one inside the other; the loop stops when no bot is to act.
"""
from __future__ import annotations

import logging
import threading
from typing import Any, Optional, Sequence

from django.conf import settings

from games.pipeline import facts, task_sender
from games.platform.definition import GameDefinition

logger = logging.getLogger(__name__)

OPPONENT_TURN = "games.run_opponent_turn"  # the opponent's deferred work (`GameDefinition.advance`)
OPPONENT_TURNS = "games.run_opponent_turns"  # several games' turns, merged by the sender
BOT_TURN = "games.run_bot_turn"
# A table that has waited this long for its opponent's or its bots' task has most likely
# lost it (the sweeps: `services.ancients_requeue_stalled`, `bot_seats.bots_requeue_stalled`).
STALLED_AFTER_SECONDS = 30
# A bound on one eager run of bot steps (the embedded mode): a game whose people are all out
# of it still ends, but never holds a request for longer than this many steps.
EAGER_STEP_LIMIT = 400


task_sender.may_merge(OPPONENT_TURN, OPPONENT_TURNS)


def send_opponent_turn(game_id: str, version: int,
                       made_by: Optional[Sequence] = None) -> None:
    """Send the opponent's turn from `version`. `made_by`, the step that made that version
    as it was stored, [seat, command, last seq], travels with it (a JSON list in the
    message): a worker holding the version before replays it instead of reading it back
    (`commands.advance_short_way`)."""
    args = (game_id, version) if made_by is None else (game_id, version, made_by)
    task_sender.send(OPPONENT_TURN, args)


def after_step(game_id: str, definition: GameDefinition, version: int,
               awaiting: Sequence[str]) -> None:
    """After a stored step whose updates the writer sent itself: the bot task, when a seat
    the game now waits on is a bot's (the bot seats are read at most once per game and
    process, and not at all while the game waits on its opponent)."""
    if not awaiting or list(awaiting) == [definition.opponent]:
        return
    if facts.waits_on_a_bot(facts.facts_of(game_id, definition.key).bots, awaiting):
        send_bot_turn(game_id, version)


_EAGER = threading.local()


def send_bot_turn(game_id: str, version: int, *, countdown: Optional[float] = None) -> None:
    """Send the bot's task after the pace delay; with Celery eager, run it in the loop of
    this thread (started here unless one is already running further up the stack)."""
    task = task_sender.task_named(BOT_TURN)
    if not task.app.conf.task_always_eager:
        delay = settings.BOT_STEP_SECONDS if countdown is None else countdown
        task_sender.send(task, (game_id, version), countdown=delay or None)
        return
    pending: Optional[list[tuple[Any, int]]] = getattr(_EAGER, "pending", None)
    if pending is not None:  # a bot step's own commit: the loop below takes it
        pending.append((game_id, version))
        return
    _EAGER.pending = pending = [(game_id, version)]
    try:
        for _ in range(EAGER_STEP_LIMIT):
            if not pending:
                return
            task.apply(pending.pop(0))
        logger.warning("game %s: bots played %s steps in one eager run; stopping there",
                       game_id, EAGER_STEP_LIMIT)
    finally:
        _EAGER.pending = None
