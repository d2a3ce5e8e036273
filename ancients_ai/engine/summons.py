"""Summons: a minion counter from its scenario's supply placed on the board, in a given
space or where a drawn map card says."""
from __future__ import annotations

from typing import Optional

from wildlands.rules.events import EventLog
from wildlands.rules.state import GameState, Monster

from ancients_ai.engine.decks import draw_map_card
from ancients_ai.engine.state import ScenarioInPlay


def summon(state: GameState, scenario: ScenarioInPlay, minion_type: str, space: int,
           events: EventLog) -> Optional[Monster]:
    """Place a minion from the supply in `space`; None when no counter of that type is left."""
    if scenario.supply.get(minion_type, 0) <= 0:
        return None
    awoken = state.mode_state
    scenario.supply[minion_type] -= 1
    while True:
        minion_id = f"{minion_type}_{awoken.next_id}"
        awoken.next_id += 1
        if minion_id not in state.monsters and minion_id not in state.characters:
            break
    minion = Monster(minion_id, "minion", minion_type, scenario.number,
                     scenario.rules.minion_health[minion_type], space)
    state.monsters[minion_id] = minion
    events.add("minion_summoned", figure=minion_id, type=minion_type, space=space,
               scenario=scenario.number)
    return minion


def summon_by_map_card(state: GameState, scenario: ScenarioInPlay, minion_type: str,
                       events: EventLog) -> Optional[Monster]:
    """The summon effect: with a counter left, draw a map card and place the minion there.
    With none left the effect is not resolved at all (no map card is drawn)."""
    if scenario.supply.get(minion_type, 0) <= 0:
        events.add("summon_failed", type=minion_type, scenario=scenario.number,
                   reason="no counters left")
        return None
    space = draw_map_card(state, events)
    if space is None:
        return None
    return summon(state, scenario, minion_type, space, events)
