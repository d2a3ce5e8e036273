"""Who a game socket is signed in as: the site's socket middleware
(wildlands_site.socket_auth) answers as Channels' AuthMiddlewareStack does, for a signed-in
session and for every way a session can fail, and with PostgreSQL finds a signed-in user
without crossing to the database thread."""
from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from channels.auth import AuthMiddlewareStack
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.contrib.sessions.models import Session
from django.test import Client

from games.pipeline import step_sql
from wildlands_site import socket_auth
from wildlands_site.socket_auth import SocketAuthMiddlewareStack

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

db = sync_to_async

STACKS = {"the site's": SocketAuthMiddlewareStack, "Channels'": AuthMiddlewareStack}


async def signed_in_as(stack, cookie: str | None) -> object:
    """The user a socket opened with this session cookie finds in its scope."""
    seen = []

    async def who(scope, receive, send):
        seen.append(scope["user"])
        await receive()
        await send({"type": "websocket.accept"})

    headers = [(b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie}".encode())] if cookie else []
    socket = WebsocketCommunicator(STACKS[stack](who), "/ws/play/x/", headers=headers)
    connected, _ = await socket.connect(timeout=5)
    await socket.disconnect()
    assert connected
    user = seen[0]
    return user if user.is_authenticated else None


def session_cookie(user) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies[settings.SESSION_COOKIE_NAME].value


@pytest.mark.parametrize("stack", STACKS)
async def test_a_signed_in_session_opens_a_socket_as_its_user(stack, owner):
    cookie = await db(session_cookie)(owner)
    user = await signed_in_as(stack, cookie)
    assert (user.pk, user.username) == (owner.pk, owner.username)


@pytest.mark.parametrize("stack", STACKS)
async def test_no_cookie_or_an_unknown_one_is_nobody(stack):
    assert await signed_in_as(stack, None) is None
    assert await signed_in_as(stack, "x" * 32) is None
    assert await signed_in_as(stack, "not a key!") is None


@pytest.mark.parametrize("stack", STACKS)
async def test_a_password_changed_since_signing_in_ends_the_session(stack, owner):
    cookie = await db(session_cookie)(owner)

    def change_password():
        owner.set_password("another-password-42")
        owner.save()

    await db(change_password)()
    assert await signed_in_as(stack, cookie) is None
    assert not await db(Session.objects.filter(session_key=cookie).exists)(), \
        "flushed, as Channels does"


@pytest.mark.parametrize("stack", STACKS)
async def test_an_inactive_user_or_a_removed_backend_is_nobody(stack, owner, teammate,
                                                               settings):
    cookie = await db(session_cookie)(owner)

    def deactivate():
        owner.is_active = False
        owner.save()

    await db(deactivate)()
    assert await signed_in_as(stack, cookie) is None

    other = await db(session_cookie)(teammate)
    settings.AUTHENTICATION_BACKENDS = ["django.contrib.auth.backends.RemoteUserBackend"]
    assert await signed_in_as(stack, other) is None


@pytest.mark.parametrize("stack", STACKS)
async def test_an_expired_session_is_nobody(stack, owner):
    cookie = await db(session_cookie)(owner)

    def expire():
        from django.utils import timezone

        Session.objects.filter(session_key=cookie).update(expire_date=timezone.now())

    await db(expire)()
    assert await signed_in_as(stack, cookie) is None


async def test_on_postgresql_a_signed_in_socket_never_crosses_to_the_database_thread(
        owner, monkeypatch):
    if not await db(step_sql.can_write_conditionally)():
        pytest.skip("the event loop's own connections are PostgreSQL's (CI runs this)")
    cookie = await db(session_cookie)(owner)

    async def crossed(scope):
        raise AssertionError("crossed to the database thread")

    monkeypatch.setattr(socket_auth, "get_user", crossed)
    user = await signed_in_as("the site's", cookie)
    assert user.pk == owner.pk
