"""Which special abilities are in force now.

An active defender's ongoing ability holds while it is the top of its faction's exhaustion
pile and in force (`Faction.top_live`): for the round it was revealed in; with one player,
until that faction plays another defender. Abilities noted as helping all players
(`ALL_PLAYERS`) help everyone; the rest only their own faction.
"""
from __future__ import annotations

from typing import Optional

from defenders.rules.content import Ability
from defenders.rules.state import GameState

ALL_PLAYERS = frozenset({"sanctuary", "any_corridor", "through_walls"})


def ability_of(state: GameState, card: Optional[str]) -> Optional[Ability]:
    return None if card is None else state.defender(card).ability


def in_force(state: GameState, effect: str, faction: Optional[str] = None) -> list:
    """Abilities with this effect in force for `faction` (or for anyone, when None)."""
    found = []
    for f in state.factions.values():
        if not f.top_live or f.top is None:
            continue
        ability = ability_of(state, f.top)
        if ability is None or ability.effect != effect or ability.timing != "ongoing":
            continue
        if faction is None or effect in ALL_PLAYERS or f.id == faction:
            found.append(ability)
    return found


def has(state: GameState, effect: str, faction: Optional[str] = None) -> bool:
    return bool(in_force(state, effect, faction))


def ignored_faces(state: GameState, faction: str) -> set:
    return {a.params["face"] for a in in_force(state, "ignore_face", faction)}
