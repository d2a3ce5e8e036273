"""The most commands per second one web process sustains, clients as fast as they can go.

    python benchmarks/throughput_bench.py [--games 1,4,16,32] [--duration 20]
                                          [--mode skirmish|coop] [--conn-max-age N]

One daphne process (the site with the per-socket flood limit lifted, see bare_asgi.py),
PostgreSQL and Redis on loopback; for co-op games also one Celery worker. For each count of
games, two clients per game (benchmarks/load_client.py) send their next legal command the
moment the previous one is answered. Printed per count: acknowledged commands/s, stale
refusals, errors, command -> own update p50/p99, and the CPU the server used (cores).
The figure is the highest commands/s over the counts tried.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bench_env import (ROOT, cpu_seconds, machine, percentile, rss_mib,  # noqa: E402
                                  setup_django)
from benchmarks.load_bench import create_games, make_users, open_all  # noqa: E402


def create_skirmishes(users, count: int, first_seed: int) -> list:
    from games import services
    from games.models import Game

    ids = []
    for i in range(count):
        game = services.game_create(user=users[0], mode=Game.Mode.SKIRMISH, map_name="dungeon",
                                    faction="guild", players=2, seed=first_seed + i)
        services.game_join(game=game, user=users[1], token=game.invite_token, faction="gnomads")
        ids.append(game.id)
    return ids


async def run(args, database_url: str, redis_url: str) -> None:
    from benchmarks.live_site import daphne, free_port
    from benchmarks.load_client import SeatClient, Tally

    users, cookies = await asyncio.to_thread(make_users)
    port = free_port()
    logs = Path(tempfile.gettempdir())
    extra = {"BENCH_NO_RATE_LIMIT": "1"}
    if args.conn_max_age is not None:
        extra["DB_CONN_MAX_AGE"] = str(args.conn_max_age)
    server = daphne(port, database_url=database_url, redis_url=redis_url, extra_env=extra,
                    log=logs / f"throughput-daphne-{port}.log", app="benchmarks.bare_asgi:application")
    worker = None
    if args.mode == "coop":
        worker = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "wildlands_site", "worker", "--pool=solo",
             "--without-heartbeat", "--without-gossip", "--without-mingle", "-l", "WARNING"],
            cwd=ROOT, env={**os.environ, "DATABASE_URL": database_url, "REDIS_URL": redis_url},
            stdout=(logs / f"throughput-worker-{port}.log").open("ab"), stderr=subprocess.STDOUT)
    best = 0.0
    try:
        await asyncio.to_thread(server.start)
        print(f"{args.mode} games; server DB_CONN_MAX_AGE="
              f"{args.conn_max_age if args.conn_max_age is not None else '0 (shipped)'}; "
              f"{args.duration:g} s per count")
        seed = 40_000 + int(time.time()) % 10_000 * 100
        for count in args.games:
            make = create_skirmishes if args.mode == "skirmish" else create_games
            game_ids = await asyncio.to_thread(make, users, count, seed)
            seed += count
            clients = [SeatClient(port, game_id, seat, cookie, seed=i, reply_timeout=10)
                       for i, (game_id, (seat, cookie)) in enumerate(
                           (g, sc) for g in game_ids for sc in zip(("p1", "p2"), cookies))]
            await open_all(clients)
            await asyncio.sleep(1.0)
            cpu_before = cpu_seconds(server.pid)
            started = time.perf_counter()
            await asyncio.gather(*(c.play_flat_out(until=started + args.duration) for c in clients))
            elapsed = time.perf_counter() - started
            cpu = (cpu_seconds(server.pid) - cpu_before) / elapsed
            total = Tally()
            for client in clients:
                total.add(client.tally)
            await asyncio.gather(*(c.close() for c in clients))
            rate = total.acked / elapsed
            best = max(best, rate)
            ms = [t * 1000 for t in total.update_times]
            print(f"  {count:3d} games: {rate:6.1f} commands/s acked ({total.stale} stale, "
                  f"errors {total.errors or 0}); command -> own update p50 "
                  f"{percentile(ms, 50):.1f} p99 {percentile(ms, 99):.1f} ms; daphne "
                  f"{cpu:.2f} cores, RSS {rss_mib(server.pid):.0f} MiB; load average "
                  f"{os.getloadavg()[0]:.2f}", flush=True)
    finally:
        await asyncio.to_thread(server.stop)
        if worker is not None:
            worker.terminate()
            worker.wait(timeout=30)
    print(f"most commands/s one web process sustained: {best:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="1,4,16,32",
                        type=lambda text: [int(x) for x in text.split(",") if x])
    parser.add_argument("--duration", type=float, default=20)
    parser.add_argument("--mode", choices=("skirmish", "coop"), default="skirmish")
    parser.add_argument("--conn-max-age", type=int, default=None)
    args = parser.parse_args()
    started = time.monotonic()
    urls = setup_django()
    print("\n".join(machine()))
    asyncio.run(run(args, *urls))
    print(f"(ran {time.monotonic() - started:.0f} s)")


if __name__ == "__main__":
    main()
