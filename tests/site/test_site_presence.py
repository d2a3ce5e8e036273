"""Presence survives a server that dies.

A seat's open sockets are counted; a server that dies cannot count its sockets down, so
the count alone would show a player as present for ever after a crash or a deploy. A count
is believed only while one of the seat's sockets has shown life recently (connecting, or
the browser's ping every 25 s), and a seat that comes back after a silence starts counting
again from one.
"""
from __future__ import annotations

from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from games import consumers, presence, selectors, services
from games.models import Seat
from games.pipeline import on_loop, step_sql
from support.site import (  # noqa: F401  (fixtures)
    _fresh_state_cache, communicator, connect_seated, crossings_counted, drain, receive,
    receive_until, start_skirmish)

db = database_sync_to_async
SILENT = timedelta(seconds=selectors.PRESENCE_TIMEOUT_SECONDS + 10)


def a_server_died_holding(game, seat: str, sockets: int) -> None:
    """The seat's sockets were on a server that died: counted up, never down, silent since."""
    Seat.objects.filter(game=game, seat=seat).update(connections=sockets,
                                                     seen_at=timezone.now() - SILENT)


@pytest.mark.django_db
def test_a_seat_whose_server_died_is_shown_away(owner, teammate):
    game = start_skirmish(owner, teammate)
    a_server_died_holding(game, "p1", sockets=2)
    assert selectors.connected_seats(game.id) == []
    assert [s["connected"] for s in selectors.seats_summary(game)] == [False, False]


@pytest.mark.django_db
def test_coming_back_after_the_silence_counts_from_one(owner, teammate):
    game = start_skirmish(owner, teammate)
    a_server_died_holding(game, "p1", sockets=2)

    assert presence.seat_connect(game_id=game.id, seat="p1") == ["p1"]
    assert Seat.objects.get(game=game, seat="p1").connections == 1
    presence.seat_disconnect(game_id=game.id, seat="p1")
    assert selectors.connected_seats(game.id) == [], "gone when the tab closes"


@pytest.mark.django_db
def test_a_second_tab_while_present_is_counted(owner, teammate):
    game = start_skirmish(owner, teammate)
    presence.seat_connect(game_id=game.id, seat="p1")
    presence.seat_connect(game_id=game.id, seat="p1")
    presence.seat_disconnect(game_id=game.id, seat="p1")
    assert selectors.connected_seats(game.id) == ["p1"], "one tab is still open"
    presence.seat_disconnect(game_id=game.id, seat="p1")
    assert selectors.connected_seats(game.id) == []


