"""Events: what happened, in past tense, each tagged with who may see it.

Every kind is registered with its audience before it can be added, the way error codes are
(`errors.CODES`): the board's words, the rules cases and the stored log all match on these
names, so a kind nobody registered is a bug that must show up in the first test that emits
it. The skirmish and shared kinds are registered here; the Awoken registers its own.

Each game has its own registry: `EVENT_KINDS` is Wildlands' (its board's words and
docs/engine.md list exactly these), and another game built on these helpers keeps its kinds
in a dict of its own, passed as `registry=` and named by its `EventLog` subclass's `kinds`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, ClassVar, Optional


class Audience(str, Enum):
    """Who may see an event of a kind."""

    EVERYONE = "everyone"
    SEATS = "seats"  # only the seats named by the event (`visible_to`)


class UnknownEventKind(LookupError):
    """An event kind that was never registered, or added with the wrong audience."""


EVENT_KINDS: dict[str, Audience] = {}  # Wildlands' kinds


def register_event_kinds(*kinds: str, audience: Audience = Audience.EVERYONE,
                         registry: Optional[dict[str, Audience]] = None) -> None:
    """Register kinds (in Wildlands' registry unless another game's is given); registering
    one again with another audience is refused, since two modules would then disagree
    about who may see it."""
    known_kinds = EVENT_KINDS if registry is None else registry
    for kind in kinds:
        known = known_kinds.setdefault(kind, audience)
        if known is not audience:
            raise UnknownEventKind(f"event kind {kind!r} is already registered for {known.value}")


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


@dataclass(frozen=True)
class Event:
    kind: str
    data: dict = field(default_factory=dict)
    seats: Optional[tuple] = None  # seats that may see it; None: everyone

    def visible_to(self, seat: Optional[str]) -> bool:
        return self.seats is None or seat in self.seats

    def to_data(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.data}


class EventLog(list):
    """The events of one command, appended in order, of the kinds in `kinds` (a game's
    registry: another game subclasses this with its own)."""

    kinds: ClassVar[dict[str, Audience]] = EVENT_KINDS

    def add(self, kind: str, *, visible_to: Optional[tuple] = None, **data: Any) -> None:
        """Record an event; `visible_to` limits it to those seats (a destination in the
        data may be called `to` without being mistaken for who may see it).

        :raises UnknownEventKind: the kind is not registered, or `visible_to` does not match
            its audience (a private kind sent to everyone would leak a hand).
        """
        audience = self.kinds.get(kind)
        if audience is None:
            raise UnknownEventKind(f"event kind {kind!r} is not registered "
                                   f"({type(self).__name__}.kinds)")
        if (audience is Audience.SEATS) != (visible_to is not None):
            raise UnknownEventKind(f"event kind {kind!r} is for {audience.value}, "
                                   f"but was added with visible_to={visible_to!r}")
        self.append(Event(kind, data, visible_to))
