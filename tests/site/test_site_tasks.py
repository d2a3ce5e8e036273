"""The Ancients' turn as a Celery task: started on commit when deferred work is left,
keyed by (game, version), and harmless when delivered twice or late.

The deferred work here is a stand-in frame registered by this module (the Awoken's own
`defer_ancients` turn is exercised by the Awoken tests in test_site_hidden_info.py)."""
from __future__ import annotations

import os
import random
import subprocess
import sys
import time

import pytest

from benchmarks.live_site import database_url
from games import services
from games.pipeline import caches, task_sender, turns
from games.models import Game, GameCommand
from wildlands.rules.events import EVENT_KINDS, register_event_kinds
from wildlands.rules.frames import has_deferred_work, register_frame_handler
from wildlands.rules.serialize import state_to_data
from games.tasks import run_opponent_turn, run_opponent_turns
from support.site import (  # noqa: F401  (fixtures)
    _fresh_state_cache, current_state, eager_celery, play_until_the_ancients,
    random_legal_command, start_coop, start_skirmish)
from test_site_services import change_what_apply_returns, scripted_move

DEFERRED = "site_test_ancients_step"


@pytest.fixture(autouse=True)
def _stand_in_event_kind():
    """The stand-in's own event kind, registered only while these tests run (the registry
    is the engine's: the docs list every kind in it)."""
    register_event_kinds("ancients_acted")
    yield
    del EVENT_KINDS["ancients_acted"]


class AncientsStandIn:
    """Deferred work that takes one step and is done."""

    def step(self, state, frame, events):
        state.frames.pop()
        events.add("ancients_acted", step=frame["n"])

    def respond(self, state, frame, seat, command, events):  # pragma: no cover
        raise AssertionError("the stand-in never asks anything")


register_frame_handler(DEFERRED, AncientsStandIn())


def stand_in(n: int) -> dict:
    """The stand-in's deferred frame, its step numbered `n`."""
    return {"kind": DEFERRED, "deferred": True, "n": n}


def _with_deferred_work(game: Game) -> Game:
    state = current_state(game.id).clone()
    state.frames.append(stand_in(1))
    game.snapshot = state_to_data(state)
    game.save()
    caches.clear_caches()
    return game


def test_the_task_is_late_acknowledged():
    assert run_opponent_turn.acks_late is True
    assert run_opponent_turn.name == "games.run_opponent_turn"


def test_the_opponents_turn_is_sent_under_a_name_no_game_owns():
    assert turns.OPPONENT_TURN == run_opponent_turn.name == "games.run_opponent_turn"


@pytest.mark.django_db
def test_a_message_queued_under_the_old_name_still_plays_the_turn(owner, teammate):
    """A worker of this release still runs `games.run_ancients_turn` messages sent before it,
    as the new task does: once, and not again when delivered twice."""
    from wildlands_site.celery import app as celery_app

    game = _with_deferred_work(start_skirmish(owner, teammate))
    old = celery_app.tasks["games.run_ancients_turn"]
    assert old.acks_late is True
    assert (old(str(game.id), 2), old(str(game.id), 2)) == (3, None)
    assert game.events.filter(kind="ancients_acted").count() == 1


def test_turns_queued_together_are_merged_into_the_task_that_runs_a_list_of_them():
    assert run_opponent_turns.acks_late is True
    assert task_sender._MERGED[turns.OPPONENT_TURN] == turns.OPPONENT_TURNS == run_opponent_turns.name


@pytest.mark.django_db
def test_a_merged_message_plays_each_games_turn_once_and_a_failing_one_leaves_the_rest(
        owner, teammate, monkeypatch, caplog):
    first = _with_deferred_work(start_skirmish(owner, teammate))
    second = _with_deferred_work(start_skirmish(owner, teammate))
    advance = services.game_advance

    def broken_for_first(*, game_id, **kwargs):
        if str(game_id) == str(first.id):
            raise RuntimeError("the database went away")
        return advance(game_id=game_id, **kwargs)

    monkeypatch.setattr(services, "game_advance", broken_for_first)
    assert run_opponent_turns([[str(first.id), 2], [str(second.id), 2]]) == [None, 3]
    assert f"game {first.id}: the opponent's turn from version 2 failed" in caplog.text

    monkeypatch.setattr(services, "game_advance", advance)  # delivered again: only the
    assert run_opponent_turns([[str(first.id), 2], [str(second.id), 2]]) == [3, None]  # turn
    for game in (first, second):  # that was not stored yet is played
        assert game.events.filter(kind="ancients_acted").count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_turn_that_broke_the_database_connection_does_not_fail_the_turns_after_it(
        owner, teammate, monkeypatch):
    """As between two tasks, a connection that broke is closed and the next turn opens a
    new one."""
    from django.db import connection

    if not connection.vendor == "postgresql":
        pytest.skip("breaks a PostgreSQL connection under Django (an in-memory SQLite "
                    "database would go with it)")
    first = _with_deferred_work(start_skirmish(owner, teammate))
    second = _with_deferred_work(start_skirmish(owner, teammate))
    advance = services.game_advance

    def connection_lost_in_first(*, game_id, **kwargs):
        if str(game_id) == str(first.id):
            connection.ensure_connection()
            connection.connection.close()  # the server went away mid-turn
            Game.objects.filter(pk=game_id).exists()  # raises, through Django's wrapper
        return advance(game_id=game_id, **kwargs)

    monkeypatch.setattr(services, "game_advance", connection_lost_in_first)
    assert run_opponent_turns([[str(first.id), 2], [str(second.id), 2]]) == [None, 3]


