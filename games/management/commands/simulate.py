"""`python manage.py simulate`: bots play many headless games; print what happened and how fast.

    python manage.py simulate --mode skirmish --players 2 --games 200 --seed 1 \
        [--map dungeon] [--bots greedy,random] [--rotate] [--replay-check 10]

One process on purpose: the games/s and commands/s it prints are per core. Game i uses
seed `seed + i`, so any game in the report can be played again alone. An exception in a
game is reported with its seed and the command exits non-zero; games stopped at the command
cap are reported as unfinished, never hidden.
"""
from __future__ import annotations

import sys
import time
import traceback

from django.core.management.base import BaseCommand, CommandError

from games.bots import bot_factories
from games.simulation import DEFAULT_MAX_COMMANDS, Summary, available_maps, play_skirmish, replay


class Command(BaseCommand):
    help = "Play headless games between bots and print a summary (results and speed)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--mode", choices=("skirmish", "awoken"), default="skirmish")
        parser.add_argument("--players", type=int, default=2)
        parser.add_argument("--games", type=int, default=100)
        parser.add_argument("--seed", type=int, default=1, help="game i uses seed + i")
        parser.add_argument("--map", default=None,
                            help="a shipped map (default dungeon) or the built-in 'grid'")
        parser.add_argument("--bots", default="greedy",
                            help="comma-separated bot names, one per seat (the last one "
                                 "fills the remaining seats): greedy, random")
        parser.add_argument("--factions", default=None,
                            help="comma-separated faction ids, one per seat (default: "
                                 "drawn from each game's seed)")
        parser.add_argument("--rotate", action="store_true",
                            help="rotate the bots one seat per game, so seat and bot differ")
        parser.add_argument("--max-commands", type=int, default=DEFAULT_MAX_COMMANDS,
                            help="stop a game after this many commands and count it unfinished")
        parser.add_argument("--replay-check", type=int, default=0, metavar="N",
                            help="replay the first N games from their logs and compare")
        parser.add_argument("--scenario", default=None, help="The Awoken: the scenario id")
        parser.add_argument("--each", action="store_true", help="print one line per game")

    def handle(self, *args, **opts) -> None:
        if opts["games"] < 1:
            raise CommandError("--games must be at least 1")
        if opts["mode"] == "awoken":
            self._awoken(opts)
            return
        self._skirmish(opts)

    # -- skirmish ----------------------------------------------------------------------------
    def _skirmish(self, opts: dict) -> None:
        players = opts["players"]
        if not 2 <= players <= 4:
            raise CommandError("a skirmish has two to four players")
        bots = _per_seat(opts["bots"], players)
        unknown = sorted(set(bots) - set(bot_factories()))
        if unknown:
            raise CommandError(f"unknown bot(s) {', '.join(unknown)}; "
                               f"known: {', '.join(sorted(bot_factories()))}")
        factions = _per_seat(opts["factions"], players) if opts["factions"] else None
        if factions and len(set(factions)) != players:
            raise CommandError("each seat needs a different faction")
        map_name = opts["map"] or "dungeon"
        if map_name not in available_maps():
            raise CommandError(f"map {map_name!r} is not available; "
                               f"known: {', '.join(available_maps())}")
        self.stdout.write(f"skirmish: {opts['games']} games, {players} players, map {map_name}, "
                          f"bots {','.join(bots)}{' (rotating)' if opts['rotate'] else ''}, "
                          f"seeds {opts['seed']}..{opts['seed'] + opts['games'] - 1}")
        summary = Summary()
        wins_by_bot: dict[str, int] = {}
        checked = 0
        started = time.perf_counter()
        for i in range(opts["games"]):
            seed = opts["seed"] + i
            shift = i % players if opts["rotate"] else 0
            seat_bots = bots[shift:] + bots[:shift]
            try:
                record = play_skirmish(seed, seat_bots, map_name=map_name, factions=factions,
                                       max_commands=opts["max_commands"])
            except Exception as error:  # report every failure, keep playing the rest
                summary.errors.append((seed, f"{type(error).__name__}: {error}"))
                self.stderr.write(traceback.format_exc())
                continue
            summary.add(record)
            if record.winner is not None:
                bot = record.bots[record.player_ids.index(record.winner)]
                wins_by_bot[bot] = wins_by_bot.get(bot, 0) + 1
            if opts["each"]:
                self.stdout.write(f"seed {seed}: {record.cause} winner={record.winner} "
                                  f"({record.winner_faction}) rounds={record.rounds} "
                                  f"commands={record.commands}")
            if checked < opts["replay_check"]:
                checked += 1
                try:
                    replay(record)
                except Exception as error:
                    summary.errors.append((seed, f"replay: {type(error).__name__}: {error}"))
        wall = time.perf_counter() - started
        for line in summary.lines(wall_seconds=wall):
            self.stdout.write(line)
        if len(set(bots)) > 1:
            self.stdout.write("wins by bot: " + ", ".join(
                f"{bot} {wins_by_bot.get(bot, 0)}" for bot in sorted(set(bots))))
        if checked:
            failed = sum(1 for _, m in summary.errors if m.startswith("replay"))
            self.stdout.write(f"replay check: {checked - failed}/{checked} games reproduced")
        if summary.errors:
            sys.exit(1)

    # -- The Awoken --------------------------------------------------------------------------
    def _awoken(self, opts: dict) -> None:
        raise CommandError("--mode awoken is not available yet: it needs The Awoken engine's "
                           "new_awoken (ancients_ai/engine/setup.py) and an AwokenBot")


def _per_seat(text: str, players: int) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise CommandError("give at least one name")
    if len(names) > players:
        raise CommandError(f"{len(names)} names for {players} seats")
    return names + [names[-1]] * (players - len(names))

