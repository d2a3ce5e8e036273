"""A live site on loopback for the fault tests and the site benchmarks: daphne and
redis-server as real processes, and websocket clients that behave like the board page.

Everything listens on 127.0.0.1 only, on ports picked free at start, and every process
started here is stopped by the object that started it (by its own pid).

`LiveClient` keeps what a browser keeps: the event seqs taken in order, the newest version;
it reconnects (with `?last_seq=`) when the socket drops and sends `resync` when it sees a
gap, so a test can check that a client "lost nothing": its seqs are exactly 1..last_seq.
Given other ports (other web processes of the same site), it reconnects to the next one
that answers when its own is gone, as a proxy in front of several web processes would.
"""
from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Awaitable, Callable, Optional

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing listening on 127.0.0.1:{port} after {seconds}s")


class Service:
    """One child process, stopped by its own pid."""

    def __init__(self, args: list[str], *, env: Optional[dict] = None, log: Optional[Path] = None,
                 port: Optional[int] = None) -> None:
        self.args, self.env, self.log, self.port = args, env, log, port
        self.process: Optional[subprocess.Popen] = None

    def start(self) -> "Service":
        out = self.log.open("ab") if self.log else subprocess.DEVNULL
        self.process = subprocess.Popen(self.args, cwd=ROOT, env=self.env, stdout=out,
                                        stderr=subprocess.STDOUT)
        if self.port:
            try:
                wait_for_port(self.port)
            except RuntimeError:
                self.stop()
                raise
        return self

    def stop(self, timeout: float = 15) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=timeout)

    @property
    def pid(self) -> Optional[int]:
        return None if self.process is None else self.process.pid


def redis_server(port: int, log: Optional[Path] = None) -> Service:
    """A throwaway redis-server (no persistence: a restart loses everything, as in CI)."""
    return Service(["redis-server", "--bind", "127.0.0.1", "--port", str(port), "--save", "",
                    "--appendonly", "no"], log=log, port=port)


def daphne(port: int, *, database_url: str, redis_url: str, log: Optional[Path] = None,
           extra_env: Optional[dict] = None,
           app: str = "wildlands_site.asgi:application") -> Service:
    env = {**os.environ, "DATABASE_URL": database_url, "REDIS_URL": redis_url,
           "SECRET_KEY": os.environ.get("SECRET_KEY", "benchmark-and-fault-tests-only"),
           "LOG_LEVEL": os.environ.get("LIVE_LOG_LEVEL", "WARNING"), **(extra_env or {})}
    return Service([sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
                    app], env=env, log=log, port=port)


# The production web server as docker-compose.yml's `web` service runs it: uvicorn, one
# process per core (each with its own database thread; Redis is the shared channel layer).
WEB_PROCESSES = 2
# As shipped: socket messages uncompressed, whatever the client asks (docker-compose.yml).
SHIPPED_SOCKET_FLAGS = ("--ws-per-message-deflate", "false")


def web_server(port: int, *, database_url: str, redis_url: str, log: Optional[Path] = None,
               extra_env: Optional[dict] = None, app: str = "wildlands_site.asgi:application",
               processes: int = WEB_PROCESSES) -> Service:
    """The site served as in production (`processes` uvicorn workers on one port)."""
    env = {**os.environ, "DATABASE_URL": database_url, "REDIS_URL": redis_url,
           "SECRET_KEY": os.environ.get("SECRET_KEY", "benchmark-and-fault-tests-only"),
           "LOG_LEVEL": os.environ.get("LIVE_LOG_LEVEL", "WARNING"), **(extra_env or {})}
    return Service([sys.executable, "-m", "uvicorn", app, "--host", "127.0.0.1",
                    "--port", str(port), "--workers", str(processes), "--no-access-log",
                    *SHIPPED_SOCKET_FLAGS, "--log-level", "warning"], env=env, log=log, port=port)


