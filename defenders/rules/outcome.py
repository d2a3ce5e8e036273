"""How a game of Defenders of the Wild ended: won, or lost with one of three causes."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

WON = "won"
LOST = "lost"
CAUSES = {
    "rewilded": WON,             # every camp built, every built factory rewilded
    "core_complete": LOST,       # the machines were ordered to build a sixth factory
    "toxic_disaster": LOST,      # a seventh toxic site was ordered
    "massacre": LOST,            # two defenders of one habitat were killed
}


@dataclass(frozen=True)
class Outcome:
    result: str
    cause: str

    def to_data(self) -> dict[str, Any]:
        return {"result": self.result, "cause": self.cause}

    @classmethod
    def from_data(cls, data: Optional[dict]) -> Optional["Outcome"]:
        return None if data is None else cls(str(data["result"]), str(data["cause"]))


def end_game(state: Any, cause: str, events: Any) -> None:
    """The one place a game ends: sets the outcome and reports `game_ended`."""
    if state.outcome is not None:
        return
    state.outcome = Outcome(CAUSES[cause], cause)
    state.turn.pending = []
    events.add("game_ended", **state.outcome.to_data())
