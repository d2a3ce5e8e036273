"""Events: what happened, in past tense, each tagged with who may see it."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional


@dataclass(frozen=True)
class Event:
    kind: str
    data: dict = field(default_factory=dict)
    to: Optional[tuple] = None  # seats that may see it; None: everyone

    def visible_to(self, seat: Optional[str]) -> bool:
        return self.to is None or seat in self.to

    def to_data(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.data}


class EventLog(list):
    """The events of one command, appended in order."""

    def add(self, kind: str, to: Optional[tuple] = None, **data: Any) -> None:
        self.append(Event(kind, data, to))
