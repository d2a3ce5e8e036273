"""Wildlands' simulator (`GameDefinition.simulator`): bots play many headless games of a
skirmish, War for the Crystals, The Wrath of the Ancients or The Awoken, and it prints what
happened and how fast. The site's `manage.py simulate` finds it through the declarations and
hands it the options (its own are added by `add_arguments`):

    python manage.py simulate --mode skirmish --players 2 --games 200 --seed 1 \
        [--map dungeon] [--bots greedy,random] [--rotate] [--replay-check 10]
    python manage.py simulate --mode war --games 500 --seed 1 [--map dungeon] [--bots greedy]
    python manage.py simulate --mode awoken --scenario magus --players 1 --games 500 --seed 1 \
        [--easy] [--bots awoken]
    python manage.py simulate --mode wrath --players 2 --games 500 --seed 1 \
        [--ancients-seat 1] [--factions guild] [--bots wrath]

One process on purpose: the games/s and commands/s it prints are per core. Game i uses
seed `seed + i`, so any game in the report can be played again alone. An exception in a
game is reported with its seed and the command exits non-zero; games stopped at the command
cap are reported as unfinished, never hidden.
"""
from __future__ import annotations

import sys
import time
import traceback

from django.core.management.base import CommandError

from wildlands.bots import bot_factories
from wildlands.rules.war.setup import WarSetupError, check_war_players, teams_for
from wildlands.simulation import (DEFAULT_MAX_COMMANDS, Summary, available_maps, play_awoken,
                              play_skirmish, play_war, play_wrath, rare_collections, replay)

from ancients_ai.engine.scenarios import scenario_ids


