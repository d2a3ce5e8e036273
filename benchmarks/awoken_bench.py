"""The Awoken's headless speed: whole games with the Awoken bot, and the engine alone.

    python benchmarks/awoken_bench.py [--games 200] [--repeat 3] [--scenarios magus,tyrant]
                                      [--profile SCENARIO]

For every scenario, alone (side B) and with a partner (side A, the next scenario in the
list), it prints:

* games/s: whole games played by the Awoken bot (setup, every decision, every command,
  the Ancients' turns, the game record), as the `simulate` command plays them;
* the bot's share of that time, and the engine's (`engine.apply` / `advance`);
* win rate, mean rounds and mean commands, so a speed-up that changes play shows.

and, on the positions of the solo games, applied commands/s (their logs replayed through
`engine.apply`), `GameState.clone()`/s and `parse_command`/s.

Figures are per CPU second of this one process (`time.process_time`), best of `--repeat`,
so other work on a shared machine disturbs them less than wall time would. The target is
200 solo games/s. `--profile magus` prints where a solo magus run's time goes.
"""
from __future__ import annotations

import argparse
import cProfile
import os
import platform
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ancients_ai.engine.scenarios import scenario_ids  # noqa: E402
from wildlands.rules.commands import parse_command  # noqa: E402
from wildlands.rules.engine import advance, apply  # noqa: E402
from wildlands.rules.frames import has_deferred_work  # noqa: E402
from wildlands.simulation import new_game, play_awoken, rare_collections  # noqa: E402

TARGET_GAMES_PER_SECOND = 200


def best_of(repeat: int, run) -> tuple:
    """(fewest CPU seconds, the result of that run) over `repeat` runs of `run()`."""
    best, result = float("inf"), None
    for _ in range(repeat):
        started = time.process_time()
        value = run()
        spent = time.process_time() - started
        if spent < best:
            best, result = spent, value
    return best, result


def play_many(scenarios: tuple, games: int, seed: int = 1) -> list:
    """Games as `simulate` plays them (cycle collection made rare for the batch)."""
    with rare_collections():
        return [play_awoken(seed + i, ["awoken"] * len(scenarios), list(scenarios))
                for i in range(games)]


def replay_logs(starts: list, records: list) -> None:
    for state, record in zip(starts, records):
        for seat, command in record.log:
            state, _ = apply(state, seat, command)
            while has_deferred_work(state):
                state, _ = advance(state)


def games_row(scenarios: tuple, games: int, repeat: int) -> dict:
    seconds, records = best_of(repeat, lambda: play_many(scenarios, games))
    engine = sum(r.engine_seconds for r in records)
    wall = sum(r.seconds for r in records)
    return {"scenarios": "+".join(scenarios), "games": games, "per_s": games / seconds,
            "engine_share": engine / wall if wall else 0.0,
            "win": sum(r.result == "won" for r in records) / games,
            "rounds": sum(r.rounds for r in records) / games,
            "commands": sum(r.commands for r in records) / games, "records": records}


def solo_games_per_second(games: int = 100, repeat: int = 3) -> dict:
    """Scenario -> whole solo games per CPU second (for engine_bench.py's summary)."""
    play_many((scenario_ids()[0],), 2)  # warm the content caches
    return {name: games_row((name,), games, repeat)["per_s"] for name in scenario_ids()}


def engine_rows(records: list, repeat: int) -> dict:
    commands = sum(r.commands for r in records)
    starts = [new_game(r) for r in records]
    seconds, _ = best_of(repeat, lambda: replay_logs([s.clone() for s in starts], records))
    mid = starts[0]
    for seat, command in records[0].log[: len(records[0].log) // 2]:
        mid, _ = apply(mid, seat, command)
        while has_deferred_work(mid):
            mid, _ = advance(mid)
    clones = 20_000

    def clone_many() -> None:
        for _ in range(clones):
            mid.clone()

    sample = [command for record in records for _, command in record.log][:20_000]

    def parse_all() -> None:
        for command in sample:
            parse_command(command)

    clone_s, _ = best_of(repeat, clone_many)
    parse_s, _ = best_of(repeat, parse_all)
    return {"apply": commands / seconds, "clone": clones / clone_s,
            "parse": len(sample) / parse_s}


def main(argv: list | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per row")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (best kept)")
    parser.add_argument("--scenarios", default=",".join(scenario_ids()))
    parser.add_argument("--solo-only", action="store_true")
    parser.add_argument("--profile", default=None, metavar="SCENARIO")
    args = parser.parse_args(argv)
    names = [s.strip() for s in args.scenarios.split(",") if s.strip()]

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"Python {platform.python_version()} on {platform.machine()} {platform.system()}, "
          f"{os.cpu_count()} CPUs, load average {load:.2f}; one process, CPU time, "
          f"best of {args.repeat}, {args.games} games per row")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        play_many((args.profile,), args.games)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
        return 0

    play_many((names[0],), 2)  # warm the content caches
    rows, solo_records = [], []
    for i, name in enumerate(names):
        row = games_row((name,), args.games, args.repeat)
        rows.append(row)
        solo_records += row["records"][:50]
        if not args.solo_only and len(names) > 1:
            rows.append(games_row((name, names[(i + 1) % len(names)]), args.games, args.repeat))

    print(f"\n{'scenario(s)':<22}{'games/s':>9}{'engine':>8}{'win':>7}{'rounds':>8}{'cmds':>7}")
    for row in rows:
        print(f"{row['scenarios']:<22}{row['per_s']:>9.0f}{100 * row['engine_share']:>7.0f}%"
              f"{100 * row['win']:>6.1f}%{row['rounds']:>8.1f}{row['commands']:>7.1f}")
    engine = engine_rows(solo_records, args.repeat)
    print(f"\nengine on {len(solo_records)} solo games' logs: {engine['apply']:,.0f} applied "
          f"commands/s; GameState.clone() {engine['clone']:,.0f}/s (mid-game); "
          f"parse_command {engine['parse']:,.0f}/s")
    solo = [r for r in rows if "+" not in r["scenarios"]]
    slowest = min(solo, key=lambda r: r["per_s"])
    met = slowest["per_s"] >= TARGET_GAMES_PER_SECOND
    print(f"target {TARGET_GAMES_PER_SECOND} solo games/s: {'met' if met else 'MISSED'} "
          f"(slowest: {slowest['scenarios']} {slowest['per_s']:.0f}/s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
