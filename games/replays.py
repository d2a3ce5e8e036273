"""Replays: a stored game shown again step by step, drawn by the same board as a live game.

A step is one stored version: step 0 is the game as it started (its initial snapshot),
step i the game after its i-th stored command (a seat's command or one Ancients' step).
Only the latest snapshot is stored, so a step's state is replayed from the initial
snapshot and the command log (`history.replay_step`); the last state replayed is kept per
game, so reading a long game page after page replays each command once.

Who sees what (one gate, `replay_access`):

* a finished game: its players, and staff, see everything revealed (the game's
  `replay_view`: every hand, every secret placement, the kind of every face-down object)
  and every event in full;
* a finished game whose player made its replay public: anyone holding the link
  (`/replays/<token>/`), signed in or not, sees the same;
* a game still being played: its players replay it from their own seat only, each step
  as that seat saw it (the game's `view` and each event's visibility, secret events as
  placeholders); staff as spectators. A running game is never replayed revealed;
* anyone else is refused (`PermissionDenied`; an unknown or withdrawn link is a 404).
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Optional

from django.core.exceptions import PermissionDenied
from django.db import transaction

from games import selectors
from games.history import replay_step, state_at
from games.models import Game, GameCommand, GameEvent, new_token
from games.pipeline.caches import BoundedCache
from games.pipeline.steps import ServiceError
from games.pipeline.updates import event_for_seat
from games.platform import registry
from games.platform.definition import GameDefinition

logger = logging.getLogger(__name__)

PAGE_MAX = 50  # steps in one answer of the steps feed


@dataclass(frozen=True)
class Access:
    """How one viewer may replay one game: revealed (everything), or as `seat` sees it
    (None: as a spectator)."""

    revealed: bool
    seat: Optional[str]


def replay_access(game: Game, user, *, by_link: bool = False) -> Access:
    """The one gate: how `user` may replay `game` (`by_link`: reached through its public
    link, checked by the caller against `game.replay_token`).

    :raises PermissionDenied: a stranger.
    """
    finished = game.status == Game.Status.FINISHED
    if by_link and finished and game.replay_token:
        return Access(revealed=True, seat=None)
    seat = selectors.seat_for_user(game_id=game.id, user=user)
    staff = bool(user is not None and user.is_authenticated and user.is_staff)
    if seat is None and not staff:
        raise PermissionDenied("Only the players of this game may watch its replay.")
    if finished:
        return Access(revealed=True, seat=seat.seat if seat else None)
    return Access(revealed=False, seat=seat.seat if seat else None)


# --- what a step shows ---------------------------------------------------------------------
def _event(event: GameEvent, access: Access) -> dict:
    if access.revealed:
        return {**event.data, "seq": event.seq, "kind": event.kind}
    return event_for_seat(event, access.seat)


def _view(definition: GameDefinition, state: Any, access: Access) -> dict:
    return (definition.replay_view(state) if access.revealed
            else definition.view(state, access.seat))


# The last state replayed for each of a few games, to go on from on the next page.
LAST_STATES: BoundedCache[str, Any] = BoundedCache("replayed states", 16)


def step_count(game: Game) -> int:
    """Steps of the game's replay: its start and every stored version after it."""
    if game.initial_snapshot is None:
        return 0
    return game.version - int(game.initial_snapshot["version"]) + 1


def replay_page(game: Game, access: Access, *, start: int, count: int) -> dict[str, Any]:
    """Steps `start`.. (at most `count`, at most PAGE_MAX) of the replay as `access` may see
    them: each with its version, its events and the view of the table after it.

    A log that stops replaying (it should not: `history.history_problems` checks that) ends
    the replay at the last step that could be built, logged, rather than failing the page.
    """
    total = step_count(game)
    first = int(game.initial_snapshot["version"]) if game.initial_snapshot else 0
    start = max(0, min(start, total))
    stop = min(total, start + max(1, min(count, PAGE_MAX)))
    if start >= stop:
        return {"total": total, "steps": []}
    key = str(game.id)
    definition = registry.get(game.mode)
    state = LAST_STATES.get(key)
    if state is None or definition.version(state) > first + start:
        state = definition.state_from_data(game.initial_snapshot)
    version = definition.version(state)
    # Only versions up to the game row as read, so a step committed meanwhile waits.
    rows = GameCommand.objects.filter(game=game, version__gt=version,
                                      version__lte=first + stop - 1).order_by("version")
    events: dict[int, list[dict]] = {}
    for event in GameEvent.objects.filter(game=game, version__lte=first + stop - 1,
                                          seq__lte=game.last_seq).order_by("seq"):
        if event.version >= first + start or (start == 0 and event.version < first):
            events.setdefault(max(event.version, first), []).append(_event(event, access))
    steps = []
    commands = iter(rows)
    while True:
        if version >= first + start:
            steps.append({"step": version - first, "version": version,
                          "events": events.get(version, []),
                          "view": _view(definition, state, access)})
        if version >= first + stop - 1:
            break
        row = next(commands, None)
        try:
            if row is None or row.version != version + 1:
                raise ValueError(f"no stored command for version {version + 1}")
            state = replay_step(definition, state, row, lambda at: state_at(game, at))
            version = definition.version(state)
        except Exception:  # a broken log ends the replay, it does not break the page
            logger.exception("game %s: the log stops replaying at version %s", game.id,
                             version + 1)
            total = version - first + 1
            break
    LAST_STATES.put(key, state)
    return {"total": total, "steps": steps}


# --- public links --------------------------------------------------------------------------
def replay_set_public(*, game_id: Any, user, public: bool) -> Game:
    """Make a finished game's replay public (a new link) or private again (every link
    given out stops working). Only the game's players may.

    :raises ServiceError: not_seated, game_not_finished.
    """
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        if selectors.seat_for_user(game_id=game.id, user=user) is None:
            raise ServiceError("not_seated", "only the game's players may share its replay")
        if game.status != Game.Status.FINISHED:
            raise ServiceError("game_not_finished",
                               "a replay can be made public once the game is over")
        if public and not game.replay_token:
            game.replay_token = new_token()
        elif not public:
            game.replay_token = None
        game.save(update_fields=["replay_token", "updated"])
    return game