class WildlandsSimulator:
    """The simulator every Wildlands declaration returns (one object: `SIMULATOR`)."""

    # the `--mode` names it answers: the rules' modes (The Awoken's solo and co-op are
    # one mode here, its player count given by --players)
    modes = ("skirmish", "awoken", "war", "wrath")

    def add_arguments(self, parser) -> None:
        """Wildlands' own options (the site's command has --mode, --players, --games and
        --seed)."""
        parser.add_argument("--map", default=None,
                            help="a shipped map (default dungeon) or the built-in 'grid'")
        parser.add_argument("--bots", default=None,
                            help="comma-separated bot names, one per seat (the last one "
                                 "fills the remaining seats); default greedy for a "
                                 "skirmish, awoken for The Awoken")
        parser.add_argument("--factions", default=None,
                            help="comma-separated faction ids, one per seat (default: "
                                 "drawn from each game's seed)")
        parser.add_argument("--rotate", action="store_true",
                            help="rotate the bots one seat per game, so seat and bot differ")
        parser.add_argument("--max-commands", type=int, default=DEFAULT_MAX_COMMANDS,
                            help="stop a game after this many commands and count it unfinished")
        parser.add_argument("--replay-check", type=int, default=0, metavar="N",
                            help="replay the first N games from their logs and compare")
        parser.add_argument("--scenario", default=None,
                            help="The Awoken: scenario ids, one per player (comma-separated)")
        parser.add_argument("--easy", action="store_true", help="The Awoken: the easy game")
        parser.add_argument("--each", action="store_true", help="print one line per game")
        parser.add_argument("--ancients-seat", type=int, default=None, metavar="N",
                            help="The Wrath: the seat (1..players) playing the Ancients "
                                 "faction (default: seat 1 + game number mod players); "
                                 "--factions then names the other seats' factions")

    def handle(self, command, opts: dict) -> None:
        """Run the games `opts` ask for, writing to `command`'s stdout and stderr (a fresh
        run each time: a run keeps its counts on itself)."""
        WildlandsSimulator()._handle(command, opts)

    def _handle(self, command, opts: dict) -> None:
        self.stdout, self.stderr = command.stdout, command.stderr
        if opts.get("players") is None:
            opts["players"] = 2
        if opts["mode"] == "awoken":
            self._awoken(opts)
            return
        if opts["mode"] == "war":
            self._war(opts)
            return
        if opts["mode"] == "wrath":
            self._wrath(opts)
            return
        self._skirmish(opts)

    # -- The Wrath of the Ancients -----------------------------------------------------------
    def _wrath(self, opts: dict) -> None:
        players = opts["players"]
        if not 2 <= players <= 4:
            raise CommandError("The Wrath of the Ancients has two to four players")
        seat = opts["ancients_seat"]
        if seat is not None and not 1 <= seat <= players:
            raise CommandError(f"--ancients-seat is a seat from 1 to {players}")
        if not opts["bots"]:
            opts["bots"] = "wrath"
        bots, _, map_name = _common({**opts, "factions": None}, players, default_bot="wrath")
        factions = _per_seat(opts["factions"], players - 1) if opts["factions"] else None
        if factions and len(set(factions)) != players - 1:
            raise CommandError("each seat besides the Ancients needs a different faction")
        self.stdout.write(f"The Wrath of the Ancients: {opts['games']} games, {players} players, "
                          f"map {map_name}, bots {','.join(bots)}, Ancients in seat "
                          f"{seat or 'rotating'}, seeds {opts['seed']}.."
                          f"{opts['seed'] + opts['games'] - 1}")

        def play_one(i: int, seed: int):
            index = seat - 1 if seat else i % players
            return play_wrath(seed, bots, index, map_name=map_name, factions=factions,
                              max_commands=opts["max_commands"])

        def line(record) -> str:
            return (f"{record.cause} winner={record.winner} ({record.winner_faction}) "
                    f"rounds={record.rounds} commands={record.commands} "
                    f"factions={','.join(record.factions)}")

        summary, _, wall = self._run(opts, play_one, line)
        for text in summary.lines(wall_seconds=wall, cpu_seconds=self.cpu_seconds):
            self.stdout.write(text)
        self._finish(summary)

    # -- skirmish ----------------------------------------------------------------------------
    def _skirmish(self, opts: dict) -> None:
        players = opts["players"]
        if not 2 <= players <= 4:
            raise CommandError("a skirmish has two to four players")
        bots, factions, map_name = _common(opts, players, default_bot="greedy")
        self.stdout.write(f"skirmish: {opts['games']} games, {players} players, map {map_name}, "
                          f"bots {','.join(bots)}{' (rotating)' if opts['rotate'] else ''}, "
                          f"seeds {opts['seed']}..{opts['seed'] + opts['games'] - 1}")

        def play_one(i: int, seed: int):
            shift = i % players if opts["rotate"] else 0
            return play_skirmish(seed, bots[shift:] + bots[:shift], map_name=map_name,
                                 factions=factions, max_commands=opts["max_commands"])

        def line(record) -> str:
            return (f"{record.cause} winner={record.winner} ({record.winner_faction}) "
                    f"rounds={record.rounds} commands={record.commands}")

        summary, records, wall = self._run(opts, play_one, line)
        for text in summary.lines(wall_seconds=wall, cpu_seconds=self.cpu_seconds):
            self.stdout.write(text)
        if len(set(bots)) > 1:
            wins = [r.bots[r.player_ids.index(r.winner)] for r in records if r.winner]
            self.stdout.write("wins by bot: " + ", ".join(
                f"{bot} {wins.count(bot)}" for bot in sorted(set(bots))))
        self._finish(summary)

    # -- War for the Crystals ----------------------------------------------------------------
    def _war(self, opts: dict) -> None:
        players = opts["players"] if opts["players"] != 2 else 4  # 2 is the skirmish default
        five = players == 5  # p2 plays the Ancients faction with p4 against p1, p3 and p5
        try:
            check_war_players(players, ancients=five)
        except WarSetupError as error:
            raise CommandError(f"{error.code}: {error.message}") from None
        bots, factions, map_name = _common(opts, players, default_bot="wrath" if five else "greedy")
        if five and factions and "ancients" not in factions:
            raise CommandError("a five-player war needs the ancients faction among --factions")
        sides = "p1+p3+p5 against p2 (the Ancients)+p4" if five else "p1+p3 against p2+p4"
        self.stdout.write(f"war: {opts['games']} games, teams {sides}, map "
                          f"{map_name}, bots {','.join(bots)}, seeds {opts['seed']}.."
                          f"{opts['seed'] + opts['games'] - 1}")

        def play_one(i: int, seed: int):
            return play_war(seed, bots, map_name=map_name, factions=factions,
                            max_commands=opts["max_commands"])

        def line(record) -> str:
            team = (record.outcome or {}).get("team")
            winners = [record.factions[record.player_ids.index(s)] for s in record.winning_seats]
            return (f"{record.cause} team={team} ({','.join(winners)}) "
                    f"rounds={record.rounds} commands={record.commands}")

        summary, records, wall = self._run(opts, play_one, line)
        for text in summary.lines(wall_seconds=wall, cpu_seconds=self.cpu_seconds):
            self.stdout.write(text)
        teams: dict = {}
        pairs: dict = {}
        for record in records:
            team = (record.outcome or {}).get("team")
            teams[team or "none"] = teams.get(team or "none", 0) + 1
            ancients = next((p for p, f in zip(record.player_ids, record.factions)
                             if f == "ancients"), None)
            for seats in teams_for(record.player_ids, ancients):
                pair = " + ".join(sorted(record.factions[record.player_ids.index(s)] for s in seats))
                won, played = pairs.get(pair, (0, 0))
                pairs[pair] = (won + (set(seats) == set(record.winning_seats)), played + 1)
        self.stdout.write("wins by team: " + ", ".join(
            f"{t} {n}" for t, n in sorted(teams.items())) + f" (t1, t2: {sides})")
        self.stdout.write("wins by faction pair: " + ", ".join(
            f"{pair} {won}/{played}" for pair, (won, played) in sorted(pairs.items())))
        self._finish(summary)

    # -- The Awoken --------------------------------------------------------------------------
    def _awoken(self, opts: dict) -> None:
        players = opts["players"]
        if players not in (1, 2):
            raise CommandError("The Awoken is for one or two players")
        if not opts["scenario"]:
            raise CommandError(f"--mode awoken needs --scenario (known: {', '.join(scenario_ids())})")
        scenarios = [s.strip() for s in opts["scenario"].split(",") if s.strip()]
        if len(scenarios) != players or len(set(scenarios)) != players:
            raise CommandError(f"give {players} different scenario(s), one per player")
        unknown = sorted(set(scenarios) - set(scenario_ids()))
        if unknown:
            raise CommandError(f"unknown scenario(s) {', '.join(unknown)}; "
                               f"known: {', '.join(scenario_ids())}")
        bots, factions, map_name = _common(opts, players, default_bot="awoken")
        _load_awoken_content(scenarios, factions)
        self.stdout.write(f"The Awoken: {opts['games']} games, {players} player(s), scenario(s) "
                          f"{','.join(scenarios)}{' (easy)' if opts['easy'] else ''}, map "
                          f"{map_name}, bots {','.join(bots)}, seeds {opts['seed']}.."
                          f"{opts['seed'] + opts['games'] - 1}")

        def play_one(i: int, seed: int):
            return play_awoken(seed, bots, scenarios, map_name=map_name, factions=factions,
                               easy=opts["easy"], max_commands=opts["max_commands"])

        def line(record) -> str:
            return (f"{record.result} ({record.cause}) rounds={record.rounds} "
                    f"commands={record.commands} factions={','.join(record.factions)}")

        summary, _, wall = self._run(opts, play_one, line)
        results = summary.results
        won = results.get("won", 0)
        self.stdout.write(f"games: {summary.games}  won: {won}  lost: {results.get('lost', 0)}  "
                          f"unfinished: {results.get('unfinished', 0)}  "
                          f"errors: {len(summary.errors)}")
        self.stdout.write(f"win rate: {100 * won / max(summary.games, 1):.1f}%")
        self.stdout.write("loss causes: " + (", ".join(
            f"{cause} {n}" for cause, n in sorted(summary.loss_causes.items())) or "none"))
        for text in summary.lines(wall_seconds=wall, cpu_seconds=self.cpu_seconds)[2:]:
            # factions, causes, means, speed
            self.stdout.write(text)
        self._finish(summary)

    # -- shared ------------------------------------------------------------------------------
    def _run(self, opts: dict, play_one, line) -> tuple:
        """Play every game (an exception is recorded with the game's seed and the run goes
        on), replaying the first `--replay-check` ones. Returns (summary, records, wall s)."""
        summary, records = Summary(), []
        self.replayed = 0
        started, cpu_started = time.perf_counter(), time.process_time()
        with rare_collections():
            self._play_all(opts, play_one, line, summary, records)
        self.cpu_seconds = time.process_time() - cpu_started  # play and replay checks
        return summary, records, time.perf_counter() - started

    def _play_all(self, opts: dict, play_one, line, summary: Summary, records: list) -> None:
        for i in range(opts["games"]):
            seed = opts["seed"] + i
            try:
                record = play_one(i, seed)
            except Exception as error:  # report every failure, keep playing the rest
                summary.errors.append((seed, f"{type(error).__name__}: {error}"))
                self.stderr.write(traceback.format_exc())
                continue
            summary.add(record)
            records.append(record)
            if opts["each"]:
                self.stdout.write(f"seed {seed}: {line(record)}")
            if self.replayed < opts["replay_check"]:
                self.replayed += 1
                try:
                    replay(record)
                except Exception as error:
                    summary.errors.append((seed, f"replay: {type(error).__name__}: {error}"))

    def _finish(self, summary: Summary) -> None:
        if self.replayed:
            failed = sum(1 for _, m in summary.errors if m.startswith("replay"))
            self.stdout.write(f"replay check: {self.replayed - failed}/{self.replayed} "
                              "games reproduced")
        if summary.errors:
            sys.exit(1)


