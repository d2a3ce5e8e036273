"""The Awoken's engine, end to end: setup from shipped content, the shared turn, the
Ancients' turn, monster tie-breaks, treasures, views and saving (pure: no Django).

Single rules live in tests/rules_cases/awoken/; these tests cover what a case cannot say
easily: a whole setup from content, hidden information in views, save and restore, and
many games played to the end without a crash.
"""
from __future__ import annotations

import json
from collections import Counter

import pytest

from games.platform.content_common import ContentError
from wildlands.content.factions import load_faction
from wildlands.content.maps import load_map
from wildlands.rules.engine import advance, apply
from wildlands.rules.errors import RuleError
from wildlands.rules.frames import has_deferred_work
from wildlands.rules.serialize import state_from_data, state_to_data
from wildlands.rules.view import view_for, views_for
from wildlands.rules_cases import build_state

from ancients_ai.engine.scenarios import load_scenario, scenario_from_data, treasures_from_data
from ancients_ai.engine.setup import new_awoken
from ancients_ai.engine.targeting import step_toward

TREASURES = treasures_from_data({"treasures": [
    {"id": "draught", "name": "Draught", "text": "Heal two.", "use": "once",
     "when": "players_turn", "effect": {"heal": 2}},
    {"id": "amulet", "name": "Amulet", "text": "Stop a melee attack.", "use": "always",
     "when": "defence", "effect": {"prevent": ["melee", "heavy_melee"]}},
]}, "test treasures", minimum=1)


def solo(seed: int = 1, *, easy: bool = False, options=None):
    return new_awoken(board=load_map("dungeon"), factions=[load_faction("guild")],
                      player_ids=["p1"], scenario_ids=["magus"], seed=seed, easy=easy,
                      options=options, treasures=TREASURES)


def duo(seed: int = 1):
    return new_awoken(board=load_map("dungeon"),
                      factions=[load_faction("guild"), load_faction("lawbringers")],
                      player_ids=["p1", "p2"], scenario_ids=["magus", "automaton"], seed=seed,
                      treasures=TREASURES)


def answer(state) -> dict:
    """A passive table: never defend, never interrupt, choose the first option."""
    prompt = state.prompt
    if prompt.kind == "choose":
        return {"respond": "choose", "character": prompt.data["options"][0]}
    return {"respond": "pass"}


def passive_step(state):
    """The table's next step: the prompt answered, the Ancients' step, or the turn ended."""
    if state.prompt is not None:
        return apply(state, state.prompt.to, answer(state))[0]
    if has_deferred_work(state):
        return advance(state)[0]
    return apply(state, state.players[0].id, {"do": "end_turn"})[0]


def play_passively(state, limit: int = 500):
    for _ in range(limit):
        if state.outcome is not None:
            break
        state = passive_step(state)
    return state


# -- setup -------------------------------------------------------------------------------------
def test_solo_setup_uses_side_b_and_places_everything_by_map_cards():
    state = solo()
    sheet = load_scenario("magus").sides["B"]
    awoken = state.mode_state
    assert [s.rules.side for s in awoken.scenarios] == ["B"]
    assert all(c.space is not None for c in state.characters.values())
    assert Counter(o.kind for o in awoken.objects.values()) == +Counter(sheet.objects)
    assert all(o.space is not None and not o.revealed for o in awoken.objects.values())
    minions = [m for m in state.monsters.values() if m.kind == "minion"]
    assert Counter(m.type for m in minions) == Counter(sheet.starting_minions)
    for mtype, (_, supply) in sheet.minion_types.items():
        on_board = sum(1 for m in minions if m.type == mtype)
        assert awoken.scenarios[0].supply[mtype] == supply - on_board
    magus = state.monsters["magus"]
    assert magus.kind == "ancient" and magus.space is not None
    assert magus.health == sheet.ancient_health
    placed = len(awoken.objects) + len(state.characters) + len(minions) + 1
    assert len(awoken.map_discard) == placed
    assert len(awoken.map_deck) + placed == len(state.board.spaces)
    assert len(state.players[0].hand) == 7
    assert state.turn.phase == "play" and state.turn.actor is None
    assert awoken.scenarios[0].track_position == 0


def test_object_ids_do_not_tell_their_kind():
    state = solo()
    assert sorted(state.mode_state.objects) == sorted(f"obj{i}" for i in range(1, len(state.mode_state.objects) + 1))
    kinds_by_seed = {seed: solo(seed).mode_state.objects["obj1"].kind for seed in range(12)}
    assert len(set(kinds_by_seed.values())) > 1


