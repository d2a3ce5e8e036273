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

from django.db import connection
from django.utils import timezone

from games import selectors
from games.models import Game, Seat
from games.services import ancients_requeue_stalled, opponent_turn_stalled

SEAT_TABLE = Seat._meta.db_table


def seat_connect(*, game_id: Any, seat: str, game: Optional[Game] = None) -> list[str]:
    """Count one more open socket for the seat; return the connected seats. A count whose
    seat has been silent past the presence timeout starts again at one: the sockets it
    counted died with their server. A player who (re)opens a table that has waited too long
    on the opponent also sends their turn again: they are often the first to notice a lost
    task, and the embedded mode has no sweeper. `game` is the row the socket read as it
    opened (its seat's game), which saves reading it again for that check."""
    _mark_alive(game_id, seat, """
        connections = CASE WHEN seen_at IS NULL OR seen_at < %(cutoff)s THEN 1
                           ELSE connections + 1 END""")
    if game is None:
        ancients_requeue_stalled(game_id=game_id)
    elif opponent_turn_stalled(game):
        ancients_requeue_stalled(game_id=game.pk)
    return selectors.connected_seats(game_id)


def seat_seen(*, game_id: Any, seat: str) -> list[str]:
    """A socket of the seat is alive (its heartbeat); return the connected seats."""
    _mark_alive(game_id, seat, """
        connections = CASE WHEN connections = 0 THEN 1 ELSE connections END""")
    return selectors.connected_seats(game_id)


def seat_disconnect(*, game_id: Any, seat: str) -> None:
    """Count one socket fewer. Nobody reads the seats here: the closing socket has no one
    to tell, and the notice it sends makes every other socket read them."""
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {SEAT_TABLE} SET connections = connections - 1 "
                       "WHERE game_id = %s AND seat = %s AND connections > 0",
                       [selectors.game_key(game_id), seat])


def _mark_alive(game_id: Any, seat: str, counting: str) -> None:
    now = timezone.now()
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {SEAT_TABLE} SET {counting}, seen_at = %(now)s "
                       "WHERE game_id = %(game)s AND seat = %(seat)s",
                       {"cutoff": selectors.stored_time(now - selectors.PRESENCE_TIMEOUT),
                        "now": selectors.stored_time(now), "game": selectors.game_key(game_id),
                        "seat": seat})
