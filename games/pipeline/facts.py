"""What never changes about a game once it exists: its declaration, its bot seats and
whether it belongs to a campaign.

A game row stores its declaration's key (`Game.mode`), bots are seated and a campaign's
game is made when the game is created, so all three are read at most once per process and
game. The event loop's way of
storing a command needs them without a query (`known`); everything else may read them
(`facts_of`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Optional, Sequence

from games.models import Game, Seat
from games.pipeline.caches import BoundedCache
from games.platform import registry
from games.platform.definition import GameDefinition


@dataclass(frozen=True)
class GameFacts:
    definition: GameDefinition
    bots: Mapping[str, str]  # seat -> bot kind, for the game's bot seats
    # a campaign's game records its result in the campaign as it ends, under the row lock
    # (`steps.store_step`); any other game may end on the short way and the loop's way
    in_campaign: bool = True


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
        seats = list(Seat.objects.filter(game_id=key).values_list("seat", "bot",
                                                                  "game__campaign_id"))
        if mode is None or not seats:
            mode, campaign = Game.objects.values_list("mode", "campaign_id").get(pk=key)
        else:
            campaign = seats[0][2]
        found = _remember(key, mode, {seat: bot for seat, bot, _ in seats if bot}, campaign)
    return found


def facts_from_seats(game: Game, seats: Sequence[Seat]) -> GameFacts:
    """`facts_of` for a caller that has read every seat of `game` (with the row's mode and
    campaign): nothing more is read."""
    key = str(game.pk)
    return FACTS.get(key) or _remember(
        key, game.mode, {s.seat: s.bot for s in seats if s.bot}, game.campaign_id)


def _remember(key: str, mode: str, bots: Mapping[str, str], campaign: Any) -> GameFacts:
    found = GameFacts(registry.get(mode), bots, campaign is not None)
    FACTS.put(key, found)
    return found


def waits_on_a_bot(bots: Mapping[str, str], awaiting: Any) -> bool:
    """Whether a seat the game waits on is one of its bot seats (`bots`, seat -> bot)."""
    return any(seat in bots for seat in awaiting)
