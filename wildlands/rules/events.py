"""Events: what happened, in past tense, each tagged with who may see it.

Every kind is registered with its audience before it can be added, the way error codes are
(`errors.CODES`): the board's words, the rules cases and the stored log all match on these
names, so a kind nobody registered is a bug that must show up in the first test that emits
it. The skirmish and shared kinds are registered here; the Awoken registers its own.

`EVENT_KINDS` is Wildlands' registry (its board's words and docs/engine.md list exactly
these); the kinds, log and audiences themselves are the platform's (games.platform.events).
"""
from __future__ import annotations

from typing import ClassVar

from games.platform import events as platform_events
from games.platform.events import Audience, Event, UnknownEventKind

__all__ = ["Audience", "Event", "EVENT_KINDS", "EventLog", "UnknownEventKind", "register_event_kinds"]

EVENT_KINDS: dict[str, Audience] = {}  # Wildlands' kinds


def register_event_kinds(*kinds: str, audience: Audience = Audience.EVERYONE) -> None:
    """Register kinds in Wildlands' registry (the Awoken's, the war's and the Wrath's too)."""
    platform_events.register_event_kinds(*kinds, audience=audience, registry=EVENT_KINDS)


register_event_kinds(
    # setting up and taking turns
    "map_cards_assigned", "shards_placed", "turn_started", "turn_end_declared", "turn_ended",
    "interrupt_declared", "interrupt_ended", "character_revealed", "prompted",
    # cards
    "card_played", "cards_drawn", "deck_reshuffled",
    # moving and fighting
    "character_moved", "attacked", "target_chosen", "defence_declined", "damage_prevented",
    "damage_dealt", "knocked_out",
    # scoring and the end
    "shard_claimed", "faction_wiped_out", "game_ended",
)
register_event_kinds("cards_received", "assignment_recorded", audience=Audience.SEATS)


class EventLog(platform_events.EventLog):
    """The events of one Wildlands command, of Wildlands' kinds."""

    kinds: ClassVar[dict[str, Audience]] = EVENT_KINDS
