"""Events: what happened, in past tense, each tagged with who may see it."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional


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
    """The events of one command, appended in order."""

    def add(self, kind: str, *, visible_to: Optional[tuple] = None, **data: Any) -> None:
        """Record an event; `visible_to` limits it to those seats (a destination in the
        data may be called `to` without being mistaken for who may see it)."""
        self.append(Event(kind, data, visible_to))
