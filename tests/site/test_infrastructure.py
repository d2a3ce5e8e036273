"""The skeleton works end to end with whichever backing services the environment names.

With DATABASE_URL / REDIS_URL set (as in CI) these tests talk to the real PostgreSQL and
Redis and never skip; with them unset they check the embedded defaults instead.
"""
import asyncio
import os
import uuid

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db import connection
from django.urls import reverse
from kombu.transport import redis as kombu_redis

from wildlands_site import env
from wildlands_site.celery import app as celery_app

DATABASE_URL = os.environ.get("DATABASE_URL", "").strip()
REDIS_URL = os.environ.get("REDIS_URL", "").strip()


@pytest.mark.django_db
def test_home_page_renders(client):
    response = client.get(reverse("games:home"))

    assert response.status_code == 200
    body = response.content.decode()
    # the house's games, each with its page (the ways to play are in the menu and on them)
    for name, slug in (("Wildlands", "wildlands"), ("Defenders of the Wild", "defenders")):
        assert name in body and f'href="/games/{slug}/"' in body
    for mode in ("Solo (The Awoken)", "Co-op (The Awoken)", "Skirmish"):
        assert mode in body


@pytest.mark.django_db
def test_healthz_answers_ok(client):
    response = client.get("/healthz")

    assert response.status_code == 200
    assert response.content == b"ok"



def run_bounded(coroutine, seconds: float = 60):
    """Run `coroutine` on an event loop of its own, and close that loop even if a task of
    the application under test does not finish when cancelled: `async_to_sync` (through
    `asyncio.run`) would wait for it for ever. Seen once, in CI under heavy load: this
    test's clean-up hung with a task that never ended."""
    loop = asyncio.new_event_loop()
    try:
        return loop.run_until_complete(asyncio.wait_for(coroutine, seconds))
    finally:
        pending = asyncio.all_tasks(loop)
        for task in pending:
            task.cancel()
        if pending:
            loop.run_until_complete(asyncio.wait(pending, timeout=10))
        loop.close()


@pytest.mark.django_db(transaction=True)
def test_asgi_application_serves_http_and_routes_websockets():
    from channels.testing import HttpCommunicator, WebsocketCommunicator

    from wildlands_site.asgi import application

    async def exchange():
        http = await HttpCommunicator(application, "GET", "/", headers=[(b"host", b"localhost")]).get_response()
        # A websocket passes the origin check and reaches the URL router, which knows no
        # such path (game consumers add theirs to games/routing.py).
        socket = WebsocketCommunicator(application, "/ws/nowhere/", headers=[
            (b"host", b"localhost"), (b"origin", b"http://localhost")])
        try:
            await socket.connect()
        except ValueError as error:
            routed = str(error)
        else:
            await socket.disconnect()
            routed = "connected"
        # A page on another site may not open a socket with the visitor's cookies.
        foreign = WebsocketCommunicator(application, "/ws/nowhere/", headers=[(b"origin", b"http://evil.example")])
        foreign_connected, _ = await foreign.connect()
        return http, routed, foreign_connected

    http, routed, foreign_connected = run_bounded(exchange())

    assert http["status"] == 200
    assert b"Wildlands" in http["body"]
    assert routed == "No route found for path 'ws/nowhere/'."
    assert foreign_connected is False

@pytest.mark.django_db
def test_database_is_the_one_configured():
    with connection.cursor() as cursor:
        if DATABASE_URL.startswith(("postgres://", "postgresql://", "pgsql://")):
            assert connection.vendor == "postgresql"
            cursor.execute("SELECT current_user, version()")
            user, version = cursor.fetchone()
            assert user == settings.DATABASES["default"]["USER"]
            assert version.startswith("PostgreSQL")
        else:
            assert connection.vendor == "sqlite"
            cursor.execute("SELECT sqlite_version()")
            assert cursor.fetchone()[0]


@pytest.mark.django_db(transaction=True)
def test_database_round_trip():
    """A real write and read through the ORM on the configured database."""
    from django.contrib.auth.models import Group

    Group.objects.create(name="wardens")

    assert list(Group.objects.values_list("name", flat=True)) == ["wardens"]


def test_channel_layer_round_trip():
    expected_backend = (
        "games.pipeline.channel_layer.PatientRedisPubSubChannelLayer" if REDIS_URL else "channels.layers.InMemoryChannelLayer"
    )
    assert settings.CHANNEL_LAYERS["default"]["BACKEND"] == expected_backend

    layer = get_channel_layer()
    group = f"infra-{uuid.uuid4().hex}"
    message = {"type": "game.event", "payload": {"version": 1, "event": "CharacterMoved"}}

    async def round_trip():
        channel = await layer.new_channel()
        await layer.group_add(group, channel)
        try:
            await layer.group_send(group, message)
            return await layer.receive(channel)
        finally:
            await layer.group_discard(group, channel)

    assert async_to_sync(round_trip)() == message


