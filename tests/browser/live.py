"""The whole site (HTTP and websockets) served by daphne for browser tests.

Why not pytest-django's `live_server`: it is WSGI only, so the board's websocket would have
nowhere to go. Why not `channels.testing.ChannelsLiveServerTestCase`: it forks a daphne
process, which cannot see pytest's in-memory SQLite test database and ties the tests to
unittest classes. Here daphne runs in a thread of the test process with the site's ASGI
application: it shares the test database (Django's in-memory SQLite test database is a
shared-cache database every connection of the process sees; PostgreSQL works as is), the
in-memory channel layer and eager Celery, exactly the embedded mode of `make run`; static
files are served from the apps' folders as `runserver` does.

Tests that use it need committed data (`transactional_db`) and, because Playwright's sync
API runs an event loop in the test thread, DJANGO_ALLOW_ASYNC_UNSAFE for the ORM calls they
make themselves.

Twisted's reactor cannot be restarted, so there is one server per test session.
"""
from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Optional


class LiveSite:
    """daphne serving `wildlands_site.asgi.application` on 127.0.0.1 and a free port."""

    def __init__(self) -> None:
        self.port: Optional[int] = None
        self._server = None
        self._thread: Optional[threading.Thread] = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 15.0) -> "LiveSite":
        from daphne.endpoints import build_endpoint_description_strings
        from daphne.server import Server

        from channels.routing import ProtocolTypeRouter
        from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler

        from wildlands_site.asgi import application as site

        # Static files come from the apps' folders (as runserver does), so tests need no
        # collectstatic; everything else is the site's own ASGI application.
        application = ProtocolTypeRouter({
            "http": ASGIStaticFilesHandler(site.application_mapping["http"]),
            "websocket": site.application_mapping["websocket"],
        })
        ready = threading.Event()
        self._server = Server(
            application=application,
            endpoints=build_endpoint_description_strings(host="127.0.0.1", port=0),
            signal_handlers=False,
            verbosity=0,
            ready_callable=ready.set,
        )
        self._thread = threading.Thread(target=self._server.run, name="daphne", daemon=True)
        self._thread.start()
        if not ready.wait(timeout):
            raise RuntimeError("daphne did not start")
        for _ in range(int(timeout * 20)):
            if self._server.listening_addresses:
                break
            ready.wait(0.05)
        if not self._server.listening_addresses:
            raise RuntimeError("daphne is not listening")
        self.port = self._server.listening_addresses[0][1]
        return self

    def stop(self) -> None:
        from twisted.internet import reactor

        if self._server is not None and reactor.running:
            reactor.callFromThread(reactor.stop)
        if self._thread is not None:
            self._thread.join(timeout=5)


_SESSION: list = []


def session_site() -> tuple["LiveSite", bool]:
    """The process's one LiveSite, started on first use, and whether this call started it
    (the caller that did stops it): tests/conftest.py's `site` fixture may be set up twice in
    a session, once for tests/ and once for an example app's tests that import it."""
    if _SESSION:
        return _SESSION[0], False
    _SESSION.append(LiveSite().start())
    return _SESSION[0], True


def game_state_now(game_id: Any):
    """The game's engine state at its stored version (the stored snapshot may be some
    versions older: `games.history.catch_up`), with `game_row`'s retries."""
    from django.db import OperationalError

    from games import selectors
    for _ in range(100):
        try:
            return selectors.game_state(game_row(game_id))
        except OperationalError as exc:
            if "locked" not in str(exc):
                raise
            time.sleep(0.05)
    return selectors.game_state(game_row(game_id))


def game_row(game_id: Any):
    """The stored game, read by the test while the live site may be writing it. With SQLite
    the test database is one shared-cache database, where a read that meets a write in
    progress fails at once with "table is locked" (no busy timeout applies): try again."""
    from django.db import OperationalError

    from games.models import Game
    for _ in range(100):
        try:
            return Game.objects.get(pk=game_id)
        except OperationalError as exc:
            if "locked" not in str(exc):
                raise
            time.sleep(0.05)
    return Game.objects.get(pk=game_id)


def off_loop(fn, *args, **kwargs):
    """Call `fn` in a thread of its own: the services broadcast with async_to_sync, which
    refuses to run in this thread, where Playwright's event loop lives."""
    from django.db import connection

    def run():
        try:
            return fn(*args, **kwargs)
        finally:
            connection.close()

    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(run).result()
