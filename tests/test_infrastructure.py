"""The skeleton works end to end with whichever backing services the environment names.

With DATABASE_URL / REDIS_URL set (as in CI) these tests talk to the real PostgreSQL and
Redis and never skip; with them unset they check the embedded defaults instead.
"""
import os
import uuid

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import connection
from django.urls import reverse

from wildlands_site.celery import app as celery_app

DATABASE_URL = os.environ.get("DATABASE_URL", "").strip()
REDIS_URL = os.environ.get("REDIS_URL", "").strip()


@pytest.mark.django_db
def test_home_page_renders(client):
    response = client.get(reverse("games:home"))

    assert response.status_code == 200
    body = response.content.decode()
    assert "Wildlands" in body
    for mode in ("Play solo", "Co-op", "Skirmish"):
        assert mode in body


@pytest.mark.django_db
def test_healthz_answers_ok(client):
    response = client.get("/healthz")

    assert response.status_code == 200
    assert response.content == b"ok"


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
        "channels_redis.core.RedisChannelLayer" if REDIS_URL else "channels.layers.InMemoryChannelLayer"
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
        if REDIS_URL:
            assert conn.transport_cls == "redis"

