"""The log: a game's history in pages, as one seat may see it.

A socket's first update carries the recent history (`greeting`), so a reloaded page shows
the game so far and not only what happens next; older pages come on request (`log_page`,
the answer to a socket's `log_before`). Secret events are the same placeholders live
updates carry (`selectors.events_for_seat`).
"""
from __future__ import annotations

from typing import Any, Iterable, Optional

from games import selectors
from games.models import GameEvent
from games.platform.definition import GameDefinition

LOG_PAGE_SIZE = 100  # event seqs per page (placeholders of secret events included)


def greeting(*, game_id: Any, seat: Optional[str], after: Optional[int]) -> Optional[dict]:
    """A socket's first `update` (`selectors.update_payload`) with the recent history up to
    the same last seq in `log`; None while the game has not started."""
    return selectors.update_payload(
        game_id=game_id, seat=seat, after=after,
        extra=lambda current: {"log": log_part(game_id, current, seat, before=None)})


def log_part(game_id: Any, current: selectors.Current, seat: Optional[str], *,
             before: Optional[int]) -> dict:
    """Up to LOG_PAGE_SIZE events ending just before seq `before` (at `last_seq` when None,
    never past it), as the seat may see them (`log_from_events`)."""
    first, top = log_window(current.last_seq, before)
    rows: Iterable[GameEvent] = []
    if top >= first:
        rows = selectors.events_between(game_id, first, top)
    return log_from_events(current.definition, current.state, seat, rows, first, top)


def log_window(last_seq: int, before: Optional[int]) -> tuple[int, int]:
    """The first and last seq of the log page ending just before `before` (at `last_seq`
    when None, never past it); empty (first > top) when the game has no events there."""
    top = last_seq if before is None else min(before - 1, last_seq)
    return max(1, top - LOG_PAGE_SIZE + 1), top


def log_from_events(definition: GameDefinition, state: Any, seat: Optional[str],
                    rows: Iterable[GameEvent], first: int, top: int) -> dict:
    """A log page from its events (seqs `first` to `top`, read by the caller): secret
    events are the same placeholders live updates carry. `first_seq` is the lowest seq the
    page covers and `more` tells whether older events exist."""
    events = selectors.events_for_seat(rows, seat)
    part: dict[str, Any] = {"events": events, "first_seq": first, "last_seq": max(top, 0),
                            "more": first > 1}
    part.update(definition.update_extras(state, seat, events))
    return part


def log_page(*, game_id: Any, seat: Optional[str], before: int) -> Optional[dict]:
    """The `log_page` answer to a socket's `log_before`: the events before seq `before`
    (None while the game has not started)."""
    current = selectors.game_current(game_id)
    if current is None:
        return None
    return {"type": "log_page", "before": before,
            **log_part(game_id, current, seat, before=before)}
