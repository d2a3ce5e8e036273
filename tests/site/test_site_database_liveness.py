"""PostgreSQL connections and a server that goes silent.

Every connection, the database thread's, the worker's and the event loop's
(`games.pipeline.loop_database`), carries the settings' liveness options
(`POSTGRES_LIVENESS_OPTIONS`): a server whose host is gone is found out in about a minute,
not when TCP gives up hours later, and a connection that cannot open gives up in 10 s. A
server that lives but stalls is waited for (tests/faults/test_faults_web.py freezes one):
an answer late is still announced. A statement the loop's caller abandons mid-answer is
cancelled on the server, so that it does not store a step nobody announces, and its
connection is given back. The first two tests play PostgreSQL's side themselves, as a
server gone silent, so they run without a database; the others run against PostgreSQL (CI).
"""
from __future__ import annotations

import asyncio
import os
import socket
import struct
import threading
import time

import psycopg
import pytest
from django.conf import settings
from django.db import connection as django_connection

from games import services
from games.models import Game
from games.pipeline import loop_database, step_sql
from games.history import history_problems
from support.site import known_to_this_process, start_skirmish, the_player_to_move  # noqa: F401


_CANCEL_REQUEST = 80877102  # the code a cancel request carries where a protocol version goes


async def _silent_server(*, greets: bool) -> tuple[asyncio.base_events.Server, list[str]]:
    """A server on a free port that reads everything and answers nothing; when `greets`, it
    first lets a client in as PostgreSQL would (authentication ok, a cancel key, ready for a
    query), so the client's statements go out and wait, and it takes a cancel request as
    PostgreSQL does (and closes). What it saw goes in the list: "cancel", and "closed" when a client
    closed a session."""
    seen: list[str] = []

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if greets:
            length, code = struct.unpack("!ii", await reader.readexactly(8))
            await reader.readexactly(length - 8)  # the rest of the startup message
            if code == _CANCEL_REQUEST:
                seen.append("cancel")
                writer.close()
                return
            writer.write(b"R" + struct.pack("!ii", 8, 0) + b"K" + struct.pack("!iii", 12, 4242, 1)
                         + b"Z" + struct.pack("!i", 5) + b"I")
            await writer.drain()
        while await reader.read(65536):
            pass
        seen.append("closed")
        writer.close()

    return await asyncio.start_server(serve, "127.0.0.1", 0), seen


def _params_for(server: asyncio.base_events.Server) -> dict:
    port = server.sockets[0].getsockname()[1]
    return {"host": "127.0.0.1", "port": port, "user": "silent", "dbname": "silent",
            "sslmode": "disable", "gssencmode": "disable", "autocommit": True}


def test_a_statement_its_caller_abandons_is_cancelled_on_the_server_and_frees_its_connection(
        monkeypatch):
    monkeypatch.setattr(loop_database, "CANCEL_SECONDS", 0.3)

    async def unanswered():
        server, seen = await _silent_server(greets=True)
        monkeypatch.setattr(loop_database, "_connection_params", lambda: _params_for(server))
        async with server:
            connections = loop_database._connections()
            started = time.monotonic()
            for _ in range(loop_database.CONNECTIONS_PER_LOOP + 1):  # more than the slots
                with pytest.raises(TimeoutError):
                    await asyncio.wait_for(loop_database.fetch("SELECT %s::int", [1]), 0.3)
            took = time.monotonic() - started
            await asyncio.sleep(0.1)  # the server reads the clients' ends
            return took, connections.idle, connections.slots._value, seen

    took, idle, free_slots, seen = asyncio.run(unanswered())
    tries = loop_database.CONNECTIONS_PER_LOOP + 1
    assert took < tries * (0.3 + 0.3) + 2  # none waited for a slot
    assert idle == [] and free_slots == loop_database.CONNECTIONS_PER_LOOP
    assert seen.count("cancel") == tries and seen.count("closed") == tries