def test_two_players_use_side_a_and_only_the_lowest_scenarios_objects():
    state = duo()
    assert [s.number for s in state.mode_state.scenarios] == [1, 3]
    assert {s.rules.side for s in state.mode_state.scenarios} == {"A"}
    assert state.mode_state.scenario(1).player == "p2"
    automaton = load_scenario("automaton").sides["A"]
    assert Counter(o.kind for o in state.mode_state.objects.values()) == +Counter(automaton.objects)
    ancients = {m.id: m for m in state.monsters.values() if m.kind == "ancient"}
    assert set(ancients) == {"automaton", "magus"}
    assert ancients["automaton"].immortal and not ancients["magus"].immortal


def test_setup_is_reproducible_from_the_seed():
    assert state_to_data(solo(5)) == state_to_data(solo(5))
    assert state_to_data(solo(5)) != state_to_data(solo(6))


def test_easy_game_gives_a_treasure_to_the_first_character():
    state = solo(easy=True)
    first = state.characters["guild_archmage"]
    assert len(first.treasures) == 1
    assert len(state.mode_state.treasure_deck) == len(TREASURES) - 1


def test_setup_refuses_bad_player_counts_and_repeated_scenarios():
    with pytest.raises(ValueError):
        new_awoken(board=load_map("dungeon"), factions=[load_faction("guild")] * 2,
                   player_ids=["p1", "p2"], scenario_ids=["magus", "magus"], seed=1,
                   treasures=TREASURES)


# -- the turn cycle ----------------------------------------------------------------------------
def test_ending_the_players_turn_runs_the_ancients_and_returns_the_turn():
    state = solo(3, options={"auto_pass_interrupt": True})
    state, events = apply(state, "p1", {"do": "end_turn"})
    kinds = [e.kind for e in events]
    assert "minion_card_revealed" in kinds and "ancients_turn_started" in kinds
    if state.prompt is None and state.outcome is None:
        assert state.turn.phase == "play" and state.turn.round == 2
        assert kinds[-1] == "turn_started"
        assert len(state.mode_state.scenarios[0].minion_discard) >= 1


def test_deferred_ancients_turn_waits_for_advance():
    state = solo(3, options={"defer_ancients": True})
    state, events = apply(state, "p1", {"do": "end_turn"})
    assert state.turn.phase == "ancients"
    assert has_deferred_work(state)
    assert "minion_card_revealed" not in [e.kind for e in events]
    with pytest.raises(RuleError) as refused:
        apply(state, "p1", {"do": "end_turn"})
    assert refused.value.code == "not_your_turn"
    state, events = advance(state)
    assert "minion_card_revealed" in [e.kind for e in events]


def test_passive_players_always_lose_and_nothing_crashes():
    for seed in range(30):
        state = play_passively(solo(seed))
        assert state.outcome is not None and state.outcome["result"] == "lost"
        assert state.outcome["cause"] in ("wiped_out", "track")
        state = play_passively(duo(seed))
        assert state.outcome is not None and state.outcome["result"] == "lost"


# -- views and saving --------------------------------------------------------------------------
def test_views_never_show_face_down_kinds_or_deck_orders():
    state = solo(2)
    view = view_for(state, "p1")
    aw = view["awoken"]
    assert all("kind" not in o for o in aw["objects"] if not o["revealed"])
    text = json.dumps(view)
    scenario = state.mode_state.scenarios[0]
    assert aw["scenarios"][0]["minion_deck_count"] == len(scenario.minion_deck)
    for card in scenario.minion_deck + scenario.ancient_deck:
        assert card not in text
    assert aw["map_deck_count"] == len(state.mode_state.map_deck)
    assert "map_deck" not in aw


def test_the_seats_views_built_together_are_each_seats_own_view():
    """A change's updates build every seat's view at once, sharing what the seats see
    alike: each must still be exactly that seat's view, its hand and its prompt its own."""
    checked = prompts = 0
    for seed in range(1, 9):
        state = duo(seed)
        while state.outcome is None:
            together = views_for(state, ["p1", "p2"])
            for seat, other in (("p1", "p2"), ("p2", "p1")):
                assert together[seat] == view_for(state, seat)
                mine = next(p for p in together[seat]["players"] if p["id"] == seat)
                theirs = next(p for p in together[seat]["players"] if p["id"] == other)
                assert "hand" in mine and "hand" not in theirs
            if state.prompt is not None:
                prompts += 1
                asked = state.prompt.to
                other = "p2" if asked == "p1" else "p1"
                assert together[other]["prompt"] == {"kind": state.prompt.kind, "to": asked}
            checked += 1
            state = passive_step(state)
    assert checked > 30 and prompts > 0


