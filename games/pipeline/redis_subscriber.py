"""SUBSCRIBE to one Redis on a connection of its own, its pushed messages read in Redis's
protocol here rather than by redis-py.

The channel layer (`games.pipeline.channel_layer`) hears on its subscriber connection every
message published to a group one of this process's sockets is in, its own publishes
included: a change is handed to this process's sockets before it is published, and Redis
still sends the copy back, which the layer recognises and drops. Read through redis-py's
`PubSub.get_message`, in a loop that waited for each message under a timeout, a change of
two seats cost the layer 330-390 µs of the process's CPU, against 170-210 read here
(`benchmarks/layer_bench.py`, docs/performance.md), most of it for copies nobody needed.
Here `data_received` cuts the messages out of what arrives and hands each on at once, with
no task woken for it and no wait timed.

A dropped connection is made again (every `RETRY_SECONDS`) and subscribed again to every
channel still wanted; what was published meanwhile is lost, as with redis-py, and the layer
watch (`games.pipeline.layer_watch`) tells the sockets to catch up once messages are heard
again. Only for a plain `redis://` address, as `RedisPublisher.for_host` reads it.
"""
from __future__ import annotations

import asyncio
import logging
from typing import Callable, Iterable, Optional

from games.pipeline.redis_publisher import (REPLY_TIMEOUT_SECONDS, RedisReplyError, auth_command,
                                            command)

logger = logging.getLogger(__name__)

RETRY_SECONDS = 1.0  # a lost connection is tried again this often
CONFIRM_SECONDS = 1.0  # a subscription is waited for at most this long (`subscribe`)
CHANNELS_A_COMMAND = 512  # a resubscription names at most this many channels a command

Heard = Callable[[bytes, bytes], None]  # (channel, message)
_INCOMPLETE = object()


def _element(buffer: bytearray, start: int) -> tuple[object, int]:
    """The RESP2 element at `start` and the offset after it, or (_INCOMPLETE, start) when
    the buffer does not hold all of it yet. Bulk strings come back as bytes, integers as
    int, simple strings as str, errors as RedisReplyError, arrays as lists."""
    end = buffer.find(b"\r\n", start)
    if end < 0:
        return _INCOMPLETE, start
    kind, body, after = buffer[start], buffer[start + 1:end], end + 2
    if kind == 0x24:  # $ bulk string
        size = int(body)
        if size < 0:
            return None, after
        if len(buffer) < after + size + 2:
            return _INCOMPLETE, start
        return bytes(buffer[after:after + size]), after + size + 2
    if kind == 0x2A:  # * array
        items: list[object] = []
        for _ in range(int(body)):
            item, after = _element(buffer, after)
            if item is _INCOMPLETE:
                return _INCOMPLETE, start
            items.append(item)
        return items, after
    if kind == 0x3A:  # : integer
        return int(body), after
    if kind == 0x2B:  # + simple string
        return body.decode(), after
    if kind == 0x2D:  # - error
        return RedisReplyError(body.decode(errors="replace")), after
    raise ValueError(f"Redis sent an element of unknown type {chr(kind)!r}")


class _Pushes(asyncio.Protocol):
    """One subscriber connection: each pushed message to `heard`; a reply that is not a
    push (AUTH's) to the future waiting for it."""

    def __init__(self, heard: Heard, lost: Callable[["_Pushes"], None]) -> None:
        self.heard, self.on_lost = heard, lost
        self.transport: Optional[asyncio.Transport] = None
        self.buffer = bytearray()
        self.reply: Optional["asyncio.Future[object]"] = None
        self.lost = False
        # channel -> whether Redis confirmed its SUBSCRIBE (False: the connection was lost
        # first), for as long as the confirmation has not come
        self.subscribing: dict[bytes, "asyncio.Future[bool]"] = {}

    def confirmation(self, channel: bytes) -> "asyncio.Future[bool]":
        """The future of `channel`'s next SUBSCRIBE confirmation (made when first asked for)."""
        waiting = self.subscribing.get(channel)
        if waiting is None:
            waiting = self.subscribing[channel] = asyncio.get_running_loop().create_future()
        return waiting

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def write(self, data: bytes) -> None:
        if self.lost or self.transport is None:
            raise ConnectionError("the subscribing connection to Redis is closed")
        self.transport.write(data)

    def data_received(self, data: bytes) -> None:
        buffer = self.buffer
        buffer += data
        start = 0
        try:
            while start < len(buffer):
                element, start = _element(buffer, start)
                if element is _INCOMPLETE:
                    break
                self._take(element)
        except Exception:  # nothing Redis sends should land here: start afresh
            logger.exception("the channel layer's subscriber could not read Redis's reply")
            start = len(buffer)
            self.close()
        del buffer[:start]

    def _take(self, element: object) -> None:
        if type(element) is list and len(element) == 3 and element[0] == b"message":
            try:
                self.heard(element[1], element[2])  # type: ignore[arg-type]
            except Exception:  # the listener's fault, not the connection's: read on
                logger.exception("a message from Redis could not be handed on")
        elif type(element) is list:  # subscribe and unsubscribe confirmations
            if len(element) == 3 and element[0] == b"subscribe":
                self._confirmed(element[1], True)  # type: ignore[arg-type]
        elif self.reply is not None and not self.reply.done():
            self.reply.set_result(element)
        elif isinstance(element, RedisReplyError):
            logger.warning("Redis refused a subscription: %s", element)

    def _confirmed(self, channel: bytes, confirmed: bool) -> None:
        waiting = self.subscribing.pop(channel, None)
        if waiting is not None and not waiting.done():
            waiting.set_result(confirmed)

    def _unconfirmed(self) -> None:
        """The connection is gone: nobody waits for a confirmation that will not come."""
        for channel in list(self.subscribing):
            self._confirmed(channel, False)

    def connection_lost(self, exc: Optional[Exception]) -> None:
        if self.lost:  # closed here
            return
        self.lost = True
        self._unconfirmed()
        if self.reply is not None and not self.reply.done():
            self.reply.set_exception(ConnectionError("Redis closed the subscribing connection"))
        self.on_lost(self)

    def close(self) -> None:
        self.lost = True
        self._unconfirmed()
        if self.transport is not None:
            self.transport.close()


