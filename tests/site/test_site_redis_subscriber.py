"""The channel layer listens to Redis on a connection of its own, Redis's pushed messages
read here by hand (games.pipeline.redis_subscriber): each message reaches the layer whole
and in order however the bytes are cut, subscription confirmations are not messages, a
subscription can be dropped, and a connection Redis drops is made again with every channel
still wanted subscribed again."""
from __future__ import annotations

import asyncio
import os
import shutil
import uuid

import pytest
import redis

from benchmarks.live_site import free_port, redis_server
from games.pipeline import redis_subscriber
from games.pipeline.redis_publisher import RedisReplyError, command
from games.pipeline.redis_subscriber import RedisSubscriber, _Pushes

REDIS_URL = os.environ.get("REDIS_URL", "").strip()
needs_redis = pytest.mark.skipif(not REDIS_URL, reason="needs a real Redis (REDIS_URL), as in CI")


def _push(kind: bytes, channel: bytes, last: bytes) -> bytes:
    """A push as Redis writes it: a message's last part is its data, a confirmation's the
    count of the connection's subscriptions."""
    if kind == b"message":
        return command(kind, channel, last)
    return b"*3\r\n$%d\r\n%b\r\n$%d\r\n%b\r\n:%b\r\n" % (len(kind), kind, len(channel), channel, last)


class _Written:
    def write(self, data: bytes) -> None:
        pass

    def close(self) -> None:
        pass


def _reader() -> tuple[_Pushes, list[tuple[bytes, bytes]]]:
    heard: list[tuple[bytes, bytes]] = []
    pushes = _Pushes(lambda channel, data: heard.append((channel, data)), lambda _: None)
    pushes.connection_made(_Written())
    return pushes, heard


def test_messages_cut_anywhere_arrive_whole_in_order_and_confirmations_are_not_messages():
    data = b"\x82\xa4type\xa6update*3\r\n$7\r\n:1\r\n" * 50  # binary, with the protocol's marks
    stream = (_push(b"subscribe", b"room", b"1") + _push(b"message", b"room", data)
              + _push(b"message", b"other", b"") + _push(b"unsubscribe", b"room", b"0")
              + _push(b"message", b"room", b"last"))
    for size in (1, 2, 7, 64, len(stream)):
        pushes, heard = _reader()
        for start in range(0, len(stream), size):
            pushes.data_received(stream[start:start + size])
        assert heard == [(b"room", data), (b"other", b""), (b"room", b"last")]
        assert not pushes.buffer


@pytest.mark.asyncio
async def test_the_reply_to_a_password_goes_to_whoever_waits_for_it():
    pushes, heard = _reader()
    pushes.reply = asyncio.get_running_loop().create_future()
    pushes.data_received(b"-WRONGPASS invalid password\r\n")
    assert isinstance(pushes.reply.result(), RedisReplyError) and heard == []


def test_a_listener_that_fails_on_one_message_still_hears_the_next():
    heard: list[bytes] = []

    def listener(channel: bytes, data: bytes) -> None:
        if data == b"bad":
            raise RuntimeError("the listener's own bug")
        heard.append(data)

    pushes = _Pushes(listener, lambda _: None)
    pushes.connection_made(_Written())
    pushes.data_received(_push(b"message", b"room", b"bad") + _push(b"message", b"room", b"good"))
    assert heard == [b"good"] and not pushes.lost


def test_something_unreadable_closes_the_connection_rather_than_guessing():
    pushes, heard = _reader()
    pushes.data_received(b"?what\r\n" + _push(b"message", b"room", b"x"))
    assert pushes.lost and heard == [] and not pushes.buffer


async def _until(condition, seconds: float = 5.0) -> None:
    for _ in range(int(seconds / 0.02)):
        if condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("not within the time")


def _connected_subscriber() -> tuple[RedisSubscriber, _Pushes]:
    """A subscriber whose connection is a stand-in: what Redis sends is fed by hand."""
    subscriber = RedisSubscriber("127.0.0.1", 1, lambda channel, data: None)
    pushes, _ = _reader()
    subscriber._pushes = pushes
    return subscriber, pushes


@pytest.mark.asyncio
async def test_a_subscription_is_in_place_when_subscribe_returns():
    """Redis confirms a SUBSCRIBE once it serves it; a PUBLISH written on another connection
    after the SUBSCRIBE was written could be served first (the peer benchmark's relay lost
    the first move of a game that way), so subscribing waits for the confirmation, and a
    second socket joining the same group waits for the same one."""
    subscriber, pushes = _connected_subscriber()
    first = asyncio.ensure_future(subscriber.subscribe("room"))
    await asyncio.sleep(0.05)
    second = asyncio.ensure_future(subscriber.subscribe("room"))
    await asyncio.sleep(0.05)
    assert not first.done() and not second.done()
    pushes.data_received(_push(b"subscribe", b"other", b"1"))  # another channel's
    await asyncio.sleep(0.01)
    assert not first.done()
    pushes.data_received(_push(b"subscribe", b"room", b"2"))
    await asyncio.wait_for(asyncio.gather(first, second), 1)
    assert not pushes.subscribing


