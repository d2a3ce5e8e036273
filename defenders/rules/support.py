"""The support track, camps and drawing defenders.

A track side is a row of printed hand sizes; camps sit on its spaces from `first_camp` on
and the tracker starts on space 0. Support is maxed out when the next space holds a camp;
building takes that camp, puts the tracker back on the start and draws up to the printed
number the camp uncovered.
"""
from __future__ import annotations

from defenders.rules.events import EventLog
from defenders.rules.rng_util import shuffle
from defenders.rules.state import Faction, GameState


def next_camp_space(state: GameState, faction: Faction) -> int:
    track = state.catalog.track
    return track.first_camp + (track.camps - faction.camps_left)


def is_maxed(state: GameState, faction: Faction) -> bool:
    return faction.camps_left == 0 or faction.support >= next_camp_space(state, faction) - 1


def gain_support(state: GameState, faction: Faction, amount: int, events: EventLog,
                 why: str) -> None:
    """Move the tracker forward, stopping where the next camp blocks it."""
    gained = 0
    for _ in range(amount):
        if is_maxed(state, faction):
            break
        faction.support += 1
        gained += 1
    if gained:
        events.add("support_gained", faction=faction.id, amount=gained,
                   support=faction.support, why=why)


def hand_of(state: GameState, faction: Faction) -> list:
    return state.seat(faction.seat).hand


def reshuffle_deck(state: GameState, faction: Faction, events: EventLog) -> bool:
    """An empty deck becomes the shuffled exhaustion pile, less the defenders in play: this
    turn's active and teamed-up ones, this round's pick of the faction (face down or not yet
    played) and a defender whose ongoing ability is in force. False when nothing is left."""
    keep = set()
    if state.turn.faction == faction.id and state.turn.stage in ("action", "machines"):
        keep = {state.turn.defender, *state.turn.teamed}
    chosen = state.seat(faction.seat).chosen
    if chosen is not None and state.defender(chosen).faction == faction.id:
        keep.add(chosen)
    if faction.top_live and faction.top is not None:
        keep.add(faction.top)
    pile = [c for c in faction.exhausted if c not in keep]
    if not pile:
        return False
    faction.exhausted = [c for c in faction.exhausted if c in keep]
    shuffle(state, pile)
    faction.deck = pile
    events.add("deck_reshuffled", faction=faction.id, size=len(pile))
    return True


def take_top(state: GameState, faction: Faction, events: EventLog):
    """The top card of the faction's deck, reshuffling first when it is empty; or None."""
    if not faction.deck and not reshuffle_deck(state, faction, events):
        return None
    return faction.deck.pop(0)


def draw(state: GameState, faction: Faction, count: int, events: EventLog) -> int:
    drawn = []
    for _ in range(count):
        card = take_top(state, faction, events)
        if card is None:
            break
        drawn.append(card)
    if drawn:
        hand_of(state, faction).extend(drawn)
        events.add("cards_drawn", faction=faction.id, seat=faction.seat, count=len(drawn))
        events.add("cards_received", visible_to=(faction.seat,), cards=drawn)
    return len(drawn)


def draw_up_to(state: GameState, faction: Faction, size: int, events: EventLog) -> int:
    return draw(state, faction, max(0, size - len(hand_of(state, faction))), events)