def test_a_saved_game_restores_exactly_and_plays_on_identically():
    state = solo(4)
    state, _ = apply(state, "p1", {"do": "end_turn"})
    data = json.loads(json.dumps(state_to_data(state)))
    restored = state_from_data(data)
    assert state_to_data(restored) == state_to_data(state)
    assert state_to_data(play_passively(restored)) == state_to_data(play_passively(state))


def test_clones_do_not_share_what_changes():
    state = solo(4)
    copy = state.clone()
    copy.mode_state.scenarios[0].minion_deck.pop()
    copy.mode_state.update_object("obj1", revealed=True)
    copy.mode_state.map_deck.clear()
    assert state.mode_state.scenarios[0].minion_deck != copy.mode_state.scenarios[0].minion_deck
    assert not state.mode_state.objects["obj1"].revealed
    assert state.mode_state.map_deck


# -- scripted positions ------------------------------------------------------------------------
ROW = {"bounds": [0, 0, 50, 20],
       "spaces": [{"n": 1, "at": [5, 5]}, {"n": 2, "at": [15, 5]}, {"n": 3, "at": [25, 5]},
                  {"n": 4, "at": [35, 5]}, {"n": 5, "at": [45, 5]}, {"n": 6, "at": [25, 15]}],
       "open": [[1, 2], [2, 3], [3, 4], [4, 5], [2, 6], [6, 4]]}


def position(minions, characters, minion_deck, *, options=None, ancient_deck=None, hand=()):
    return build_state({
        "mode": "awoken", "board": ROW, "options": options or {"auto_pass_defence": True},
        "players": [{"id": "p1", "characters": characters, "hand": list(hand)}],
        "awoken": {"scenarios": [{
            "number": 3, "player": "p1", "ancient": {"id": "magus", "health": 6, "space": 5},
            "minion_types": {"hound": {"health": 2}}, "minions": minions,
            "minion_deck": minion_deck,
            "ancient_deck": ancient_deck or [{"id": "ac1", "actions": ["area"]}]}]},
    }, "test")


def card(top, bottom=("move",)):
    return {"id": "mc1", "top": {"type": "hound", "actions": list(top)},
            "bottom": {"type": "hound", "actions": list(bottom)}}


def test_a_step_toward_takes_the_lowest_numbered_of_two_shortest_paths():
    state = position([], [{"id": "ash", "space": 4}], [card(["move"])])
    # from 2 to 4: through 3 or through 6, both two moves: 3 is the lower number
    assert step_toward(state, 2, 4) == 3


def test_move_goes_toward_the_closest_character_ties_to_the_lowest_space():
    state = position([{"id": "m1", "type": "hound", "space": 3}],
                     [{"id": "ash", "space": 1}, {"id": "bo", "space": 5}],
                     [card(["move"], ["move"])])
    state, _ = apply(state, "p1", {"do": "end_turn"})
    # ash (space 1) and bo (space 5) are both two away: toward the lower-numbered space, twice
    assert state.monsters["m1"].space == 1


def test_ranged_picks_the_closest_seen_character_and_the_players_choose_in_a_space():
    state = position([{"id": "m1", "type": "hound", "space": 1}],
                     [{"id": "ash", "space": 3}, {"id": "bo", "space": 3}, {"id": "cy", "space": 5}],
                     [card(["ranged"], ["ranged"])])
    state, _ = apply(state, "p1", {"do": "end_turn"})
    assert state.prompt.kind == "choose" and sorted(state.prompt.data["options"]) == ["ash", "bo"]
    state, _ = apply(state, "p1", {"respond": "choose", "character": "bo"})
    assert state.characters["bo"].damage == 1 and state.characters["ash"].damage == 0


def test_two_minions_in_one_space_act_in_the_order_the_players_choose():
    state = position([{"id": "m1", "type": "hound", "space": 1}, {"id": "m2", "type": "hound", "space": 1}],
                     [{"id": "ash", "space": 4}], [card(["move"], ["move"])])
    state, _ = apply(state, "p1", {"do": "end_turn"})
    assert state.prompt.kind == "choose" and state.prompt.data["reason"] == "minion_order"
    state, events = apply(state, "p1", {"respond": "choose", "figure": "m2"})
    moved = [e.data["figure"] for e in events if e.kind == "minion_moved"]
    assert moved[0] == "m2"


