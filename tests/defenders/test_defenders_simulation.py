"""The bot and the headless simulation: every bot move is legal, games end (every loop is
bounded), and the machine deck's tiers make the game harder."""
from __future__ import annotations

import pytest

from defenders import bots
from defenders.content_loader import load_content
from defenders.rules.legal import legal_commands
from defenders.rules.setup import new_game
from defenders.simulate import play_game, play_games
from games.platform.rng import Rng, seed_state


class _Seed:
    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)


@pytest.mark.parametrize("players", [1, 2, 4])
def test_bot_games_finish_for_every_player_count(players: int) -> None:
    summary = play_games(players, "base", 12, seed=4)
    assert summary["games"] == 12
    assert "unfinished" not in summary["causes"]
    assert sum(summary["causes"].values()) == 12
    assert summary["mean_rounds"] > 1


def test_the_summary_counts_wins_and_loss_causes() -> None:
    summary = play_games(2, "base", 30, seed=1)
    assert summary["wins"] == summary["causes"].get("rewilded", 0)
    assert summary["win_rate"] == summary["wins"] / 30
    assert set(summary["causes"]) <= {"rewilded", "core_complete", "toxic_disaster", "massacre"}


def test_two_player_base_games_are_neither_hopeless_nor_certain() -> None:
    rate = play_games(2, "base", 60, seed=9)["win_rate"]
    assert 0.15 <= rate <= 0.85


def test_the_extreme_tier_is_harder_than_base() -> None:
    base = play_games(2, "base", 60, seed=3)["win_rate"]
    extreme = play_games(2, "extreme", 60, seed=3)["win_rate"]
    assert extreme < base


def test_the_same_seed_plays_the_same_game() -> None:
    content = load_content()
    assert play_game(content, 2, "expert", 77) == play_game(content, 2, "expert", 77)


def test_the_bot_picks_from_the_legal_list() -> None:
    state, _ = new_game(load_content(), ["p1", "p2"], {"p1": ["order"], "p2": ["sect"]}, seed=2)
    legal = legal_commands(state, "p1")
    assert bots.choose(state, "p1", legal, Rng(_Seed(1))) in legal
    with pytest.raises(ValueError):
        bots.choose(state, "p1", [], Rng(_Seed(1)))
