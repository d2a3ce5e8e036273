"""What one seat is told of a change: the events it may see, its view, what it may do.

Everything a browser receives about a game is built here, from the game's declaration
(`view`, `legal_commands`, `update_extras`), and events are filtered by their stored
`visible_to`. An event a seat may not see is still sent as a bare placeholder
(`{"seq": n, "kind": "hidden"}`) so that every client sees the same gapless sequence and
can tell a lost message from a secret one.
"""
from __future__ import annotations

import logging
from typing import Any, Iterable, Optional, Sequence

from games.models import GameEvent
from games.platform.definition import GameDefinition

logger = logging.getLogger(__name__)

HIDDEN = "hidden"


def event_for_seat(event: GameEvent, seat: Optional[str]) -> dict:
    """One stored event as a seat receives it: its data, or a placeholder if secret."""
    if event.visible_for(seat):
        return {**event.data, "seq": event.seq, "kind": event.kind}
    return {"seq": event.seq, "kind": HIDDEN}


def events_for_seat(events: Iterable[GameEvent], seat: Optional[str]) -> list[dict]:
    return [event_for_seat(e, seat) for e in events]


def legal_for(definition: GameDefinition, state: Any, seat: Optional[str]) -> Optional[list]:
    """What `seat` may send now, for the board to highlight (None for a spectator or a
    finished game)."""
    if seat is None or definition.outcome(state) is not None:
        return None
    try:
        return definition.legal_commands(state, seat)
    except Exception:  # a helper for the UI must never break an update
        logger.exception("legal_commands failed for %s", seat)
        return None


def seat_update(definition: GameDefinition, state: Any, seat: Optional[str],
                events: Iterable[GameEvent], last_seq: int, *,
                view: Optional[dict] = None) -> dict:
    """One seat's `update` message: `events` as that seat may see them, its view of
    `state` (`view`, when built already), the game's extras for those events
    (`update_extras`) and its legal commands."""
    shown = events_for_seat(events, seat)
    payload = {"type": "update", "version": definition.version(state), "events": shown,
               "view": definition.view(state, seat) if view is None else view,
               "last_seq": last_seq}
    payload.update(definition.update_extras(state, seat, shown))
    legal = legal_for(definition, state, seat)
    if legal is not None:
        payload["legal"] = legal
    return payload


def seat_updates(definition: GameDefinition, state: Any, events: Sequence[GameEvent],
                 last_seq: int) -> dict[str, dict]:
    """Every seat's update for one change, their views built together
    (`GameDefinition.seat_views`: what the seats see alike is built once)."""
    seats = definition.seat_ids(state)
    views = definition.seat_views(state, seats)
    return {seat: seat_update(definition, state, seat, events, last_seq, view=views[seat])
            for seat in seats}
