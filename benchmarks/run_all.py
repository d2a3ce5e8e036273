"""Every benchmark in one go (`make bench`): the engine, then the site as shipped (with the
same trivial game on boardgame.io beside it, benchmarks/peer_bench.py); the
opponent's step and web memory are measured for each game with an opponent (`--mode`).
Bounded: about 30 minutes on the 2-CPU machine docs/performance.md describes.

    python benchmarks/run_all.py [--quick]

Each benchmark runs as its own process and prints its own figures beside its baselines
and targets; the site benchmarks need PostgreSQL and Redis (see benchmarks/bench_env.py for
where they are looked for) and run the site with the shipped settings (no options): uvicorn
web processes, the Celery worker as docker-compose.yml starts it, persistent database
connections. Before each benchmark it waits, a minute at most, for the CPU to settle after
the last one (the wait is printed in the benchmark's heading). `--quick` shortens every run
and does not wait (a smoke test of the benchmarks, not figures to quote).
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def runs(quick: bool) -> list[list[str]]:
    if quick:
        return [["engine_bench.py", "--games", "2", "--repeat", "1"],
                ["roundtrip_bench.py", "--moves", "40", "--warmup", "5"],
                ["opponent_step_bench.py", "--mode", "coop", "--turns", "5"],
                ["celery_floor_bench.py", "--duration", "2"],
                ["load_bench.py", "--steps", "5", "--duration", "10"],
                ["throughput_bench.py", "--games", "2", "--duration", "5"],
                ["throughput_bench.py", "--mode", "coop", "--games", "2", "--duration", "3",
                 "--beside-trivial"],
                ["peer_bench.py", "--lanes", "2", "--paced-lanes", "2", "--duration", "3",
                 "--warmup", "2", "--idle-tables", "4", "--idle-seconds", "3"],
                ["memory_bench.py", "--mode", "coop", "--warm", "3", "--games", "10",
                 "--moves", "1"],
                ["opponent_step_bench.py", "--mode", "defenders", "--turns", "5"],
                ["memory_bench.py", "--mode", "defenders", "--warm", "3", "--games", "10",
                 "--moves", "1"]]
    return [["engine_bench.py", "--games", "8", "--repeat", "3"],
            ["board_bench.py"],
            ["roundtrip_bench.py"],
            ["opponent_step_bench.py", "--mode", "coop"],
            ["celery_floor_bench.py"],
            ["load_bench.py", "--steps", "200,400,600,800,1000", "--duration", "60",
             "--every-step"],
            ["throughput_bench.py"],
            ["throughput_bench.py", "--mode", "coop", "--games", "4,8,16,32",
             "--beside-trivial"],
            ["throughput_bench.py", "--mode", "defenders", "--games", "4,8,16",
             "--beside-trivial"],
            ["peer_bench.py"],
            ["memory_bench.py", "--mode", "coop"],
            ["opponent_step_bench.py", "--mode", "defenders"],
            ["memory_bench.py", "--mode", "defenders"]]


# Before each benchmark, the machine is given up to this long to settle after the last
# one: a benchmark's tail (the load steps' PostgreSQL checkpoint and vacuum, say) was being
# counted in the next one's CPU a command, which began at CPU pressure 54 %.
SETTLE_SECONDS = 60
SETTLED_PRESSURE = 5.0  # % of the last 10 s some task waited for a CPU (/proc/pressure/cpu)


def cpu_pressure() -> float:
    """The share of the last ten seconds in which some task waited for a CPU, in %."""
    try:
        first = Path("/proc/pressure/cpu").read_text().splitlines()[0]
    except OSError:  # no pressure stall information here: nothing to wait for
        return 0.0
    return float(first.split()[1].split("=")[1])


def settle() -> str:
    """Wait (at most SETTLE_SECONDS) until the CPU pressure falls under SETTLED_PRESSURE;
    say how long it took and where the pressure stood."""
    started = time.monotonic()
    while cpu_pressure() >= SETTLED_PRESSURE and time.monotonic() - started < SETTLE_SECONDS:
        time.sleep(1)
    return (f"settled {time.monotonic() - started:.0f} s, CPU pressure {cpu_pressure():.1f} % "
            f"(avg10)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    failed = []
    for command in runs(args.quick):
        print(f"\n=== python benchmarks/{' '.join(command)}"
              + ("" if args.quick else f" ({settle()})"), flush=True)
        started = time.monotonic()
        code = subprocess.call([sys.executable, str(HERE / command[0]), *command[1:]])
        print(f"=== exit {code} after {time.monotonic() - started:.0f} s", flush=True)
        if code:
            failed.append(command[0])
    if failed:
        sys.exit(f"failed: {', '.join(failed)}")


if __name__ == "__main__":
    main()