def test_heal_prefers_most_damage_then_highest_health():
    state = build_state({
        "mode": "awoken", "board": ROW, "players": [{"id": "p1", "characters": [{"id": "ash", "space": 5}]}],
        "awoken": {"scenarios": [{
            "number": 3, "ancient": {"id": "magus", "health": 6, "space": 2, "damage": 1},
            "minion_types": {"hound": {"health": 2}, "imp": {"health": 1}},
            "minions": [{"id": "m1", "type": "imp", "space": 1},
                        {"id": "h1", "type": "hound", "space": 3, "damage": 1}],
            "minion_deck": [{"id": "mc1", "top": {"type": "imp", "actions": [{"heal": ["hound", "magus"]}]},
                             "bottom": {"type": "hound", "actions": ["reposition"]}}],
            "ancient_deck": [{"id": "ac1", "actions": ["reposition"]}]}]},
    }, "test")
    state, _ = apply(state, "p1", {"do": "end_turn"})
    # magus (health 6) and h1 (health 2) both have 1 damage; only magus is next to the imp
    assert state.monsters["magus"].damage == 0 and state.monsters["h1"].damage == 1


def test_a_knocked_out_carrier_passes_crystals_to_a_chosen_character():
    state = position([{"id": "m1", "type": "hound", "space": 2}],
                     [{"id": "ash", "space": 2, "health": 1, "carried": ["x1"]},
                      {"id": "bo", "space": 4}, {"id": "cy", "space": 5}],
                     [card(["melee"], ["move"])])
    state, _ = apply(state, "p1", {"do": "end_turn"})
    assert state.prompt.kind == "choose" and state.prompt.data["reason"] == "crystals"
    state, _ = apply(state, "p1", {"respond": "choose", "character": "cy"})
    assert state.characters["cy"].carried == ["x1"] and state.characters["ash"].knocked_out


def test_a_defence_treasure_answers_the_defend_prompt():
    state = build_state({
        "mode": "awoken", "board": ROW, "options": {"auto_pass_defence": False},
        "players": [{"id": "p1", "characters": [{"id": "ash", "space": 2, "treasures": ["amulet"]}]}],
        "awoken": {"treasure_deck": [dict(TREASURES["amulet"].to_data())], "scenarios": [{
            "number": 3, "ancient": {"id": "magus", "health": 6, "space": 5, "knocked_out": False},
            "minion_types": {"hound": {"health": 2}},
            "minions": [{"id": "m1", "type": "hound", "space": 2}],
            "minion_deck": [card(["melee"], ["move"])],
            "ancient_deck": [{"id": "ac1", "actions": ["reposition"]}]}]},
    }, "test")
    state, _ = apply(state, "p1", {"do": "end_turn"})
    assert state.prompt.kind == "defend"
    with pytest.raises(RuleError):
        apply(state, "p1", {"do": "end_turn"})
    state, events = apply(state, "p1", {"do": "use_treasure", "character": "ash", "treasure": "amulet"})
    assert state.characters["ash"].damage == 0
    assert "damage_prevented" in [e.kind for e in events]
    assert state.characters["ash"].treasures == ["amulet"]  # an always card stays


def test_the_immortal_automaton_takes_damage_but_stays():
    state = build_state({
        "mode": "awoken", "board": ROW,
        "players": [{"id": "p1", "characters": [{"id": "ash", "space": 2}],
                     "hand": [{"id": "c1", "icons": {"ash": "heavy_melee"}}]}],
        "awoken": {"scenarios": [{
            "number": 1, "ancient": {"id": "automaton", "health": 2, "space": 2, "immortal": True},
            "minion_types": {"drone": {"health": 1}},
            "minion_deck": [{"id": "mc1", "top": {"type": "drone", "actions": ["move"]},
                             "bottom": {"type": "drone", "actions": ["move"]}}],
            "ancient_deck": [{"id": "ac1", "actions": ["move"]}]}]},
    }, "test")
    state, _ = apply(state, "p1", {"do": "heavy_melee", "character": "ash", "target": "automaton",
                                   "cards": ["c1"]})
    automaton = state.monsters["automaton"]
    assert automaton.damage == 2 and automaton.on_board and state.outcome is None


# -- content errors ----------------------------------------------------------------------------
def test_a_misspelt_minion_type_is_refused_naming_file_and_card():
    import yaml
    from ancients_ai.engine.scenarios import SCENARIOS_DIR
    data = yaml.safe_load((SCENARIOS_DIR / "magus.yaml").read_text())
    data["minion_deck"][6]["top"]["type"] = "houndd"
    with pytest.raises(ContentError) as error:
        scenario_from_data(data, "magus.yaml")
    assert str(error.value) == ("magus.yaml: minion card magus_m07: 'houndd' is not a minion "
                                "type of this scenario")


