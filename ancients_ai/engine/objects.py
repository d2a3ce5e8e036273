"""Object counters: revealing them, traps, treasures found, crystals uncovered.

Reveal: a character in the counter's space turns it face up. With two players the revealing
player discards one card from hand that shows the icon of a character in that space (a
wild card shows no icon, so it does not count); alone, it is free.

- pit trap: the revealer's player turns the top two cards of their action deck into their
  discard pile (reshuffling as a draw would). If either shows the revealer's icon or is a
  wild card, nothing happens; otherwise every character in the space takes 1 damage, which
  cannot be defended. The trap is removed.
- explosive trap: every character, minion and Ancient in the space and the spaces next to it
  takes 1 damage of kind `trap` (characters may defend with shield, monsters react). The trap
  is removed.
- stasis trap: it goes under the revealer, who is ensnared (no move, climb, fly or rally
  moving it). All revealed stasis traps are removed when every stasis trap in play has been
  revealed, or when every character of one faction still on the board is ensnared; one trap
  goes when its character is knocked out or a treasure moves it.
- treasure: the counter is removed and the top treasure card goes to the revealer.
- crystal: stays face up in its space, to be claimed.
- blank: removed.
"""
from __future__ import annotations

from wildlands.rules.cards import table_pays, take_cards
from wildlands.rules.combat import acting_character, deal_damage, start_attack
from wildlands.rules.commands import Command
from wildlands.rules.errors import RuleError
from wildlands.rules.events import EventLog
from wildlands.rules.frames import resolve
from games.platform.rng import Rng
from wildlands.rules.state import Character, GameState

from ancients_ai.engine import decks
from ancients_ai.engine.outcome import check_outcome
from ancients_ai.engine.state import GameObject


def reveal_object(state: GameState, seat: str, command: Command, events: EventLog) -> None:
    character = acting_character(state, seat, command.character)
    obj = state.mode_state.objects.get(command.object)
    if obj is None:
        raise RuleError("invalid_command", f"there is no object {command.object!r}")
    if obj.revealed or obj.removed:
        raise RuleError("action_not_allowed", f"{obj.id} is already face up")
    if obj.space != character.space:
        raise RuleError("not_in_space", f"{obj.id} is not in {character.id}'s space")
    player = state.player(seat)
    if len(state.players) > 1 and not table_pays(state):
        if command.discard is None:
            raise RuleError("card_cannot_pay", "with two players, revealing an object costs "
                                               "a card linked to a character in its space")
        (card,) = take_cards(state, player, [command.discard])
        here = {c.id for c in state.characters.values()
                if c.space == obj.space and not c.knocked_out}
        if card.wild or not here & set(card.icons):
            raise RuleError("card_cannot_pay",
                            f"{card.id} shows no icon of a character in space {obj.space}")
        player.hand.remove(card.id)
        player.discard.append(card.id)
        events.add("card_played", player=seat, card=card.id, action="reveal_object",
                   character=character.id)
    elif command.discard is not None:
        raise RuleError("invalid_command", "in a solo game or at the table (companion) "
                                           "revealing an object names no card")
    obj = state.mode_state.update_object(obj.id, revealed=True)
    events.add("object_revealed", object=obj.id, object_kind=obj.kind, space=obj.space,
               character=character.id)
    REVEALED[obj.kind](state, character, obj, events)
    check_outcome(state, events)
    resolve(state, events)


def _pit_trap(state: GameState, character: Character, obj: GameObject, events: EventLog) -> None:
    player = state.player(character.player)
    turned = []
    for _ in range(2):
        if not player.deck and player.discard:
            player.deck, player.discard = player.discard, []
            Rng(state).shuffle(player.deck)
            events.add("deck_reshuffled", player=player.id, size=len(player.deck))
        if player.deck:
            turned.append(player.deck.pop(0))
    player.discard.extend(turned)
    cards = [state.card(c) for c in turned]
    safe = any(card.wild or character.id in card.icons for card in cards)
    events.add("pit_trap_cards_turned", player=player.id, cards=turned, safe=safe)
    state.mode_state.update_object(obj.id, removed=True)
    space = obj.space
    if not safe:
        for victim in [c for c in state.characters.values()
                       if c.space == space and not c.knocked_out]:
            if victim.on_board:
                deal_damage(state, victim, 1, "trap", "pit_trap", events)


def _explosive_trap(state: GameState, character: Character, obj: GameObject,
                    events: EventLog) -> None:
    state.mode_state.update_object(obj.id, removed=True)
    here = obj.space
    assert here is not None, "a revealed object lies in its revealer's space"
    spaces = [here] + sorted(state.board.neighbours(here))
    targets = [f.id for space in spaces for f in state.figures_in(space)]
    events.add("attacked", attacker=obj.id, attack="trap", space=here, target=None)
    start_attack(state, attacker=obj.id, side="trap", attack="trap", targets=targets)


def _stasis_trap(state: GameState, character: Character, obj: GameObject,
                 events: EventLog) -> None:
    state.mode_state.update_object(obj.id, space=None)
    character.ensnared = obj.id
    events.add("character_ensnared", character=character.id, object=obj.id)
    check_stasis_release(state, events)


def _treasure(state: GameState, character: Character, obj: GameObject, events: EventLog) -> None:
    state.mode_state.update_object(obj.id, removed=True)
    card = decks.draw_treasure(state, events)
    if card is None:
        events.add("treasure_deck_ran_out", character=character.id)
        return
    character.treasures.append(card)
    events.add("treasure_found", character=character.id, treasure=card)


def _crystal(state: GameState, character: Character, obj: GameObject, events: EventLog) -> None:
    """A crystal stays face up where it is."""


def _blank(state: GameState, character: Character, obj: GameObject, events: EventLog) -> None:
    state.mode_state.update_object(obj.id, removed=True)


REVEALED = {"pit_trap": _pit_trap, "explosive_trap": _explosive_trap,
            "stasis_trap": _stasis_trap, "treasure": _treasure, "crystal": _crystal,
            "blank": _blank}


# -- stasis ------------------------------------------------------------------------------------
def release(state: GameState, character: Character, events: EventLog, why: str) -> None:
    """Take the stasis trap from under one character."""
    if character.ensnared in state.mode_state.objects:
        state.mode_state.update_object(character.ensnared, removed=True)
    events.add("stasis_released", character=character.id, object=character.ensnared, reason=why)
    character.ensnared = None


def check_stasis_release(state: GameState, events: EventLog) -> None:
    """Remove every revealed stasis trap once all of them are revealed, or once every
    character of one faction still on the board is ensnared."""
    snared = [c for c in state.characters.values() if c.ensnared]
    if not snared:
        return
    traps = [o for o in state.mode_state.objects.values() if o.kind == "stasis_trap"]
    why = None
    if all(o.revealed for o in traps):
        why = "all_revealed"
    else:
        for player in state.players:
            standing = [c for c in state.characters_of(player.id) if c.on_board]
            if standing and all(c.ensnared for c in standing):
                why = "faction_ensnared"
                break
    if why:
        for character in snared:
            release(state, character, events, why)