class RedisSubscriber:
    """The channels one event loop listens to on one Redis, each message to `heard`."""

    def __init__(self, host: str, port: int, heard: Heard, username: Optional[str] = None,
                 password: Optional[str] = None) -> None:
        self.host, self.port, self.username, self.password = host, port, username, password
        self.heard = heard
        self.channels: set[str] = set()
        self._pushes: Optional[_Pushes] = None
        self._connecting = asyncio.Lock()
        self._retrying: Optional["asyncio.Task[None]"] = None
        self._closed = False

    async def subscribe(self, channel: str) -> None:
        """Listen to `channel` from now on: return once Redis has confirmed the subscription
        (or `CONFIRM_SECONDS` on, with a warning), so that whatever is published to the
        channel after the call is heard. Returning as soon as the SUBSCRIBE was written (as
        redis-py's `PubSub.subscribe` does) was not enough: with the cores busy, Redis
        served a PUBLISH written on another connection 0.6 ms later before it, and the peer
        benchmark's bare relay lost the first move of a game that way (3 in 8 runs of
        10 s, docs/performance.md). With no connection, one is made first; if
        that fails, the caller hears why and a channel not wanted before is not wanted now."""
        self._closed = False
        name = channel.encode()
        pushes = self._pushes
        if pushes is not None and not pushes.lost:
            if channel not in self.channels:
                self.channels.add(channel)
                waiting: Optional[asyncio.Future[bool]] = pushes.confirmation(name)
                pushes.write(command(b"SUBSCRIBE", name))
            else:  # wanted already: its confirmation may still be on its way
                waiting = pushes.subscribing.get(name)
            await _until_confirmed(waiting, channel)
            return
        wanted = channel in self.channels
        self.channels.add(channel)
        try:
            await self._connect()  # subscribes to every wanted channel, this one included
        except BaseException:
            if not wanted:
                self.channels.discard(channel)
            raise
        pushes = self._pushes
        await _until_confirmed(None if pushes is None else pushes.subscribing.get(name), channel)

    async def unsubscribe(self, channel: str) -> None:
        """Stop listening to `channel` (a lost connection's is forgotten by Redis anyway)."""
        if channel not in self.channels:
            return
        self.channels.discard(channel)
        pushes = self._pushes
        if pushes is not None and not pushes.lost:
            pushes.write(command(b"UNSUBSCRIBE", channel.encode()))

    async def _connect(self) -> None:
        async with self._connecting:
            if self._pushes is not None and not self._pushes.lost:
                return
            loop = asyncio.get_running_loop()
            _, pushes = await loop.create_connection(
                lambda: _Pushes(self.heard, self._lost), self.host, self.port)
            try:
                if self.password is not None:
                    await self._authenticate(pushes)
                for some in _batches(sorted(self.channels)):
                    for name in some:
                        pushes.confirmation(name)
                    pushes.write(command(b"SUBSCRIBE", *some))
            except BaseException:
                pushes.close()
                raise
            self._pushes = pushes

    async def _authenticate(self, pushes: _Pushes) -> None:
        pushes.reply = asyncio.get_running_loop().create_future()
        pushes.write(auth_command(self.username, self.password))  # type: ignore[arg-type]
        async with asyncio.timeout(REPLY_TIMEOUT_SECONDS):
            answer = await pushes.reply
        pushes.reply = None
        if isinstance(answer, RedisReplyError):
            raise answer

    def _lost(self, pushes: _Pushes) -> None:
        if pushes is self._pushes and not self._closed and self._retrying is None:
            logger.warning("the channel layer's subscriber lost Redis; trying again")
            self._retrying = asyncio.ensure_future(self._retry())

    async def _retry(self) -> None:
        try:
            while not self._closed:
                await asyncio.sleep(RETRY_SECONDS)
                try:
                    await self._connect()
                    return
                except Exception as error:  # still away: the next try may reach it
                    logger.warning("the channel layer's subscriber cannot reach Redis: %s", error)
        finally:
            self._retrying = None

    def close(self) -> None:
        """Forget every channel and close the connection (a later subscribe opens one)."""
        self._closed = True
        self.channels = set()
        if self._retrying is not None:
            self._retrying.cancel()
            self._retrying = None
        if self._pushes is not None:
            self._pushes.close()
            self._pushes = None


async def _until_confirmed(waiting: Optional["asyncio.Future[bool]"], channel: str) -> None:
    """Wait for a SUBSCRIBE's confirmation (shared by whoever waits for the same channel),
    `CONFIRM_SECONDS` at most: a Redis that does not answer in time is no worse than one
    that was never waited for, and the layer watch catches the sockets up if messages were
    lost."""
    if waiting is None:
        return
    try:
        async with asyncio.timeout(CONFIRM_SECONDS):
            await asyncio.shield(waiting)
    except TimeoutError:
        logger.warning("Redis has not confirmed the subscription to %s in %s s; going on",
                       channel, CONFIRM_SECONDS)


def _batches(channels: Iterable[str]) -> Iterable[list[bytes]]:
    batch: list[bytes] = []
    for channel in channels:
        batch.append(channel.encode())
        if len(batch) == CHANNELS_A_COMMAND:
            yield batch
            batch = []
    if batch:
        yield batch
