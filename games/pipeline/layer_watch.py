"""Noticing that the channel layer came back, so that this process's sockets catch up.

The Redis pub/sub layer delivers at most once. A socket that misses a change learns of it
from the next one (its seqs leave a gap) and reads what it missed from the database. That
fails after Redis restarts: until the layer has subscribed again (up to a second or so),
every change of every game is published to nobody, and a game whose players then wait for
each other has no next change to reveal the gap. Its sockets would sit on an old version.

So each web process watches its layer: once a second it sends itself a probe on a channel
of its own and waits to hear it. A probe that cannot be sent or is not heard means an
outage; the first probe heard after one means the process's subscriptions are back, and
every socket of the process is then told (through its own channel, so the message queues
behind whatever the socket is doing) to read what it has missed. A layer inside the
process (the embedded default) cannot go away, so nothing watches it.
"""
from __future__ import annotations

import asyncio
import logging
from typing import Any

from channels.layers import InMemoryChannelLayer

logger = logging.getLogger(__name__)

PROBE_SECONDS = 1.0  # a probe this often; a probe unheard this long means an outage
CATCH_UP = {"type": "game.catch_up"}


class LayerWatch:
    """The probe loop of one event loop's layer and the socket channels it looks after."""

    def __init__(self, layer: Any) -> None:
        self.layer = layer
        self.channels: set[str] = set()
        self.heard = 0
        self.heard_event = asyncio.Event()
        self.tasks: list[asyncio.Task] = []
        self.channel = ""  # the probes' own channel, once the listener has one
        self.listening = asyncio.Event()

    def start(self) -> None:
        self.tasks = [asyncio.ensure_future(self._listen()), asyncio.ensure_future(self._probe())]

    def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
        self.tasks = []

    async def _listen(self) -> None:
        self.channel = await self.layer.new_channel("layer-watch.")
        self.listening.set()
        while True:
            message = await self.layer.receive(self.channel)
            self.heard = max(self.heard, message.get("n", 0))
            self.heard_event.set()

    async def _probe(self) -> None:
        await self.listening.wait()
        sent, down = 0, False
        while True:
            sent += 1
            heard = await self._round_trip(sent)
            if not heard:
                if not down:
                    logger.warning("the channel layer is not answering; its sockets will "
                                   "catch up when it does")
                down = True
            elif down:
                down = False
                await self._catch_up()
            await asyncio.sleep(PROBE_SECONDS)

    async def _round_trip(self, n: int) -> bool:
        try:
            await asyncio.wait_for(self.layer.send(self.channel, {"type": "probe", "n": n}),
                                   PROBE_SECONDS)
        except Exception:  # Redis down: the outage is what we are here to notice
            return False
        deadline = asyncio.get_running_loop().time() + PROBE_SECONDS
        while self.heard < n:
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                return False
            self.heard_event.clear()
            try:
                await asyncio.wait_for(self.heard_event.wait(), left)
            except asyncio.TimeoutError:
                return False
        return True

    async def _catch_up(self) -> None:
        logger.warning("the channel layer answers again; %d sockets catch up", len(self.channels))
        for channel in list(self.channels):
            try:
                await self.layer.send(channel, CATCH_UP)
            except Exception:  # down again: the next recovery catches them up
                logger.warning("the channel layer went away again during a catch-up")
                return


_watches: dict[asyncio.AbstractEventLoop, LayerWatch] = {}


def watch(layer: Any, channel: str) -> None:
    """Look after a socket's channel: it gets `game.catch_up` after a layer outage."""
    if layer is None or isinstance(layer, InMemoryChannelLayer):
        return
    loop = asyncio.get_running_loop()
    current = _watches.get(loop)
    if current is None:
        current = _watches[loop] = LayerWatch(layer)
        current.start()
    current.channels.add(channel)


def forget(channel: str) -> None:
    """A socket closed; the last one of the loop stops its probes."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return
    current = _watches.get(loop)
    if current is None:
        return
    current.channels.discard(channel)
    if not current.channels:
        current.stop()
        del _watches[loop]

