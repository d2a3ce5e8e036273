"""A game socket's session and signed-in user, read on the event loop when Django would
accept them without writing anything.

Channels' AuthMiddlewareStack reads a socket's session and then its user on the database
thread: a crossing and two statements through Django's cursors for every socket a browser
opens, the largest part of an opening once the seat and presence reads had moved to the
loop (docs/performance.md). With PostgreSQL the same two statements
(`accounts.session_store`, `accounts.user_read`) run here on the loop's own connection, and
the user is taken only when every test Channels makes passes: the session is found and not
expired, it names one of the model backends of AUTHENTICATION_BACKENDS, its user exists and
may sign in, and the session's hash of the user's password is the user's own. Anything else
(no cookie, an unknown or expired session, another backend, a password changed since, which
makes Channels flush the session) goes to Channels' own `get_user` on the thread, which
decides as ever.

Channels' session middleware also wraps every message a socket sends, to save a changed
session and set its cookie on an HTTP response; a websocket never sends one, so the socket's
session here is the store itself, with no wrapper on its sends.
"""
from __future__ import annotations

from importlib import import_module
from typing import Any, Optional

from channels.auth import get_user
from channels.middleware import BaseMiddleware
from channels.sessions import CookieMiddleware
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, load_backend
from django.contrib.auth.backends import ModelBackend
from django.utils.crypto import constant_time_compare

from accounts import user_read
from accounts.throttle import ThrottledModelBackend
from games.pipeline.on_loop import rows_on_loop

# Backends whose `get_user` is the user read by key, if the user may sign in: the read the
# loop makes.
_READ_BY_KEY = (ModelBackend.get_user, ThrottledModelBackend.get_user)


class SocketSessionMiddleware(BaseMiddleware):
    """The socket's session store in `scope["session"]`, from its cookie (CookieMiddleware
    above reads the cookies); nothing is read until the session is used."""

    async def __call__(self, scope: dict, receive: Any, send: Any) -> Any:
        if "session" not in scope:
            store = import_module(settings.SESSION_ENGINE).SessionStore
            scope = dict(scope, session=store(scope["cookies"].get(settings.SESSION_COOKIE_NAME)))
        return await super().__call__(scope, receive, send)


class SocketAuthMiddleware(BaseMiddleware):
    """The socket's user in `scope["user"]`: the signed-in user or AnonymousUser."""

    async def __call__(self, scope: dict, receive: Any, send: Any) -> Any:
        session = scope["session"]
        user = await signed_in_on_loop(session)
        if user is None:
            user = await get_user({"session": session})  # Channels' way, on the thread
        return await super().__call__(dict(scope, user=user), receive, send)


def SocketAuthMiddlewareStack(inner: Any) -> Any:
    """Channels' AuthMiddlewareStack for the game sockets, read on the loop when it can."""
    return CookieMiddleware(SocketSessionMiddleware(SocketAuthMiddleware(inner)))


async def signed_in_on_loop(session: Any) -> Optional[Any]:
    """The session's user when it is read on the loop's connection and passes every test of
    Channels' `get_user`; None otherwise (the caller asks Channels). The session's data is
    left loaded in `session`, as its own `load` would have left it."""
    load_statement = getattr(session, "load_statement", None)
    if load_statement is None or session.session_key is None:
        return None
    rows = await rows_on_loop(*load_statement())
    if rows is None:
        return None
    data = session._session_cache = session.loaded(rows[0] if rows else None)
    try:
        backend_path = data[BACKEND_SESSION_KEY]
        statement = user_read.user_statement(data[SESSION_KEY])
    except KeyError:
        return None
    if backend_path not in settings.AUTHENTICATION_BACKENDS or statement is None:
        return None
    backend = load_backend(backend_path)
    if type(backend).get_user not in _READ_BY_KEY:
        return None
    rows = await rows_on_loop(*statement)
    if not rows:
        return None
    user = user_read.user_from_row(rows[0])
    if not backend.user_can_authenticate(user):
        return None
    session_hash = data.get(HASH_SESSION_KEY)
    if not session_hash or not constant_time_compare(session_hash,
                                                     user.get_session_auth_hash()):
        return None
    return user
