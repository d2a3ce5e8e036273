"""The Ancients' piles: minion and Ancient decks, the map deck, the treasure deck.

Every draw goes through `_draw`, which shuffles a pile's discard back in when the pile is
empty (the rules' "shuffle the discard pile into a new deck") with the state's own
generator, and records the reshuffle as an event. Drawn card ids are public: a revealed
card is face up for everyone.
"""
from __future__ import annotations

from typing import Optional

from games.rules.events import EventLog
from games.rules.rng import Rng
from games.rules.state import GameState, Monster

from ancients_ai.engine.state import ScenarioInPlay


def _draw(state: GameState, holder, deck: str, discard: str, label: str,
          events: EventLog) -> Optional[object]:
    """Take the top of `holder.<deck>`, reshuffling `holder.<discard>` into it when empty."""
    pile = getattr(holder, deck)
    if not pile:
        used = getattr(holder, discard)
        if not used:
            return None
        Rng(state).shuffle(used)
        setattr(holder, deck, used)
        setattr(holder, discard, [])
        pile = used
        events.add("deck_reshuffled", deck=label, size=len(pile))
    return pile.pop(0)


def draw_minion_card(state: GameState, scenario: ScenarioInPlay, events: EventLog) -> Optional[str]:
    return _draw(state, scenario, "minion_deck", "minion_discard",
                 f"scenario {scenario.number} minion deck", events)


def draw_ancient_card(state: GameState, scenario: ScenarioInPlay,
                      events: EventLog) -> Optional[str]:
    return _draw(state, scenario, "ancient_deck", "ancient_discard",
                 f"scenario {scenario.number} ancient deck", events)


def draw_map_card(state: GameState, events: EventLog) -> Optional[int]:
    """Draw a map card, discard it, and return its space (None: no map cards at all)."""
    awoken = state.awoken
    space = _draw(state, awoken, "map_deck", "map_discard", "map deck", events)
    if space is not None:
        awoken.map_discard.append(space)
        events.add("map_card_drawn", space=space)
    return space


def draw_treasure(state: GameState, events: EventLog) -> Optional[str]:
    return _draw(state, state.awoken, "treasure_deck", "treasure_discard", "treasure deck",
                 events)


# -- reactions ---------------------------------------------------------------------------------
def reaction_kind(damage_kind: str) -> str:
    """Both traps' damage is the kind `trap` as far as reactions go."""
    return "trap" if damage_kind in ("trap", "pit_trap", "explosive_trap") else damage_kind


def react(state: GameState, monster: Monster, damage_kind: str, events: EventLog) -> bool:
    """A monster about to take damage reveals the top card of its deck (the scenario's
    minion deck for a minion, the Ancient deck for an Ancient); True if that card's reaction
    prevents this kind of damage. The card is discarded either way. No card to reveal
    (deck and discard both empty): nothing is prevented."""
    scenario = state.awoken.scenario(monster.scenario)
    if monster.kind == "ancient":
        card_id = draw_ancient_card(state, scenario, events)
        if card_id is None:
            return False
        card = scenario.rules.ancient_cards[card_id]
        scenario.ancient_discard.append(card_id)
    else:
        card_id = draw_minion_card(state, scenario, events)
        if card_id is None:
            return False
        card = scenario.rules.minion_cards[card_id]
        scenario.minion_discard.append(card_id)
    kind = reaction_kind(damage_kind)
    prevented = kind in card.prevents
    events.add("reaction_revealed", figure=monster.id, card=card_id, damage=kind,
               prevents=sorted(card.prevents), prevented=prevented)
    return prevented


# -- minions coming and going ------------------------------------------------------------------
def summon(state: GameState, scenario: ScenarioInPlay, minion_type: str, space: int,
           events: EventLog) -> Optional[Monster]:
    """Place a minion from the supply in `space`; None when no counter of that type is left."""
    if scenario.supply.get(minion_type, 0) <= 0:
        return None
    awoken = state.awoken
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