def celery_worker(*, database_url: str, redis_url: str, log: Optional[Path] = None,
                  shipped: bool = False, pool_kind: str = "threads") -> Service:
    """A Celery worker for the Ancients' turns: as docker-compose.yml's `worker` service runs
    it (`shipped`: two threads; `pool_kind` "prefork" for two child processes instead), or
    one process (`--pool=solo`)."""
    env = {**os.environ, "DATABASE_URL": database_url, "REDIS_URL": redis_url}
    pool = ([f"--pool={pool_kind}", "--concurrency=2", "--prefetch-multiplier=1"] if shipped
            else ["--pool=solo"])
    return Service([sys.executable, "-m", "celery", "-A", "wildlands_site", "worker", "-Q", "celery",
                    *pool, "--without-heartbeat", "--without-gossip", "--without-mingle",
                    "-l", "WARNING"], env=env, log=log)


def bench_main(run: Callable[..., Awaitable[None]], args: Any, *,
               client_loop: str = "asyncio") -> None:
    """A site benchmark's run once its arguments are read: Django set up against the
    benchmark's PostgreSQL and Redis (benchmarks/bench_env.py), the machine described, then
    `run(args, database_url, redis_url)`, and how long it all took. The clients' process
    runs its collector as the site's processes do (wildlands_site.gc_tuning): it stands in
    for hundreds of browsers, and its own full collections (400 ms walks of every client's
    updates at 300 load games) were being counted as the site's latency. `client_loop`
    "uvloop" runs the clients on the event loop the web processes use: for the load run,
    whose 2,000 sockets stand in for browsers on other machines but share the two cores."""
    from benchmarks.bench_env import machine, setup_django
    from wildlands_site.gc_tuning import settle_after_startup

    started = time.monotonic()
    urls = setup_django()
    settle_after_startup()
    print("\n".join(machine()))
    if client_loop == "uvloop":
        import uvloop

        uvloop.run(run(args, *urls))
    else:
        asyncio.run(run(args, *urls))
    print(f"(ran {time.monotonic() - started:.0f} s)")


def numbers(text: str) -> list[int]:
    """A comma-separated list of whole numbers, as the benchmarks' step arguments take."""
    return [int(x) for x in text.split(",") if x]


def database_url(db: dict) -> str:
    """A DATABASE_URL for Django's settings dict (PostgreSQL)."""
    return (f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST'] or '127.0.0.1'}:"
            f"{db['PORT'] or 5432}/{db['NAME']}")


def session_cookie(user) -> str:
    """A signed-in session for `user` (stored in the database the server reads)."""
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


def make_users() -> tuple[list, list[str]]:
    """The benchmarks' two players (made once, kept in the benchmark database) and a
    signed-in session cookie for each."""
    return _pair("bench-a", "bench-b")


def table_people(count: int, first: int, prefix: str = "bench-t") -> list[tuple[list, list[str]]]:
    """A pair of players (made once, kept in the benchmark database) with their session
    cookies for each of `count` tables, numbered from `first`. Every table has people of its
    own, as on the real site: the game socket caps the sockets one user holds in a web
    process (`consumers.MAX_SOCKETS_PER_USER`), so two players seated at every table would
    have all but a few of their sockets closed."""
    return [_pair(f"{prefix}{i}-a", f"{prefix}{i}-b") for i in range(first, first + count)]


def _pair(*names: str) -> tuple[list, list[str]]:
    from django.contrib.auth import get_user_model

    User = get_user_model()
    users = [User.objects.get_or_create(username=name)[0] for name in names]
    return users, [session_cookie(u) for u in users]


class SocketClient:
    """A websocket client with a reader task; `closed` tells the reader that the end of the
    socket is ours, not a drop."""

    ws: Any = None
    _reader: Optional[asyncio.Task] = None
    closed = False

    async def close(self) -> None:
        self.closed = True
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)


