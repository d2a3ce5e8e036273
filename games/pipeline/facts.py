"""What never changes about a game once it exists: its declaration and its bot seats.

A game row stores its declaration's key (`Game.mode`), and bots are seated when the game is
created, so both are read at most once per process and game. The event loop's way of
storing a command needs them without a query (`known`); everything else may read them
(`facts_of`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Optional

from games.models import Game, Seat
from games.pipeline.caches import BoundedCache
from games.platform import registry
from games.platform.definition import GameDefinition


@dataclass(frozen=True)
class GameFacts:
    definition: GameDefinition
    bots: Mapping[str, str]  # seat -> bot kind, for the game's bot seats


FACTS: BoundedCache[str, GameFacts] = BoundedCache("game facts", 4096)


def known(game_id: Any) -> Optional[GameFacts]:
    """The game's facts if this process has read them already, else None (no query)."""
    return FACTS.get(str(game_id))


def facts_of(game_id: Any, mode: Optional[str] = None) -> GameFacts:
    """The game's facts, read once per process and game (`mode`: the row's, when the caller
    has it). :raises Game.DoesNotExist: no such game."""
    key = str(game_id)
    found = FACTS.get(key)
    if found is None:
        if mode is None:
            mode = Game.objects.values_list("mode", flat=True).get(pk=key)
        bots = dict(Seat.objects.filter(game_id=key).exclude(bot="").values_list("seat", "bot"))
        found = GameFacts(registry.get(mode), bots)
        FACTS.put(key, found)
    return found


def waits_on_a_bot(bots: Mapping[str, str], awaiting: Any) -> bool:
    """Whether a seat the game waits on is one of its bot seats (`bots`, seat -> bot)."""
    return any(seat in bots for seat in awaiting)
