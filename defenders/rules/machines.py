"""The machines' turn: draw one machine card and resolve it, step by step.

The deck is seven cards; once the seventh has been drawn and resolved the discard pile is
shuffled into a new deck, so between turns the deck is never empty. (Games stored under rules
revision 1 reshuffled only when the next card was drawn; they keep doing so, so that their
logs replay as played.) `run_machine_card` is what `engine.advance` runs (the site's worker),
then the next seat takes its turn.
"""
from __future__ import annotations

from defenders.rules.engines import engines_card
from defenders.rules.events import EventLog
from defenders.rules.factories import factories_card, reboot_card
from defenders.rules.mechs import mechs_card
from defenders.rules.rng_util import shuffle
from defenders.rules.state import GameState
from defenders.rules.turns import next_turn


def reshuffle_machine_deck(state: GameState, events: EventLog) -> None:
    state.deck = state.discard
    state.discard = []
    shuffle(state, state.deck)
    events.add("machine_deck_reshuffled", size=len(state.deck))


def draw_machine_card(state: GameState, events: EventLog) -> str:
    if not state.deck:  # a game of rules revision 1, or a position set up so
        reshuffle_machine_deck(state, events)
    return state.deck.pop(0)


def resolve_card(state: GameState, card_id: str, events: EventLog) -> None:
    card = state.catalog.cards[card_id]
    if card.kind == "engines":
        engines_card(state, events, card.difficult)
    elif card.kind == "factories":
        factories_card(state, events, card.difficult)
    elif card.kind == "reboot":
        reboot_card(state, events)
    else:
        mechs_card(state, events, card.difficult)


def run_machine_card(state: GameState, events: EventLog) -> None:
    events.add("machines_turn_started", after=state.turn.active)
    card_id = draw_machine_card(state, events)
    card = state.catalog.cards[card_id]
    events.add("machine_card_drawn", card=card_id, card_kind=card.kind, difficult=card.difficult)
    resolve_card(state, card_id, events)
    state.discard.append(card_id)
    if not state.deck and state.rules_revision >= 2:
        reshuffle_machine_deck(state, events)
    events.add("machines_turn_ended", card=card_id)
    if state.outcome is None:
        next_turn(state, events)
