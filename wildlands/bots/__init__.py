"""Built-in players for headless games: simulations, balance runs, benchmarks, quick tests.

A bot is pure code (no Django) with its own seeded generator (`games.platform.rng`), never the
game's generator, so letting a bot think cannot change what happens in the game. The game
loop (`wildlands.simulation`) asks a bot only when that bot's seat may act, and hands it the
seat's legal commands (`wildlands.rules.legal.legal_commands`):

* `optional=False`: the seat must act (its turn, a prompt, setup): return one of `legal`
  (during setup: any valid `assign` command, see `setup.auto_assignment`).
* `optional=True`: the seat may act out of turn (an interrupt right after someone's action):
  return one of `legal`, or None to let play go on.
"""
from __future__ import annotations

from typing import Callable, Optional, Protocol

from wildlands.rules.state import GameState


class Bot(Protocol):
    name: str

    def choose(self, state: GameState, seat: str, legal: list,
               optional: bool = False) -> Optional[dict]:
        """Pick a command from `legal` (or None when `optional`)."""


def bot_factories() -> dict[str, Callable[[int], Bot]]:
    """Bot name -> constructor taking a seed."""
    from wildlands.bots.awoken_bot import AwokenBot
    from wildlands.bots.greedy_bot import GreedyBot
    from wildlands.bots.random_bot import RandomBot
    from wildlands.bots.wrath_bot import WrathBot

    return {"random": RandomBot, "greedy": GreedyBot, "awoken": AwokenBot, "wrath": WrathBot}


def make_bot(name: str, seed: int) -> Bot:
    """A bot by name, seeded; ValueError naming the known bots otherwise."""
    factories = bot_factories()
    if name not in factories:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(sorted(factories))}")
    return factories[name](seed)
