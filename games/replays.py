"""Replays: a stored game shown again step by step, drawn by the same board as a live game.

A step is one stored version: step 0 is the game as it started (its initial snapshot),
step i the game after its i-th stored command (a seat's command or one Ancients' step).
Only the latest snapshot is stored, so a step's state is replayed from the initial
snapshot and the command log (`history.replay_step`); the last state replayed is kept per
game, so reading a long game page after page replays each command once.

Who sees what (one gate, `replay_access`):

* a finished game: its players, and staff, see everything revealed: every hand, every
  secret placement, the kind of every face-down object, every event in full;
* a finished game whose player made its replay public: anyone holding the link
  (`/replays/<token>/`), signed in or not, sees the same;
* a game still being played: its players replay it from their own seat only, each step
  as that seat saw it (`view_for` and each event's visibility, secret events as
  placeholders); staff as spectators. A running game is never replayed revealed;
* anyone else is refused (`PermissionDenied`; an unknown or withdrawn link is a 404).
"""
from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Optional

from django.core.exceptions import PermissionDenied
from django.db import transaction

from games import selectors
from games.history import replay_step
from games.models import Game, GameCommand, GameEvent, new_token
from games.rules.serialize import state_from_data
from games.rules.state import GameState
from games.rules.view import view_for
from games.services import ServiceError

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
def revealed_view(state: GameState) -> dict[str, Any]:
    """The whole table face up, in the shape of a seat's view (so the board draws it):
    every player's entry as its own seat sees it (hand and dealt map cards included), every
    character's secret placement, the pending prompt in full and the kind of each face-down
    object. Deck orders stay out: a replay shows the table, not what was still to come."""
    view = view_for(state, None)
    own = {p.id: view_for(state, p.id) for p in state.players}
    view["players"] = [next(e for e in own[p.id]["players"] if e["id"] == p.id)
                       for p in state.players]
    for entry in view["characters"]:
        mine = own.get(entry["player"])
        secret: dict = (next((c for c in mine["characters"] if c["id"] == entry["id"]), {})
                        if mine else {})
        if "assigned" in secret:
            entry["assigned"] = secret["assigned"]
    if state.prompt is not None and state.prompt.to in own:
        view["prompt"] = own[state.prompt.to]["prompt"]
    awoken = view.get("awoken")
    if awoken is not None:
        for entry in awoken["objects"]:
            if not entry["revealed"]:
                entry["kind"] = state.mode_state.objects[entry["id"]].kind
    view["revealed"] = True
    return view


def _event(event: GameEvent, access: Access) -> dict:
    if access.revealed:
        return {**event.data, "seq": event.seq, "kind": event.kind}
    return selectors.event_for_seat(event, access.seat)


def _view(state: GameState, access: Access) -> dict:
    return revealed_view(state) if access.revealed else view_for(state, access.seat)


# --- stepping through the log --------------------------------------------------------------
class _LastStates:
    """The last state replayed for each of a few games, to go on from on the next page."""

    def __init__(self, size: int = 16) -> None:
        self.size = size
        self._items: OrderedDict[str, GameState] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: str, at_most: int) -> Optional[GameState]:
        with self._lock:
            state = self._items.get(game_id)
        return state if state is not None and state.version <= at_most else None

    def put(self, game_id: str, state: GameState) -> None:
        with self._lock:
            self._items[game_id] = state
            self._items.move_to_end(game_id)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


LAST_STATES = _LastStates()


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
    state = LAST_STATES.get(key, first + start)
    if state is None:
        state = state_from_data(game.initial_snapshot)
    # Only versions up to the game row as read, so a step committed meanwhile waits.
    rows = GameCommand.objects.filter(game=game, version__gt=state.version,
                                      version__lte=first + stop - 1).order_by("version")
    events: dict[int, list[dict]] = {}
    for event in GameEvent.objects.filter(game=game, version__lte=first + stop - 1,
                                          seq__lte=game.last_seq).order_by("seq"):
        if event.version >= first + start or (start == 0 and event.version < first):
            events.setdefault(max(event.version, first), []).append(_event(event, access))
    steps = []
    commands = iter(rows)
    while True:
        if state.version >= first + start:
            steps.append({"step": state.version - first, "version": state.version,
                          "events": events.get(state.version, []), "view": _view(state, access)})
        if state.version >= first + stop - 1:
            break
        row = next(commands, None)
        try:
            if row is None or row.version != state.version + 1:
                raise ValueError(f"no stored command for version {state.version + 1}")
            state = replay_step(state, row)
        except Exception:  # a broken log ends the replay, it does not break the page
            logger.exception("game %s: the log stops replaying at version %s", game.id,
                             state.version + 1)
            total = state.version - first + 1
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
