"""Setting up a game of Defenders of the Wild, as the rulebook's set-up steps read."""
from __future__ import annotations

from collections import Counter

import pytest

from defenders.content_loader import load_content
from defenders.rules.board import is_walled
from defenders.rules.content import build_content
from defenders.rules.engine import apply
from defenders.rules.hexes import CORE, board_hexes, edge, ring, spoke
from defenders.rules.setup import camp_starts, new_game
from games.platform.content_common import ContentError
from defenders.rules.errors import RuleError

FOUR = {"p1": ["order"], "p2": ["council"], "p3": ["coven"], "p4": ["sect"]}


def game(players: int, seed: int = 1, tier: str = "base"):
    seats = {1: {"p1": ["order", "sect"]}, 2: {"p1": ["order"], "p2": ["coven"]},
             3: {"p1": ["order"], "p2": ["council"], "p3": ["sect"]}, 4: FOUR}[players]
    state, events = new_game(load_content(), list(seats), seats, tier=tier, seed=seed)
    return state


def test_the_board_is_36_habitat_hexes_dealt_from_twelve_double_sided_tiles() -> None:
    state = game(2)
    assert sorted(state.catalog.habitats) == sorted(board_hexes()) and len(board_hexes()) == 36
    assert len(state.catalog.layout) == 12 and len({t for t, _ in state.catalog.layout}) == 12
    assert {face for _, face in state.catalog.layout} <= {0, 1}
    assert game(2, seed=2).catalog.habitats != state.catalog.habitats  # dealt at random


def test_the_core_stacks_tiles_0_to_5_with_random_arrows_and_two_snipers() -> None:
    state = game(2)
    assert state.core == [0, 1, 2, 3, 4, 5] and not state.factories
    assert set(state.arrows) == set(range(6)) and all(0 <= a < 6 for a in state.arrows.values())
    assert state.direction == "right"
    assert state.mechs[CORE] == 2


def test_two_walls_and_an_engine_start_on_each_side_of_the_core() -> None:
    state = game(2, seed=5)
    arrow = state.arrows[5]
    first_left, first_right, _ = spoke(CORE, arrow)
    assert edge(first_left, first_right) in state.walls  # the wall under the arrow
    assert len(state.walls) == 4
    assert all(not g.in_core for g in state.engines)
    assert all(ring(g.right) == 1 for g in state.engines)  # each went round a hex by the core


def test_a_hunter_beside_each_home_icon_and_pollution_on_each_tree_icon() -> None:
    state = game(2)
    content = load_content()
    for hex_ in content.mech_icons:
        assert state.mechs[hex_] >= 1
    for hex_ in content.pollution_icons:
        assert state.pollution[hex_] == 1
    assert sum(state.mechs.values()) == 2 + len(content.mech_icons)


@pytest.mark.parametrize(("players", "breaches", "camps"), [(1, 6, 5), (2, 6, 5), (3, 4, 4),
                                                            (4, 3, 4)])
def test_breach_markers_and_camps_by_player_count(players: int, breaches: int, camps: int) -> None:
    state = game(players)
    assert {f.breaches_left for f in state.factions.values()} == {breaches}
    assert {f.camps_left for f in state.factions.values()} == {camps}


def test_each_faction_has_an_item_of_every_faction_in_play_used_side_up() -> None:
    state = game(3)
    for faction in state.factions.values():
        assert faction.items == {"maps": False, "bread": False, "rockets": False}


def test_each_player_draws_three_of_a_twelve_card_deck_half_from_the_home_habitat() -> None:
    state = game(4)
    for seat in state.seats:
        faction = state.factions[seat.factions[0]]
        assert len(seat.hand) == 3 and len(faction.deck) == 9
        cards = seat.hand + faction.deck
        home = state.catalog.factions[faction.id].habitat
        assert sum(state.defender(c).habitat == home for c in cards) == 6


def test_one_player_plays_two_factions_from_one_hand_and_no_first_player_marker() -> None:
    state = game(1)
    (seat,) = state.seats
    assert seat.factions == ["order", "sect"] and len(seat.hand) == 3
    assert Counter(state.defender(c).faction for c in seat.hand) == {"order": 2, "sect": 1}
    assert state.turn.first is None


def test_the_one_player_opening_hand_may_come_from_either_deck() -> None:
    state, _ = new_game(load_content(), ["p1"], {"p1": ["order", "sect"]},
                        opening={"order": 0, "sect": 3})
    assert {state.defender(c).faction for c in state.seats[0].hand} == {"sect"}
    with pytest.raises(RuleError):
        new_game(load_content(), ["p1"], {"p1": ["order", "sect"]}, opening={"order": 4, "sect": 0})


