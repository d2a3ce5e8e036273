"""The Ancients' piles: minion and Ancient decks, the map deck, the treasure deck.

Every draw goes through `_draw`, which shuffles a pile's discard back in when the pile is
empty (the rules' "shuffle the discard pile into a new deck") with the state's own
generator, and records the reshuffle as an event. Drawn card ids are public: a revealed
card is face up for everyone.
"""
from __future__ import annotations

from typing import Any, Optional

from wildlands.rules.events import EventLog
from games.platform.rng import Rng
from wildlands.rules.state import GameState

from ancients_ai.engine.state import ScenarioInPlay


def _draw(state: GameState, holder, deck: str, discard: str, label: str,
          events: EventLog) -> Optional[Any]:
    """Take the top of `holder.<deck>`, reshuffling `holder.<discard>` into it when empty.
    The piles hold card ids (str) or, for the map deck, space numbers (int)."""
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
    awoken = state.mode_state
    space = _draw(state, awoken, "map_deck", "map_discard", "map deck", events)
    if space is not None:
        awoken.map_discard.append(space)
        events.add("map_card_drawn", space=space)
    return space


def draw_treasure(state: GameState, events: EventLog) -> Optional[str]:
    return _draw(state, state.mode_state, "treasure_deck", "treasure_discard", "treasure deck",
                 events)
