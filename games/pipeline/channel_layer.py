"""The channel layer the site runs on Redis: channels-redis's pub/sub layer, with a receiver
that waits up to a second for each message instead of a tenth of one, and one round trip
for a change's messages to every seat.

channels-redis 4 reads its subscriber connection in a loop, each read waiting at most 0.1 s,
so an idle web process woke ten times a second to find nothing: 2.4 ms of CPU a second
measured alone (a layer with one group, 20 s, twice), 0.27 ms with the longer wait, against
the 10 ms a second issue 32 allows for 64 seated tables and their process
(docs/performance.md). A message still arrives at once: the read ends as soon as one comes.
With no subscription yet the receiver looks again every tenth of a second, as before (it
starts just before its first subscription is sent), and a lost Redis connection is retried
as before (the layer watch, games.pipeline.layer_watch, still tells the sockets to catch up
once it is back).

A stored change is one message to each seat's group (`games.pipeline.broadcast`), and a
shard sends its publishes one at a time, each waiting for Redis's answer under the shard's
lock; `group_send_many` sends them all in one write instead (one write and one read a
shard, in the same order), on a connection of the shard's own in Redis's protocol written
by hand (`games.pipeline.redis_publisher`: redis-py's pipeline cost three times as much of
the web process's CPU). The shard listens by hand too (`games.pipeline.redis_subscriber`),
each message handed on as it is read: with redis-py's reading loop the layer spent nearly
twice the CPU a change (docs/performance.md). A Redis not given by a plain address keeps
redis-py's ways: one pipeline a change, and the patient reading loop above.

`group_send_many` also hands each message straight to the sockets of this process that
listen on its group, before publishing it: the other seat of a table served by the same
process has its update without waiting for Redis to send it back (0.6 ms of a move's round
trip, docs/performance.md). The copy Redis sends back is then handed only to members that
did not have it (a socket that joined meanwhile), so nobody hears a change twice; it is
recognised by its channel and its bytes. Another process's sockets hear it through Redis
as before.

Sync code (a Celery worker's step) publishes with `group_send_many_sync`: the same messages
on the same Redis channels, in the calling thread, written by hand as the async layer's are
(`redis_publisher.SyncRedisPublisher`; redis-py's pipeline for an address with options of
its own). Through
the async layer each change went to a loop kept in a thread of its own and back (the
calling thread woken by a future), which cost the worker more than the publishing itself
(docs/performance.md).
"""
from __future__ import annotations

import asyncio
import logging
import os
import threading
from collections import OrderedDict
from typing import Any, Collection, Optional, Sequence

import redis
from channels_redis import pubsub
from channels_redis.utils import _consistent_hash, decode_hosts

from games.pipeline.redis_publisher import RedisPublisher, SyncRedisPublisher
from games.pipeline.redis_subscriber import RedisSubscriber

logger = logging.getLogger(__name__)

RECEIVE_WAIT_SECONDS = 1.0
# Messages handed on in this process whose copy from Redis is still to come, at most: a
# copy that never comes (Redis away) is forgotten with the oldest, and one forgotten before
# it came is only heard twice (a socket skips a change it has sent).
MAX_ECHOES = 1024
# A sync publish gives up after this long (the async layer's sends wait as long: broadcast)
SYNC_SEND_TIMEOUT_SECONDS = 10