@pytest.mark.django_db
def test_running_the_task_twice_applies_the_turn_once(owner, teammate):
    game = _with_deferred_work(start_skirmish(owner, teammate))

    first = run_opponent_turn(str(game.id), 2)
    second = run_opponent_turn(str(game.id), 2)

    game.refresh_from_db()
    assert (first, second) == (3, None)
    assert game.version == 3
    assert game.events.filter(kind="ancients_acted").count() == 1
    assert GameCommand.objects.get(game=game, version=3).command == {"advance": True}


@pytest.mark.django_db
def test_a_late_task_for_an_older_version_does_nothing(owner, teammate):
    game = _with_deferred_work(start_skirmish(owner, teammate))

    assert run_opponent_turn(str(game.id), 1) is None
    game.refresh_from_db()
    assert game.version == 2


@pytest.mark.django_db
def test_without_deferred_work_the_task_does_nothing(owner, teammate):
    game = start_skirmish(owner, teammate)

    assert run_opponent_turn(str(game.id), game.version) is None
    assert services.game_advance(game_id=game.id, version=game.version) is None


@pytest.mark.django_db
def test_a_command_that_leaves_deferred_work_starts_the_task_after_commit(
        owner, teammate, monkeypatch, django_capture_on_commit_callbacks):
    game = start_skirmish(owner, teammate)
    seat, user, command = scripted_move(game, owner, teammate)
    started = []
    change_what_apply_returns(monkeypatch, lambda state, seat: state.frames.append(stand_in(7)))
    monkeypatch.setattr(task_sender, "publish", lambda task, args, countdown=None: (
        started.append(tuple(args)) if task.name == run_opponent_turn.name else None))
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        result = services.game_apply_command(game_id=game.id, user=user, expected_version=2,
                                             command=command)
    assert result.deferred and started == []  # nothing before the commit
    for callback in callbacks:
        callback()
    assert task_sender.wait_until_sent()  # published by the sending thread (unless eager)

    made_by = GameCommand.objects.get(game=game, version=3)  # rides with the turn, as stored
    assert started == [(str(game.id), 3, [made_by.seat, made_by.command, result.last_seq])]
    game.refresh_from_db()
    assert game.awaiting == ["ancients"]


@pytest.mark.django_db(transaction=True)
def test_eager_mode_runs_the_turn_inside_on_commit_on_the_same_path(
        owner, teammate, monkeypatch, eager_celery):
    game = start_skirmish(owner, teammate)
    seat, user, command = scripted_move(game, owner, teammate)
    change_what_apply_returns(monkeypatch, lambda state, seat: state.frames.append(stand_in(9)))
    services.game_apply_command(game_id=game.id, user=user, expected_version=2, command=command)

    game.refresh_from_db()
    assert game.version == 4  # the command (3), then the Ancients' step (4)
    acted = game.events.get(kind="ancients_acted")
    assert acted.version == 4 and acted.data == {"step": 9}
    assert game.awaiting != ["ancients"]


def test_the_worker_discovers_the_task():
    from wildlands_site.celery import app as celery_app

    celery_app.loader.import_default_modules()
    assert {"games.run_opponent_turn", "games.run_opponent_turns",
            "games.run_ancients_turn"} <= set(celery_app.tasks)


REDIS_URL = os.environ.get("REDIS_URL", "").strip()


