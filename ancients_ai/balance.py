"""Balance figures for a scenario: headless games played by a bot, and what they add up to.

Pure (no Django): the Celery chunks, the tests and a shell all call the same functions, so
figures measured on workers equal figures measured in one process. Game i of a run is
played from `game_seed(base_seed, i)`, whoever plays it and whenever; summaries are built
from the games in index order.

A game is `games.simulation.play` on a state built by `new_awoken` from the exact scenario
(a checked `Scenario`, e.g. one admin version), board, factions and treasures given, with
the chosen bot in every seat. Crystals "taken in round r" are the claims the bots made
while the round counter read r.
"""
from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from typing import Any, Mapping, Optional, Sequence

from games.bots import make_bot
from games.rules.errors import RuleError
from games.simulation import DEFAULT_MAX_COMMANDS, GameRecord, SimulationError, bot_seed, play

from ancients_ai.engine.setup import new_awoken

Z_95 = 1.959963984540054


@dataclass(frozen=True)
class BalanceSetup:
    """Everything a balance game is played with, besides its seed."""

    scenarios: tuple  # checked Scenario objects, one per seat (the first is the one measured)
    board: Any
    factions: tuple  # FactionDef, one per seat
    treasures: Mapping[str, Any]
    bot: str = "awoken"
    easy: bool = False
    max_commands: int = DEFAULT_MAX_COMMANDS


def game_seed(base_seed: int, index: int) -> int:
    """Game `index`'s seed: derived from the run's, the same in every process."""
    raw = hashlib.sha256(f"{int(base_seed)}:{int(index)}".encode()).hexdigest()
    return int(raw[:15], 16)


class _ClaimWatcher:
    """Passes a bot's choices through, noting the round of every crystal claimed."""

    def __init__(self, bot, claims: list) -> None:
        self.bot = bot
        self.name = bot.name
        self.claims = claims

    def choose(self, state, seat: str, legal: list, optional: bool = False) -> Optional[dict]:
        command = self.bot.choose(state, seat, legal, optional=optional)
        if command is not None and command.get("do") == "claim":
            self.claims.append(state.turn.round)
        return command


def play_one(setup: BalanceSetup, seed: int) -> dict:
    """One game; a game that breaks is reported with result "error", never dropped."""
    seats = tuple(f"p{i + 1}" for i in range(len(setup.factions)))
    claims: list = []
    bots = {seat: _ClaimWatcher(make_bot(setup.bot, bot_seed(seed, i)), claims)
            for i, seat in enumerate(seats)}
    record = GameRecord(seed=seed, mode="awoken", map_name=setup.board.name,
                        factions=tuple(f.id for f in setup.factions), player_ids=seats,
                        bots=tuple(b.name for b in bots.values()),
                        scenarios=tuple(s.id for s in setup.scenarios), easy=setup.easy)
    try:
        state = new_awoken(board=setup.board, factions=list(setup.factions),
                           player_ids=list(seats), scenario_ids=list(setup.scenarios), seed=seed,
                           easy=setup.easy, treasures=setup.treasures)
        play(state, record, bots, setup.max_commands)
    except (SimulationError, RuleError, ValueError, KeyError) as error:
        return {"seed": seed, "result": "error", "cause": "error", "rounds": record.rounds,
                "commands": record.commands, "crystal_rounds": claims,
                "error": f"{type(error).__name__}: {error}"}
    return {"seed": seed, "result": record.result, "cause": record.cause, "rounds": record.rounds,
            "commands": record.commands, "crystal_rounds": claims}


def play_games(setup: BalanceSetup, base_seed: int, first: int, count: int) -> list:
    """Games `first` .. `first + count - 1` of a run, in order."""
    return [play_one(setup, game_seed(base_seed, i)) for i in range(first, first + count)]


# --- figures -----------------------------------------------------------------------------------
def wilson(wins: int, games: int, z: float = Z_95) -> tuple:
    """The Wilson score interval for a win rate (95% by default); (0, 0) with no games."""
    if games <= 0:
        return (0.0, 0.0)
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def _pairs(counts: dict) -> list:
    return [[k, counts[k]] for k in sorted(counts)]


def summarize(games: Sequence[Mapping]) -> dict:
    """The figures of a run (JSON-ready; histograms as sorted [key, count] pairs)."""
    total = len(games)
    results: dict = {}
    loss_causes: dict = {}
    win_causes: dict = {}
    lengths: dict = {}
    crystal_rounds: dict = {}
    crystals = 0
    errors = []
    for game in games:
        result = game["result"]
        results[result] = results.get(result, 0) + 1
        if result == "won":
            win_causes[game["cause"]] = win_causes.get(game["cause"], 0) + 1
        elif result in ("lost", "unfinished", "error"):
            cause = game["cause"] if result == "lost" else result
            loss_causes[cause] = loss_causes.get(cause, 0) + 1
        if result in ("won", "lost"):
            lengths[game["rounds"]] = lengths.get(game["rounds"], 0) + 1
        for r in game.get("crystal_rounds") or ():
            crystal_rounds[r] = crystal_rounds.get(r, 0) + 1
            crystals += 1
        if result == "error" and len(errors) < 10:
            errors.append([game["seed"], game.get("error", "")])
    wins = results.get("won", 0)
    low, high = wilson(wins, total)
    finished = sum(lengths.values())
    return {
        "games": total,
        "wins": wins,
        "win_rate": wins / total if total else 0.0,
        "ci_low": low,
        "ci_high": high,
        "results": _pairs(results),
        "win_causes": _pairs(win_causes),
        "loss_causes": _pairs(loss_causes),
        "rounds": _pairs(lengths),
        "mean_rounds": (sum(r * n for r, n in lengths.items()) / finished) if finished else 0.0,
        "crystal_rounds": _pairs(crystal_rounds),
        "crystals_per_game": crystals / total if total else 0.0,
        "errors": errors,
    }
