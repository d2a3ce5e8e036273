"""Presence: how many sockets each seat has open and when it was last heard, so a table
shows who is there. Counts are kept on the seat rows, so every web process sees them.

A socket opens, closes and beats often (every open and close of a board costs its writes
and each seated socket's read of the connected seats), so these are plain statements, not
querysets built anew each time: opening a game's two sockets was four times boardgame.io's
CPU in the peer benchmark, a quarter of it presence's writes and reads (py-spy), and the
connected seats' read costs 0.15-0.17 ms of CPU as a statement against 0.47-0.54 as a
queryset (in process, PostgreSQL; docs/performance.md)."""
from __future__ import annotations

from typing import Any, Optional

from channels.db import database_sync_to_async
from django.db import connection
from django.utils import timezone

from games import selectors
from games.models import Game, Seat
from games.pipeline.on_loop import rows_on_loop
from games.services import ancients_requeue_stalled, opponent_turn_stalled

SEAT_TABLE = Seat._meta.db_table


# How a socket's life counts on its seat's row: an opening socket counts one more (from one
# again when the seat was silent past the presence timeout: the sockets counted died with
# their server), a heartbeat makes a count of none one.
CONNECTING = ("connections = CASE WHEN seen_at IS NULL OR seen_at < %s THEN 1 "
              "ELSE connections + 1 END")
BEATING = "connections = CASE WHEN connections = 0 THEN 1 ELSE connections END"
LEAVING_SQL = (f"UPDATE {SEAT_TABLE} SET connections = connections - 1 "
               "WHERE game_id = %s AND seat = %s AND connections > 0")


def _marking(counting: str) -> str:
    return (f"UPDATE {SEAT_TABLE} SET {counting}, seen_at = %s "
            "WHERE game_id = %s AND seat = %s")


def _marked_and_connected(counting: str) -> str:
    """The seat marked alive and the connected seats in one statement (PostgreSQL). The
    statement's read sees the seats as they were before its own update, so the marked seat
    comes from the update's RETURNING (a seat just marked alive is connected) and the read
    gives the others."""
    return (f"WITH marked AS ({_marking(counting)} RETURNING seat) "
            f"SELECT seat FROM marked UNION SELECT seat FROM {SEAT_TABLE} "
            "WHERE game_id = %s AND seat <> %s AND connections > 0 AND seen_at >= %s "
            "ORDER BY seat")


# Written once: the thread's marking alone, and the loop's marking with the connected seats.
CONNECTING_SQL, BEATING_SQL = _marking(CONNECTING), _marking(BEATING)
CONNECTED_SQL, SEEN_SQL = _marked_and_connected(CONNECTING), _marked_and_connected(BEATING)


def seat_connect(*, game_id: Any, seat: str, game: Optional[Game] = None) -> list[str]:
    """Count one more open socket for the seat; return the connected seats. A player who
    (re)opens a table that has waited too long on the opponent also sends their turn again:
    they are often the first to notice a lost task, and the embedded mode has no sweeper.
    `game` is the row the socket read as it opened (its seat's game), which saves reading it
    again for that check."""
    _mark_alive(CONNECTING_SQL, _params(game_id, seat, connecting=True, others=False))
    _requeue_if_stalled(game_id, game)
    return selectors.connected_seats(game_id)


def seat_seen(*, game_id: Any, seat: str) -> list[str]:
    """A socket of the seat is alive (its heartbeat); return the connected seats."""
    _mark_alive(BEATING_SQL, _params(game_id, seat, connecting=False, others=False))
    return selectors.connected_seats(game_id)


def seat_disconnect(*, game_id: Any, seat: str) -> None:
    """Count one socket fewer. Nobody reads the seats here: the closing socket has no one
    to tell, and the notice it sends makes every other socket read them."""
    with connection.cursor() as cursor:
        cursor.execute(LEAVING_SQL, [selectors.game_key(game_id), seat])


# --- the same from the event loop: one statement each on the loop's connection with
# PostgreSQL, else the functions above on the database thread (games.pipeline.on_loop)
async def seat_connect_on_loop(*, game_id: Any, seat: str, game: Game) -> list[str]:
    """`seat_connect` for a socket opening on the event loop."""
    rows = await rows_on_loop(CONNECTED_SQL,
                              _params(game_id, seat, connecting=True, others=True))
    if rows is None:
        return await database_sync_to_async(seat_connect)(game_id=game_id, seat=seat,
                                                          game=game)
    if opponent_turn_stalled(game):
        await database_sync_to_async(ancients_requeue_stalled)(game_id=game.pk)
    return [name for (name,) in rows]


async def seat_seen_on_loop(*, game_id: Any, seat: str) -> list[str]:
    """`seat_seen` for a socket's heartbeat on the event loop."""
    rows = await rows_on_loop(SEEN_SQL, _params(game_id, seat, connecting=False, others=True))
    if rows is None:
        return await database_sync_to_async(seat_seen)(game_id=game_id, seat=seat)
    return [name for (name,) in rows]


async def seat_disconnect_on_loop(*, game_id: Any, seat: str) -> None:
    """`seat_disconnect` for a socket closing on the event loop."""
    if await rows_on_loop(LEAVING_SQL, [selectors.game_key(game_id), seat]) is None:
        await database_sync_to_async(seat_disconnect)(game_id=game_id, seat=seat)


async def connected_seats_on_loop(game_id: Any) -> list[str]:
    """`selectors.connected_seats` for a socket told of a presence change."""
    rows = await rows_on_loop(*selectors.connected_seats_statement(game_id))
    if rows is None:
        return await database_sync_to_async(selectors.connected_seats)(game_id)
    return [name for (name,) in rows]


def _params(game_id: Any, seat: str, *, connecting: bool, others: bool) -> list:
    """A marking statement's parameters, from one reading of the clock: an opening's cutoff
    for the count (`connecting`), the time marked and the seat; with `others`, those of the
    read of the other connected seats after it."""
    now = timezone.now()
    cutoff = selectors.stored_time(selectors.presence_cutoff(now))
    key = selectors.game_key(game_id)
    params = [cutoff] if connecting else []
    params += [selectors.stored_time(now), key, seat]
    return params + [key, seat, cutoff] if others else params


def _mark_alive(sql: str, params: list) -> None:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


def _requeue_if_stalled(game_id: Any, game: Optional[Game]) -> None:
    if game is None:
        ancients_requeue_stalled(game_id=game_id)
    elif opponent_turn_stalled(game):
        ancients_requeue_stalled(game_id=game.pk)
