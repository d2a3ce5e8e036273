"""PostgreSQL connections of the event loop itself, for the statement a command stores.

A web process serves every socket on one event loop, and Django's database calls run on
one other thread (`database_sync_to_async`). With the command's step on that thread, each
command crossed threads twice and its thread took the GIL back from the busy loop after
every round trip to PostgreSQL: waits of up to the switch interval, several per command,
on the one thread every command of the process queued for (docs/performance.md). The
step's own statement is one round trip in autocommit (`step_sql.conditional_step`), so the
loop can run it on a connection of its own and serve other sockets while PostgreSQL works;
and since there are a few such connections, the steps of different games overlap and
PostgreSQL flushes their commits together.

Connections are kept per event loop (an asyncio connection belongs to its loop) and follow
Django's settings for the database: the same parameters and adapters, autocommit, and
CONN_MAX_AGE (0: a new connection for each statement, as the tests run; otherwise one is
closed once older than that). A connection that failed is dropped, never reused.
"""
from __future__ import annotations

import asyncio
import contextlib
import time
import weakref
from typing import AsyncIterator, Optional

import psycopg
from django.db import DEFAULT_DB_ALIAS, connections

# Statements of different games in flight at once, per process.
CONNECTIONS_PER_LOOP = 4
# Runs of one statement text after which PostgreSQL is asked to keep its plan (psycopg's
# prepare threshold): here, and on the worker's step statements (step_sql._bound_cursor).
PREPARE_AFTER = 5


class _LoopConnections:
    """The connections of one event loop: idle ones kept, each with its cursor, at most
    `size` in use. A kept connection's cursor runs its next statement too (a new cursor a
    statement, and Django's settings read at each return, were a tenth of the statement's
    CPU on the loop, docs/performance.md); the settings' CONN_MAX_AGE is read once a loop."""

    def __init__(self, size: int) -> None:
        self.slots = asyncio.Semaphore(size)
        self.idle: list[tuple[psycopg.AsyncConnection, psycopg.AsyncCursor, float]] = []
        self.max_age = _max_age()

    @contextlib.asynccontextmanager
    async def cursor(self) -> AsyncIterator[psycopg.AsyncCursor]:
        async with self.slots:
            if self.idle:
                connection, cursor, opened = self.idle.pop()
            else:
                connection = await _connect()
                cursor, opened = connection.cursor(), time.monotonic()
            try:
                yield cursor
            except BaseException:
                await _close(connection)  # its state is unknown: never reuse it
                raise
            if _keep(connection, opened, self.max_age):
                self.idle.append((connection, cursor, opened))
            else:
                await _close(connection)


_LOOPS: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _LoopConnections]" = \
    weakref.WeakKeyDictionary()


def _connections() -> _LoopConnections:
    loop = asyncio.get_running_loop()
    found = _LOOPS.get(loop)
    if found is None:
        found = _LOOPS[loop] = _LoopConnections(CONNECTIONS_PER_LOOP)
    return found


async def fetch(sql: str, params: list) -> list[tuple]:
    """Run one statement in autocommit (a transaction of its own) and return its rows."""
    async with _connections().cursor() as cursor:
        await cursor.execute(sql, params)
        return await cursor.fetchall()


async def _connect() -> psycopg.AsyncConnection:
    connection = await psycopg.AsyncConnection.connect(**_connection_params())
    _OPENED.add(connection)
    return connection


# Every connection opened and not yet garbage, whatever its loop: for `close_all_now`.
_OPENED: "weakref.WeakSet[psycopg.AsyncConnection]" = weakref.WeakSet()


def close_all_now() -> None:
    """Close every connection the loops opened that is still open, without their loops. A
    loop stopped while a statement was in flight (a test's loop, a test server's) leaves
    its connection open, and PostgreSQL will not drop a test database that is in use: the
    test session calls this before it drops its database."""
    for connection in list(_OPENED):
        if not connection.closed:
            connection.pgconn.finish()


def _connection_params() -> dict:
    """Django's parameters for the database (its adapters among them), in autocommit, with
    the values bound by the server and a statement prepared once it has run five times: a
    step's statement differs only in how many events it inserts, and PostgreSQL then
    plans it once instead of parsing every step's literals."""
    params = dict(connections[DEFAULT_DB_ALIAS].get_connection_params())
    params.update(autocommit=True, cursor_factory=psycopg.AsyncCursor, prepare_threshold=PREPARE_AFTER)
    return params


def _max_age() -> Optional[float]:
    return connections[DEFAULT_DB_ALIAS].settings_dict.get("CONN_MAX_AGE")


def _keep(connection: psycopg.AsyncConnection, opened: float, max_age: Optional[float]) -> bool:
    if connection.closed or connection.broken:
        return False
    if connection.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
        return False
    return max_age is None or time.monotonic() - opened < max_age


async def _close(connection: psycopg.AsyncConnection) -> None:
    with contextlib.suppress(Exception):
        await connection.close()