class LiveClient(SocketClient):
    """One browser tab's socket for one seat."""

    def __init__(self, port: int, game_id: Any, seat: str, cookie: str, *,
                 other_ports: tuple[int, ...] = ()) -> None:
        self.port, self.game_id, self.seat, self.cookie = port, str(game_id), seat, cookie
        self.ports = [port, *other_ports]
        self.ws = None
        self.seqs: list[int] = []
        self.last = 0
        self.version = -1
        self.pending_resync = False
        self.replies: dict[Any, asyncio.Future] = {}
        self.reconnects = 0
        self.resyncs = 0
        self.errors: list[dict] = []
        self.updated = asyncio.Event()
        self._reader: Optional[asyncio.Task] = None
        self.closed = False

    # -- connection ----------------------------------------------------------------------------
    async def connect(self, *, retry_for: float = 30) -> None:
        import websockets

        deadline = time.monotonic() + retry_for
        delay = 0.1
        while True:
            url = f"ws://127.0.0.1:{self.port}/ws/play/{self.game_id}/?last_seq={self.last}"
            try:
                self.ws = await websockets.connect(
                    url, origin=f"http://127.0.0.1:{self.port}",  # offers deflate, as browsers do
                    additional_headers={"Cookie": f"sessionid={self.cookie}"},
                    open_timeout=5, max_size=4 * 1024 * 1024)
                break
            except (OSError, asyncio.TimeoutError, websockets.exceptions.WebSocketException):
                if time.monotonic() > deadline:
                    raise
                # this web process is gone or busy: the next one (if any) on the next try
                self.port = self.ports[(self.ports.index(self.port) + 1) % len(self.ports)]
                await asyncio.sleep(delay)
                delay = min(delay * 2, 1.0)
        self._reader = asyncio.create_task(self._read(self.ws))

    async def _read(self, ws) -> None:
        import websockets

        try:
            async for raw in ws:
                await self._take(json.loads(raw))
        except websockets.exceptions.ConnectionClosed:
            pass
        if not self.closed:  # the server went away: come back like the board page does
            self.reconnects += 1
            for future in self.replies.values():
                if not future.done():
                    future.set_result({"type": "lost"})
            await self.connect()

    # -- messages --------------------------------------------------------------------------------
    async def _take(self, message: dict) -> None:
        kind = message.get("type")
        if kind in ("ack", "rejected"):
            future = self.replies.get(message.get("id"))
            if future is not None and not future.done():
                future.set_result(message)
            return
        if kind == "error":
            self.errors.append(message)
            for future in self.replies.values():  # an error carries no id: it answers the oldest
                if not future.done():
                    future.set_result(message)
                    break
            return
        if kind != "update":
            return
        seqs = [e["seq"] for e in message["events"]]
        if message.get("resync"):
            self.pending_resync = False
            seqs = [s for s in seqs if s > self.last]
        elif self.pending_resync:
            return
        elif (seqs and seqs[0] > self.last + 1) or (not seqs and message["last_seq"] > self.last):
            await self.resync()
            return
        else:
            seqs = [s for s in seqs if s > self.last]  # a reconnect's greeting may overlap
        self.seqs += seqs
        self.last = max(self.last, message["last_seq"])
        self.version = max(self.version, message["version"])
        self.updated.set()

    async def resync(self) -> None:
        self.pending_resync = True
        self.resyncs += 1
        await self.ws.send(json.dumps({"type": "resync", "last_seq": self.last}))

    async def command(self, message_id: Any, expected_version: int, command: dict,
                      timeout: float = 10) -> dict:
        """Send one command; the ack, rejection or error that answers it ({"type": "lost"}
        if the socket dropped first, {"type": "timeout"} if nothing came)."""
        future = asyncio.get_running_loop().create_future()
        self.replies[message_id] = future
        try:
            await self.ws.send(json.dumps({"type": "command", "id": message_id,
                                           "expected_version": expected_version,
                                           "command": command}))
        except Exception:
            self.replies.pop(message_id, None)
            return {"type": "lost"}
        try:
            return await asyncio.wait_for(future, timeout)
        except asyncio.TimeoutError:
            return {"type": "timeout"}
        finally:
            self.replies.pop(message_id, None)

    async def wait_version(self, version: int, timeout: float = 10) -> bool:
        deadline = time.monotonic() + timeout
        while self.version < version or self.pending_resync:
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            self.updated.clear()
            try:
                await asyncio.wait_for(self.updated.wait(), min(left, 1.0))
            except asyncio.TimeoutError:
                pass
        return True
