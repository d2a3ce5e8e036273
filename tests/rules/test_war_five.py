"""War for the Crystals with five players: a team of three against a team of two that holds
the Ancients faction. Set-up (teams, colours, the Ancients' starting shards, who reveals and
who plays first), the refusals, storage, views, and whole games played by the bots."""
from __future__ import annotations

import pytest

from wildlands.rules.engine import apply
from wildlands.rules.errors import RuleError
from wildlands.rules.legal import legal_commands
from wildlands.rules.serialize import state_from_data, state_to_data
from wildlands.rules.setup import auto_assignment
from wildlands.rules.view import view_for
from wildlands.rules.war.register import register
from wildlands.rules.war.setup import WarSetupError, check_war_players, teams_for
from wildlands.rules.war.state import war_of
from wildlands.rules.wrath.state import turn_number
from wildlands.simulation import GameRecord, new_game, play_war

SEATS = ("p1", "p2", "p3", "p4", "p5")
FACTIONS = ("guild", "ancients", "gnomads", "lawbringers", "pit_fighters")


def war5(seed: int = 3, factions=FACTIONS):
    register()
    record = GameRecord(seed=seed, mode="war", map_name="dungeon", factions=factions,
                        player_ids=SEATS, bots=("wrath",) * 5)
    return new_game(record)


def assigned(state):
    for seat in SEATS:
        state, _ = apply(state, seat, {"do": "assign", "spaces": auto_assignment(state, seat)})
    return state


def test_five_players_are_three_against_the_ancients_and_a_teammate_who_holds_the_colour():
    state = war5()
    war = war_of(state)
    assert [t.players for t in war.teams] == [["p1", "p3", "p5"], ["p4", "p2"]]
    assert [t.shard_owner for t in war.teams] == ["p1", "p4"]
    assert war.wrath is not None and war.wrath.ancients == "p2"
    assert state.player("p2").colour == ""


def test_the_ancients_seat_decides_the_team_of_two():
    assert teams_for(SEATS, "p5") == [["p1", "p3", "p4"], ["p2", "p5"]]
    assert teams_for(SEATS[:4]) == [["p1", "p3"], ["p2", "p4"]]


def test_player_counts_without_a_game_to_play_are_refused_with_their_codes():
    with pytest.raises(WarSetupError) as five:
        check_war_players(5)
    assert five.value.code == "war_needs_ancients"
    with pytest.raises(WarSetupError) as six:
        check_war_players(6, ancients=True)
    assert six.value.code == "war_six_players"
    with pytest.raises(WarSetupError) as four:
        check_war_players(4, ancients=True)
    assert four.value.code == "war_ancients_need_five"
    check_war_players(5, ancients=True)


def test_five_players_without_the_ancients_faction_are_refused():
    with pytest.raises(Exception) as refused:
        war5(factions=("guild", "gnomads", "lawbringers", "pit_fighters", "guild"))
    assert "Ancients" in str(refused.value)


def test_the_teams_shards_are_placed_and_each_ancient_carries_one_of_a_spare_colour():
    state = assigned(war5())
    war = war_of(state)
    assert len(state.player("p1").shards) == 5 and len(state.player("p4").shards) == 5
    assert state.player("p2").shards == [] and state.player("p3").shards == []
    in_use = {state.player("p1").colour, state.player("p4").colour}
    assert war.wrath is not None
    ancients = [c.id for c in state.characters_of("p2")]
    assert sorted(war.wrath.carried) == sorted(ancients)
    for shards in war.wrath.carried.values():
        assert len(shards) == 1 and shards[0]["start"] and shards[0]["colour"] not in in_use
    assert all(len(p.hand) == 7 for p in state.players)


def test_only_the_team_of_three_reveals_before_the_team_of_two_takes_the_first_turn():
    for seed in range(1, 5):
        state = assigned(war5(seed))
        war = war_of(state)
        assert war.stage == "opening" and sorted(war.to_reveal) == ["p1", "p3", "p5"]
        with pytest.raises(RuleError):
            apply(state, "p2", legal_commands(state, "p1")[0])
        for seat in ("p1", "p3", "p5"):
            state, _ = apply(state, seat, legal_commands(state, seat)[0])
        war = war_of(state)
        assert war.stage == "turn" and war.active_team == "t2" and war.first_team == "t2"
        assert sorted(war.to_reveal) == ["p2", "p4"]
        assert all(c.space is None for c in state.characters_of("p2"))


def test_no_special_action_on_the_first_turn_though_the_ancients_start_with_shards():
    state = assigned(war5())
    for seat in ("p1", "p3", "p5"):
        state, _ = apply(state, seat, legal_commands(state, seat)[0])
    reveal = legal_commands(state, "p2")[0]
    state, _ = apply(state, "p2", reveal)
    ancient = reveal["character"]
    assert not any(c.get("do") == "special" for c in legal_commands(state, "p2"))
    with pytest.raises(RuleError) as refused:
        apply(state, "p2", {"do": "special", "character": ancient})
    assert refused.value.code in ("action_not_allowed", "prompt_pending")
    shard = war_of(state).wrath.carried[ancient][0]
    assert shard["ready"] == turn_number(state) + 1


def test_a_five_player_war_is_stored_and_shown_with_the_ancients_part():
    state = assigned(war5())
    data = state_to_data(state)
    assert "wrath" in data["mode_state"]
    assert state_to_data(state_from_data(data)) == data
    view = view_for(state, "p3")
    assert view["wrath"]["ancients"] == "p2"
    assert all(s["start"] and not s["ready"] for shards in view["wrath"]["carried"].values()
               for s in shards)


def test_a_four_player_war_keeps_its_stored_shape():
    register()
    record = GameRecord(seed=1, mode="war", map_name="dungeon",
                        factions=("guild", "gnomads", "lawbringers", "pit_fighters"),
                        player_ids=SEATS[:4], bots=("greedy",) * 4)
    data = state_to_data(new_game(record))
    assert "wrath" not in data["mode_state"]
    assert war_of(state_from_data(data)).wrath is None
    assert "wrath" not in view_for(state_from_data(data), "p1")


@pytest.mark.parametrize("bot", ["wrath", "greedy", "random"])
def test_bots_play_five_player_wars_to_the_end_legally(bot):
    for seed in range(3):
        record = play_war(seed, [bot] * 5)
        assert record.outcome is not None, f"seed {seed}: no end within the command cap"
        assert record.outcome.get("team") in ("t1", "t2") or record.outcome["result"] == "draw"


def test_simulate_plays_five_player_wars_and_counts_wins_per_team():
    from io import StringIO

    from django.core.management import CommandError, call_command

    out = StringIO()
    call_command("simulate", "--mode", "war", "--players", "5", "--games", "4", "--seed", "1",
                 "--replay-check", "2", stdout=out, stderr=StringIO())
    text = out.getvalue()
    for expected in ("games: 4  finished: 4", "errors: 0", "wins by team: ", "the Ancients",
                     "replay check: 2/2"):
        assert expected in text, expected
    with pytest.raises(CommandError, match="war_six_players"):
        call_command("simulate", "--mode", "war", "--players", "6", "--games", "1",
                     stdout=StringIO(), stderr=StringIO())
