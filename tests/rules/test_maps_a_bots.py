"""Bots play the special-rule maps of part A to the end, and each game replays exactly from
its log: skirmishes for two and four players (the Crypt for two only), and The Awoken where
the map allows it. The 200-game runs are in docs/balance.md ("Special-rule maps")."""
from __future__ import annotations

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from wildlands.rules.serialize import state_to_data
from wildlands.simulation import play_awoken, play_skirmish, replay

MAPS = ("crystal_canyons", "dark_house", "crypt", "warlocks_tower")
AWOKEN_MAPS = ("crystal_canyons", "dark_house", "warlocks_tower")


@pytest.mark.parametrize("map_name", MAPS)
def test_two_player_skirmishes_on_the_map_finish_and_replay(map_name):
    for seed in range(4):
        record = play_skirmish(seed, ["greedy", "random"] if seed % 2 else ["greedy", "greedy"],
                               map_name=map_name)
        assert record.finished, f"{map_name} game {seed} did not finish"
        assert state_to_data(replay(record))["version"] == record.commands


@pytest.mark.parametrize("map_name", [m for m in MAPS if m != "crypt"])
def test_four_player_skirmishes_on_the_map_finish(map_name):
    for seed in range(2):
        record = play_skirmish(seed, ["greedy"] * 4, map_name=map_name)
        assert record.finished, f"{map_name} game {seed} did not finish"


@pytest.mark.parametrize("map_name", AWOKEN_MAPS)
def test_the_awoken_on_the_map_finishes_alone_and_with_a_partner(map_name):
    for seed, scenarios in ((1, ["magus"]), (2, ["tyrant"]), (3, ["magus", "lizardman"])):
        record = play_awoken(seed, ["awoken"] * len(scenarios), scenarios, map_name=map_name)
        assert record.finished and record.result in ("won", "lost")
        replay(record)


def test_simulate_refuses_the_crypt_for_the_awoken_and_for_three_players():
    with pytest.raises(CommandError, match="not played in awoken"):
        call_command("simulate", "--mode", "awoken", "--scenario", "magus", "--players", "1",
                     "--games", "1", "--map", "crypt")
    with pytest.raises(CommandError, match="for 2 players only, not 3"):
        call_command("simulate", "--players", "3", "--games", "1", "--map", "crypt")
