"""Events: what happened, in past tense, each tagged with who may see it (for every game).

Every kind is registered with its audience before it can be added, the way error codes are:
a game's board words, its rules cases and the stored log all match on these names, so a kind
nobody registered is a bug that must show up in the first test that emits it. Each game keeps
its kinds in a registry of its own (a dict passed as `registry=`), named by its `EventLog`
subclass's `kinds`; Wildlands' is `wildlands.rules.events.EVENT_KINDS`.
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


def register_event_kinds(*kinds: str, audience: Audience = Audience.EVERYONE,
                         registry: dict[str, Audience]) -> None:
    """Register kinds in a game's `registry`; registering one again with another audience is
    refused, since two modules would then disagree about who may see it."""
    for kind in kinds:
        known = registry.setdefault(kind, audience)
        if known is not audience:
            raise UnknownEventKind(f"event kind {kind!r} is already registered for {known.value}")


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
    registry: each game subclasses this with its own)."""

    kinds: ClassVar[dict[str, Audience]] = {}

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