class _PatientShard(pubsub.RedisSingleShardConnection):
    """channels-redis's connection to one Redis, publishing a change's messages in one
    write and handing them to this process's own listeners without Redis; for a plain
    address publishing and listening on connections of its own written by hand, else
    through redis-py, reading with the longer wait (its own loop otherwise, message for
    message)."""

    # (Redis channel, message bytes) handed on here -> who had it; set in `_get_layer`
    _echoes: "OrderedDict[tuple[str, bytes], frozenset[str]]"
    _publisher: Optional[RedisPublisher]  # these two set in `_get_layer`: both or neither
    _subscriber: Optional[RedisSubscriber]

    async def subscribe(self, channel: str) -> None:
        if self._subscriber is None:
            await super().subscribe(channel)
        else:
            await self._subscriber.subscribe(channel)

    async def unsubscribe(self, channel: str) -> None:
        if self._subscriber is None:
            await super().unsubscribe(channel)
        else:
            await self._subscriber.unsubscribe(channel)

    async def publish(self, channel: str, message: bytes) -> None:
        if self._publisher is None:
            await super().publish(channel, message)
        else:
            await self._publisher.publish_many([(channel, message)])

    def deliver_here(self, channel: str, payload: bytes, had_it: Optional[str]) -> None:
        """Put a message this process is about to publish on `channel` (a group's) into
        the queue of each of this process's members of the group but `had_it` (a socket
        that sent it itself), and remember who has it for when Redis sends it back."""
        members = self.channel_layer.groups.get(channel)
        if not members:
            return
        self._hand_on(channel, payload, () if had_it is None else (had_it,))
        self._echoes[(channel, payload)] = frozenset(members)
        if len(self._echoes) > MAX_ECHOES:
            self._echoes.popitem(last=False)

    def _receive_message(self, message: Optional[dict]) -> None:
        """A message redis-py read (its subscription's confirmations are None here)."""
        if message is not None:
            self._heard(message["channel"], message["data"])

    def _heard(self, channel: str | bytes, payload: bytes) -> None:
        """A message Redis sent on `channel`: to the queue of the socket it names, or of
        each of this process's members of the group it names, but those that had it."""
        name = channel.decode() if isinstance(channel, bytes) else channel
        if self._echoes:
            had_it = self._echoes.pop((name, payload), None)
            if had_it is not None:  # published by this process, already handed on here
                self._hand_on(name, payload, had_it)
                return
        super()._receive_message({"channel": name, "data": payload})  # channels-redis's own

    def _hand_on(self, channel: str, payload: bytes, had_it: Collection[str]) -> None:
        """Put `payload` in the queue of each of this process's members of the group
        `channel` that is not in `had_it`."""
        layer = self.channel_layer
        for member in layer.groups.get(channel, ()):
            queue = layer.channels.get(member)
            if queue is not None and member not in had_it:
                queue.put_nowait(payload)

    async def _do_receiving(self) -> None:
        while True:
            try:
                if self._pubsub and self._pubsub.subscribed:
                    message = await self._pubsub.get_message(
                        ignore_subscribe_messages=True, timeout=RECEIVE_WAIT_SECONDS)
                    self._receive_message(message)
                else:  # a subscription is on its way (the receiver starts just before
                    await asyncio.sleep(0.1)  # the first): look again soon
            except (asyncio.CancelledError, asyncio.TimeoutError, GeneratorExit):
                raise
            except BaseException:
                logger.exception("the channel layer's receiver failed; trying again")
                await asyncio.sleep(1)

    async def flush(self) -> None:
        if self._publisher is not None:
            self._publisher.close()
        if self._subscriber is not None:
            self._subscriber.close()
        await super().flush()

    async def publish_many(self, messages: Sequence[tuple[str, bytes]]) -> None:
        """Publish each (channel, message) in order, in one round trip: on a connection
        of the shard's own written by hand (`redis_publisher`) when the host is a plain
        address, else in one redis-py pipeline."""
        if self._publisher is not None:
            await self._publisher.publish_many(messages)
            return
        async with self._lock:
            self._ensure_redis()
            pipe = self._redis.pipeline(transaction=False)
            for channel, message in messages:
                pipe.publish(channel, message)
            await pipe.execute()


class _PipelinePublisher:
    """`SyncRedisPublisher.publish_many` through redis-py, for an address with options of
    its own (TLS, a timeout...): one pipeline a call."""

    def __init__(self, host: dict) -> None:
        options = {"socket_timeout": SYNC_SEND_TIMEOUT_SECONDS,
                   **{k: v for k, v in host.items() if k != "address"}}
        self.client = redis.Redis.from_url(host["address"], **options)

    def publish_many(self, messages: Sequence[tuple[str, bytes]]) -> None:
        pipe = self.client.pipeline(transaction=False)
        for channel, payload in messages:
            pipe.publish(channel, payload)
        pipe.execute()


