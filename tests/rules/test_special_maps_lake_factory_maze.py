"""The Abyssal Lake, the Lost Factory and the Maze play to the end between bots, and their
own rules (maps.hooks, maps.*) come into play in those games, not only in the cases.

The 200-game runs of each map are in docs/balance.md ("Special-rule maps"); these few
games keep every map playable in the ordinary test run.
"""
from __future__ import annotations

import pytest

from wildlands.content.maps import load_map
from wildlands.rules.maps.features import allows
from wildlands.simulation import play_awoken, play_skirmish, replay

GAMES = 4


def answered(record, key: str) -> int:
    """How many answers in the game's log name `key` (a belt run, a push)."""
    return sum(1 for _, command in record.log
               if command.get("respond") == "choose" and key in command)


@pytest.mark.parametrize("map_name", ["abyssal_lake", "lost_factory", "maze"])
def test_bot_skirmishes_on_each_map_finish(map_name):
    records = [play_skirmish(seed, ["greedy", "greedy"], map_name=map_name)
               for seed in range(GAMES)]
    assert all(record.finished for record in records), [r.cause for r in records]
    final = [replay(record) for record in records[:2]]
    assert all(state.outcome == record.outcome for state, record in zip(final, records))


def test_the_lake_makes_characters_push_and_crack_the_ice():
    records = [play_skirmish(seed, ["greedy", "greedy", "greedy"], map_name="abyssal_lake")
               for seed in range(GAMES)]
    assert sum(answered(record, "space") for record in records) > 0  # pushes were made


def test_the_factory_runs_its_belts_when_players_score():
    records = [play_skirmish(seed, ["greedy", "greedy"], map_name="lost_factory")
               for seed in range(GAMES)]
    assert sum(answered(record, "belt") for record in records) > 0


def test_the_maze_curses_the_characters_that_open_its_tombs():
    state = replay(play_skirmish(1, ["greedy", "greedy"], map_name="maze"))
    assert state.map_state.get("emptied_tombs")
    assert sum(state.map_state.get("curses", {}).values()) == len(state.map_state["emptied_tombs"])


@pytest.mark.parametrize("map_name", ["abyssal_lake", "lost_factory"])
def test_the_awoken_bots_play_the_maps_that_allow_the_awoken(map_name):
    assert allows(load_map(map_name).features, mode="awoken", players=2) is None
    for seed in range(2):
        scenarios = ["magus", "tyrant"] if seed % 2 else ["magus"]
        record = play_awoken(seed, ["awoken"] * len(scenarios), scenarios, map_name=map_name)
        assert record.commands > 0 and (record.finished or record.cause == "unfinished")


def test_the_maze_is_for_two_players_and_never_the_awoken():
    features = load_map("maze").features
    assert allows(features, mode="skirmish", players=2) is None
    assert "2 players only" in allows(features, mode="skirmish", players=3)
    assert "not played in awoken" in allows(features, mode="awoken", players=2)


@pytest.mark.parametrize("args, words", [
    (["--map", "maze", "--players", "3"], "map 'maze': this map is for 2 players only, not 3"),
    (["--map", "maze", "--mode", "awoken", "--scenario", "magus", "--players", "1"],
     "map 'maze': this map is not played in awoken games"),
])
def test_simulate_refuses_the_maze_where_its_rules_refuse_it(args, words):
    from django.core.management import call_command
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match=words):
        call_command("simulate", "--games", "1", *args)
