"""Balance figures for a scenario: headless games played by a bot, and what they add up to.

Pure (no Django): the Celery chunks, the tests and a shell all call the same functions, so
figures measured on workers equal figures measured in one process. Game i of a run is
played from `game_seed(base_seed, i)`, whoever plays it and whenever; the figures every
game's runs share (`games.platform.balance_figures`) get the Awoken's crystal rounds added.

A game is `wildlands.simulation.play` on a state built by `new_awoken` from the exact scenario
(a checked `Scenario`, e.g. one admin version), board, factions and treasures given, with
the chosen bot in every seat. Crystals "taken in round r" are the claims the bots made
while the round counter read r.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Optional, Sequence

from wildlands.bots import make_bot
from games.platform import balance_figures
from games.platform.balance_figures import game_seed
from wildlands.rules.errors import RuleError
from wildlands.simulation import DEFAULT_MAX_COMMANDS, GameRecord, SimulationError, bot_seed, play

from ancients_ai.engine.setup import new_awoken


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
def summarize(games: Sequence[Mapping]) -> dict:
    """The platform's figures of a run (`balance_figures.summarize`) and the Awoken's own:
    how many crystals were taken in each round, and per game."""
    crystal_rounds: dict = {}
    for game in games:
        for r in game.get("crystal_rounds") or ():
            crystal_rounds[r] = crystal_rounds.get(r, 0) + 1
    total = len(games)
    crystals = sum(crystal_rounds.values())
    return {**balance_figures.summarize(games),
            "crystal_rounds": balance_figures.pairs(crystal_rounds),
            "crystals_per_game": crystals / total if total else 0.0}
