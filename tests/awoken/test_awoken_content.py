"""The Awoken's shipped content: five scenario sheets and the treasure deck (pure: no Django).

These tests say what a scenario sheet must offer to be playable: enough crystals to win on
either side, two kinds of minion, full decks whose cards all carry a reaction, and at least
one special action of its own; and that the five sheets fit together (numbers 1-5 once each).
"""
from __future__ import annotations

from collections import Counter

import pytest
import yaml

from ancients_ai.engine.scenarios import (SCENARIOS_DIR, TREASURES_FILE, load_all_scenarios,
                                          load_scenario, load_treasures, scenario_ids)
from ancients_ai.engine.vocabulary import DAMAGE_KINDS

SCENARIO_IDS = ["automaton", "lizardman", "magus", "phantasm", "tyrant"]
NEW_SCENARIOS = ["automaton", "lizardman", "phantasm", "tyrant"]  # written after the example


def _raw(scenario_id: str) -> dict:
    """The file as written, for what the loaded objects no longer show (reaction: none)."""
    with open(SCENARIOS_DIR / f"{scenario_id}.yaml", encoding="utf-8") as handle:
        return yaml.safe_load(handle)


@pytest.fixture(scope="module")
def scenarios() -> dict:
    return load_all_scenarios()


# --- every sheet ------------------------------------------------------------------------------


def test_five_scenarios_are_shipped(scenarios):
    assert scenario_ids() == SCENARIO_IDS
    assert sorted(scenarios) == SCENARIO_IDS


def test_scenario_numbers_are_one_to_five_without_repeats(scenarios):
    numbers = [s.number for s in scenarios.values()]
    assert sorted(numbers) == [1, 2, 3, 4, 5]


@pytest.mark.parametrize("scenario_id", SCENARIO_IDS)
def test_each_scenario_loads_and_validates(scenario_id):
    scenario = load_scenario(scenario_id)
    assert scenario.id == scenario_id
    assert set(scenario.sides) == {"A", "B"}


@pytest.mark.parametrize("scenario_id", SCENARIO_IDS)
def test_each_side_has_at_least_two_minion_types(scenarios, scenario_id):
    for side in scenarios[scenario_id].sides.values():
        assert len(side.minion_types) >= 2


@pytest.mark.parametrize("scenario_id", SCENARIO_IDS)
@pytest.mark.parametrize("side", ["A", "B"])
def test_each_side_alone_holds_five_crystals(scenarios, scenario_id, side):
    # With two players only the lowest-numbered sheet's objects are used, so every sheet
    # must make a five-crystal win possible by itself, with traps, treasure and blanks too.
    objects = scenarios[scenario_id].sides[side].objects
    assert objects["crystal"] >= 5
    assert objects["treasure"] >= 1 and objects["blank"] >= 1
    assert objects["pit_trap"] + objects["explosive_trap"] + objects["stasis_trap"] >= 1


@pytest.mark.parametrize("scenario_id", SCENARIO_IDS)
def test_each_scenario_has_eight_minion_and_eight_ancient_cards(scenarios, scenario_id):
    scenario = scenarios[scenario_id]
    assert len(scenario.minion_cards) >= 8
    assert len(scenario.ancient_cards) >= 8


@pytest.mark.parametrize("scenario_id", SCENARIO_IDS)
def test_every_card_declares_its_reaction(scenario_id):
    raw = _raw(scenario_id)
    for card in raw["minion_deck"] + raw["ancient_deck"]:
        assert "reaction" in card, card["id"]
        reaction = card["reaction"]
        assert reaction == "none" or set(reaction["prevents"]) <= set(DAMAGE_KINDS), card["id"]


@pytest.mark.parametrize("scenario_id", NEW_SCENARIOS)
def test_new_sheets_give_at_least_eight_cards_of_each_deck_a_real_reaction(scenarios,
                                                                           scenario_id):
    scenario = scenarios[scenario_id]
    assert sum(1 for card in scenario.minion_cards if card.prevents) >= 8
    assert sum(1 for card in scenario.ancient_cards if card.prevents) >= 8


@pytest.mark.parametrize("scenario_id", SCENARIO_IDS)
def test_every_card_names_minion_types_of_its_own_scenario(scenarios, scenario_id):
    scenario = scenarios[scenario_id]
    for side in scenario.sides.values():
        types = set(side.minion_types)
        for card in scenario.minion_cards:
            assert card.top_type in types and card.bottom_type in types, card.id
            if card.effect and "summon" in card.effect:
                assert card.effect["summon"] in types, card.id


@pytest.mark.parametrize("scenario_id", SCENARIO_IDS)
def test_each_scenario_has_a_special_action_its_cards_use(scenarios, scenario_id):
    scenario = scenarios[scenario_id]
    assert scenario.special_actions
    used = {action for card in scenario.ancient_cards for action in card.actions
            if isinstance(action, str)}
    used |= {action for card in scenario.minion_cards
             for action in card.top_actions + card.bottom_actions if isinstance(action, str)}
    assert used & set(scenario.special_actions)


@pytest.mark.parametrize("scenario_id", SCENARIO_IDS)
def test_both_sides_have_a_track_with_summons(scenarios, scenario_id):
    for side in scenarios[scenario_id].sides.values():
        assert side.track_length >= 8  # a fair number of rounds before the players lose
        steps = [step for effect in side.track_spaces.values() for step in effect]
        assert any(isinstance(step, dict) and "summon" in step for step in steps)


@pytest.mark.parametrize("scenario_id", SCENARIO_IDS)
def test_card_ids_carry_their_scenario_prefix(scenarios, scenario_id):
    scenario = scenarios[scenario_id]
    for card in scenario.minion_cards + scenario.ancient_cards:
        assert card.id.startswith(f"{scenario_id}_"), card.id


# --- the Ancients -----------------------------------------------------------------------------


def test_only_the_automaton_is_immortal(scenarios):
    immortal = {sid for sid, scenario in scenarios.items() if scenario.immortal}
    assert immortal == {"automaton"}


def test_the_automaton_is_scenario_one_with_the_longest_track(scenarios):
    # Beaten only by crystals, the Automaton acts first and its objects are the ones used
    # in any two-player game it is part of; its track gives the most time on either side.
    automaton = scenarios["automaton"]
    assert automaton.number == 1
    for side in automaton.sides.values():
        assert side.track_length >= max(
            s.sides[side.name].track_length for s in scenarios.values())


def test_the_solo_side_never_asks_for_more_than_the_two_player_side(scenarios):
    for scenario in scenarios.values():
        a, b = scenario.sides["A"], scenario.sides["B"]
        assert b.ancient_health <= a.ancient_health, scenario.id
        assert len(b.starting_minions) <= len(a.starting_minions), scenario.id
        assert b.track_length >= a.track_length, scenario.id


# --- treasures --------------------------------------------------------------------------------


def test_the_treasure_deck_loads_with_at_least_twelve_cards():
    treasures = load_treasures()
    assert len(treasures) >= 12


def test_treasure_ids_are_unique_in_the_file():
    with open(TREASURES_FILE, encoding="utf-8") as handle:
        ids = [card["id"] for card in yaml.safe_load(handle)["treasures"]]
    assert not [i for i, n in Counter(ids).items() if n > 1]


def test_always_treasures_only_prevent():
    # A treasure kept after use must not be a free heal, move or attack every turn.
    for treasure in load_treasures().values():
        if treasure.use == "always":
            assert all(set(step) == {"prevent"} for step in treasure.effect), treasure.id