@pytest.mark.django_db
def test_a_heartbeat_keeps_a_seat_present(owner, teammate):
    game = start_skirmish(owner, teammate)
    presence.seat_connect(game_id=game.id, seat="p1")
    Seat.objects.filter(game=game, seat="p1").update(seen_at=timezone.now() - SILENT)
    assert selectors.connected_seats(game.id) == []
    assert presence.seat_seen(game_id=game.id, seat="p1") == ["p1"]


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_ping_tells_the_player_that_a_silent_seat_has_gone(owner, teammate, monkeypatch):
    game = await db(start_skirmish)(owner, teammate)
    await db(presence.seat_connect)(game_id=game.id, seat="p2")  # the teammate, on another server
    comm = communicator(game.id, owner)
    greeting: list = []
    await connect_seated(comm, into=greeting)
    assert {"type": "presence", "connected": ["p1", "p2"]} in greeting
    await drain(comm)

    await db(a_server_died_holding)(game, "p2", 1)  # ... which dies
    monkeypatch.setattr(consumers, "HEARTBEAT_SECONDS", 0.0)
    await comm.send_json_to({"type": "ping"})
    assert await receive(comm) == {"type": "pong"}
    assert await receive(comm) == {"type": "presence", "connected": ["p1"]}
    await comm.disconnect()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_flood_of_pings_writes_presence_at_most_once_per_heartbeat(owner, teammate,
                                                                           monkeypatch):
    game = await db(start_skirmish)(owner, teammate)
    comm = communicator(game.id, owner)
    await connect_seated(comm)
    await drain(comm)
    writes = []
    real = presence.seat_seen_on_loop
    monkeypatch.setattr(consumers.GameConsumer, "ping_limit", 100)  # pings have a cap too

    async def seat_seen_on_loop(**kwargs):
        writes.append(kwargs)
        return await real(**kwargs)

    monkeypatch.setattr(presence, "seat_seen_on_loop", seat_seen_on_loop)
    for _ in range(50):
        await comm.send_json_to({"type": "ping"})
        assert await receive(comm) == {"type": "pong"}
    assert writes == [], "connecting counted as life; the next heartbeat is due in 20 s"
    await comm.disconnect()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_opening_and_closing_a_table_reads_the_seats_once_per_socket_told(
        owner, teammate, monkeypatch):
    """Each change of presence is read by the socket that made it (with its own count, in
    one statement on PostgreSQL) and by each other seated socket its notice reaches; a
    socket does not read its own notice again, and a closing socket, with nobody to tell,
    reads nothing."""
    game = await db(start_skirmish)(owner, teammate)
    opened, told = [], []
    real_opened, real_told = presence.seat_connect_on_loop, presence.connected_seats_on_loop

    async def seat_connect_on_loop(**kwargs):
        opened.append(kwargs["seat"])
        return await real_opened(**kwargs)

    async def connected_seats_on_loop(game_id):
        told.append(game_id)
        return await real_told(game_id)

    monkeypatch.setattr(presence, "seat_connect_on_loop", seat_connect_on_loop)
    monkeypatch.setattr(presence, "connected_seats_on_loop", connected_seats_on_loop)
    first, second = communicator(game.id, owner), communicator(game.id, teammate)

    await connect_seated(first)
    await drain(first)
    assert (opened, told) == (["p1"], []), "the opening socket's own read"

    await connect_seated(second)
    seen = await receive_until(first, lambda m: m["type"] == "presence")
    await drain(first)
    await drain(second)
    assert seen["connected"] == ["p1", "p2"]
    assert (opened, len(told)) == (["p1", "p2"], 1), \
        "the second socket's own read and the first's for its notice"

    await second.disconnect()
    gone = await receive_until(first, lambda m: m["type"] == "presence")
    assert gone["connected"] == ["p1"]
    assert (opened, len(told)) == (["p1", "p2"], 2), \
        "the first socket's read for the closing notice, none by the closer"
    await first.disconnect()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_on_postgresql_a_socket_finds_its_seat_and_counts_itself_on_the_event_loop(
        owner, teammate, monkeypatch):
    """With PostgreSQL a socket's seat and presence are one statement each on the loop's own
    connection: the same answers as the database thread's, without crossing to it."""
    if not await db(step_sql.can_write_conditionally)():
        pytest.skip("the event loop's own connections are PostgreSQL's (CI runs this)")
    game = await db(start_skirmish)(owner, teammate)
    await db(a_server_died_holding)(game, "p1", 2)

    def crossed(*args, **kwargs):
        raise AssertionError("crossed to the database thread")

    for name in ("seat_connect", "seat_seen", "seat_disconnect"):
        monkeypatch.setattr(presence, name, crossed)
    monkeypatch.setattr(selectors, "connected_seats", crossed)
    monkeypatch.setattr(on_loop, "seat_for_socket", crossed)

    def connections(seat: str) -> int:
        return Seat.objects.get(game=game, seat=seat).connections

    seat = await services.seat_for_socket_on_loop(game_id=game.id, user=owner)
    assert (seat.seat, seat.game.id) == ("p1", game.id)
    assert await services.seat_for_socket_on_loop(game_id=game.id, user=None) is None
    assert await presence.seat_connect_on_loop(game_id=game.id, seat="p1", game=seat.game) \
        == ["p1"], "the seat silent since its server died counts from one again"
    assert await db(connections)("p1") == 1
    assert await presence.seat_connect_on_loop(game_id=game.id, seat="p2", game=seat.game) \
        == ["p1", "p2"]
    assert await presence.seat_connect_on_loop(game_id=game.id, seat="p1", game=seat.game) \
        == ["p1", "p2"]
    assert await db(connections)("p1") == 2, "a second tab"
    await presence.seat_disconnect_on_loop(game_id=game.id, seat="p1")
    assert await db(connections)("p1") == 1
    assert await presence.connected_seats_on_loop(game.id) == ["p1", "p2"]

    await db(a_server_died_holding)(game, "p2", 1)
    assert await presence.connected_seats_on_loop(game.id) == ["p1"]
    await db(a_server_died_holding)(game, "p1", 1)
    assert await presence.seat_seen_on_loop(game_id=game.id, seat="p1") == ["p1"], \
        "a heartbeat brings the seat back"
    await presence.seat_disconnect_on_loop(game_id=game.id, seat="p1")
    await presence.seat_disconnect_on_loop(game_id=game.id, seat="p1")
    assert await db(connections)("p1") == 0, "never below none"


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_on_postgresql_a_closing_socket_never_crosses_to_the_database_thread(
        owner, teammate):
    """Channels ends a socket by checking the database thread's connections there: with
    PostgreSQL nothing of a closing runs on that thread, so the hop was all it cost."""
    if not await db(step_sql.can_write_conditionally)():
        pytest.skip("the event loop's own connections are PostgreSQL's (CI runs this)")
    game = await db(start_skirmish)(owner, teammate)
    socket = communicator(game.id, owner)
    await connect_seated(socket)
    await drain(socket)
    with crossings_counted() as crossings:
        await socket.disconnect()
    assert crossings == []
    connections = await db(lambda: Seat.objects.get(game=game, seat="p1").connections)()
    assert connections == 0, "the seat is counted down"
