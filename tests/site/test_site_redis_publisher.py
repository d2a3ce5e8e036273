"""The channel layer publishes a change's messages on a connection of its own, in Redis's
protocol written by hand (games.pipeline.redis_publisher): what it publishes reaches
Redis's subscribers in order, it answers only once Redis has taken every message, an error
or a lost connection reaches the caller, and a dropped connection is made again for the
next change. Anything but a plain redis:// address keeps redis-py's way. Sync code (a
worker's step) publishes the same way on a blocking connection of each thread's own
(`SyncRedisPublisher`)."""
from __future__ import annotations

import asyncio
import os
import socket
import threading
import time
import uuid

import pytest
import redis

from games.pipeline.redis_publisher import (RedisPublisher, RedisReplyError, SyncRedisPublisher,
                                            _Replies, command)

REDIS_URL = os.environ.get("REDIS_URL", "").strip()
needs_redis = pytest.mark.skipif(not REDIS_URL, reason="needs a real Redis (REDIS_URL), as in CI")


class _Written:
    """A transport that takes what is written to it (the replies are fed by hand)."""

    def write(self, data: bytes) -> None:
        pass


async def _heard(listener, count: int, seconds: float = 5.0) -> list[dict]:
    """The first `count` messages a redis-py subscriber hears (its subscription's own
    confirmations left out), within `seconds`."""
    heard: list[dict] = []
    deadline = asyncio.get_running_loop().time() + seconds
    while len(heard) < count and asyncio.get_running_loop().time() < deadline:
        message = await asyncio.to_thread(listener.get_message, ignore_subscribe_messages=True,
                                          timeout=0.5)
        if message is not None:
            heard.append(message)
    assert len(heard) == count, f"only {heard} arrived"
    return heard


def test_a_command_is_an_array_of_bulk_strings():
    assert command(b"PUBLISH", b"room", b"hi") == b"*3\r\n$7\r\nPUBLISH\r\n$4\r\nroom\r\n$2\r\nhi\r\n"


@pytest.mark.parametrize("host", [
    {"address": "rediss://127.0.0.1:6379/0"},
    {"address": "unix:///run/redis.sock"},
    {"address": "redis://127.0.0.1:6379/0", "ssl_cert_reqs": None},
    {"master_name": "main", "sentinels": [("127.0.0.1", 26379)]},
])
def test_anything_but_a_plain_address_keeps_redis_pys_way(host):
    assert RedisPublisher.for_host(host) is None


def test_a_plain_address_is_read_with_its_user_and_password():
    publisher = RedisPublisher.for_host({"address": "redis://me:s%40cret@cache:6380/3",
                                         "protocol": 2})
    assert (publisher.host, publisher.port, publisher.username, publisher.password) == \
        ("cache", 6380, "me", "s@cret")
    assert RedisPublisher.for_host({"address": "redis://127.0.0.1/0"}).port == 6379


@pytest.fixture
def replies() -> _Replies:
    """A publishing connection's reading side, on a transport that only keeps its writes."""
    connection = _Replies()
    connection.connection_made(_Written())
    return connection


@pytest.mark.asyncio
async def test_replies_split_across_reads_complete_each_batch_in_order(replies):
    first, second = replies.send(b"", 2), replies.send(b"", 1)
    replies.data_received(b":1\r")
    assert not first.done()
    replies.data_received(b"\n:0\r\n:")
    assert first.done() and not second.done()
    replies.data_received(b"2\r\n")
    assert second.done() and second.result() is None


@pytest.mark.asyncio
async def test_an_error_reply_fails_its_batch_only(replies):
    failed, fine = replies.send(b"", 2), replies.send(b"", 1)
    replies.data_received(b"-ERR wrong\r\n:1\r\n:1\r\n")
    with pytest.raises(RedisReplyError, match="wrong"):
        failed.result()
    assert fine.result() is None


@pytest.mark.asyncio
async def test_a_lost_connection_fails_what_waits_and_refuses_more(replies):
    waiting = replies.send(b"", 1)
    replies.connection_lost(None)
    with pytest.raises(ConnectionError):
        waiting.result()
    with pytest.raises(ConnectionError):
        replies.send(b"", 1)


@needs_redis
@pytest.mark.asyncio
async def test_messages_reach_the_subscribers_in_order():
    room, other = f"test-{uuid.uuid4()}", f"test-{uuid.uuid4()}"
    listener = redis.Redis.from_url(REDIS_URL).pubsub()
    listener.subscribe(room, other)
    publisher = RedisPublisher.for_host({"address": REDIS_URL})
    try:
        await publisher.publish_many([(room, b"one"), (other, b"two"), (room, b"\x00\r\nthree")])
        heard = [(m["channel"].decode(), m["data"]) for m in await _heard(listener, 3)]
    finally:
        publisher.close()
        listener.close()
    assert heard == [(room, b"one"), (other, b"two"), (room, b"\x00\r\nthree")]


@needs_redis
@pytest.mark.asyncio
async def test_a_connection_redis_dropped_is_made_again_for_the_next_change():
    room = f"test-{uuid.uuid4()}"
    listener = redis.Redis.from_url(REDIS_URL).pubsub()
    listener.subscribe(room)
    publisher = RedisPublisher.for_host({"address": REDIS_URL})
    try:
        await publisher.publish_many([(room, b"before")])
        first = publisher._replies
        host, port = first.transport.get_extra_info("sockname")[:2]
        redis.Redis.from_url(REDIS_URL).client_kill_filter(_id=None, addr=f"{host}:{port}")
        # at once, whether or not this loop has heard of the drop yet
        await publisher.publish_many([(room, b"after")])
        assert first.lost and publisher._replies is not first
        heard = [m["data"] for m in await _heard(listener, 2)]
    finally:
        publisher.close()
        listener.close()
    assert heard == [b"before", b"after"]


