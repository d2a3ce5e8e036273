"""A task published with one LPUSH (games.pipeline.task_publish) is the message Celery's
own `apply_async` publishes, but for its ids: the same headers, body and envelope, read back
by kombu as any worker reads it; tasks this way cannot place exactly are left to
`apply_async`. The end to end case, a real worker playing the Ancients' turn it was handed
this way, is tests/site/test_site_tasks.py's."""
from __future__ import annotations

import base64
import json
import os
import uuid

import pytest
import redis
from celery import Celery
from kombu import Connection, Exchange, Queue

from games.pipeline import task_publish

REDIS_URL = os.environ.get("REDIS_URL", "").strip()
needs_redis = pytest.mark.skipif(not REDIS_URL, reason="needs a real Redis (REDIS_URL), as in CI")
IDS = ("id", "root_id", "origin")


@pytest.fixture
def app():
    """A Celery app of the test's own, on a queue nobody else reads."""
    queue = f"test-publish-{uuid.uuid4().hex}"
    celery = Celery("publish-test", broker=REDIS_URL or "redis://127.0.0.1:6379/0",
                    set_as_current=False)
    celery.conf.update(task_default_queue=queue, task_acks_late=True, task_serializer="json")

    @celery.task(name="games.test_turn", ignore_result=True)
    def turn(game_id, version):
        return version

    celery.test_queue, celery.test_task = queue, turn
    yield celery
    redis.Redis.from_url(celery.conf.broker_url).delete(queue)
    celery.close()


def pushed(app) -> list[dict]:
    client = redis.Redis.from_url(app.conf.broker_url)
    return [json.loads(raw) for raw in reversed(client.lrange(app.test_queue, 0, -1))]


@needs_redis
def test_the_message_is_the_one_apply_async_publishes_but_for_its_ids(app):
    app.test_task.apply_async(("g1", 7))
    assert task_publish.Publisher(app).publish(app.test_task, ("g1", 7))

    celerys, ours = pushed(app)
    assert set(ours) == set(celerys)
    assert {k: v for k, v in ours["headers"].items() if k not in IDS} == \
        {k: v for k, v in celerys["headers"].items() if k not in IDS}
    assert ours["headers"]["root_id"] == ours["headers"]["id"]
    assert json.loads(base64.b64decode(ours["body"])) == json.loads(base64.b64decode(celerys["body"]))
    differ = ("correlation_id", "delivery_tag", "reply_to")
    assert {k: v for k, v in ours["properties"].items() if k not in differ} == \
        {k: v for k, v in celerys["properties"].items() if k not in differ}
    assert ours["properties"]["correlation_id"] == ours["headers"]["id"]
    assert ours["properties"]["delivery_info"] == {"exchange": "", "routing_key": app.test_queue}


@needs_redis
def test_kombu_reads_it_back_as_a_worker_does(app):
    task_publish.Publisher(app).publish(app.test_task, ("g2", 3))

    with Connection(app.conf.broker_url) as connection:
        queue = connection.SimpleQueue(app.test_queue)
        message = queue.get(timeout=5)
        message.ack()
        queue.close()
    args, kwargs, embed = message.decode()
    assert (args, kwargs) == (["g2", 3], {})
    assert message.headers["task"] == "games.test_turn"
    assert message.headers["argsrepr"] == "('g2', 3)"
    assert message.content_type == "application/json"


def test_a_task_routed_anywhere_but_a_plain_queue_is_left_to_apply_async(app):
    app.conf.task_routes = {"games.test_turn": {
        "queue": Queue("elsewhere", Exchange("topical", type="topic"), routing_key="a.#")}}
    publisher = task_publish.Publisher(app)

    assert publisher.queue_for("games.test_turn") is None
    assert publisher.publish(app.test_task, ("g3", 1)) is False


def test_only_a_plain_redis_broker_gets_a_publisher():
    memory = Celery("memory-test", broker="memory://", set_as_current=False)
    tls = Celery("tls-test", broker="rediss://127.0.0.1:6380/0", set_as_current=False)
    prefixed = Celery("prefixed-test", broker="redis://127.0.0.1:6379/0", set_as_current=False)
    prefixed.conf.broker_transport_options = {"global_keyprefix": "wl:"}
    plain = Celery("plain-test", broker="redis://127.0.0.1:6379/0", set_as_current=False)

    assert task_publish.publisher(memory) is None
    assert task_publish.publisher(tls) is None
    assert task_publish.publisher(prefixed) is None
    assert isinstance(task_publish.publisher(plain), task_publish.Publisher)
