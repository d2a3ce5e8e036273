"""Headless games: they finish, they replay exactly, runaway games are reported, and the
`simulate` command prints its summary (and fails loudly when a game breaks)."""
from __future__ import annotations

import time
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from wildlands.rules.serialize import state_to_data
from wildlands.simulation import (GameRecord, SimulationError, Summary, new_game, play,
                              play_awoken, play_skirmish, replay)

PAIRINGS = (("greedy", "greedy"), ("greedy", "random"), ("random", "greedy"),
            ("random", "random"))
MAPS = ("dungeon", "ruins", "grid")


def test_200_two_player_skirmishes_finish_without_an_exception():
    started = time.perf_counter()
    summary = Summary()
    for seed in range(200):
        record = play_skirmish(seed, list(PAIRINGS[seed % 4]), map_name=MAPS[seed % 3])
        summary.add(record)
        if "greedy" in record.bots:
            assert record.finished, f"game {seed} ({record.bots}) did not finish"
    assert summary.games == 200
    # random against random may run long; those are counted, never hidden
    assert summary.finished + summary.causes.get("unfinished", 0) == 200
    assert summary.finished >= 190
    assert time.perf_counter() - started < 60


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 7, 11])
def test_replay_rebuilds_the_same_final_state(seed):
    record = play_skirmish(seed, list(PAIRINGS[seed % 4]), map_name=MAPS[seed % 3])
    state = replay(record)
    again = replay(record)
    assert state_to_data(state) == state_to_data(again)
    assert state.outcome == record.outcome and state.turn.round == record.rounds


def test_a_replay_that_diverges_is_reported():
    record = play_skirmish(5, ["greedy", "random"], map_name="dungeon")
    record.final_digest = "0" * 64
    with pytest.raises(SimulationError, match="diverged"):
        replay(record)


def test_a_record_round_trips_as_plain_data():
    record = play_skirmish(8, ["greedy", "greedy"], map_name="ruins")
    data = record.to_data()
    copy = GameRecord(seed=data["seed"], mode=data["mode"], map_name=data["map"],
                      factions=tuple(data["factions"]), player_ids=tuple(data["players"]),
                      bots=tuple(data["bots"]), log=[tuple(e) for e in data["log"]],
                      final_digest=data["final_digest"])
    assert state_to_data(replay(copy))["outcome"] == record.outcome


def test_runaway_games_stop_at_the_cap_and_count_as_unfinished():
    record = play_skirmish(1, ["random", "random"], map_name="dungeon", max_commands=40)
    assert record.commands == 40 and not record.finished and record.cause == "unfinished"
    summary = Summary()
    summary.add(record)
    assert summary.finished == 0 and summary.causes == {"unfinished": 1}
    assert "unfinished: 1" in summary.lines()[0]
    replay(record)  # an unfinished game replays like any other


def test_a_seat_with_nothing_to_do_is_an_error_not_a_hang():
    class Silent:
        name = "silent"

        def choose(self, state, seat, legal, optional=False):
            return None

    record = GameRecord(seed=1, mode="skirmish", map_name="grid", factions=("guild", "gnomads"),
                        player_ids=("p1", "p2"), bots=("silent", "silent"))
    with pytest.raises(SimulationError, match="declined"):
        play(new_game(record), record, {"p1": Silent(), "p2": Silent()}, 100)


def test_games_of_the_awoken_end_and_replay():
    summary = Summary()
    for seed, scenarios in ((1, ["magus"]), (2, ["tyrant"]), (3, ["phantasm", "lizardman"]),
                            (4, ["automaton", "magus"])):
        record = play_awoken(seed, ["awoken"] * len(scenarios), scenarios, easy=seed % 2 == 0)
        summary.add(record)
        assert record.finished and record.result in ("won", "lost")
        assert record.winning_seats in ((), record.player_ids)
        replay(record)
    assert summary.results.get("lost", 0) == sum(summary.loss_causes.values())


def test_the_awoken_needs_one_scenario_per_player():
    with pytest.raises(SimulationError, match="scenario"):
        play_awoken(1, ["awoken", "awoken"], ["magus"])


# -- the management command --------------------------------------------------------------------
def run_simulate(*args):
    out = StringIO()
    call_command("simulate", *args, stdout=out, stderr=StringIO())
    return out.getvalue()


def test_simulate_prints_a_summary():
    text = run_simulate("--mode", "skirmish", "--players", "2", "--games", "6", "--seed", "1",
                        "--bots", "greedy,random", "--rotate", "--replay-check", "2")
    for expected in ("games: 6  finished: 6", "wins by seat:", "wins by faction:",
                     "game end causes:", "mean rounds:", "games/s", "commands/s",
                     "wins by bot: greedy", "replay check: 2/2"):
        assert expected in text, expected


def test_simulate_plays_the_awoken():
    text = run_simulate("--mode", "awoken", "--scenario", "magus", "--players", "1",
                        "--games", "5", "--seed", "1", "--replay-check", "1")
    for expected in ("games: 5", "win rate:", "loss causes:", "mean rounds:", "games/s",
                     "replay check: 1/1"):
        assert expected in text, expected


def test_simulate_plays_three_and_four_players_on_the_grid():
    text = run_simulate("--players", "4", "--games", "2", "--map", "grid")
    assert "games: 2" in text and "errors: 0" in text


def test_simulate_exits_non_zero_when_a_game_raises(monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("engine exploded")

    monkeypatch.setattr("wildlands.simulation.command.play_skirmish", broken)
    with pytest.raises(SystemExit) as exit_info:
        run_simulate("--games", "2")
    assert exit_info.value.code == 1


@pytest.mark.parametrize("args, message", [
    (["--bots", "clever"], "unknown bot"),
    (["--map", "atlantis"], "not available"),
    (["--players", "5"], "two to four"),
    (["--factions", "guild,guild"], "different faction"),
    (["--mode", "awoken"], "needs --scenario"),
    (["--mode", "awoken", "--scenario", "magus,tyrant", "--players", "1"], "1 different"),
    (["--mode", "awoken", "--scenario", "magus,magus"], "2 different"),
    (["--mode", "awoken", "--scenario", "hydra", "--players", "1"], "unknown scenario"),
    (["--mode", "awoken", "--scenario", "magus", "--players", "3"], "one or two"),
])
def test_simulate_refuses_bad_options_clearly(args, message):
    with pytest.raises(CommandError, match=message):
        run_simulate("--games", "1", *args)
