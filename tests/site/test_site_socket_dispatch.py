"""A socket's messages from the browser and the channel layer are handled one at a time, in
the order they were read, and the first handler to fail ends the socket
(games.pipeline.socket_dispatch)."""
from __future__ import annotations

import asyncio

import pytest
from channels.exceptions import StopConsumer

from games.pipeline.socket_dispatch import dispatch_in_turn


class Source:
    """A message source such as the browser's or the channel layer's receive."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.queue: asyncio.Queue = asyncio.Queue()
        self.reads = 0
        self.cancelled = False

    async def __call__(self):
        try:
            message = await self.queue.get()
        except asyncio.CancelledError:
            self.cancelled = True
            raise
        self.reads += 1
        return message


@pytest.mark.asyncio
async def test_handlers_never_overlap_and_each_source_keeps_its_order():
    browser, layer = Source("browser"), Source("layer")
    handled, running = [], []

    async def dispatch(message):
        running.append(message)
        assert len(running) == 1, f"{message} ran beside {running[0]}"
        await asyncio.sleep(0)  # a handler that waits (the database, a send)
        await asyncio.sleep(0)
        handled.append(message)
        running.remove(message)
        if len(handled) == 40:
            raise StopConsumer()

    for i in range(20):
        browser.queue.put_nowait(("browser", i))
        layer.queue.put_nowait(("layer", i))
    with pytest.raises(StopConsumer):
        await dispatch_in_turn([browser, layer], dispatch)
    assert len(handled) == 40
    for name in ("browser", "layer"):
        assert [i for source, i in handled if source == name] == list(range(20))


@pytest.mark.asyncio
async def test_a_source_is_not_read_on_while_its_message_waits_its_turn():
    browser, layer = Source("browser"), Source("layer")
    release = asyncio.Event()

    async def dispatch(message):
        if message == "slow":
            await release.wait()
        if message == "last":
            raise StopConsumer()

    layer.queue.put_nowait("slow")
    task = asyncio.ensure_future(dispatch_in_turn([browser, layer], dispatch))
    for _ in range(5):
        await asyncio.sleep(0)  # the layer's "slow" is being handled
    for message in ("a", "b", "c"):
        browser.queue.put_nowait(message)
    for _ in range(10):
        await asyncio.sleep(0)
    assert browser.reads == 1  # "a" waits its turn; "b" and "c" stay in the browser's queue
    release.set()
    browser.queue.put_nowait("last")
    with pytest.raises(StopConsumer):
        await task
    assert browser.reads == 4


@pytest.mark.asyncio
async def test_the_first_failing_handler_ends_the_socket_and_cancels_the_other_reader():
    browser, layer = Source("browser"), Source("layer")

    async def dispatch(message):
        raise ValueError(f"no handler for {message}")

    browser.queue.put_nowait("junk")
    with pytest.raises(ValueError, match="junk"):
        await dispatch_in_turn([browser, layer], dispatch)
    assert layer.cancelled  # the channel layer drops the socket's channel on this


@pytest.mark.asyncio
async def test_cancelling_the_socket_cancels_both_readers():
    browser, layer = Source("browser"), Source("layer")

    async def dispatch(message):
        pass

    task = asyncio.ensure_future(dispatch_in_turn([browser, layer], dispatch))
    await asyncio.sleep(0)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert browser.cancelled and layer.cancelled