def test_a_connection_the_server_never_lets_open_fails_within_its_connect_timeout_and_frees_its_slot(
        monkeypatch):
    async def never_open():
        server, _ = await _silent_server(greets=False)
        params = dict(_params_for(server), connect_timeout=2)  # libpq's least; 10 as shipped
        monkeypatch.setattr(loop_database, "_connection_params", lambda: params)
        async with server:
            started = time.monotonic()
            with pytest.raises(psycopg.OperationalError):
                await loop_database.fetch("SELECT 1", [])
            return time.monotonic() - started, loop_database._connections().slots._value

    took, free_slots = asyncio.run(never_open())
    assert took < 6
    assert free_slots == loop_database.CONNECTIONS_PER_LOOP


@pytest.mark.django_db(transaction=True)
def test_a_step_abandoned_while_postgresql_holds_it_is_cancelled_and_stored_once_the_other_way(
        owner, teammate):
    """The step's statement waits on the game's row, locked by another transaction, and its
    caller is cancelled meanwhile (as a command's task may be): the statement is cancelled
    too, so PostgreSQL does not store it once the lock goes, and the database thread's way
    stores the command once."""
    if not step_sql.can_write_conditionally():
        pytest.skip("the loop's connections are PostgreSQL's (CI runs this against it)")
    game = start_skirmish(owner, teammate)
    known_to_this_process(game, owner, teammate)
    user, command = the_player_to_move(game, owner, teammate)
    locked, release = threading.Event(), threading.Event()

    def hold_the_games_row() -> None:
        params = dict(django_connection.get_connection_params(), autocommit=False)
        with psycopg.connect(**params) as holder:
            holder.execute("SELECT 1 FROM games_game WHERE id = %s FOR UPDATE", [game.id])
            locked.set()
            release.wait(10)
            holder.rollback()

    holder = threading.Thread(target=hold_the_games_row)
    holder.start()
    try:
        assert locked.wait(10)
        started = time.monotonic()
        with pytest.raises(TimeoutError):
            asyncio.run(asyncio.wait_for(services.game_apply_command_on_loop(
                game_id=game.id, user=user, expected_version=2, command=command), 0.5))
        took = time.monotonic() - started
    finally:
        release.set()
        holder.join(10)
    time.sleep(0.5)  # had the statement not been cancelled, it would store the step now

    assert took < 5
    assert Game.objects.get(id=game.id).version == 2  # the cancelled statement stored nothing
    result = services.game_apply_command(game_id=game.id, user=user, expected_version=2,
                                         command=command)
    game.refresh_from_db()
    assert result.version == game.version == 3
    assert history_problems(game) == []


def _liveness_of(fd: int) -> dict:
    """The TCP liveness options the kernel holds for the socket `fd`, named as libpq's."""
    with socket.socket(fileno=os.dup(fd)) as sock:
        return {"keepalives": sock.getsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE),
                "keepalives_idle": sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPIDLE),
                "keepalives_interval": sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPINTVL),
                "keepalives_count": sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPCNT),
                "tcp_user_timeout": sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT)}


@pytest.mark.django_db(transaction=True)
def test_the_database_threads_and_the_loops_connections_find_a_vanished_server_out_in_a_minute(
        monkeypatch):
    if not step_sql.can_write_conditionally():
        pytest.skip("PostgreSQL's connections (CI runs this against it)")
    host = django_connection.settings_dict["HOST"]
    if not host or host.startswith("/"):
        pytest.skip("a Unix socket has no TCP liveness to check: CI connects to 127.0.0.1")
    monkeypatch.setattr(loop_database, "_max_age", lambda: 600.0)  # kept, as shipped
    shipped = settings.POSTGRES_LIVENESS_OPTIONS
    expected = {name: shipped[name] for name in (
        "keepalives", "keepalives_idle", "keepalives_interval", "keepalives_count",
        "tcp_user_timeout")}

    django_connection.ensure_connection()
    threads = django_connection.connection

    async def loops_connection():
        await loop_database.fetch("SELECT 1", [])
        [(statements, _)] = loop_database._connections().idle
        return statements.connection

    loops = asyncio.run(loops_connection())
    try:
        for connection in (threads, loops):
            assert _liveness_of(connection.pgconn.socket) == expected
            assert connection.info.get_parameters()["connect_timeout"] == str(
                shipped["connect_timeout"])
    finally:
        loops.pgconn.finish()
