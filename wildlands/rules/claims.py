"""Claiming: three of a kind of one character's icon (wild movement fills any set)."""
from __future__ import annotations

from wildlands.rules.cards import discard_cards, take_cards
from wildlands.rules.combat import acting_character
from wildlands.rules.commands import Command
from wildlands.rules.errors import RuleError
from wildlands.rules.events import EventLog
from wildlands.rules.maps.hooks import scored
from wildlands.rules.modes import mode_of
from wildlands.rules.state import Character, GameState, Player


def pay_three_of_a_kind(state: GameState, seat: str, character: Character,
                        card_ids: tuple) -> str:
    """Check a claim's payment; return whose icon made the set.

    The set is three cards showing the claiming character's icon, or three showing one
    knocked-out character of the same player; wild cards stand in for any icon."""
    if len(card_ids) != 3:
        raise RuleError("card_cannot_pay", "a claim takes exactly three cards")
    cards = take_cards(state, state.player(seat), card_ids)
    candidates = [character.id] + [c.id for c in state.characters_of(character.player)
                                   if c.knocked_out]
    for name in candidates:
        if all(card.wild or name in card.icons for card in cards):
            return name
    raise RuleError("card_cannot_pay",
                    f"these cards are not three of a kind for {character.id} "
                    "or for one knocked-out character")


def claim_shard(state: GameState, seat: str, command: Command, events: EventLog) -> None:
    character = acting_character(state, seat, command.character)
    player = state.player(seat)
    if character.space not in player.shards:
        raise RuleError("no_target", f"there is no shard of {seat}'s in space {character.space}")
    take_shard(state, seat, character, player, command.cards, events)
    events.add("shard_claimed", player=seat, character=character.id, space=character.space,
               score=player.score)
    point_scored(state, seat, events)


def point_scored(state: GameState, seat: str, events: EventLog) -> None:
    """After a claimed shard's point: the mode says whether the game is won, and only if it
    is not may the map reward the point (a belt to run)."""
    mode_of(state).check_outcome(state, events)
    scored(state, seat, events)


def take_shard(state: GameState, seat: str, character: Character, owner: Player,
               card_ids: tuple, events: EventLog) -> Player:
    """Pay three of a kind and lift `owner`'s shard from the character's space: a point for
    `seat` (the owner's teammate in a war). The caller checked the shard is there and adds
    `shard_claimed` with what its mode tells."""
    pay_three_of_a_kind(state, seat, character, card_ids)
    player = state.player(seat)
    discard_cards(player, card_ids)
    owner.shards.remove(character.space)
    player.score += 1
    events.add("card_played", player=seat, cards=list(card_ids), action="claim",
               character=character.id)
    return player
