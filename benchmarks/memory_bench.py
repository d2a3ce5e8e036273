"""Server memory per active game: what one more game in play costs the web processes.

    python benchmarks/memory_bench.py [--mode coop] [--warm 10] [--games 100,200] [--moves 3]

The site as shipped (uvicorn web processes, PostgreSQL, channels-redis; the Celery worker
for the game's opponent); memory is the web processes' resident sets summed. First `--warm`
tables of `--mode` (benchmarks/bench_tables.py) are connected and played a little, so that
the imports, connection pools and caches every game shares are paid for; the resident set
then is the baseline. Then more tables are added in steps (`--games`, cumulative totals of
added tables): each between two players of its own (two players seated at every table
would meet the per-user socket cap), both connected, every client making up to `--moves`
moves from the `legal` lists of its updates. After each step the resident set (VmRSS) is
read again; the figure is the growth per added game.
Each web process keeps the latest parsed state of up to 1,024 games (games.pipeline.states),
so up to that many games the growth per game includes a parsed state in each process that
served it.
Target: < 1 MB per active game.
"""
from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bench_env import rss_mib  # noqa: E402
from benchmarks.bench_tables import modes, new_tables  # noqa: E402
from benchmarks.live_site import bench_main, numbers, table_people  # noqa: E402
from benchmarks.load_bench import open_all  # noqa: E402

TARGET_KIB = 1024


async def add_games(mode: str, port: int, people, seed: int, moves: int) -> list:
    """A table of `mode` for each pair of `people`, both its players connected."""
    from benchmarks.load_client import seat_clients

    game_ids = await asyncio.to_thread(new_tables, mode, people, seed)
    clients = seat_clients(port, game_ids, people)
    await open_all(clients)
    for _ in range(moves):
        for client in clients:
            await client.move()
    await asyncio.sleep(1.0)
    return clients


async def run(args, database_url: str, redis_url: str) -> None:
    from benchmarks.live_site import celery_worker, free_port, web_server
    from games.platform import registry

    game_def = registry.get(args.mode)
    print(f"{game_def.title}: web memory per active game, one pair of players a table")
    people = await asyncio.to_thread(table_people, args.warm + max(args.games), 0,
                                     f"bench-{args.mode}-")
    port = free_port()
    logs = Path(tempfile.gettempdir())
    server = web_server(port, database_url=database_url, redis_url=redis_url,
                        log=logs / f"memory-web-{port}.log")
    worker = celery_worker(database_url=database_url, redis_url=redis_url, shipped=True,
                           log=logs / f"memory-worker-{port}.log").start()
    clients = []
    seed = 60_000 + int(time.time()) % 10_000 * 100
    try:
        await asyncio.to_thread(server.start)
        idle = rss_mib(server.pid)
        clients += await add_games(args.mode, port, people[:args.warm], seed, args.moves)
        seed += args.warm
        base = rss_mib(server.pid)
        print(f"web RSS: idle {idle:.1f} MiB, with {args.warm} warm-up games {base:.1f} MiB")
        added = 0
        for total in args.games:
            more = total - added
            first = args.warm + added
            clients += await add_games(args.mode, port, people[first:first + more], seed,
                                       args.moves)
            seed += more
            added = total
            rss = rss_mib(server.pid)
            per_game = (rss - base) * 1024 / added
            errors = sum(sum(c.tally.errors.values()) for c in clients)
            verdict = "met" if per_game < TARGET_KIB else f"MISSED by {per_game / TARGET_KIB:.1f}x"
            print(f"  +{added:4d} active games ({2 * added} sockets, "
                  f"{sum(c.tally.acked for c in clients)} moves acked so far, errors {errors}): "
                  f"RSS {rss:.1f} MiB = {per_game:.0f} KiB per added game "
                  f"(target < {TARGET_KIB} KiB: {verdict})", flush=True)
    finally:
        await asyncio.gather(*(c.close() for c in clients), return_exceptions=True)
        await asyncio.to_thread(server.stop)
        worker.stop(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mode", choices=modes(), default="coop")
    parser.add_argument("--warm", type=int, default=10)
    parser.add_argument("--games", default="100,200", type=numbers)
    parser.add_argument("--moves", type=int, default=3)
    bench_main(run, parser.parse_args())


if __name__ == "__main__":
    main()