@pytest.mark.asyncio
async def test_a_subscription_whose_connection_is_lost_or_unanswered_does_not_wait_for_ever(
        monkeypatch, caplog):
    subscriber, pushes = _connected_subscriber()
    waiting = asyncio.ensure_future(subscriber.subscribe("room"))
    await asyncio.sleep(0.01)
    pushes.connection_lost(None)  # (a real subscriber then connects and subscribes again)
    await asyncio.wait_for(waiting, 0.5)

    monkeypatch.setattr(redis_subscriber, "CONFIRM_SECONDS", 0.05)
    subscriber, pushes = _connected_subscriber()
    await asyncio.wait_for(subscriber.subscribe("silent"), 1)
    assert "has not confirmed the subscription to silent" in caplog.text


@needs_redis
@pytest.mark.asyncio
async def test_what_is_published_to_a_subscribed_channel_is_heard_until_it_is_unsubscribed():
    room, other = f"test-{uuid.uuid4()}", f"test-{uuid.uuid4()}"
    heard: list[tuple[bytes, bytes]] = []
    url = redis.connection.parse_url(REDIS_URL)
    subscriber = RedisSubscriber(url.get("host", "127.0.0.1"), url.get("port", 6379),
                                 lambda channel, data: heard.append((channel, data)))
    client = redis.Redis.from_url(REDIS_URL)
    try:
        await subscriber.subscribe(room)
        await subscriber.subscribe(other)
        await _until(lambda: client.pubsub_numsub(room, other) == [(room.encode(), 1),
                                                                    (other.encode(), 1)])
        client.publish(room, b"\x00one\r\n")
        client.publish(other, b"two")
        await _until(lambda: len(heard) == 2)
        await subscriber.unsubscribe(room)
        await _until(lambda: client.pubsub_numsub(room) == [(room.encode(), 0)])
        client.publish(room, b"not heard")
        client.publish(other, b"three")
        await _until(lambda: len(heard) == 3)
    finally:
        subscriber.close()
        client.close()
    assert heard == [(room.encode(), b"\x00one\r\n"), (other.encode(), b"two"),
                     (other.encode(), b"three")]


@pytest.mark.asyncio
@pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs redis-server")
async def test_after_redis_restarts_every_channel_still_wanted_is_subscribed_again(
        tmp_path, monkeypatch):
    monkeypatch.setattr(redis_subscriber, "RETRY_SECONDS", 0.1)
    port = free_port()
    server = redis_server(port, log=tmp_path / "redis.log").start()
    heard: list[bytes] = []
    subscriber = RedisSubscriber("127.0.0.1", port, lambda channel, data: heard.append(channel))
    try:
        for name in ("kept", "dropped", "also-kept"):
            await subscriber.subscribe(name)
        await subscriber.unsubscribe("dropped")
        await asyncio.to_thread(server.stop)
        await asyncio.sleep(0.3)  # lost, and tried again while Redis is away
        with pytest.raises(OSError):
            await subscriber.subscribe("while-away")  # its caller hears that Redis is away
        await asyncio.to_thread(server.start)
        client = redis.Redis(port=port)
        try:
            await _until(lambda: client.pubsub_numsub("kept")[0][1] == 1)
            assert client.pubsub_numsub("also-kept", "while-away", "dropped") == [
                (b"also-kept", 1), (b"while-away", 0), (b"dropped", 0)]
            for name in ("dropped", "kept", "while-away"):
                client.publish(name, b"x")
            await _until(lambda: len(heard) == 1)
            await asyncio.sleep(0.1)  # nothing else comes
        finally:
            client.close()
    finally:
        subscriber.close()
        await asyncio.to_thread(server.stop)
    assert heard == [b"kept"]


@needs_redis
@pytest.mark.asyncio
async def test_a_refused_password_is_an_error_and_no_connection_is_kept():
    if "@" in REDIS_URL:
        pytest.skip("this Redis has a password of its own")
    url = redis.connection.parse_url(REDIS_URL)
    subscriber = RedisSubscriber(url.get("host", "127.0.0.1"), url.get("port", 6379),
                                 lambda channel, data: None, password="not-the-password")
    with pytest.raises(RedisReplyError):
        await subscriber.subscribe("test-refused")
    assert subscriber._pushes is None
