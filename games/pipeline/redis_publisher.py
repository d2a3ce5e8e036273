"""PUBLISH commands to one Redis on a connection of their own, written in Redis's protocol
here rather than by redis-py.

Every stored change is published to each seat's group (`games.pipeline.channel_layer`).
Through redis-py's asyncio pipeline that took about 0.9 ms of the web process's CPU a
change, traced in the round-trip benchmark: more than the rules and the step's statement
together (docs/performance.md). A PUBLISH is a few bytes around the message and its reply
is one integer, so this writes the one and counts the other. The replies are still awaited:
a change is on Redis before what follows it is sent (the opponent's turn, whose step must
never reach a socket first).

Only for a plain `redis://` address, with or without a user and password; any other set-up
(TLS, a socket path, a sentinel, options of its own) keeps redis-py's way
(`RedisPublisher.for_host` says None).

Sync code (a Celery worker's step) publishes the same way with `SyncRedisPublisher`, one
blocking socket a thread: through redis-py's pipeline a step's two 12 KB updates cost the
worker 81 µs of CPU, written here 36 (docs/performance.md).
"""
from __future__ import annotations

import asyncio
import socket
import threading
from collections import deque
from typing import Any, Optional, Sequence
from urllib.parse import unquote, urlsplit

# How long a publish waits for Redis's replies before the connection is given up.
REPLY_TIMEOUT_SECONDS = 10.0
DEFAULT_PORT = 6379


class RedisReplyError(Exception):
    """Redis answered a command with an error (as redis-py's ResponseError would)."""


def _take_reply(buffer: bytearray) -> tuple[bool, Optional[RedisReplyError]]:
    """The first whole reply line taken off `buffer`: (False, None) when none has come
    whole yet, else (True, the error it is, or None). A PUBLISH or AUTH reply is one line."""
    end = buffer.find(b"\r\n")
    if end < 0:
        return False, None
    error = (RedisReplyError(bytes(buffer[1:end]).decode(errors="replace"))
             if buffer.startswith(b"-") else None)
    del buffer[:end + 2]
    return True, error


class _Replies(asyncio.Protocol):
    """One connection: each batch of commands written with a future that its replies
    complete, in order (Redis answers a connection's commands in the order it sent them)."""

    def __init__(self) -> None:
        self.transport: Optional[asyncio.Transport] = None
        self.waiting: deque[list[Any]] = deque()  # [future, replies still due, first error]
        self.buffer = bytearray()
        self.lost = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def send(self, data: bytes, replies: int) -> "asyncio.Future[None]":
        if self.lost or self.transport is None:
            raise ConnectionError("the publishing connection to Redis is closed")
        future = asyncio.get_running_loop().create_future()
        self.waiting.append([future, replies, None])
        self.transport.write(data)
        return future

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        while self.waiting:
            taken, error = _take_reply(self.buffer)
            if not taken:
                return
            batch = self.waiting[0]
            if batch[2] is None:
                batch[2] = error
            batch[1] -= 1
            if batch[1] == 0:
                self.waiting.popleft()
                future, _, error = batch
                if not future.done():
                    if error is None:
                        future.set_result(None)
                    else:
                        future.set_exception(error)

    def connection_lost(self, exc: Optional[Exception]) -> None:
        self.lost = True
        while self.waiting:
            future = self.waiting.popleft()[0]
            if not future.done():
                future.set_exception(ConnectionError("Redis closed the publishing connection"))

    def close(self) -> None:
        self.lost = True
        if self.transport is not None:
            self.transport.close()


def command(*parts: bytes) -> bytes:
    """One command in Redis's protocol (an array of bulk strings)."""
    return b"*%d\r\n" % len(parts) + b"".join(b"$%d\r\n%b\r\n" % (len(p), p) for p in parts)


def auth_command(username: Optional[str], password: str) -> bytes:
    """AUTH with a password, and a user when one is named (Redis 6's ACL users)."""
    if username:
        return command(b"AUTH", username.encode(), password.encode())
    return command(b"AUTH", password.encode())


def plain_address(host: dict) -> Optional[tuple[str, int, Optional[str], Optional[str]]]:
    """(host, port, user, password) of a channels-redis host entry, or None when it is not
    a plain `redis://` address without options (but `protocol`, which is redis-py's reading
    of replies: a PUBLISH's is the same integer in either)."""
    if not set(host) <= {"address", "protocol"} or not isinstance(host.get("address"), str):
        return None
    url = urlsplit(host["address"])
    if url.scheme != "redis" or not url.hostname:
        return None
    return (url.hostname, url.port or DEFAULT_PORT,
            unquote(url.username) if url.username else None,
            unquote(url.password) if url.password else None)


def publish_commands(messages: Sequence[tuple[str, bytes]]) -> bytes:
    """PUBLISH each (channel, message), in order, as one write."""
    return b"".join(command(b"PUBLISH", channel.encode(), message) for channel, message in messages)


