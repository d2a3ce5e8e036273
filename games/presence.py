"""Presence: how many sockets each seat has open and when it was last heard, so a table
shows who is there. Counts are kept on the seat rows, so every web process sees them.
"""
from __future__ import annotations

from typing import Any

from django.db.models import Case, F, PositiveIntegerField, Q, Value, When
from django.utils import timezone

from games import selectors
from games.models import Seat
from games.services import ancients_requeue_stalled


def seat_connect(*, game_id: Any, seat: str) -> list[str]:
    """Count one more open socket for the seat; return the connected seats. A count whose
    seat has been silent past the presence timeout starts again at one: the sockets it
    counted died with their server. A player who (re)opens a table that has waited too long
    on the Ancients also sends their turn again: they are often the first to notice a lost
    task, and the embedded mode has no sweeper."""
    stale = Q(seen_at__isnull=True) | Q(seen_at__lt=selectors.presence_cutoff())
    Seat.objects.filter(game_id=game_id, seat=seat).update(
        connections=Case(When(stale, then=Value(1)), default=F("connections") + 1,
                         output_field=PositiveIntegerField()),
        seen_at=timezone.now())
    ancients_requeue_stalled(game_id=game_id)
    return selectors.connected_seats(game_id)


def seat_seen(*, game_id: Any, seat: str) -> list[str]:
    """A socket of the seat is alive (its heartbeat); return the connected seats."""
    Seat.objects.filter(game_id=game_id, seat=seat).update(
        connections=Case(When(connections=0, then=Value(1)), default=F("connections"),
                         output_field=PositiveIntegerField()),
        seen_at=timezone.now())
    return selectors.connected_seats(game_id)


def seat_disconnect(*, game_id: Any, seat: str) -> list[str]:
    Seat.objects.filter(game_id=game_id, seat=seat, connections__gt=0).update(
        connections=F("connections") - 1)
    return selectors.connected_seats(game_id)
