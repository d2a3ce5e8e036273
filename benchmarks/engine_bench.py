"""Engine benchmark: how fast the pure rules core runs on one core.

    python benchmarks/engine_bench.py [--games 20] [--repeat 3] [--profile]

Measures, on every available map (the shipped ones and the built-in grid):

* applied commands/s: recorded bot games' command logs replayed through `engine.apply`
  (the games are played first; bot thinking time is not in the figure);
* `legal_commands` calls/s on every position of those games, for the seat to act;
* line-of-sight and distance lookups/s over every ordered pair of spaces;
* the same two figures for games of The Awoken on the dungeon (an `end_turn` there runs the
  whole Ancients' turn, so its commands are heavier), and whole solo games of The Awoken
  per second for every scenario, bots included (from `awoken_bench.py`; target 200);

and, in the same run, baselines to compare machines by: an empty function call loop and
`GameState.clone()` on a mid-game position. Each figure is the best of `--repeat` runs,
timed in CPU seconds of this process (so a busy machine disturbs it less than wall time).
The target is 20,000 applied commands/s; `--profile` prints where replay time goes.
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

from wildlands.rules.engine import advance, apply  # noqa: E402
from wildlands.rules.frames import has_deferred_work  # noqa: E402
from wildlands.rules.legal import legal_commands  # noqa: E402
from wildlands.simulation import (available_maps, load_board, new_game, play_awoken,  # noqa: E402
                              play_skirmish)

TARGET_COMMANDS_PER_SECOND = 20_000
MATCHES = (("greedy", "greedy"), ("greedy", "random"), ("random", "greedy"), ("random", "random"))
AWOKEN_SCENARIOS = (("magus",), ("tyrant",), ("phantasm", "lizardman"), ("automaton", "magus"))


def best_rate(count: int, run, repeat: int) -> float:
    """Operations per CPU second of `run()` (which does `count` operations), best of
    `repeat`. CPU time of this process, not wall time, so other work on a shared machine
    does not count against the engine."""
    best = float("inf")
    for _ in range(repeat):
        started = time.process_time()
        run()
        best = min(best, time.process_time() - started)
    return count / best


def record_games(map_name: str, games: int) -> list:
    records = []
    for i in range(games):
        bots = MATCHES[i % len(MATCHES)]
        records.append(play_skirmish(1000 + i, list(bots), map_name=map_name, max_commands=1500))
    return records


def record_awoken_games(games: int) -> list:
    records = []
    for i in range(games):
        scenarios = AWOKEN_SCENARIOS[i % len(AWOKEN_SCENARIOS)]
        records.append(play_awoken(2000 + i, ["awoken"] * len(scenarios), list(scenarios),
                                   easy=i % 2 == 1, max_commands=1500))
    return records


def replay_logs(starts: list, records: list) -> None:
    for state, record in zip(starts, records):
        for seat, command in record.log:
            state, _ = apply(state, seat, command)
            while has_deferred_work(state):
                state, _ = advance(state)


def positions(records: list) -> list:
    """Every position of the games, with the seat whose decision it is."""
    found = []
    for record in records:
        state = new_game(record)
        for seat, command in record.log:
            if state.turn.phase != "setup":
                # the seat that acted (The Awoken's shared turn has no `turn.actor`)
                found.append((state, state.prompt.to if state.prompt else state.turn.actor or seat))
            state, _ = apply(state, seat, command)
            while has_deferred_work(state):
                state, _ = advance(state)
    return found


def bench_map(map_name: str, games: int, repeat: int, profile: bool,
              mode: str = "skirmish") -> dict:
    records = record_games(map_name, games) if mode == "skirmish" else record_awoken_games(games)
    commands = sum(r.commands for r in records)
    starts = [new_game(r) for r in records]
    apply_rate = best_rate(commands, lambda: replay_logs([s.clone() for s in starts], records),
                           repeat)
    if profile:
        profiler = cProfile.Profile()
        profiler.enable()
        replay_logs([s.clone() for s in starts], records)
        profiler.disable()
        print(f"\n-- profile of replaying {commands} {mode} commands on {map_name} (tottime) --")
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)

    spots = positions(records)

    def legal_all() -> None:
        for state, seat in spots:
            legal_commands(state, seat)

    legal_rate = best_rate(len(spots), legal_all, repeat)
    sizes = [len(legal_commands(state, seat)) for state, seat in spots]

    board = load_board(map_name)
    pairs = [(a, b) for a in board.spaces for b in board.spaces]
    loops = max(1, 200_000 // len(pairs))

    def los() -> None:
        has_los = board.has_los
        for _ in range(loops):
            for a, b in pairs:
                has_los(a, b)

    def distance() -> None:
        dist = board.distance
        for _ in range(loops):
            for a, b in pairs:
                dist(a, b)

    return {
        "map": map_name if mode == "skirmish" else f"{mode}:{map_name}", "games": len(records), "commands": commands,
        "unfinished": sum(not r.finished for r in records),
        "apply": apply_rate, "legal": legal_rate, "positions": len(spots),
        "legal_mean": sum(sizes) / max(len(sizes), 1), "legal_max": max(sizes, default=0),
        "los": best_rate(loops * len(pairs), los, repeat),
        "distance": best_rate(loops * len(pairs), distance, repeat),
        "mid_game": spots[len(spots) // 2][0] if spots else starts[0],
    }


def baselines(state, repeat: int) -> dict:
    def noop() -> None:
        pass

    def calls() -> None:
        for _ in range(1_000_000):
            noop()

    def clones() -> None:
        for _ in range(20_000):
            state.clone()

    return {"noop": best_rate(1_000_000, calls, repeat),
            "clone": best_rate(20_000, clones, repeat)}


def main(argv: list | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20, help="recorded games per map")
    parser.add_argument("--repeat", type=int, default=5, help="runs per figure (best kept)")
    parser.add_argument("--profile", action="store_true", help="cProfile the replay")
    args = parser.parse_args(argv)

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"Python {platform.python_version()} ({platform.python_implementation()}) on "
          f"{platform.machine()} {platform.system()}, {os.cpu_count()} CPUs, "
          f"load average {load:.2f}; one process, CPU time, best of {args.repeat}")
    results = [bench_map(name, args.games, args.repeat, args.profile) for name in available_maps()]
    awoken = [bench_map("dungeon", args.games, args.repeat, args.profile, mode="awoken")]
    base = baselines(results[-1]["mid_game"], args.repeat)

    print(f"\n{'map':<15}{'games':>6}{'cmds':>7}{'apply/s':>10}{'legal/s':>10}"
          f"{'legal n':>9}{'LOS/s':>12}{'dist/s':>12}")
    for r in results + awoken:
        print(f"{r['map']:<15}{r['games']:>6}{r['commands']:>7}{r['apply']:>10,.0f}"
              f"{r['legal']:>10,.0f}{r['legal_mean']:>6.0f}/{r['legal_max']:<3}"
              f"{r['los']:>11,.0f} {r['distance']:>11,.0f}")
    print(f"\nbaseline: empty function calls {base['noop']:,.0f}/s; "
          f"GameState.clone() {base['clone']:,.0f}/s (mid-game position)")
    total_cmds = sum(r["commands"] for r in results)
    apply_rate = total_cmds / sum(r["commands"] / r["apply"] for r in results)
    print(f"skirmish applied commands/s over all maps: {apply_rate:,.0f} "
          f"= {apply_rate / base['noop'] * 1e3:.2f} per 1,000 empty calls "
          f"= {apply_rate / base['clone']:.2f} per clone")
    from awoken_bench import TARGET_GAMES_PER_SECOND, solo_games_per_second
    solo = solo_games_per_second(games=max(50, args.games * 5), repeat=args.repeat)
    print("The Awoken, whole solo games with the Awoken bot (bots included), games/s: "
          + ", ".join(f"{name} {rate:,.0f}" for name, rate in solo.items()))
    slowest = min(solo.values())
    print(f"target {TARGET_GAMES_PER_SECOND} solo Awoken games/s: "
          f"{'met' if slowest >= TARGET_GAMES_PER_SECOND else 'MISSED'} (slowest {slowest:,.0f})")
    unfinished = sum(r["unfinished"] for r in results + awoken)
    if unfinished:
        print(f"note: {unfinished} recorded games hit the 1,500-command cap (replayed as far as played)")
    met = apply_rate >= TARGET_COMMANDS_PER_SECOND
    print(f"target {TARGET_COMMANDS_PER_SECOND:,} applied commands/s (skirmish): "
          f"{'met' if met else 'MISSED'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
