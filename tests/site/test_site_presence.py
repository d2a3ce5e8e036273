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

from games import consumers, presence, selectors
from games.models import Seat
from support.site import (  # noqa: F401  (fixtures)
    _fresh_state_cache, communicator, connect_seated, drain, receive, receive_until, start_skirmish)

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
    real = presence.seat_seen
    monkeypatch.setattr(consumers.GameConsumer, "ping_limit", 100)  # pings have a cap too
    monkeypatch.setattr(presence, "seat_seen",
                        lambda **kwargs: writes.append(kwargs) or real(**kwargs))
    for _ in range(50):
        await comm.send_json_to({"type": "ping"})
        assert await receive(comm) == {"type": "pong"}
    assert writes == [], "connecting counted as life; the next heartbeat is due in 20 s"
    await comm.disconnect()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_opening_and_closing_a_table_reads_the_seats_once_per_socket_told(
        owner, teammate, monkeypatch):
    """Each change of presence is read by the socket that made it and by each other seated
    socket its notice reaches; a socket does not read its own notice again, and a closing
    socket, with nobody to tell, reads nothing."""
    game = await db(start_skirmish)(owner, teammate)
    reads = []
    real = selectors.connected_seats
    monkeypatch.setattr(selectors, "connected_seats",
                        lambda game_id: reads.append(game_id) or real(game_id))
    first, second = communicator(game.id, owner), communicator(game.id, teammate)

    await connect_seated(first)
    await drain(first)
    assert len(reads) == 1, "the opening socket's own read"

    await connect_seated(second)
    seen = await receive_until(first, lambda m: m["type"] == "presence")
    await drain(first)
    await drain(second)
    assert seen["connected"] == ["p1", "p2"]
    assert len(reads) == 3, "the second socket's own read and the first's for its notice"

    await second.disconnect()
    gone = await receive_until(first, lambda m: m["type"] == "presence")
    assert gone["connected"] == ["p1"]
    assert len(reads) == 4, "the first socket's read for the closing notice, none by the closer"
    await first.disconnect()
