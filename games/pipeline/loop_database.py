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

A statement is sent and read here through psycopg's libpq wrapper (`_Statements`), not
through a psycopg cursor: the values and the rows still go through psycopg's adapters (the
connection's own, Django's among them), and a statement is prepared on its connection the
first time, but the cursor's query handling and its waits on the socket, which cost the loop
about 60-90 µs of CPU a statement in a loop and more in the server, are left out
(docs/performance.md). The loop watches a connection's socket only while it awaits an
answer (`_Statements._result` says why). It waits as long as the server lives: a server
that stalls answers late, and the step is announced as ever (giving the statement up after
a deadline left a step PostgreSQL stored on waking that no process announced,
tests/faults/test_faults_web.py); one whose host is gone is found out by the settings'
TCP keepalives (`POSTGRES_LIVENESS_OPTIONS`).
"""
from __future__ import annotations

import asyncio
import contextlib
import time
import weakref
from typing import Any, Callable, Optional

import psycopg
from django.db import DEFAULT_DB_ALIAS, connections
from psycopg import adapt, errors, pq

# Statements of different games in flight at once, per process.
CONNECTIONS_PER_LOOP = 4
# How long giving up a connection waits for PostgreSQL to take the cancel of its statement.
CANCEL_SECONDS = 2.0


class _Statements:
    """One connection's way of running a statement: its adapters' transformer, and the
    statements prepared on it, by text and parameter types (a value's type may change its
    parameter's, as an integer's size does)."""

    def __init__(self, connection: psycopg.AsyncConnection) -> None:
        self.connection = connection
        self.pgconn = connection.pgconn
        self.transformer = adapt.Transformer(connection)
        self.prepared: dict[tuple, bytes] = {}
        _OPENED.add(self)

    async def send(self, sql: str, params: list) -> None:
        """Send the statement (prepared first, the first time on this connection: only then
        does this wait); `rows` reads its answer."""
        transformer, pgconn = self.transformer, self.pgconn
        values = transformer.dump_sequence(params, [adapt.PyFormat.AUTO] * len(params))
        key = (sql, tuple(transformer.types))
        name = self.prepared.get(key)
        if name is None:
            name = b"wl_%d" % len(self.prepared)
            pgconn.send_prepare(name, _numbered(sql), param_types=transformer.types)
            await self._result()
            self.prepared[key] = name
        pgconn.send_query_prepared(name, values, param_formats=transformer.formats)

    async def rows(self) -> list[tuple]:
        """The rows of the statement `send` sent."""
        result = await self._result()
        self.transformer.set_pgresult(result)
        return self.transformer.load_rows(0, result.ntuples, tuple)

    async def _result(self) -> pq.abc.PGresult:
        """The one result of the statement just sent, once PostgreSQL has answered it
        whole; an error as psycopg raises it. The socket is watched only while an answer is
        awaited, and libpq reads only once the loop no longer watches it: libpq closes a
        broken connection's socket, and a descriptor closed while watched, or watched from
        one answer to the next, left uvloop deaf to the next socket given its number (seen
        as commands that never answered after a PostgreSQL restart; watching a duplicate of
        the socket from a connection's first statement to its closing did so in 6 restarts
        of 48, docs/performance.md)."""
        pgconn = self.pgconn
        loop = asyncio.get_running_loop()
        while pgconn.flush():  # a statement larger than the socket takes at once
            await _ready(loop.add_writer, loop.remove_writer, pgconn.socket)
        results, answered = [], False
        while not answered:  # until libpq has every result and the end of them
            if pgconn.is_busy():  # (the answer may have been read as the statement went out)
                await _ready(loop.add_reader, loop.remove_reader, pgconn.socket)
                pgconn.consume_input()
            while not answered and not pgconn.is_busy():
                result = pgconn.get_result()
                if result is None:
                    answered = True
                else:
                    results.append(result)
        if len(results) != 1:  # one statement was sent: anything else is a broken connection
            raise psycopg.OperationalError(
                f"PostgreSQL sent {len(results)} results for one statement")
        [result] = results
        if result.status not in (pq.ExecStatus.TUPLES_OK, pq.ExecStatus.COMMAND_OK):
            raise errors.error_from_result(result, encoding=self.connection.info.encoding)
        return result


async def _ready(watch: Callable[..., None], unwatch: Callable[[int], Any], fd: int) -> None:
    """Until the socket `fd` is ready as `watch` (the loop's add_reader or add_writer)
    watches it; it is no longer watched when this returns."""
    ready: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    watch(fd, lambda: ready.done() or ready.set_result(None))
    try:
        await ready
    finally:
        unwatch(fd)


def _numbered(sql: str) -> bytes:
    """`sql`'s %s placeholders as PostgreSQL's $1, $2, ... (the loop's statements have no
    other % in them). Only a statement's preparing asks, once per connection."""
    parts = sql.split("%s")
    if any("%" in part for part in parts):
        raise ValueError(f"a % in a statement other than a placeholder: {sql[:200]}")
    return (parts[0] + "".join(f"${i}{part}" for i, part in enumerate(parts[1:], 1))).encode()


class _LoopConnections:
    """The connections of one event loop: idle ones kept, each with what it prepared, at
    most `size` in use; the settings' CONN_MAX_AGE is read once a loop."""

    def __init__(self, size: int) -> None:
        self.slots = asyncio.Semaphore(size)
        self.idle: list[tuple[_Statements, float]] = []  # with when each was opened
        self.max_age = _max_age()

    async def send(self, sql: str, params: list) -> "Sent":
        """`send` on a connection of this loop's, taken until its answer is read."""
        await self.slots.acquire()
        try:
            if self.idle:
                statements, opened = self.idle.pop()
            else:
                statements, opened = _Statements(await _connect()), time.monotonic()
        except BaseException:
            self.slots.release()
            raise
        sent = Sent(self, statements, opened)
        try:
            await statements.send(sql, params)
        except BaseException:
            await sent.give_back(broken=True)
            raise
        return sent


class Sent:
    """A statement sent on a connection of the loop's: `rows` reads its answer and gives the
    connection back. (Not a context manager: a generator's frames for each statement cost
    more than they hold.)"""

    def __init__(self, connections: _LoopConnections, statements: _Statements,
                 opened: float) -> None:
        self.connections, self.statements, self.opened = connections, statements, opened

    async def rows(self) -> list[tuple]:
        try:
            rows = await self.statements.rows()
        except BaseException:
            await self.give_back(broken=True)
            raise
        await self.give_back(broken=False)
        return rows

    async def give_back(self, *, broken: bool) -> None:
        """Keep the connection for the next statement, or close it: when it `broken` (its
        state is unknown after a failure: never reused), broke, or is too old."""
        connections, statements = self.connections, self.statements
        try:
            if not broken and _keep(statements.connection, self.opened, connections.max_age):
                connections.idle.append((statements, self.opened))
            else:
                await _close(statements.connection)
        finally:
            connections.slots.release()


_LOOPS: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _LoopConnections]" = \
    weakref.WeakKeyDictionary()