def test_celery_broker_connection():
    if REDIS_URL:
        assert celery_app.conf.task_always_eager is False
        assert celery_app.conf.broker_url == REDIS_URL
    else:
        assert celery_app.conf.task_always_eager is True
        assert celery_app.conf.broker_url == "memory://"
    assert celery_app.conf.task_acks_late is True

    with celery_app.connection() as conn:
        conn.ensure_connection(max_retries=1)
        assert conn.connected
        if REDIS_URL:  # kombu's Redis transport, one client object a channel
            assert conn.transport_cls == "games.pipeline.broker_transport:Transport"
            assert isinstance(conn.transport, kombu_redis.Transport)



# --- Settings from the environment fail loudly -------------------------------------------

@pytest.mark.parametrize(
    ("helper", "value", "fragment"),
    [
        (lambda: env.env_bool("WL_TEST_VAR", default=False), "maybe", "expected one of 1/0"),
        (lambda: env.env_int("WL_TEST_VAR", default=0), "soon", "whole number"),
        (lambda: env.env_int("WL_TEST_VAR", default=0, minimum=0), "-1", ">= 0"),
        (lambda: env.env_list("WL_TEST_VAR", default=[]), "a,,b", "no empty items"),
        (lambda: env.env_database("WL_TEST_VAR", default="sqlite:///x"), "postgress://u@h/db", "starting with"),
        (lambda: env.env_database("WL_TEST_VAR", default="sqlite:///x"), "postgres://u@h", "names no database"),
        (lambda: env.env_redis_url("WL_TEST_VAR"), "http://h:6379/0", "starting with"),
        (lambda: env.env_redis_url("WL_TEST_VAR"), "redis://h:port/0", "not a number"),
        (lambda: env.env_email("WL_TEST_VAR", default="consolemail://"), "bogus://h", "bogus"),
    ],
)
def test_malformed_environment_values_are_refused(monkeypatch, helper, value, fragment):
    monkeypatch.setenv("WL_TEST_VAR", value)

    with pytest.raises(ImproperlyConfigured) as raised:
        helper()

    assert "WL_TEST_VAR" in str(raised.value)
    assert fragment in str(raised.value)


def test_error_messages_do_not_leak_passwords(monkeypatch):
    monkeypatch.setenv("WL_TEST_VAR", "postgress://player:hunter2@db:5432/wildlands")

    with pytest.raises(ImproperlyConfigured) as raised:
        env.env_database("WL_TEST_VAR", default="sqlite:///x")

    assert "hunter2" not in str(raised.value)
    assert "player:***@db:5432" in str(raised.value)


def test_well_formed_environment_values_are_read(monkeypatch):
    monkeypatch.setenv("WL_BOOL", "Yes")
    monkeypatch.setenv("WL_LIST", "example.org, www.example.org")
    monkeypatch.setenv("WL_DB", "postgres://u:p@db:5433/wildlands")
    monkeypatch.setenv("WL_EMPTY", "")

    assert env.env_bool("WL_BOOL", default=False) is True
    assert env.env_bool("WL_EMPTY", default=True) is True
    assert env.env_list("WL_LIST", default=[]) == ["example.org", "www.example.org"]
    database = env.env_database("WL_DB", default="sqlite:///x")
    assert (database["ENGINE"], database["HOST"], database["PORT"], database["NAME"]) == (
        "django.db.backends.postgresql", "db", 5433, "wildlands"
    )
    assert env.env_redis_url("WL_EMPTY") is None


# -- the serving processes' collector (wildlands_site.gc_tuning) ---------------------------------
def _collector_after(code: str) -> list:
    """gc's thresholds and frozen count in a fresh interpreter after `code` (a subprocess:
    the settings are process-wide and the test run keeps its own)."""
    import json
    import subprocess
    import sys

    probe = f"{code}\nimport gc, json\nprint(json.dumps([gc.get_threshold(), gc.get_freeze_count()]))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          timeout=120, cwd=settings.BASE_DIR,
                          env={**os.environ, "DJANGO_SETTINGS_MODULE": "wildlands_site.settings"})
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_web_process_freezes_what_it_loaded_and_collects_cycles_less_often():
    from wildlands_site.gc_tuning import THRESHOLDS

    thresholds, frozen = _collector_after("import wildlands_site.asgi")
    assert tuple(thresholds) == THRESHOLDS
    assert frozen > 50_000  # Django, the rules and the site, never walked again


def test_the_celery_worker_runs_its_collector_as_the_web_does():
    from wildlands_site.gc_tuning import THRESHOLDS

    thresholds, frozen = _collector_after(
        "import django; django.setup()\n"
        "from celery import signals\nfrom wildlands_site.celery import app\n"
        "signals.worker_init.send(sender=None)")
    assert tuple(thresholds) == THRESHOLDS
    assert frozen > 50_000
