"""kombu's Redis transport for Celery, keeping one Redis client object per channel.

kombu's Redis channel builds a new redis-py client object (on its shared connection pool)
for every message it publishes, every task it records as unacknowledged and every
acknowledgement: three a task of the opponent's turn, each costing more Python than the
Redis command it sends (`benchmarks/celery_floor_bench.py`, docs/performance.md). A client
object holds no connection of its own (each command takes one from the pool and gives it
back), so one per channel serves them all, from any thread. It is made again when the
channel replaces its pool (after a lost connection), so it never points at a dropped pool.

Chosen by the settings (`CELERY_BROKER_TRANSPORT`) for the web processes and the workers
alike; the messages on Redis are kombu's own, unchanged.
"""
from __future__ import annotations

from typing import Any, Optional

from kombu.transport import redis


class Channel(redis.Channel):
    _kept_client: Optional[Any] = None

    def _create_client(self, asynchronous: bool = False) -> Any:
        if asynchronous:  # the consumer's own connection (BRPOP): made once already
            return super()._create_client(asynchronous=True)
        pool = self.pool
        client = self._kept_client
        if client is None or client.connection_pool is not pool:
            client = self._kept_client = super()._create_client()
        return client


class Transport(redis.Transport):
    Channel = Channel