class RedisPublisher:
    """PUBLISH to one Redis, from one event loop (its connection is that loop's)."""

    def __init__(self, host: str, port: int, username: Optional[str] = None,
                 password: Optional[str] = None) -> None:
        self.host, self.port, self.username, self.password = host, port, username, password
        self._replies: Optional[_Replies] = None
        self._connecting = asyncio.Lock()

    @classmethod
    def for_host(cls, host: dict) -> Optional["RedisPublisher"]:
        """The publisher for a channels-redis host entry, or None when it is not a plain
        `redis://` address (`plain_address`)."""
        address = plain_address(host)
        return None if address is None else cls(*address)

    async def publish_many(self, messages: Sequence[tuple[str, bytes]]) -> None:
        """Publish each (channel, message) in order, in one write, and wait for Redis to
        have taken them all."""
        if messages:
            await self._sent(publish_commands(messages), len(messages))

    async def _sent(self, data: bytes, replies: int) -> None:
        """Written and answered; on a kept connection Redis has dropped (a restart, an idle
        timeout) once more on a new one. A message may then reach Redis twice, which a
        socket ignores (it skips a change it has sent)."""
        kept = self._replies
        if kept is not None and not kept.lost:
            try:
                await self._answered(kept, data, replies)
                return
            except ConnectionError:
                pass
        await self._answered(await self._connect(), data, replies)

    @staticmethod
    async def _answered(connection: _Replies, data: bytes, replies: int) -> None:
        try:
            async with asyncio.timeout(REPLY_TIMEOUT_SECONDS):
                await connection.send(data, replies)
        except (TimeoutError, asyncio.CancelledError):
            connection.close()  # replies may still come for it: never reuse it
            raise

    async def _connect(self) -> _Replies:
        async with self._connecting:
            if self._replies is not None and not self._replies.lost:
                return self._replies
            loop = asyncio.get_running_loop()
            _, connection = await loop.create_connection(_Replies, self.host, self.port)
            if self.password is not None:
                try:
                    await self._answered(connection, auth_command(self.username, self.password), 1)
                except BaseException:
                    connection.close()
                    raise
            self._replies = connection
            return connection

    def close(self) -> None:
        if self._replies is not None:
            self._replies.close()
            self._replies = None


class SyncRedisPublisher:
    """PUBLISH to one Redis from sync code: a blocking connection for each thread that
    publishes (a worker runs its tasks in threads), made on its first publish."""

    def __init__(self, host: str, port: int, username: Optional[str] = None,
                 password: Optional[str] = None, *,
                 timeout: float = REPLY_TIMEOUT_SECONDS) -> None:
        self.host, self.port, self.username, self.password = host, port, username, password
        self.timeout = timeout
        self._local = threading.local()

    @classmethod
    def for_host(cls, host: dict, *, timeout: float = REPLY_TIMEOUT_SECONDS
                 ) -> Optional["SyncRedisPublisher"]:
        """As `RedisPublisher.for_host`."""
        address = plain_address(host)
        return None if address is None else cls(*address, timeout=timeout)

    def publish_many(self, messages: Sequence[tuple[str, bytes]]) -> None:
        """Publish each (channel, message) in order, in one write, and return once Redis has
        taken them all. A kept connection Redis has dropped is made again once, as the
        async publisher does; a message may then reach Redis twice, which a socket ignores."""
        if not messages:
            return
        data, replies = publish_commands(messages), len(messages)
        kept = getattr(self._local, "connection", None)
        if kept is not None:
            try:
                self._kept_answered(kept, data, replies)
                return
            except ConnectionError:
                pass
        self._kept_answered(self._connect(), data, replies)

    def _kept_answered(self, connection: socket.socket, data: bytes, replies: int) -> None:
        """`_answered`, the connection dropped unless Redis answered in full (a refusal
        leaves it sound; after a timeout its replies may still come, so it is never reused)."""
        try:
            self._answered(connection, data, replies)
        except RedisReplyError:
            raise
        except BaseException:
            self._drop(connection)
            raise

    def _connect(self) -> socket.socket:
        connection = socket.create_connection((self.host, self.port), timeout=self.timeout)
        try:
            connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            if self.password is not None:
                self._answered(connection, auth_command(self.username, self.password), 1)
        except BaseException:
            connection.close()
            raise
        self._local.connection = connection
        return connection

    @staticmethod
    def _answered(connection: socket.socket, data: bytes, replies: int) -> None:
        """Write `data` and read its `replies` (one line each: a PUBLISH's integer, or an
        error, raised once all are read)."""
        connection.sendall(data)
        buffer, first_error = bytearray(), None
        while replies:
            taken, error = _take_reply(buffer)
            if not taken:
                chunk = connection.recv(4096)
                if not chunk:
                    raise ConnectionError("Redis closed the publishing connection")
                buffer += chunk
                continue
            first_error = first_error or error
            replies -= 1
        if first_error is not None:
            raise first_error

    def _drop(self, connection: socket.socket) -> None:
        connection.close()
        if getattr(self._local, "connection", None) is connection:
            self._local.connection = None

    def close(self) -> None:
        """Close this thread's connection."""
        kept = getattr(self._local, "connection", None)
        if kept is not None:
            self._drop(kept)
