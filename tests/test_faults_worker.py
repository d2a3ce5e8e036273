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
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Optional

import pytest
from django.conf import settings
from django.db import OperationalError, connection, transaction

from benchmarks.live_site import database_url
from games import services
from games.models import Game, GameCommand
from test_faults_database import assert_history_is_whole
from test_site_support import (  # noqa: F401  (fixtures)
    _fresh_state_cache, awoken_available, owner, start_coop, teammate)
from test_site_tasks import play_until_the_ancients

ROOT = Path(settings.BASE_DIR)
DB = settings.DATABASES["default"]
REDIS_URL = os.environ.get("REDIS_URL", "").strip()
POSTGRES = DB["ENGINE"].endswith("postgresql")

pytestmark = [
    pytest.mark.skipif(not (REDIS_URL and POSTGRES),
                       reason="needs a real broker and a database another process can see: "
                              "set REDIS_URL and DATABASE_URL (PostgreSQL), as CI does"),
    pytest.mark.skipif(not awoken_available(), reason="needs The Awoken's engine"),
]


def worker_env(**extra: str) -> dict:
    return {**os.environ, "DATABASE_URL": database_url(DB), "PYTHONUNBUFFERED": "1", **extra}


def start_worker(queue: str, log: Path, **extra: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, str(ROOT / "benchmarks" / "fault_worker.py"), "--pool=solo",
         "-Q", queue, "--without-heartbeat", "--without-gossip", "--without-mingle",
         "-l", "INFO", "-n", f"{queue}@%h"],
        cwd=ROOT, env=worker_env(**extra), stdout=log.open("ab"), stderr=subprocess.STDOUT)


def stop(process: Optional[subprocess.Popen], timeout: float = 30) -> None:
    """Stop a worker this test started (by its own process), killed if it will not go."""
    if process is not None and process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()


def wait_for(predicate, seconds: float, what: str, log: Path) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.1)
    raise AssertionError(f"{what} within {seconds}s; worker log:\n{log.read_text()[-3000:]}")


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
    monkeypatch.setattr(services, "_enqueue_ancients", lambda game_id, version:
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
