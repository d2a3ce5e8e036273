"""Treasure timing beyond what a rules case can say: the legal list (what the board offers)
offers each treasure exactly at the moments its card allows, and content cannot give a
card usable at any moment an effect that would upset work in progress.

The timing rules themselves are rules cases: tests/rules_cases/awoken/treasure_timing.yaml.
"""
from __future__ import annotations

import pytest

from games.platform.content_common import ContentError
from wildlands.rules.engine import apply
from wildlands.rules.legal import legal_commands
from wildlands.rules_cases import build_state

from ancients_ai.engine.scenarios import load_treasures, treasures_from_data

ROW = {"bounds": [0, 0, 50, 10],
       "spaces": [{"n": n, "at": [10 * n - 5, 5]} for n in range(1, 6)],
       "open": [[1, 2], [2, 3], [3, 4], [4, 5]]}


def ranged_hound_game(p1_characters: list, p2_characters: list | None = None):
    """A game whose Ancients' turn starts with a hound in space 4 shooting the nearest
    character, every defence asked."""
    players = [{"id": "p1", "characters": p1_characters}]
    if p2_characters:
        players.append({"id": "p2", "characters": p2_characters})
    return build_state({
        "mode": "awoken", "board": ROW, "options": {"auto_pass_defence": False},
        "players": players,
        "awoken": {"scenarios": [{
            "number": 3, "player": "p1", "ancient": {"id": "magus", "health": 6, "space": None},
            "minion_types": {"hound": {"health": 1}},
            "minions": [{"id": "m1", "type": "hound", "space": 4}],
            "minion_deck": [{"id": "mc1", "top": {"type": "hound", "actions": ["ranged"]},
                             "bottom": {"type": "hound", "actions": ["move"]}}]}]},
    }, "test")


def treasure_uses(state, seat: str) -> set:
    return {c["treasure"] for c in legal_commands(state, seat) if c.get("do") == "use_treasure"}


def test_the_legal_list_offers_the_any_moment_treasure_to_a_defending_holder():
    state = ranged_hound_game([{"id": "ash", "health": 3, "space": 2, "damage": 1,
                                "treasures": ["troll_salve", "healing_draught", "warding_amulet"]}])
    assert treasure_uses(state, "p1") == {"troll_salve", "healing_draught"}
    state, _ = apply(state, "p1", {"do": "end_turn"})
    assert state.prompt.kind == "defend"
    assert treasure_uses(state, "p1") == {"troll_salve", "warding_amulet"}


def test_the_legal_list_offers_the_any_moment_treasure_while_a_partner_defends():
    state = ranged_hound_game(
        [{"id": "ash", "health": 3, "space": 1, "damage": 1,
          "treasures": ["troll_salve", "healing_draught", "warding_amulet"]}],
        [{"id": "cy", "health": 3, "space": 3}])
    state, _ = apply(state, "p1", {"do": "end_turn"})
    assert (state.prompt.kind, state.prompt.to) == ("defend", "p2")
    assert treasure_uses(state, "p1") == {"troll_salve"}
    assert treasure_uses(state, "p2") == set()


def test_an_any_moment_treasure_with_no_damage_to_heal_is_still_offered_and_heals_nothing():
    state = ranged_hound_game([{"id": "ash", "health": 3, "space": 2, "treasures": ["troll_salve"]}])
    state, _ = apply(state, "p1", {"do": "end_turn"})
    assert treasure_uses(state, "p1") == {"troll_salve"}
    state, _ = apply(state, "p1", {"do": "use_treasure", "character": "ash", "treasure": "troll_salve"})
    assert state.characters["ash"].damage == 0 and state.prompt.kind == "defend"


@pytest.mark.parametrize("effect", [{"move": 2}, {"damage": 1, "kind": "ranged"}])
def test_a_treasure_usable_at_any_moment_may_not_move_or_attack(effect):
    card = {"id": "odd", "name": "Odd", "text": "At any moment.", "use": "once", "when": "any",
            "effect": effect}
    with pytest.raises(ContentError, match="at any moment"):
        treasures_from_data({"treasures": [card]}, "test treasures", minimum=1)


def test_every_shipped_card_says_when_it_is_used():
    """The card's words and its `when` agree, so a player reading the card knows the timing."""
    opening = {"players_turn": "On your turn or interrupt", "any": "At any moment"}
    for card in load_treasures().values():
        if card.when == "defence":
            assert card.text.startswith(("When the holder is attacked", "Whenever the holder is hit")), card.id
        else:
            assert card.text.startswith(opening[card.when]), card.id
