"""Publishing a task to a Redis broker with Celery's message and one LPUSH.

A co-op game hands the Ancients about one task for every one or two of the players'
commands, and `apply_async` spent 1.4 ms of the web process's CPU on each (celery_floor_bench,
cProfile): some 1,200 Python calls a message through Celery's option lookups, routing, the
producer's entity copies and kombu's publish, for what ends up as one JSON document pushed
onto a list. Here Celery still makes the message (`app.amqp.as_task_v2`: the headers and
body any worker reads); only kombu's envelope around it, which its Redis transport defines
(the body in base64, the delivery info, a delivery tag), is written out, and pushed with one
redis-py client: 0.5 ms a task. Only the simple case takes this way: a Redis broker without
a key prefix, a task without countdown or custom routing, bound for a queue on a direct
exchange, which kombu publishes through the default exchange under the queue's name.
Anything else is left to `apply_async` (`publish` answers False).
"""
from __future__ import annotations

import base64
import threading
import uuid
from typing import Any, Optional

import redis
from celery.utils.nodenames import anon_nodename
from kombu.utils.json import dumps  # the encoder kombu's JSON serializer and Redis put use

# kombu's Redis transport sends bodies in base64 and messages persistent (delivery mode 2)
_BODY_ENCODING = "base64"
_PERSISTENT = 2


class Publisher:
    """One broker connection (redis-py's pool) and the queue each task name is routed to."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.client = redis.Redis.from_url(app.conf.broker_url)
        self.origin = anon_nodename()
        self.queues: dict[str, Optional[str]] = {}

    def publish(self, task: Any, args: tuple) -> bool:
        """Push `task(*args)` onto its queue; False (nothing sent) when this way does not
        apply to the task."""
        queue = self.queue_for(task.name)
        if queue is None:
            return False
        task_id = str(uuid.uuid4())
        headers, properties, body, _ = self.app.amqp.as_task_v2(
            task_id, task.name, args, reply_to=self.app.thread_oid, origin=self.origin,
            ignore_result=task.ignore_result, argsrepr=repr(args), kwargsrepr="{}")
        properties.update(delivery_mode=_PERSISTENT, priority=0, body_encoding=_BODY_ENCODING,
                          delivery_info={"exchange": "", "routing_key": queue},
                          delivery_tag=str(uuid.uuid4()))
        message = {"body": base64.b64encode(dumps(body).encode()).decode(),
                   "content-encoding": "utf-8", "content-type": "application/json",
                   "headers": headers, "properties": properties}
        self.client.lpush(queue, dumps(message))
        return True

    def queue_for(self, name: str) -> Optional[str]:
        """The queue Celery routes task `name` to, when kombu would publish it through the
        default exchange under that queue's name (a direct exchange, no routing of its own);
        else None."""
        if name not in self.queues:
            route = self.app.amqp.router.route({}, name, (), {})
            queue = route.get("queue")
            plain = (queue is not None and set(route) == {"queue"}
                     and getattr(queue.exchange, "type", "direct") == "direct")
            self.queues[name] = queue.name if plain else None
        return self.queues[name]


# id(app) -> (the app, its publisher or None): the app is kept, so its id is never reused
_PUBLISHERS: dict[int, tuple[Any, Optional[Publisher]]] = {}
_LOCK = threading.Lock()


def publisher(app: Any) -> Optional[Publisher]:
    """The app's publisher, or None when its broker is not one this way writes to: Redis
    over plain TCP (`redis://`; TLS brokers have Celery's own SSL settings) without kombu's
    global key prefix."""
    with _LOCK:
        if id(app) not in _PUBLISHERS:
            url = str(getattr(app.conf, "broker_url", None) or "")
            options = getattr(app.conf, "broker_transport_options", None) or {}
            plain = url.startswith("redis://") and not options.get("global_keyprefix")
            _PUBLISHERS[id(app)] = (app, Publisher(app) if plain else None)
        return _PUBLISHERS[id(app)][1]