@needs_redis
@pytest.mark.asyncio
async def test_a_refused_password_is_an_error_and_no_connection_is_kept():
    if "@" in REDIS_URL:
        pytest.skip("this Redis has a password of its own")
    url = REDIS_URL.replace("redis://", "redis://:not-the-password@", 1)
    publisher = RedisPublisher.for_host({"address": url})
    with pytest.raises(RedisReplyError):
        await publisher.publish_many([("test-refused", b"x")])
    assert publisher._replies is None


@pytest.mark.asyncio
async def test_no_redis_listening_is_a_connection_error():
    import socket

    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    publisher = RedisPublisher("127.0.0.1", port)
    with pytest.raises(OSError):
        await publisher.publish_many([("test-nobody", b"x")])


# -- from sync code ------------------------------------------------------------------------------
def _heard_sync(listener, count: int, seconds: float = 5.0) -> list[dict]:
    heard: list[dict] = []
    deadline = time.monotonic() + seconds
    while len(heard) < count and time.monotonic() < deadline:
        message = listener.get_message(ignore_subscribe_messages=True, timeout=0.5)
        if message is not None:
            heard.append(message)
    assert len(heard) == count, f"only {heard} arrived"
    return heard


def test_a_sync_publish_reads_every_reply_split_across_reads_then_raises_the_first_error():
    ours, redis_end = socket.socketpair()
    try:
        redis_end.sendall(b":1\r")  # the replies arrive in pieces, the error among them
        threading.Timer(0.05, redis_end.sendall, [b"\n-ERR wrong\r\n:0\r\n-ERR later\r\n"]).start()
        with pytest.raises(RedisReplyError, match="ERR wrong"):
            SyncRedisPublisher._answered(ours, b"written", 4)
        redis_end.sendall(b":2\r\n")  # nothing of the four was left behind for the next
        SyncRedisPublisher._answered(ours, b"written", 1)
    finally:
        ours.close()
        redis_end.close()


def test_a_sync_publish_on_a_connection_closed_midway_is_a_connection_error():
    ours, redis_end = socket.socketpair()
    redis_end.sendall(b":1\r\n")
    redis_end.close()
    try:
        with pytest.raises(ConnectionError):
            SyncRedisPublisher._answered(ours, b"written", 2)
    finally:
        ours.close()


@needs_redis
def test_sync_messages_reach_the_subscribers_in_order_each_thread_on_its_own_connection():
    room, other = f"test-{uuid.uuid4()}", f"test-{uuid.uuid4()}"
    listener = redis.Redis.from_url(REDIS_URL).pubsub()
    listener.subscribe(room, other)
    publisher = SyncRedisPublisher.for_host({"address": REDIS_URL})
    in_thread = []

    def publish_in_a_thread() -> None:
        publisher.publish_many([(other, b"two")])
        in_thread.append(publisher._local.connection)

    try:
        publisher.publish_many([(room, b"one")])
        worker = threading.Thread(target=publish_in_a_thread)
        worker.start()
        worker.join()
        publisher.publish_many([(room, b"\x00\r\nthree")])
        heard = [(m["channel"].decode(), m["data"]) for m in _heard_sync(listener, 3)]
        assert in_thread and in_thread[0] is not publisher._local.connection
    finally:
        publisher.close()
        listener.close()
    assert heard == [(room, b"one"), (other, b"two"), (room, b"\x00\r\nthree")]


@needs_redis
def test_a_sync_connection_redis_dropped_is_made_again_for_the_next_change():
    room = f"test-{uuid.uuid4()}"
    listener = redis.Redis.from_url(REDIS_URL).pubsub()
    listener.subscribe(room)
    publisher = SyncRedisPublisher.for_host({"address": REDIS_URL})
    try:
        publisher.publish_many([(room, b"before")])
        first = publisher._local.connection
        host, port = first.getsockname()[:2]
        redis.Redis.from_url(REDIS_URL).client_kill_filter(_id=None, addr=f"{host}:{port}")
        publisher.publish_many([(room, b"after")])
        assert publisher._local.connection is not first and first.fileno() == -1
        heard = [m["data"] for m in _heard_sync(listener, 2)]
    finally:
        publisher.close()
        listener.close()
    assert heard == [b"before", b"after"]


@needs_redis
def test_a_sync_refused_password_is_an_error_and_no_connection_is_kept():
    if "@" in REDIS_URL:
        pytest.skip("this Redis has a password of its own")
    url = REDIS_URL.replace("redis://", "redis://:not-the-password@", 1)
    publisher = SyncRedisPublisher.for_host({"address": url})
    with pytest.raises(RedisReplyError):
        publisher.publish_many([("test-refused", b"x")])
    assert getattr(publisher._local, "connection", None) is None


def test_no_redis_listening_is_a_connection_error_for_a_sync_publish_too():
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(OSError):
        SyncRedisPublisher("127.0.0.1", port).publish_many([("test-nobody", b"x")])


def test_a_sync_send_to_an_address_with_options_of_its_own_keeps_redis_pys_pipeline():
    from games.pipeline import channel_layer

    layer = channel_layer.PatientRedisPubSubChannelLayer(
        hosts=[{"address": "redis://127.0.0.1:6379/0"},
               {"address": "redis://127.0.0.1:6380/0", "socket_keepalive": True}])
    plain, with_options = layer._sync_publishers()
    assert isinstance(plain, SyncRedisPublisher)
    assert isinstance(with_options, channel_layer._PipelinePublisher)
