"""A skirmish rules case that starts in set-up: the `setup:` field and its expectations.

The contract's cases start in play, with characters and shards already placed. The map
rules about numbers (`numberless`, `second_numbers`) act earlier, on the map cards, so a
case may instead begin where a real skirmish does after the deal:

```yaml
setup:                                # the case starts in set-up: nobody has assigned yet
  map_cards: {p1: [1, 5], p2: [5, 6]} # the map cards each player was handed, or:
  deal: 3                             # deal this many to each (default 10, as in a game) from
                                      # the board's map deck shuffled with the case's `seed`
steps:
  - {as: p1, do: assign, spaces: {ash: 5}}
  - expect:
      phase: setup                    # setup | play (play once every player has assigned)
      map_cards: {p1: [1, 5]}         # the map cards a player holds (any order; a card twice
                                      # when the player holds both cards of a space)
      map_cards_dealt: [1, 5, 5, 6]   # every player's map cards together, any order
```

Once every player has assigned, the engine's own set-up runs (`wildlands.rules.setup`): the
cards left over go to the player on the right as shard spaces, everyone draws from the deck
the case gives, and the first player is chosen (a tie drawn from the case's seed).
In set-up a case may not give `active`, `turn`, a character's `space` or a player's `shards`:
those come from the set-up itself.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Optional

from wildlands.rules.maps.features import allows
from wildlands.rules.maps.numbers import map_cards
from wildlands.rules.setup import MAP_CARDS_DEALT, deal_map_cards
from wildlands.rules.state import GameState, Turn
from wildlands.rules_cases.errors import CaseError


def check_setup_case(case: dict) -> None:
    """Refuse what a set-up position cannot hold: it would be overwritten by the set-up."""
    if case.get("mode", "skirmish") != "skirmish":
        raise CaseError("`setup` is for skirmish cases only")
    for key in ("active", "turn"):
        if key in case:
            raise CaseError(f"`{key}` is decided by the set-up: leave it out of a `setup` case")
    for player in case.get("players") or []:
        if isinstance(player, dict) and player.get("shards"):
            raise CaseError(f"player {player.get('id')}: in set-up the shards come from the "
                            "map cards left over, not from `shards`")
        for character in (player.get("characters") or []) if isinstance(player, dict) else []:
            if isinstance(character, dict) and character.get("space") is not None:
                raise CaseError(f"character {character.get('id')}: in set-up no character is "
                                "on the board yet")


def build_setup(state: GameState, raw: Any) -> None:
    """Put a case's position in set-up with the map cards its players were handed."""
    if not isinstance(raw, dict) or set(raw) - {"map_cards", "deal"}:
        raise CaseError("`setup` is a mapping with `map_cards` or `deal`")
    if "map_cards" in raw and "deal" in raw:
        raise CaseError("`setup` gives either the `map_cards` handed out or a `deal`, not both")
    refusal = allows(state.catalog.board.features, mode="skirmish", players=len(state.players))
    if refusal:
        raise CaseError(f"setup: {refusal}")
    state.turn = Turn(phase="setup")
    if "map_cards" in raw:
        _hand_out(state, raw["map_cards"])
        return
    count = raw.get("deal", MAP_CARDS_DEALT)
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise CaseError("setup.deal: a number of map cards, at least 1")
    deal_map_cards(state, count)


def _hand_out(state: GameState, raw: Any) -> None:
    """Give each player the cards the case names, checked against the board's map deck."""
    if not isinstance(raw, dict) or set(map(str, raw)) != set(state.player_ids()):
        raise CaseError("setup.map_cards: a list of map cards for every player")
    board_deck = Counter(map_cards(state.catalog.board))
    left = Counter(board_deck)
    for pid, cards in raw.items():
        if not isinstance(cards, list):
            raise CaseError(f"setup.map_cards.{pid}: a list of space numbers")
        for card in cards:
            if not board_deck[card]:
                raise CaseError(f"setup.map_cards.{pid}: the board has no map card for "
                                f"space {card!r} (no such space, or a numberless one)")
            if not left[card]:
                raise CaseError(f"setup.map_cards.{pid}: the board has only {board_deck[card]} "
                                f"map card(s) for space {card}, all handed out already")
            left[card] -= 1
        state.player(str(pid)).map_cards = sorted(cards)


def _phase(state: GameState, want: Any) -> Optional[str]:
    return None if state.turn.phase == want else f"phase: expected {want}, got {state.turn.phase}"


def _map_cards(state: GameState, want: Any) -> Optional[str]:
    for pid, cards in want.items():
        got = state.player(str(pid)).map_cards
        if Counter(got) != Counter(cards or []):
            return f"map cards of {pid}: expected {sorted(cards or [])}, got {sorted(got)}"
    return None


def _map_cards_dealt(state: GameState, want: Any) -> Optional[str]:
    got = sorted(card for player in state.players for card in player.map_cards)
    if Counter(got) != Counter(want or []):
        return f"map cards dealt: expected {sorted(want or [])}, got {got}"
    return None


SETUP_EXPECT = {"phase": _phase, "map_cards": _map_cards, "map_cards_dealt": _map_cards_dealt}
