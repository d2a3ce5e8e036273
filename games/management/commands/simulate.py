"""`python manage.py simulate --mode M --games N --seed S [...]`: bots play headless games of
a registered game and the game's simulator prints what happened.

The command knows no game: every declaration may name a simulator (`GameDefinition.
simulator`). One with `add_arguments(parser)` and `handle(command, options)` adds its own
options and runs the games itself (Wildlands: wildlands.simulation.command); a plain callable
`play(players, difficulty, games, seed) -> dict` is called and its summary printed
(Defenders of the Wild). `--mode` names the game's key, or one of the modes a simulator
lists in `modes`; without it, the first simulator's first mode is played.
"""
from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games.platform import registry


def simulators() -> list[tuple[tuple[str, ...], Any, Any]]:
    """(modes, simulator, declaration) of each registered game that has one, in the
    registry's order; a simulator several declarations share is listed once."""
    found: list[tuple[tuple[str, ...], Any, Any]] = []
    for game in registry.all_games():
        simulator = game.simulator()
        if simulator is None or any(simulator is s for _, s, _ in found):
            continue
        found.append((tuple(getattr(simulator, "modes", None) or (game.key,)), simulator, game))
    return found


class Command(BaseCommand):
    help = "Play headless games between bots and print a summary (results and speed)."

    def add_arguments(self, parser) -> None:
        known = simulators()
        parser.add_argument("--mode", default=known[0][0][0] if known else None,
                            choices=[m for modes, _, _ in known for m in modes] or None)
        parser.add_argument("--players", type=int, default=None)
        parser.add_argument("--games", type=int, default=100)
        parser.add_argument("--seed", type=int, default=1, help="game i uses seed + i")
        parser.add_argument("--difficulty", default=None,
                            help="for a game with difficulties (default: its first)")
        for _, simulator, _ in known:
            if hasattr(simulator, "add_arguments"):
                simulator.add_arguments(parser)

    def handle(self, *args, **opts) -> None:
        if opts["games"] < 1:
            raise CommandError("--games must be at least 1")
        found = next(((s, g) for modes, s, g in simulators() if opts["mode"] in modes), None)
        if found is None:
            raise CommandError(f"no registered game simulates {opts['mode']!r}")
        simulator, game = found
        if hasattr(simulator, "handle"):
            simulator.handle(self, opts)
            return
        difficulties = list(getattr(game, "difficulties", lambda: ())())
        summary = simulator(opts["players"] or 1, opts["difficulty"] or
                            (difficulties[0] if difficulties else ""), opts["games"], opts["seed"])
        self.stdout.write(f"{game.title}: {opts['games']} games, seeds {opts['seed']}..")
        for key, value in summary.items():
            self.stdout.write(f"{key}: {value}")