def test_an_unknown_special_action_step_is_refused():
    import yaml
    from ancients_ai.engine.scenarios import SCENARIOS_DIR
    data = yaml.safe_load((SCENARIOS_DIR / "magus.yaml").read_text())
    data["special_actions"]["blink"] = [{"teleport": "nowhere"}]
    with pytest.raises(ContentError) as error:
        scenario_from_data(data, "magus.yaml")
    assert "special action blink" in str(error.value) and "teleport" in str(error.value)


def two_player_position(**extra):
    return build_state({
        "mode": "awoken", "board": ROW,
        "players": [
            {"id": "p1", "characters": [{"id": "ash", "space": 1}],
             "hand": [{"id": "w1", "wild": True}, {"id": "r1", "icons": {"ash": "rally"}}]},
            {"id": "p2", "characters": [{"id": "cy", "space": 1}],
             "hand": [{"id": "w2", "wild": True}, {"id": "g1", "icons": {"cy": "ranged"}}]}],
        "awoken": {"scenarios": [{
            "number": 3, "player": "p1", "ancient": {"id": "magus", "health": 6, "space": 5},
            "minion_types": {"hound": {"health": 1}},
            "minions": [{"id": "m1", "type": "hound", "space": 3}],
            "minion_deck": [card(["move"], ["move"])],
            "ancient_deck": [{"id": "ac1", "actions": ["reposition"]}]}]},
        **extra,
    }, "test")


def test_each_player_in_seat_order_may_interrupt_a_revealed_card():
    state = two_player_position()
    state, _ = apply(state, "p1", {"do": "end_turn"})
    assert (state.prompt.kind, state.prompt.to) == ("interrupt_window", "p1")
    state, _ = apply(state, "p1", {"respond": "pass"})
    assert (state.prompt.kind, state.prompt.to) == ("interrupt_window", "p2")
    state, _ = apply(state, "p2", {"do": "interrupt", "cards": ["w2"]})
    assert state.turn.actor == "p2" and state.prompt is None
    with pytest.raises(RuleError) as refused:
        apply(state, "p1", {"do": "draw_two", "cards": ["w1"]})
    assert refused.value.code == "not_your_turn"
    state, _ = apply(state, "p2", {"do": "ranged", "character": "cy", "target": "m1", "cards": ["g1"]})
    assert state.monsters["m1"].knocked_out
    state, events = apply(state, "p2", {"do": "end_turn"})
    # the minion card resolves (nobody left to move), then the Ancient card's window opens for p1
    assert state.prompt.kind == "interrupt_window" and state.prompt.data["deck"] == "ancient"
    assert [e.kind for e in events][:2] == ["interrupt_ended", "card_discarded"]


def test_interrupting_outside_a_window_is_refused():
    state = two_player_position()
    with pytest.raises(RuleError) as refused:
        apply(state, "p2", {"do": "interrupt", "cards": ["w2"]})
    assert refused.value.code == "interrupt_not_allowed"


def test_a_rally_may_take_the_other_players_character_along():
    state = two_player_position()
    state, _ = apply(state, "p1", {"do": "rally", "character": "ash", "with": "cy",
                                   "to": {"ash": 2, "cy": 2}, "cards": ["r1"]})
    assert state.characters["cy"].space == 2 and state.characters["ash"].space == 2


def test_players_cannot_attack_each_others_characters():
    state = two_player_position()
    with pytest.raises(RuleError) as refused:
        apply(state, "p2", {"do": "ranged", "character": "cy", "target": "ash", "cards": ["g1"]})
    assert refused.value.code == "own_character"


# --- a campaign's kept treasures --------------------------------------------------------------
def test_kept_treasures_are_dealt_round_the_party_and_leave_the_deck():
    from ancients_ai.engine.setup import grant_kept_treasures

    state = solo(seed=5)
    kept = list(state.mode_state.treasure_deck)  # what the party found in earlier games
    assert len(kept) >= 2
    skipped = grant_kept_treasures(state, [*kept, "no_such_treasure"])

    assert skipped == ["no_such_treasure"]
    characters = state.characters_of("p1")
    assert [c.treasures for c in characters[:len(kept)]] == [[t] for t in kept]
    assert not set(kept) & set(state.mode_state.treasure_deck), "a kept treasure cannot be found again"