def start_worker(**env_extra: str) -> subprocess.Popen:
    """A separate `celery worker` process (one, `--pool=solo`) on the test database."""
    from django.conf import settings

    db = settings.DATABASES["default"]
    env = {**os.environ, "DATABASE_URL": database_url(db) if db["ENGINE"].endswith("postgresql")
           else f"sqlite:///{db['NAME']}", **env_extra}
    return subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "wildlands_site", "worker", "--pool=solo",
         "--without-heartbeat", "--without-gossip", "--without-mingle", "-l", "WARNING"],
        cwd=settings.BASE_DIR, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)


def stop_worker(worker: subprocess.Popen) -> str:
    """Stop it; what it wrote."""
    worker.terminate()
    return worker.communicate(timeout=30)[0].decode(errors="replace")


def wait_for_the_ancients(game: Game, waiting_at: int, seconds: float = 60) -> bool:
    """Until the worker has stored a step after `waiting_at` and finished the turn."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        game.refresh_from_db()
        if game.version > waiting_at and game.awaiting != ["ancients"]:
            return True
        time.sleep(0.2)
    return False


@pytest.mark.slow
@pytest.mark.skipif(not REDIS_URL, reason="needs a real broker (REDIS_URL), as in CI")
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_plays_the_ancients_turn_through_the_broker(owner, teammate):
    """End to end as deployed: the command commits, on_commit publishes to Redis, a separate
    `celery worker` process takes the task and stores the Ancients' turn."""
    from wildlands_site.celery import app as celery_app

    assert celery_app.conf.task_always_eager is False
    game = start_coop(owner, teammate)
    waiting_at = play_until_the_ancients(game, {"p1": owner, "p2": teammate},
                                         random.Random(1)).version
    worker = start_worker()
    try:
        played = wait_for_the_ancients(game, waiting_at)
    finally:
        output = stop_worker(worker)
    assert played, f"the worker stored nothing:\n{output[-3000:]}"
    assert GameCommand.objects.filter(game=game, seat="", version=waiting_at + 1).exists()


@pytest.mark.slow
@pytest.mark.skipif(not REDIS_URL, reason="needs a real broker (REDIS_URL), as in CI")
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_plays_every_turn_of_a_merged_message(owner, teammate):
    """Two tables' turns in one message, as the sending thread merges them under load: the
    single messages their commands sent are taken off the queue first, so only the merged
    one can play them."""
    from wildlands_site.celery import app as celery_app

    games = [start_coop(owner, teammate) for _ in range(2)]
    users = {"p1": owner, "p2": teammate}
    waiting = [play_until_the_ancients(game, users, random.Random(5)).version for game in games]
    assert task_sender.wait_until_sent()
    celery_app.control.purge()
    task_sender.publish(celery_app.tasks[turns.OPPONENT_TURNS],
                        ([[str(game.id), at] for game, at in zip(games, waiting)],))
    worker = start_worker()
    try:
        played = [wait_for_the_ancients(game, at) for game, at in zip(games, waiting)]
    finally:
        output = stop_worker(worker)
    assert played == [True, True], f"the worker did not play both turns:\n{output[-3000:]}"


@pytest.mark.slow
@pytest.mark.skipif(not REDIS_URL, reason="needs a real broker (REDIS_URL), as in CI")
@pytest.mark.django_db(transaction=True)
def test_the_worker_keeps_its_database_connection_from_turn_to_turn(owner, teammate):
    """With the shipped CONN_MAX_AGE the worker's PostgreSQL connection outlives a task, as
    the web's outlives a request (Celery's Django fixup would close it before and after
    each task: a new connection for every Ancients' turn)."""
    from django.conf import settings
    from django.db import connection

    if not settings.DATABASES["default"]["ENGINE"].endswith("postgresql"):
        pytest.skip("reads PostgreSQL's pg_stat_activity")
    name = f"wl-test-worker-{os.getpid()}"

    def worker_backends() -> set:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pid FROM pg_stat_activity WHERE application_name = %s",
                           [name])
            return {row[0] for row in cursor.fetchall()}

    game = start_coop(owner, teammate)
    users, rng = {"p1": owner, "p2": teammate}, random.Random(3)
    worker = start_worker(DB_CONN_MAX_AGE="600", PGAPPNAME=name)
    seen: list[set] = []
    try:
        for turn in range(3):
            waiting_at = play_until_the_ancients(game, users, rng).version
            assert wait_for_the_ancients(game, waiting_at), f"turn {turn} was not played"
            time.sleep(0.5)  # the task's end (its postrun) comes just after its last commit
            seen.append(worker_backends())
    finally:
        output = stop_worker(worker)
    assert all(len(pids) == 1 for pids in seen) and len(set.union(*seen)) == 1, \
        f"the worker's connections after each turn: {seen}\n{output[-2000:]}"