def _connections() -> _LoopConnections:
    loop = asyncio.get_running_loop()
    found = _LOOPS.get(loop)
    if found is None:
        found = _LOOPS[loop] = _LoopConnections(CONNECTIONS_PER_LOOP)
    return found


async def fetch(sql: str, params: list) -> list[tuple]:
    """Run one statement (%s placeholders) in autocommit, a transaction of its own, and
    return its rows."""
    sent = await _connections().send(sql, params)
    return await sent.rows()


async def send(sql: str, params: list) -> Sent:
    """`fetch` in two halves: the statement is on its way when this returns (having waited
    only for a free connection, and to prepare it the first time on that connection), and
    `Sent.rows` reads its answer. The caller's work in between overlaps PostgreSQL's."""
    return await _connections().send(sql, params)


async def _connect() -> psycopg.AsyncConnection:
    return await psycopg.AsyncConnection.connect(**_connection_params())


# Every connection opened and not yet garbage, whatever its loop: for `close_all_now`.
_OPENED: "weakref.WeakSet[_Statements]" = weakref.WeakSet()


def close_all_now() -> None:
    """Close every connection the loops opened that is still open, without their loops. A
    loop stopped while a statement was in flight (a test's loop, a test server's) leaves its
    connection open, and PostgreSQL will not drop a test database that is in use: the test
    session calls this before it drops its database."""
    for statements in list(_OPENED):
        if not statements.connection.closed:
            statements.connection.pgconn.finish()


def _connection_params() -> dict:
    """Django's parameters for the database (its adapters among them), in autocommit."""
    params = dict(connections[DEFAULT_DB_ALIAS].get_connection_params())
    params.update(autocommit=True, cursor_factory=psycopg.AsyncCursor)
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
    """Close `connection`, cancelling first the statement still running on it (its caller
    was cancelled while it awaited the answer): otherwise PostgreSQL goes on to commit it,
    and no process announces the step. The cancel makes that rare, not impossible."""
    with contextlib.suppress(Exception):
        if connection.pgconn.transaction_status == pq.TransactionStatus.ACTIVE:
            await connection.cancel_safe(timeout=CANCEL_SECONDS)
    with contextlib.suppress(Exception):
        await connection.close()
