"""A lost Ancients' turn is sent again.

The Ancients' turn is published once, after the players' command commits. When the broker
is down at that moment, or loses its queue (a Redis restart without persistence), nothing
else would ever send it: the table would wait forever. A sweep (`celery beat` every 30 s,
and a player's socket opening the table) sends the turn again for every game that has
waited on the Ancients for more than `STALLED_AFTER_SECONDS`; the task is keyed by the
game's version, so a copy of a turn that is merely slow does nothing.
"""
from __future__ import annotations

import random
import time
import uuid
from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from games import presence, services
from games.models import Game, GameCommand
from games.pipeline import turns
from support.workers import POSTGRES, REDIS_URL, start_worker, stop, wait_for
from support.site import (  # noqa: F401  (fixtures)
    _fresh_state_cache, eager_celery, play_until_the_ancients,
    random_legal_command, start_coop)

pytestmark = [pytest.mark.django_db(transaction=True)]


def play_until_the_ancients_are_due(game: Game, users: dict) -> int:
    """The version at which the table waits on the Ancients, once the players end their turn."""
    return play_until_the_ancients(game, users, random.Random(3)).version


@pytest.fixture
def lost_turn(owner, teammate, monkeypatch):
    """A co-op table whose players ended their turn while the broker was down: the
    Ancients' task was never sent. Returns (game, the version it waits at)."""
    with monkeypatch.context() as broker_down:
        broker_down.setattr(turns, "send_opponent_turn",
                            lambda game_id, version, made_by=None: None)
        game = start_coop(owner, teammate, seed=21)
        waiting_at = play_until_the_ancients_are_due(game, {"p1": owner, "p2": teammate})
    assert Game.objects.get(pk=game.id).awaiting == ["ancients"]
    return game, waiting_at


def wait_longer_than_the_sweep_allows(game: Game) -> None:
    Game.objects.filter(pk=game.id).update(
        updated=timezone.now() - timedelta(seconds=services.STALLED_AFTER_SECONDS + 5))


def test_the_sweep_sends_a_lost_turn_again_and_it_is_played_once(lost_turn, eager_celery):
    game, waiting_at = lost_turn
    assert services.ancients_requeue_stalled() == [], "a table that has just started waiting is left alone"
    assert Game.objects.get(pk=game.id).version == waiting_at

    wait_longer_than_the_sweep_allows(game)
    assert services.ancients_requeue_stalled() == [(str(game.id), waiting_at)]
    stored = Game.objects.get(pk=game.id)
    assert stored.version > waiting_at and stored.awaiting != ["ancients"]
    assert GameCommand.objects.filter(game=game, version=waiting_at + 1, seat="").count() == 1
    assert services.ancients_requeue_stalled() == [], "nothing is waiting any more"


def test_a_player_reopening_a_stalled_table_sends_the_turn_again(lost_turn, eager_celery):
    game, waiting_at = lost_turn
    presence.seat_connect(game_id=game.id, seat="p1")
    assert Game.objects.get(pk=game.id).version == waiting_at, "not stalled yet"

    wait_longer_than_the_sweep_allows(game)
    presence.seat_connect(game_id=game.id, seat="p2")
    assert Game.objects.get(pk=game.id).version > waiting_at


def test_a_sweep_while_the_broker_is_still_down_changes_nothing(lost_turn, monkeypatch):
    game, waiting_at = lost_turn
    wait_longer_than_the_sweep_allows(game)

    def broker_down(game_id, version, made_by=None):
        raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(turns, "send_opponent_turn", broker_down)
    assert services.ancients_requeue_stalled() == [(str(game.id), waiting_at)]
    stored = Game.objects.get(pk=game.id)
    assert (stored.version, stored.awaiting) == (waiting_at, ["ancients"])


def test_celery_beat_runs_the_sweep_more_often_than_a_table_is_called_stalled():
    from wildlands_site.celery import app

    app.loader.import_default_modules()
    entry = settings.CELERY_BEAT_SCHEDULE["requeue-stalled-ancients"]
    assert entry["task"] in app.tasks
    assert entry["schedule"] <= services.STALLED_AFTER_SECONDS


@pytest.mark.skipif(not (REDIS_URL and POSTGRES),
                    reason="needs a real broker and a database a worker process can see: "
                           "set REDIS_URL and DATABASE_URL (PostgreSQL), as CI does")
def test_a_turn_lost_with_the_brokers_queue_is_played_after_the_sweep(owner, teammate,
                                                                       monkeypatch, tmp_path):
    """The real thing: the task is published to Redis, Redis loses the queue (as a restart
    without persistence does), a real worker waits in vain; the sweep publishes it again
    and the worker plays the turn."""
    import redis

    from games.tasks import run_ancients_turn

    queue = f"wl-sweep-{uuid.uuid4().hex[:8]}"  # this test's own queue: no other worker takes it
    monkeypatch.setattr(turns, "send_opponent_turn", lambda game_id, version, made_by=None:
                        run_ancients_turn.apply_async((game_id, version), queue=queue))
    broker = redis.Redis.from_url(REDIS_URL)
    game = start_coop(owner, teammate, seed=21)
    waiting_at = play_until_the_ancients_are_due(game, {"p1": owner, "p2": teammate})
    assert broker.llen(queue) == 1, "the turn was published"
    broker.delete(queue)  # Redis restarts without persistence: the message is gone

    log = tmp_path / "worker.log"
    worker = start_worker(queue, log)  # the project's worker, nothing patched
    try:
        wait_for(lambda: "ready." in log.read_text(), 60, "the worker did not start", log)
        time.sleep(1)
        assert Game.objects.get(pk=game.id).version == waiting_at, "nothing left to play it"

        wait_longer_than_the_sweep_allows(game)
        assert services.ancients_requeue_stalled() == [(str(game.id), waiting_at)]
        wait_for(lambda: Game.objects.get(pk=game.id).version > waiting_at, 60,
                 "the worker did not play the re-sent turn", log)
    finally:
        stop(worker)
    assert Game.objects.get(pk=game.id).version > waiting_at, log.read_text()[-3000:]
    assert GameCommand.objects.filter(game=game, version=waiting_at + 1, seat="").count() == 1
