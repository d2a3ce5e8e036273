"""The broker's Redis transport keeps one client object a channel (games.pipeline.
broker_transport): every publish, unacknowledged-message record and acknowledgement of a
channel goes through the same client, a new one only once the channel replaced its pool,
and messages still travel and are acknowledged as kombu's own transport does it."""
from __future__ import annotations

import os
import uuid

import pytest
from kombu import Connection, Exchange, Queue

from games.pipeline.broker_transport import Transport

REDIS_URL = os.environ.get("REDIS_URL", "").strip()
needs_redis = pytest.mark.skipif(not REDIS_URL, reason="needs a real Redis (REDIS_URL), as in CI")
TRANSPORT = "games.pipeline.broker_transport:Transport"


@pytest.fixture
def connection():
    with Connection(REDIS_URL or "redis://127.0.0.1:6379/0", transport=TRANSPORT) as conn:
        yield conn


def test_the_connection_is_made_with_this_transport(connection):
    assert isinstance(connection.transport, Transport)


def test_a_channel_hands_out_the_same_client_every_time(connection):
    channel = connection.channel()
    with channel.conn_or_acquire() as first, channel.conn_or_acquire() as second:
        assert first is second
    assert channel._create_client() is first


def test_a_replaced_pool_gets_a_client_of_its_own(connection):
    channel = connection.channel()
    before = channel._create_client()
    channel._disconnect_pools()
    after = channel._create_client()
    assert after is not before
    assert after.connection_pool is channel.pool


def test_the_consumers_connection_is_not_the_kept_client(connection):
    channel = connection.channel()
    assert channel._create_client(asynchronous=True) is not channel._create_client()


@needs_redis
def test_a_message_published_is_received_and_acknowledged_once(connection):
    name = f"transport-test-{uuid.uuid4().hex[:8]}"
    queue = Queue(name, Exchange(name, type="direct"), routing_key=name)
    with connection.Producer() as producer:
        for n in range(3):
            producer.publish({"n": n}, exchange=queue.exchange, routing_key=name,
                             declare=[queue], serializer="json")
    received, tags = [], []
    with connection.SimpleQueue(queue) as simple:
        for _ in range(3):
            message = simple.get(timeout=5)
            received.append(message.payload["n"])
            tags.append(message.delivery_tag)
            message.ack()
        channel = simple.channel
        with channel.conn_or_acquire() as client:
            assert client.hmget(channel.unacked_key, tags) == [None, None, None]
            assert client.llen(name) == 0
    assert received == [0, 1, 2]
