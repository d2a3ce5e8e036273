"""The games this process holds: each one's latest parsed state, and who sits where.

A game's state is parsed from its stored snapshot (12-30 KB of JSON) at most once per
process: after that every later version is the held state with the stored commands since
replayed (`history.catch_up`), and every step this process stores replaces it with the
state it built. Held states are shared and never mutated: a game's rules copy before they
change anything, and views only read. One entry per game, not per version: a game's older
versions are never asked for again.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Optional

from games import history
from games.models import Game
from games.pipeline.caches import BoundedCache
from games.platform import registry
from games.platform.definition import GameDefinition


@dataclass(frozen=True)
class Held:
    """A game's state at `version`, and its last event seq there when the writer knew it."""

    state: Any
    version: int
    last_seq: Optional[int] = None


# game id -> its latest Held state: a later version always replaces an earlier one
STATES: BoundedCache[str, Held] = BoundedCache(
    "states", 1024, keep=lambda old, new: old.version > new.version)
# (game id, user id) -> the seat that user holds: fixed once the game has started
SEATS: BoundedCache[tuple, str] = BoundedCache("seats", 4096)


def held(game_id: Any) -> Optional[Held]:
    """The latest version of the game this process holds, or None."""
    return STATES.get(str(game_id))


def hold(game_id: Any, definition: GameDefinition, state: Any,
         last_seq: Optional[int] = None) -> None:
    """Keep `state` as the game's latest (unless a later one is held already)."""
    STATES.put(str(game_id), Held(state, definition.version(state), last_seq))


def seat_held(game_id: Any, user_id: Any) -> Optional[str]:
    return SEATS.get((str(game_id), user_id))


def hold_seat(game_id: Any, user_id: Any, seat: str) -> None:
    """Remember a seat of a started game (a seat changes only while its game is in set-up)."""
    SEATS.put((str(game_id), user_id), seat)


def game_state(game: Game, definition: Optional[GameDefinition] = None) -> Any:
    """The state of a started game at the row's version (a caller may load the row with the
    snapshot deferred: it is read only when needed, see `state_for`)."""
    definition = definition or registry.get(game.mode)
    state = state_for(definition, game.id, game.version, game.last_seq, lambda: game.snapshot)
    if state is None:
        raise ValueError(f"game {game.id}: its snapshot is past version {game.version}")
    return state


def state_for(definition: GameDefinition, game_id: Any, version: int, last_seq: Optional[int],
              read_snapshot: Callable[[], Optional[dict]]) -> Optional[Any]:
    """The state at `version`, built once per version per process: the held state with the
    commands since replayed, or else the stored snapshot and the commands after it. None
    when the snapshot read is already past `version` (the game moved on since its row was
    read)."""
    found = held(game_id)
    if found is not None and found.version == version:
        return found.state
    if found is not None and found.version < version:
        state = history.catch_up(definition, game_id, found.state, version)
    else:
        snapshot = read_snapshot()
        if snapshot is not None and snapshot["version"] > version:
            return None
        state = history.stored_state(definition, game_id, snapshot, version)
    hold(game_id, definition, state, last_seq)
    return state
