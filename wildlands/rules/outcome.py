"""How a game ended: one value built in one place for both modes.

`Outcome` is a frozen value with a `Cause`; it also reads like the dict it used to be
(`outcome["result"]`, `.get("winner")`, `dict(outcome)`, equal to that dict), so code
outside the cores that stores or reports an outcome, or sets one in a test, keeps working. Stored and sent as `to_data()`, the same
JSON shape as before: `{"result", "cause", "winner"?, "player"?, "scenario"?, "team"?}`.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, fields
from enum import Enum
from typing import Any, Optional


class Result(str, Enum):
    WON = "won"      # skirmish: `winner` won; awoken: the party won
    LOST = "lost"    # awoken: the party lost
    DRAW = "draw"    # skirmish: every faction was wiped out at once


class Cause(str, Enum):
    POINTS = "points"          # skirmish: a player reached `points_to_win`
    WIPED_OUT = "wiped_out"    # a faction's characters are all knocked out
    CRYSTALS = "crystals"      # awoken: the party carries enough ancient crystals
    ANCIENTS = "ancients"      # awoken: every Ancient faced is knocked out
    TRACK = "track"            # awoken: a shard reached the end of its event track
    KNOCKOUTS = "knockouts"    # wrath: the Ancients faction knocked out enough characters


@dataclass(frozen=True, eq=False)  # Mapping's equality: equal to the same dict
class Outcome(Mapping):
    result: Result
    cause: Optional[Cause] = None  # None only in games stored before every end had a cause
    winner: Optional[str] = None   # skirmish: the winning player
    player: Optional[str] = None   # awoken, wiped out: whose faction fell
    scenario: Optional[int] = None  # awoken, track: whose event track ran out
    team: Optional[str] = None     # war: the winning team (`winner` is its first player)

    def to_data(self) -> dict[str, Any]:
        """The JSON-ready dict stored in snapshots and sent to browsers (no empty fields)."""
        data: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value is not None:
                data[f.name] = value.value if isinstance(value, Enum) else value
        return data

    @classmethod
    def from_data(cls, data: Optional[Mapping[str, Any]]) -> Optional["Outcome"]:
        """Read a stored outcome; a stored game may predate a field, so all but `result`
        may be missing, and keys this version does not know are ignored."""
        if data is None:
            return None
        if isinstance(data, Outcome):
            return data
        cause = data.get("cause")
        return cls(result=Result(data["result"]), cause=None if cause is None else Cause(cause),
                   winner=data.get("winner"), player=data.get("player"),
                   scenario=data.get("scenario"), team=data.get("team"))

    # -- read like the dict it replaces ---------------------------------------------------
    def __getitem__(self, key: str) -> Any:
        return self.to_data()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.to_data())

    def __len__(self) -> int:
        return len(self.to_data())
