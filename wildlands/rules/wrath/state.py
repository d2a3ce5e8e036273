"""The Wrath of the Ancients' own part of the state: who plays the Ancients and the shards
their Ancients carry (`WrathState`, in `GameState.mode_state`; inside the `WarState` of a
five-player war), with the lookups every other module of the mode reads: which shards are
ready to spend, and whose shards lie in a space."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from wildlands.rules.modes import mode_of
from wildlands.rules.state import GameState

WRATH = "wrath"
ANCIENTS_FACTION = "ancients"  # wildlands.content.factions.ANCIENTS_FACTION (no import: pure core)


@dataclass
class WrathState:
    """The mode's own part of the state (held in `GameState.mode_state`, the mode slot)."""

    ancients: str  # the seat playing the Ancients faction
    # Ancient character id -> shards it carries: {"owner": colour's player, "ready": the
    # turn number (`turn_number`) from which it may be spent}
    carried: dict[str, list[dict]] = field(default_factory=dict)

    def clone(self) -> "WrathState":
        return WrathState(self.ancients, {k: [dict(s) for s in v] for k, v in self.carried.items()})


def to_data(part: WrathState) -> dict[str, Any]:
    return {"ancients": part.ancients, "carried": {k: [dict(s) for s in v]
                                                   for k, v in part.carried.items()}}


def from_data(data: dict[str, Any]) -> WrathState:
    return WrathState(data["ancients"], {k: [dict(s) for s in v]
                                         for k, v in data.get("carried", {}).items()})


def wrath_of(state: GameState) -> WrathState:
    part = state.mode_state
    inner = getattr(part, "wrath", None)  # a five-player war keeps one inside its WarState
    if isinstance(inner, WrathState):
        return inner
    assert isinstance(part, WrathState), "a wrath game keeps a WrathState in its mode slot"
    return part


# -- when a claimed shard may be spent ------------------------------------------------------
def turn_number(state: GameState) -> int:
    """Every turn of the game numbered in order, as the mode counts them (seats take turns
    in a wrath, teams in a war: `ModeRules.turn_number`)."""
    return mode_of(state).turn_number(state)


def next_ancients_turn(state: GameState) -> int:
    """The number of the Ancients' next own turn after the current one: a shard claimed now
    waits for it, even when claimed in an interrupt during another player's turn."""
    return mode_of(state).next_turn_of(state, wrath_of(state).ancients)


def ready_shards(state: GameState, character_id: str) -> list[dict]:
    now = turn_number(state)
    return [s for s in wrath_of(state).carried.get(character_id, []) if s["ready"] <= now]


def shard_owners_in(state: GameState, space: int | None) -> list[str]:
    """Whose shards lie in a space, in turn order."""
    return [p.id for p in state.players if space is not None and space in p.shards]
