"""Faults at the worker: a real Celery worker killed with SIGKILL in the middle of the
Ancients' turn.

The co-op game's players end their turn; the command commits and publishes the Ancients'
task to Redis. A real worker process (benchmarks/fault_worker.py: the project's worker,
whose first turn pauses inside its transaction with the game row locked) takes it and is
killed with `kill -9` right there. Nothing of the turn is stored, the row lock goes with
the dead connection, and the message, never acknowledged (`acks_late`), is delivered again
to the restarted worker, which plays the turn exactly once.

Redis gives an unacknowledged message to another worker only after the broker's
visibility timeout. It was kombu's default of one hour (found here: the co-op game would
have waited an hour); the settings now make it 60 s, which a separate check holds them to.
To run in seconds, this test's worker uses 2 s (FAULT_VISIBILITY_TIMEOUT).

Needs PostgreSQL and Redis (DATABASE_URL, REDIS_URL), as CI has: the worker is another
process and must see the test's database and broker.
"""
from __future__ import annotations

import os
import random
import signal
import time
import uuid

import pytest
from django.db import OperationalError, connection, transaction

from games.models import Game, GameCommand
from games.pipeline import turns
from test_faults_database import assert_history_is_whole
from support.site import (  # noqa: F401  (fixtures)
    _fresh_state_cache, play_until_the_ancients, start_coop)
from support.workers import POSTGRES, REDIS_URL, start_worker, stop, wait_for

pytestmark = [
    pytest.mark.skipif(not (REDIS_URL and POSTGRES),
                       reason="needs a real broker and a database another process can see: "
                              "set REDIS_URL and DATABASE_URL (PostgreSQL), as CI does"),
]


def row_is_locked(game_id) -> bool:
    """Whether another transaction holds the game row (FOR UPDATE NOWAIT fails)."""
    try:
        with transaction.atomic():
            Game.objects.select_for_update(nowait=True).get(pk=game_id)
    except OperationalError:
        return True
    return False


@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_mid_turn_leaves_nothing_and_the_restarted_one_plays_it_once(
        owner, teammate, monkeypatch, tmp_path):
    from games.tasks import run_ancients_turn
    from wildlands_site.celery import app as celery_app

    assert celery_app.conf.task_always_eager is False
    queue = f"wl-fault-{uuid.uuid4().hex[:8]}"  # this test's own queue: no other worker takes it
    monkeypatch.setattr(turns, "send_opponent_turn", lambda game_id, version, made_by=None:
                        run_ancients_turn.apply_async((game_id, version), queue=queue))
    game = start_coop(owner, teammate, seed=21)
    # the players end their turn: the task is published on commit
    waiting_at = play_until_the_ancients(game, {"p1": owner, "p2": teammate},
                                         random.Random(3)).version
    marker, log = tmp_path / "in-turn", tmp_path / "worker.log"

    first = start_worker(queue, log, FAULT_PAUSE="60", FAULT_MARKER=str(marker),
                         FAULT_VISIBILITY_TIMEOUT="2")
    second = None
    try:
        wait_for(marker.exists, 90, "the worker did not start the Ancients' turn", log)
        assert row_is_locked(game.id), "the turn is not inside its transaction"
        os.kill(first.pid, signal.SIGKILL)
        assert first.wait(timeout=10) == -signal.SIGKILL
        wait_for(lambda: not row_is_locked(game.id), 30, "the dead worker's lock was not released", log)
        stored = Game.objects.get(pk=game.id)
        assert stored.version == waiting_at and stored.awaiting == ["ancients"]
        assert not GameCommand.objects.filter(game=game, version__gt=waiting_at).exists()

        second = start_worker(queue, log, FAULT_VISIBILITY_TIMEOUT="2")
        wait_for(lambda: Game.objects.get(pk=game.id).version > waiting_at, 90,
                 "the restarted worker did not play the lost turn", log)
        time.sleep(3)  # room for a second delivery to show itself, if there were one
    finally:
        for process in (first, second):
            stop(process, timeout=20)
        connection.close()
    assert GameCommand.objects.filter(game=game, version=waiting_at + 1, seat="").count() == 1
    assert_history_is_whole(game.id)  # versions once each, seqs gapless, log replays


def test_the_shipped_settings_redeliver_a_lost_turn_within_a_minute():
    from wildlands_site.celery import app as celery_app

    options = celery_app.conf.broker_transport_options or {}
    assert options.get("visibility_timeout", 3600) <= 60
