"""Celery tasks: the opponent's turn (whatever the game's opponent is) and the bots' moves
(`games.bot_seats`).

Thin wrappers over `games.services` and `games.bot_seats`, started by name once a step has
committed (`games.pipeline.turns`). A task is keyed
by (game, version) and does nothing unless the game is still at that version with deferred
work waiting, so a retry, a duplicate delivery or a late one is harmless; `acks_late` means
a worker killed mid-turn leaves the message to be delivered again, and since the work is
one transaction nothing half-done was stored. With no broker (the embedded mode) Celery
runs it eagerly inside the on_commit callback: the same code path.
"""
from __future__ import annotations

import logging
from typing import Optional, Sequence

from celery import shared_task
from django.db import close_old_connections, connection

from games import bot_seats, services

logger = logging.getLogger(__name__)


# Steps one task runs before it hands the rest of a turn to a new task, so that one long
# turn does not hold a worker while other tables' Ancients wait.
STEPS_PER_TASK = 40


@shared_task(name="games.run_opponent_turn", acks_late=True, ignore_result=True)
def run_opponent_turn(game_id: str, version: int,
                      made_by: Optional[Sequence] = None) -> Optional[int]:
    """Run the opponent's deferred work (`GameDefinition.advance`) on `game_id` from `version`, step after step while
    nobody is asked anything (each step its own transaction, broadcast when it commits);
    return the last version stored, or None when there was nothing to do.

    One task per turn rather than one per step: a step's task cost more to publish and
    receive than the step itself (docs/performance.md). A worker that dies mid-turn leaves
    the game waiting on its opponent at a later version than its message names; the
    redelivered message then does nothing and the stalled-turn sweep sends the turn again.
    `made_by`: the step that made `version`, as the sender stored it (`turns.send_opponent_turn`)."""
    return opponent_turn(game_id, version, made_by)


@shared_task(name="games.run_opponent_turns", acks_late=True, ignore_result=True)
def run_opponent_turns(turns: Sequence[Sequence]) -> list[Optional[int]]:
    """Several games' opponent turns, each [game id, version] or [game id, version, the step
    that made that version] as `run_opponent_turn` takes them, run one after another
    as `run_opponent_turn` runs one: the sending thread merges the turns queued together
    into one message (`games.pipeline.task_sender`), because Celery's own work on a message
    (publishing, receiving, the unacknowledged-message bookkeeping) cost more than a turn
    of the Ancients (docs/performance.md). A turn that fails is logged and the others
    still run: its game waits for the stalled-turn sweep, as after a failed single turn,
    and the database connection is then judged as between two tasks
    (`wildlands_site.celery`: closed if it broke), so one broken connection does not fail
    the turns after it. A redelivered message (its worker died) runs every turn again, and
    those already stored do nothing, being keyed by version."""
    done: list[Optional[int]] = []
    for game_id, version, *made_by in turns:
        try:
            done.append(opponent_turn(game_id, version, made_by[0] if made_by else None))
        except Exception:
            logger.exception("game %s: the opponent's turn from version %s failed", game_id,
                             version)
            done.append(None)
            if not connection.in_atomic_block:  # a caller's transaction (a test) is its own
                close_old_connections()
    return done


def opponent_turn(game_id: str, version: int,
                  made_by: Optional[Sequence] = None) -> Optional[int]:
    """`run_opponent_turn`'s work, for it and `run_opponent_turns`."""
    stored: Optional[int] = None
    version = int(version)
    for step in range(STEPS_PER_TASK):
        last = step == STEPS_PER_TASK - 1
        result = services.game_advance(game_id=game_id, version=version, enqueue_next=last,
                                       made_by=made_by if step == 0 else None)
        if result is None:
            return stored
        stored = version = result.version
        if not result.deferred:
            break
    return stored


@shared_task(name="games.run_ancients_turn", acks_late=True, ignore_result=True)
def run_ancients_turn(game_id: str, version: int) -> Optional[int]:
    """The opponent's turn under the name it was sent by before it had a neutral one: kept
    registered so that a message queued under the old name (sent before this release, or
    redelivered after a worker died) is still run. Nothing sends it any more."""
    return run_opponent_turn(game_id, version)


@shared_task(name="games.run_bot_turn", acks_late=True, ignore_result=True)
def run_bot_turn(game_id: str, version: int) -> Optional[int]:
    """Play one bot seat's command on `game_id` at `version` (sent on commit, after
    settings.BOT_STEP_SECONDS); return the version it stored, or None when no bot was to act
    there (the game moved on: a late or repeated task)."""
    result = bot_seats.bot_step(game_id=game_id, version=int(version))
    return None if result is None else result.version


@shared_task(name="games.close_untouched_games", ignore_result=True)
def close_untouched_games() -> int:
    """Periodic (celery beat, CELERY_BEAT_SCHEDULE): close the open games nobody touched
    for GAME_UNTOUCHED_DAYS, replays kept (`games.open_games`); return how many."""
    from games import open_games

    return open_games.close_untouched()


@shared_task(name="games.requeue_stalled_ancients", ignore_result=True)
def requeue_stalled_ancients() -> int:
    """Periodic (celery beat, CELERY_BEAT_SCHEDULE): send again the Ancients' turns and the
    bots' moves that a broker outage lost; return how many were sent."""
    return len(services.ancients_requeue_stalled()) + len(bot_seats.bots_requeue_stalled())
