"""One socket's messages, from the browser and from the channel layer, handled one at a time.

Channels runs a consumer with `await_many_dispatch`: for every message it waits on both
sources with `asyncio.wait`, then starts a new Task to read the next message from the
source that had one. At 1,000 load tables each web process hears a few hundred messages a
second, and those Tasks, their coroutines and the waits' futures and callbacks were a
tenth of its objects and much of its event loop's own work (docs/performance.md).

Here each source has one reader task for the socket's whole life, and a reader hands its
message to the consumer under one lock, so handlers still run one at a time, in the
order their messages were read, and a reader does not read on while its message waits
(a flood waits in the server's queue, as before). The first handler to raise ends the
socket as Channels' loop does: the other reader is cancelled (which is how the channel
layer learns to drop the socket's channel) and the error, or `StopConsumer`'s quiet end,
goes to the caller.
"""
from __future__ import annotations

import asyncio
import functools
from typing import Any, Awaitable, Callable, Sequence

from channels.consumer import get_handler_name
from channels.exceptions import StopConsumer
from channels.layers import get_channel_layer

Source = Callable[[], Awaitable[Any]]


async def dispatch_in_turn(sources: Sequence[Source],
                           dispatch: Callable[[Any], Awaitable[None]]) -> None:
    """Read every source for ever and hand each message to `dispatch`, one at a time;
    return or raise as the first failing reader does."""
    turn = asyncio.Lock()

    async def read(source: Source) -> None:
        while True:
            message = await source()
            async with turn:
                await dispatch(message)

    readers = [asyncio.ensure_future(read(source)) for source in sources]
    try:
        done, _ = await asyncio.wait(readers, return_when=asyncio.FIRST_COMPLETED)
        for reader in done:
            reader.result()  # a reader only ends by raising: raise it here
    finally:
        for reader in readers:
            reader.cancel()
        for reader in readers:
            try:
                await reader
            except (asyncio.CancelledError, Exception):  # its cancellation, or the error
                pass  # already raised above


class DispatchInTurn:
    """For an async Channels consumer (before it among the bases): `AsyncConsumer.__call__`'s
    own start (the channel layer's channel, the send), then the socket's messages through
    `dispatch_in_turn`. Channels offers no hook for its dispatch loop alone, so its start is
    written again here; a sync consumer (`_sync`, whose send goes through `async_to_sync`)
    must not use this.

    Channels' own dispatch also checks the database connections on the database thread for
    every message (each frame from the browser, each group message), and its
    `websocket_disconnect` once more at the close: a thread hop each, queued behind every
    command of the process. A consumer of this class makes every database call through
    `database_sync_to_async`, which checks them before and after its work, so messages go
    straight to their handler and a close makes no hop. It joins no class-level `groups`
    (Channels' close would leave them): it leaves its own groups in `disconnect`."""

    channel_layer_alias: str
    disconnect: Callable[[int], Awaitable[None]]

    async def __call__(self, scope: dict, receive: Source, send: Any) -> None:
        self.scope = scope
        self.channel_layer = get_channel_layer(self.channel_layer_alias)
        sources = [receive]
        if self.channel_layer is not None:
            self.channel_name = await self.channel_layer.new_channel()
            self.channel_receive = functools.partial(self.channel_layer.receive,
                                                     self.channel_name)
            sources.append(self.channel_receive)
        self.base_send = send
        try:
            await dispatch_in_turn(sources, self.dispatch)
        except StopConsumer:
            pass

    async def dispatch(self, message: dict) -> None:
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"no handler for message type {message['type']!r}")
        await handler(message)

    async def websocket_disconnect(self, message: dict) -> None:
        await self.disconnect(message["code"])
        raise StopConsumer()
