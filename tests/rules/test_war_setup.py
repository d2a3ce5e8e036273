"""War for the Crystals' setup: teams, one map card per character, a team's five shards,
the opening reveals, and the refusals of five and six players."""
from __future__ import annotations

import pytest

from wildlands.rules.engine import apply
from wildlands.rules.errors import RuleError
from wildlands.rules.legal import legal_commands
from wildlands.rules.serialize import state_from_data, state_to_data
from wildlands.rules.setup import auto_assignment
from wildlands.rules.view import view_for
from wildlands.rules.war.register import register
from wildlands.rules.war.setup import (WarSetupError, ancients_starting_shards, check_war_players,
                                   opening_reveals, shards_left_by_knocked_out_ancient)
from wildlands.rules.war.state import war_of
from wildlands.simulation import GameRecord, new_game

SEATS = ("p1", "p2", "p3", "p4")


def war_game(seed: int = 3):
    register()
    record = GameRecord(seed=seed, mode="war", map_name="dungeon",
                        factions=("guild", "gnomads", "lawbringers", "pit_fighters"),
                        player_ids=SEATS, bots=("greedy",) * 4)
    return new_game(record)


def assigned(state):
    for seat in SEATS:
        state, _ = apply(state, seat, {"do": "assign", "spaces": auto_assignment(state, seat)})
    return state


def test_teammates_sit_opposite_and_each_player_is_dealt_one_map_card_per_character():
    state = war_game()
    teams = war_of(state).teams
    assert [t.players for t in teams] == [["p1", "p3"], ["p2", "p4"]]
    for seat in SEATS:
        assert len(state.player(seat).map_cards) == len(state.characters_of(seat))
    assert not any(p.shards for p in state.players), "shards are placed after the assignments"


def test_each_team_gets_five_shards_of_its_colour_on_spaces_nobody_was_dealt():
    state = war_game()
    dealt = {s for p in state.players for s in p.map_cards}
    state = assigned(state)
    for team in war_of(state).teams:
        owner, partner = (state.player(p) for p in team.players)
        assert len(owner.shards) == 5 and partner.shards == []
        assert not set(owner.shards) & dealt
    assert all(len(p.hand) == 7 for p in state.players)


def test_the_team_whose_shard_is_lowest_reveals_first_then_the_other_then_plays_first():
    for seed in range(1, 6):
        state = assigned(war_game(seed))
        war = war_of(state)
        lowest = min(war.teams, key=lambda t: min(state.player(t.shard_owner).shards))
        other = next(t for t in war.teams if t is not lowest)
        assert war.first_team == lowest.id and war.stage == "opening"
        assert sorted(war.to_reveal) == sorted(lowest.players)
        waiting = other.players[0]
        with pytest.raises(RuleError) as refused:
            apply(state, waiting, legal_commands(state, lowest.players[0])[0])
        assert refused.value.code in ("not_your_turn", "action_not_allowed")
        for seat in lowest.players:
            state, _ = apply(state, seat, legal_commands(state, seat)[0])
        assert sorted(war_of(state).to_reveal) == sorted(other.players)
        for seat in other.players:
            assert all(c["do"] == "reveal" for c in legal_commands(state, seat))
            state, _ = apply(state, seat, legal_commands(state, seat)[0])
        war = war_of(state)
        assert war.stage == "turn" and war.active_team == lowest.id
        assert sorted(war.to_reveal) == sorted(lowest.players), "the first turn opens with one more reveal each"


def test_five_players_need_the_ancients_faction_and_six_are_refused_with_their_own_codes():
    with pytest.raises(WarSetupError) as five:
        check_war_players(5)
    assert five.value.code == "war_needs_ancients" and "Ancients" in five.value.message
    with pytest.raises(WarSetupError) as six:
        check_war_players(6)
    assert six.value.code == "war_six_players"
    with pytest.raises(WarSetupError) as two:
        check_war_players(2)
    assert two.value.code == "war_player_count"


def test_with_five_players_only_the_team_of_three_reveals_and_the_team_of_two_goes_first():
    teams = [["p1", "p3", "p5"], ["p2", "p4"]]
    first, groups = opening_reveals(teams, lowest_shard=0, ancients_team=1)
    assert first == 1 and groups == [["p1", "p3", "p5"]]
    first, groups = opening_reveals([["p1", "p3"], ["p2", "p4"]], lowest_shard=1)
    assert first == 1 and groups == [["p2", "p4"], ["p1", "p3"]]


def test_the_ancients_start_with_shards_of_a_colour_nobody_plays():
    shards = ancients_starting_shards(["red", "blue"], ["red", "blue", "green", "yellow"],
                                      ["magus", "tyrant"])
    assert shards == {"magus": "green", "tyrant": "green"}
    with pytest.raises(WarSetupError):
        ancients_starting_shards(["red"], ["red"], ["magus"])


def test_a_knocked_out_ancient_returns_its_starting_shard_to_the_box_and_drops_claimed_ones():
    to_space, to_box = shards_left_by_knocked_out_ancient(["green", "red"], ["green"])
    assert to_space == ["red"] and to_box == ["green"]


def test_teams_are_stored_and_shown_but_the_map_deck_is_not():
    state = war_game()
    data = state_to_data(state)
    again = state_from_data(data)
    assert state_to_data(again) == data
    view = view_for(state, "p1")
    assert [t["players"] for t in view["war"]["teams"]] == [["p1", "p3"], ["p2", "p4"]]
    assert "map_deck" not in view["war"]
    assert view["war"]["teams"][0]["score"] == 0