def test_a_random_player_holds_the_first_player_marker() -> None:
    firsts = {game(4, seed=s).turn.first for s in range(12)}
    assert len(firsts) > 1 and firsts <= set(FOUR)


@pytest.mark.parametrize(("tier", "low", "high"), [("base", 0, 0), ("intermediate", 1, 2),
                                                    ("expert", 3, 4), ("extreme", 5, 6)])
def test_the_machine_deck_swaps_in_difficult_cards_by_tier(tier: str, low: int, high: int) -> None:
    for seed in range(10):
        state = game(2, seed=seed, tier=tier)
        cards = [state.catalog.cards[c] for c in state.deck]
        assert len(cards) == 7
        assert low <= sum(c.difficult for c in cards) <= high
        assert Counter(c.kind for c in cards) == {"engines": 2, "factories": 2, "mechs": 2,
                                                  "reboot": 1}


def test_starting_camps_go_on_home_hexes_by_the_perimeter_then_play_begins() -> None:
    state = game(2)
    assert state.turn.stage == "camps"
    for faction in list(state.factions.values()):
        starts = camp_starts(state, faction.id)
        home = state.catalog.factions[faction.id].habitat
        assert starts and all(state.catalog.habitats[h] == home for h in starts)
        assert len({ring(h) for h in starts}) == 1 and ring(starts[0]) >= 2
        wrong = next(h for h in board_hexes() if h not in starts)
        with pytest.raises(RuleError):
            apply(state, faction.seat, {"do": "start_camp", "faction": faction.id,
                                        "hex": list(wrong)})
        state, _ = apply(state, faction.seat, {"do": "start_camp", "faction": faction.id,
                                               "hex": list(starts[0])})
        assert state.factions[faction.id].camps == [starts[0]]
    assert state.turn.stage == "organize" and state.turn.round == 1


def test_a_game_needs_one_to_four_seats_with_the_right_number_of_factions() -> None:
    with pytest.raises(RuleError):
        new_game(load_content(), ["p1"], {"p1": ["order"]})
    with pytest.raises(RuleError):
        new_game(load_content(), ["p1", "p2"], {"p1": ["order"], "p2": ["order"]})
    with pytest.raises(RuleError):
        new_game(load_content(), ["p1"], {"p1": ["order", "sect"]}, tier="nightmare")


def test_the_core_counts_as_walls_for_its_neighbours() -> None:
    state = game(2)
    assert is_walled(state, edge(CORE, (1, 0)))


def test_content_problems_name_the_file_and_the_item() -> None:
    content_dir = load_content()
    del content_dir  # the shipped content loads; now break a copy of a faction
    import yaml
    from defenders.content_loader import CONTENT_DIR
    raw = {n: yaml.safe_load((CONTENT_DIR / f"{n}.yaml").read_text()) for n in
           ("board", "machine", "order", "council", "coven", "sect")}
    raw["coven"]["defenders"][0]["ability"] = {"effect": "summon_dragons"}
    with pytest.raises(ContentError, match=r"coven.yaml: defender coven-lilt: unknown ability"):
        build_content(raw["board"], raw["machine"],
                      {n: raw[n] for n in ("order", "council", "coven", "sect")},
                      {"coven": "coven.yaml"})
    raw["coven"]["defenders"][0]["ability"] = None
    raw["coven"]["defenders"][0]["habitat"] = "forest"
    with pytest.raises(ContentError, match="half of the home habitat"):
        build_content(raw["board"], raw["machine"],
                      {n: raw[n] for n in ("order", "council", "coven", "sect")}, {})


def test_every_deal_has_every_habitat() -> None:
    """Each tile shows one habitat on both faces, so no faction is ever left homeless."""
    for seed in range(300):
        state = game(4, seed=seed)
        assert set(state.catalog.habitats.values()) == {"forest", "plains", "marsh", "mountain"}
        assert all(camp_starts(state, f) for f in state.factions)


def test_tiles_that_could_deal_a_board_without_a_habitat_are_refused() -> None:
    import yaml
    from defenders.content_loader import CONTENT_DIR
    raw = {n: yaml.safe_load((CONTENT_DIR / f"{n}.yaml").read_text()) for n in
           ("board", "machine", "order", "council", "coven", "sect")}
    for tile in raw["board"]["tiles"]:
        tile["faces"][1] = [h if h != "plains" else "marsh" for h in tile["faces"][1]]
    with pytest.raises(ContentError, match="no tile shows plains on both faces"):
        build_content(raw["board"], raw["machine"],
                      {n: raw[n] for n in ("order", "council", "coven", "sect")},
                      {"board": "board.yaml"})