class PatientRedisPubSubChannelLayer(pubsub.RedisPubSubChannelLayer):
    """`channels_redis.pubsub.RedisPubSubChannelLayer` whose per-loop layers read with
    `_PatientShard`: the settings' BACKEND when REDIS_URL is set."""

    async def group_send_many(self, sends: Sequence[tuple[str, dict]], *,
                              had_it: Optional[str] = None) -> None:
        """`group_send` of each (group, message), one pipeline a shard, each message handed
        first to this process's members of its group (but `had_it`, a channel that has it
        already: the mover's socket sends its own update)."""
        shards = self._get_layer()._shards
        by_shard = self._by_shard(sends, len(shards))
        for shard, messages in by_shard.items():
            for channel, payload in messages:
                shards[shard].deliver_here(channel, payload, had_it)
        await asyncio.gather(*(shards[shard].publish_many(messages)
                               for shard, messages in by_shard.items()))

    def group_send_many_sync(self, sends: Sequence[tuple[str, dict]]) -> bool:
        """`group_send_many` from sync code, in this thread: False (nothing sent) when a
        host is not a plain address (a sentinel set-up), which only the async layer knows
        how to reach."""
        publishers = self._sync_publishers()
        if publishers is None:
            return False
        for shard, messages in self._by_shard(sends, len(publishers)).items():
            publishers[shard].publish_many(messages)
        return True

    def _by_shard(self, sends: Sequence[tuple[str, dict]],
                  shards: int) -> dict[int, list[tuple[str, bytes]]]:
        """Each (group, message) as its group's Redis channel and the message's bytes, under
        the index of the shard that channel lives on: channels-redis's own channel name
        (`RedisPubSubLoopLayer._get_group_channel_name`) and hash (`_get_shard`), worked out
        here so that sync code needs no loop's layer for them."""
        prefix = self._kwargs.get("prefix", "asgi")
        by_shard: dict[int, list[tuple[str, bytes]]] = {}
        for group, message in sends:
            channel = f"{prefix}__group__{group}"
            by_shard.setdefault(_consistent_hash(channel, shards), []).append(
                (channel, self.serialize(message)))
        return by_shard

    _sync: Optional[tuple[int, Optional[list[Any]]]] = None
    _sync_lock = threading.Lock()

    def _sync_publishers(self) -> Optional[list[Any]]:
        """One publisher a host, each with `publish_many(messages)`, made again in a forked
        child: a plain address's written by hand (`SyncRedisPublisher`), another address's
        through a redis-py client (a pool shared by the threads); None when a host is given
        other than by its address."""
        kept = self._sync
        if kept is not None and kept[0] == os.getpid():
            return kept[1]
        with self._sync_lock:
            hosts = decode_hosts(self._kwargs.get("hosts"))
            publishers: Optional[list[Any]] = []
            for host in hosts:
                if "address" not in host:
                    publishers = None
                    break
                publishers.append(
                    SyncRedisPublisher.for_host(host, timeout=SYNC_SEND_TIMEOUT_SECONDS)
                    or _PipelinePublisher(host))
            self._sync = (os.getpid(), publishers)
            return publishers

    def _get_layer(self) -> Any:
        layer = super()._get_layer()
        for shard in layer._shards:
            if type(shard) is pubsub.RedisSingleShardConnection:  # made just now, not yet read
                shard.__class__ = _PatientShard
                shard._echoes = OrderedDict()
                shard._publisher = publisher = RedisPublisher.for_host(shard.host)
                shard._subscriber = None if publisher is None else RedisSubscriber(
                    publisher.host, publisher.port, shard._heard, publisher.username,
                    publisher.password)
        return layer
