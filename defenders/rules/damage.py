"""Damage and death: the damage die, damage tokens, a defender killed, the massacre.

An action taken from a hex with a mech is a melee roll (a hit or a double hurts); from a
mech-free hex beside a factory (or the core) with a sniper, a sniper roll (only a hit
hurts). One roll per action however many mechs threaten. More than three damage tokens kill
a defender chosen at random from the hand (the deck's top card when the hand is empty) and
clear the tokens; two dead defenders of one habitat lose the game.
"""
from __future__ import annotations

from typing import Optional

from defenders.rules import ongoing
from defenders.rules.board import snipers_beside
from defenders.rules.events import EventLog
from defenders.rules.outcome import end_game
from defenders.rules.rng_util import below
from defenders.rules.state import Faction, GameState
from defenders.rules.support import gain_support, hand_of, take_top

MAX_DAMAGE = 3
DAMAGE = {"melee": {"hit": 1, "double": 2}, "sniper": {"hit": 1}}


def threat(state: GameState, faction: Faction) -> Optional[str]:
    """The roll an action from the organizer's hex calls for: melee, sniper or none."""
    if faction.at is None:
        return None
    if state.mechs_at(faction.at) > 0:
        return "melee"
    return "sniper" if snipers_beside(state, faction.at) else None


def roll_for_action(state: GameState, faction: Faction, events: EventLog) -> None:
    kind = threat(state, faction)
    if kind is None:
        return
    die = state.catalog.die
    face = die[below(state, len(die))]
    amount = 0 if face in ongoing.ignored_faces(state, faction.id) else DAMAGE[kind].get(face, 0)
    events.add("damage_rolled", faction=faction.id, roll=kind, face=face, damage=amount)
    take_damage(state, faction, amount, events, why=kind)


def take_damage(state: GameState, faction: Faction, amount: int, events: EventLog,
                why: str) -> None:
    if amount <= 0 or state.outcome is not None:
        return
    if ongoing.has(state, "support_on_damage", faction.id):
        gain_support(state, faction, 1, events, why="feel_the_burn")
    faction.damage += amount
    events.add("defender_damaged", faction=faction.id, amount=amount, damage=faction.damage,
               why=why)
    if faction.damage > MAX_DAMAGE:
        faction.damage = 0
        kill_defender(state, faction, events)


def kill_defender(state: GameState, faction: Faction, events: EventLog) -> None:
    """A random defender of the hand dies (with one player, of the whole shared hand)."""
    hand = hand_of(state, faction)
    if hand:
        card = hand.pop(below(state, len(hand)))
        source = "hand"
    else:
        card = take_top(state, faction, events)
        source = "deck"
    if card is None:
        events.add("defender_killed", faction=faction.id, card=None, source="none")
        return
    habitat = state.defender(card).habitat
    state.deaths.setdefault(habitat, []).append(card)
    events.add("defender_killed", faction=faction.id, card=card, habitat=habitat,
               source=source)
    if len(state.deaths[habitat]) >= 2:
        end_game(state, "massacre", events)


def heal(state: GameState, faction: Faction, amount: Optional[int], events: EventLog,
         why: str) -> None:
    """Remove `amount` damage tokens (all of them when None)."""
    removed = faction.damage if amount is None else min(amount, faction.damage)
    if removed:
        faction.damage -= removed
        events.add("damage_healed", faction=faction.id, amount=removed,
                   damage=faction.damage, why=why)