def _common(opts: dict, players: int, *, default_bot: str) -> tuple:
    """Bots, factions and map for every seat, checked."""
    bots = _per_seat(opts["bots"] or default_bot, players)
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
    _check_map_allows(map_name, opts.get("mode") or "skirmish", players)
    return bots, factions, map_name


def _check_map_allows(map_name: str, mode: str, players: int) -> None:
    """A map whose own rules forbid the mode or the player count (the Crypt: two players,
    no Awoken) is refused before any game, not reported as 200 broken games."""
    from wildlands.rules.maps.features import allows
    from wildlands.simulation.content import load_board

    refusal = allows(load_board(map_name).features, mode=mode, players=players)
    if refusal:
        raise CommandError(f"map {map_name!r}: {refusal}")


def _load_awoken_content(scenarios: list, factions) -> None:
    """Read and check the content before the clock starts: a broken file is reported at
    once, and the games/s printed are the games' own, not the YAML parser's."""
    from ancients_ai.engine.scenarios import load_scenario, load_treasures
    from games.platform.content_common import ContentError
    from wildlands.content.factions import faction_ids, load_faction

    try:
        for scenario in scenarios:
            load_scenario(scenario)
        load_treasures()
        for faction in factions or faction_ids():
            load_faction(faction)
    except ContentError as error:
        raise CommandError(str(error)) from None


def _per_seat(text: str, players: int) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise CommandError("give at least one name")
    if len(names) > players:
        raise CommandError(f"{len(names)} names for {players} seats")
    return names + [names[-1]] * (players - len(names))


SIMULATOR = WildlandsSimulator()
