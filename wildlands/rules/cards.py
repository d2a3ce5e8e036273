"""Cards in hand, deck and discard: what a card can pay for, drawing and reshuffling."""
from __future__ import annotations

from typing import Iterable

from wildlands.rules.errors import RuleError
from wildlands.rules.events import EventLog
from games.platform.rng import Rng
from wildlands.rules.state import GameState, Player


def table_pays(state: GameState) -> bool:
    """True in a table-companion game (option `companion`): the people at the table hold
    the real cards, so an action is declared, not paid; the site knows no hand and checks
    no card (`ancients_ai.engine.companion`). Every payment below asks this first."""
    return bool(state.catalog.option("companion"))


def card_moves(card, character_id: str) -> bool:
    """A card pays one movement for a character: its icon is on a scale, or the card is wild."""
    return card.wild or character_id in card.icons


def card_flag(card, character_id: str, flag: str, *, open_ok: bool = True) -> bool:
    """A card lets this character take a flag action: the flag is beside its icon, or is the
    card's open action (any single revealed character may use that)."""
    if card.wild:
        return False
    if card.icons.get(character_id, "-") == flag:
        return True
    return open_ok and card.open == flag


def take_cards(state: GameState, player: Player, card_ids: Iterable[str]) -> list:
    """Check that every card exists and is in the player's hand; return their definitions."""
    found = []
    for card_id in card_ids:
        if card_id not in state.catalog.cards:
            raise RuleError("invalid_command", f"there is no card {card_id!r}", card=card_id)
        if card_id not in player.hand:
            raise RuleError("card_not_in_hand", f"{card_id} is not in {player.id}'s hand",
                            card=card_id)
        found.append(state.card(card_id))
    return found


def discard_cards(player: Player, card_ids: Iterable[str]) -> None:
    for card_id in card_ids:
        player.hand.remove(card_id)
        player.discard.append(card_id)


def draw(state: GameState, player: Player, count: int, events: EventLog) -> int:
    """Draw up to `count` cards, reshuffling the discard pile when the deck runs out."""
    drawn = []
    for _ in range(count):
        if not player.deck:
            if not player.discard:
                break
            player.deck = player.discard
            player.discard = []
            Rng(state).shuffle(player.deck)
            events.add("deck_reshuffled", player=player.id, size=len(player.deck))
        drawn.append(player.deck.pop(0))
    player.hand.extend(drawn)
    if drawn:
        events.add("cards_drawn", player=player.id, count=len(drawn))
        events.add("cards_received", visible_to=(player.id,), player=player.id, cards=drawn)
    return len(drawn)


def draw_up_to_limit(state: GameState, player: Player, count: int, events: EventLog) -> int:
    """The end-of-turn draw: `count` cards, but never past the hand limit."""
    room = state.catalog.option("hand_limit") - len(player.hand)
    return draw(state, player, max(0, min(count, room)), events)


def single_card(cards: tuple, what: str) -> str:
    if len(cards) != 1:
        raise RuleError("card_cannot_pay", f"{what} is paid with exactly one card")
    return cards[0]


def pay_wild_card(state: GameState, player: Player, cards: tuple, what: str, action: str,
                  events: EventLog) -> str:
    """Pay for something only a wild card buys (draw two, an interrupt): exactly one card,
    in hand and wild, discarded and shown to everyone as played for `action`.

    :raises RuleError: `card_cannot_pay` for another count or a card that is not wild;
        `card_not_in_hand` / `invalid_command` from `take_cards`."""
    if declared(state, cards):
        return ""
    card_id = single_card(cards, what)
    (card,) = take_cards(state, player, [card_id])
    if not card.wild:
        raise RuleError("card_cannot_pay", f"{card_id} is not a wild card")
    discard_cards(player, [card_id])
    events.add("card_played", player=player.id, card=card_id, action=action)
    return card_id


def _no_cards(cards: tuple) -> None:
    """A companion command names no card: the table's hands are not known to the site."""
    if cards:
        raise RuleError("invalid_command",
                        "in a table-companion game the cards stay at the table: send cards: []")


def declared(state: GameState, cards: tuple) -> bool:
    """True when the table pays for this action (`table_pays`): the caller skips its card
    checks. A named card is then refused, so nothing half-paid can happen."""
    if table_pays(state):
        _no_cards(cards)
        return True
    return False
