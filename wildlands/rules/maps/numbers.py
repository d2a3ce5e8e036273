"""The numbers printed on spaces: which map cards a board has, and who goes first.

A map card names a space by its number. Normally each space has one number, so one card.
Two map primitives change that: a `numberless` space has no card (no character, shard,
object or minion starts there by a card), and a space with a `second_numbers` entry has two
cards, so two characters or shards may start on it. A card is kept as the space it
points to, so the second card of a space is simply that space a second time.

With two cards on a space, two players' shards may share the lowest space; the first
player is then drawn at random from the game's own generator (a replay draws the same).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from wildlands.rules.board import Board
from games.platform.rng import Rng
from wildlands.rules.state import Player


def map_cards(board: Board) -> list[int]:
    """The map deck, unshuffled: each numbered space once, twice with a second number."""
    features = board.features
    numberless = set(features.get("numberless", []))
    doubled = [space for space, _ in features.get("second_numbers", [])]
    return sorted([n for n in board.spaces if n not in numberless] + doubled)


def second_number(board: Board, space: int) -> int | None:
    """The second number a space carries, if any (for drawing it)."""
    for n, number in board.features.get("second_numbers", []):
        if n == space:
            return number
    return None


def holds_cards(hand: Iterable[int], wanted: Iterable[int]) -> bool:
    """The wanted map cards are all in `hand`, counting a doubled space's two cards."""
    return not Counter(wanted) - Counter(hand)


def cards_left(hand: Sequence[int], used: Iterable[int]) -> list[int]:
    """`hand` without one card per space used (the second card of a space may remain)."""
    left = Counter(hand) - Counter(used)
    return sorted(left.elements())


def first_player(players: Sequence[Player], rng: Rng) -> str:
    """Whose shard lies on the lowest space goes first; a tie there is drawn at random."""
    lowest = min(min(p.shards) for p in players if p.shards)
    tied = [p.id for p in players if p.shards and min(p.shards) == lowest]
    if len(tied) == 1:
        return tied[0]
    return tied[rng.below(len(tied))]
