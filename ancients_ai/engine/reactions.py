"""Reactions: a monster about to take damage reveals the top card of its deck, whose
reaction may prevent that kind of damage (the card is discarded either way)."""
from __future__ import annotations

from wildlands.rules.events import EventLog
from wildlands.rules.state import GameState, Monster

from ancients_ai.engine.decks import draw_ancient_card, draw_minion_card


def reaction_kind(damage_kind: str) -> str:
    """Both traps' damage is the kind `trap` as far as reactions go."""
    return "trap" if damage_kind in ("trap", "pit_trap", "explosive_trap") else damage_kind


def react(state: GameState, monster: Monster, damage_kind: str, events: EventLog) -> bool:
    """A monster about to take damage reveals the top card of its deck (the scenario's
    minion deck for a minion, the Ancient deck for an Ancient); True if that card's reaction
    prevents this kind of damage. The card is discarded either way. No card to reveal
    (deck and discard both empty): nothing is prevented."""
    scenario = state.mode_state.scenario(monster.scenario)
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
