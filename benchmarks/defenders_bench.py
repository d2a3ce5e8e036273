"""Defenders of the Wild on the site as shipped: the machines' turn through a real worker,
and web memory per active game.

    python benchmarks/defenders_bench.py turn [--turns 60]
    python benchmarks/defenders_bench.py memory [--warm 10] [--games 100,200] [--moves 3]

turn: ancients_bench's method with Defenders tables. Two-seat games are played by the
greedy bot through `games.services` (not timed) until a seat ends its actions and the
machine card is due. From that command's commit (when the opponent's task is published)
the clock runs until the machines' step is broadcast to the first seat's channel-layer
group, heard by a listener in this process. Paths alternate: "celery" (a real Celery worker
as shipped takes the task from Redis), "in process" (the same task run eagerly in the
on-commit callback) and "engine only" (`advance` on the state, no database). Target: the
celery path's p95 < 50 ms.

memory: memory_bench's measure (the web processes' resident set as shipped, after warm-up
tables and then per added table) with Defenders tables, each with its own two players
connected (two players seated at every table would meet the per-user socket cap) moving
from the `legal` list of their updates. Target: < 1 MB of web memory per active game.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bench_env import machine, percentile, setup_django, summary_ms  # noqa: E402
from benchmarks.live_site import bench_main, celery_worker, make_users, numbers, table_people  # noqa: E402

TARGET_P95_MS = 50
DECKS = ("order:ember", "council:barley", "coven:morrow", "sect:cog")


def new_table(users, seed: int):
    """A two-seat Defenders game, both seats taken (a random pair of decks)."""
    from games import lobby

    first, second = random.Random(seed).sample(DECKS, 2)
    game = lobby.game_create(user=users[0], mode="defenders", players=2, bots=0, tier="base",
                             deck=first, seed=seed)
    lobby.game_join(game=game, user=users[1], token=game.invite_token, deck=second)
    return game.id


def read_state(game_id):
    from games import selectors
    from games.models import Game

    return selectors.game_state(Game.objects.get(pk=game_id))


def play_until_machines(game_id, users, marks: dict, path: str):
    """The greedy bot's commands for whichever seat may act, until one leaves the machine
    card due; the version the machines' step will store, or None when the game ended."""
    from defenders.game import GAME
    from games import services

    for _ in range(3000):
        state = read_state(game_id)
        if GAME.outcome(state) is not None:
            return None
        if GAME.opponent_due(state):  # a turn left waiting (should not happen): run it
            services.game_advance(game_id=game_id, version=state.version)
            continue
        seat = GAME.awaiting(state)[0]
        command = GAME.bot_command(state, seat, "greedy", state.version)
        marks["path"] = path
        result = services.game_apply_command(
            game_id=game_id, user=users[0] if seat == "p1" else users[1],
            expected_version=state.version, command=command)
        if result.deferred:
            return result.version + 1
    return None


def engine_floor(game_id, version: int):
    """The declaration's `advance` alone on the state the machines started from."""
    from defenders.game import GAME
    from games.history import state_at
    from games.models import Game

    state = state_at(Game.objects.get(pk=game_id), version - 1)
    if not GAME.opponent_due(state):
        return None
    started = time.perf_counter()
    GAME.advance(state)
    return time.perf_counter() - started


async def machine_turns(args) -> dict:
    from asgiref.sync import sync_to_async
    from channels.layers import get_channel_layer

    from games.pipeline import broadcast, turns
    from games.tasks import run_ancients_turn

    users, _ = await sync_to_async(make_users)()
    layer = get_channel_layer()
    channel = await layer.new_channel()
    arrivals: dict[int, asyncio.Future] = {}
    marks: dict = {"path": "celery", "published": None}
    loop = asyncio.get_running_loop()
    real_enqueue = turns.send_opponent_turn

    def enqueue(game_id, version):  # called in the command's thread, on commit
        marks["published"] = time.perf_counter()
        if marks["path"] == "celery":
            real_enqueue(game_id, version)
        else:
            run_ancients_turn.apply(args=(game_id, version))

    turns.send_opponent_turn = enqueue

    async def listen():
        while True:
            message = await layer.receive(channel)
            now = time.perf_counter()
            future = arrivals.get(message.get("version"))
            if future is not None and not future.done():
                future.set_result(now)

    listener = asyncio.create_task(listen())
    times: dict[str, list] = {"celery": [], "in process": [], "engine only": []}
    seed, game_id, group = 70_000 + int(time.time()) % 10_000 * 10, None, None
    try:
        while len(times["celery"]) < args.turns or len(times["in process"]) < args.turns:
            if game_id is None:
                seed += 1
                game_id = await sync_to_async(new_table)(users, seed)
                if group:
                    await layer.group_discard(group, channel)
                group = broadcast.seat_group(game_id, "p1")
                await layer.group_add(group, channel)
            path = "celery" if len(times["celery"]) <= len(times["in process"]) else "in process"
            state = await sync_to_async(read_state)(game_id)
            arrivals.clear()
            for version in range(state.version + 1, state.version + 400):
                arrivals[version] = loop.create_future()
            handover = await asyncio.wait_for(sync_to_async(play_until_machines)(
                game_id, users, marks, path), 120)
            if handover is None:
                game_id = None
                continue
            try:
                arrived = await asyncio.wait_for(arrivals[handover], 30)
            except asyncio.TimeoutError:
                raise SystemExit(f"no machines' step for version {handover} within 30 s "
                                 f"({path})") from None
            times[path].append(arrived - marks["published"])
            floor = await sync_to_async(engine_floor)(game_id, handover)
            if floor is not None:
                times["engine only"].append(floor)
    finally:
        listener.cancel()
        try:
            await listener
        except asyncio.CancelledError:
            pass
        turns.send_opponent_turn = real_enqueue
    return times


def turn_main(args) -> None:
    database_url, redis_url = setup_django()
    log = Path(tempfile.gettempdir()) / f"defenders-worker-{os.getpid()}.log"
    worker = celery_worker(database_url=database_url, redis_url=redis_url, shipped=True,
                           log=log).start()
    started = time.monotonic()
    try:
        time.sleep(3)  # the worker connects to Redis
        times = asyncio.run(machine_turns(args))
    finally:
        worker.stop(timeout=30)
    print("\n".join(machine()))
    print("Defenders of the Wild: the machines' step, from the handing command's commit to "
          "the step's broadcast:")
    for name, values in times.items():
        print(f"  {name:12s} {summary_ms(values)}")
    p95 = percentile(times["celery"], 95) * 1000
    verdict = "met" if p95 < TARGET_P95_MS else f"MISSED by {p95 / TARGET_P95_MS:.1f}x"
    print(f"  celery end to end p95 {p95:.1f} ms (target < {TARGET_P95_MS} ms: {verdict})")
    from games.models import Game

    game = Game.objects.filter(mode="defenders").order_by("-updated").first()
    if game is not None:
        import json
        print(f"a Defenders snapshot: {len(json.dumps(game.snapshot))} bytes")
    print(f"(ran {time.monotonic() - started:.0f} s; worker log {log})")


async def add_tables(count: int, first: int, port: int, seed: int, moves: int) -> list:
    """`count` more tables, each with its own two players connected, each making up to
    `moves` moves from its updates' `legal` lists."""
    from benchmarks.load_bench import open_all
    from benchmarks.load_client import SeatClient

    people = await asyncio.to_thread(table_people, count, first, "bench-d")
    clients = []
    for i, (users, cookies) in enumerate(people):
        game_id = await asyncio.to_thread(new_table, users, seed + i)
        clients += [SeatClient(port, game_id, seat, cookie, seed=2 * (first + i) + k)
                    for k, (seat, cookie) in enumerate(zip(("p1", "p2"), cookies))]
    await open_all(clients)
    for _ in range(moves):
        for client in clients:
            await client.move()
    await asyncio.sleep(1.0)
    return clients


async def memory_run(args, database_url: str, redis_url: str) -> None:
    """memory_bench's measure (web RSS after warm-up games, then per added game)."""
    from benchmarks.bench_env import rss_mib
    from benchmarks.live_site import free_port, web_server
    from benchmarks.memory_bench import TARGET_KIB

    port = free_port()
    logs = Path(tempfile.gettempdir())
    server = web_server(port, database_url=database_url, redis_url=redis_url,
                        log=logs / f"defenders-memory-web-{port}.log")
    worker = celery_worker(database_url=database_url, redis_url=redis_url, shipped=True,
                           log=logs / f"defenders-memory-worker-{port}.log").start()
    clients: list = []
    seed = 80_000 + int(time.time()) % 10_000 * 100
    try:
        await asyncio.to_thread(server.start)
        idle = rss_mib(server.pid)
        clients += await add_tables(args.warm, 0, port, seed, args.moves)
        base = rss_mib(server.pid)
        print(f"web RSS: idle {idle:.1f} MiB, with {args.warm} warm-up tables {base:.1f} MiB")
        added = 0
        for total in args.games:
            clients += await add_tables(total - added, args.warm + added, port,
                                        seed + args.warm + added, args.moves)
            added = total
            rss = rss_mib(server.pid)
            per_game = (rss - base) * 1024 / added
            errors: dict = {}
            for client in clients:
                for what, n in client.tally.errors.items():
                    errors[what] = errors.get(what, 0) + n
            verdict = "met" if per_game < TARGET_KIB else f"MISSED by {per_game / TARGET_KIB:.1f}x"
            print(f"  +{added:4d} active tables ({2 * added} sockets, "
                  f"{sum(c.tally.acked for c in clients)} moves acked so far, errors "
                  f"{errors or 0}): RSS {rss:.1f} MiB = {per_game:.0f} KiB per added game "
                  f"(target < {TARGET_KIB} KiB: {verdict})", flush=True)
    finally:
        await asyncio.gather(*(c.close() for c in clients), return_exceptions=True)
        await asyncio.to_thread(server.stop)
        worker.stop(timeout=30)


def memory_main(args) -> None:
    print("Defenders of the Wild: web memory per active game (memory_bench's measure, one "
          "pair of players a table)")
    bench_main(memory_run, args)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    turn = sub.add_parser("turn")
    turn.add_argument("--turns", type=int, default=60, help="machines' steps per path")
    memory = sub.add_parser("memory")
    memory.add_argument("--warm", type=int, default=10)
    memory.add_argument("--games", default="100,200", type=numbers)
    memory.add_argument("--moves", type=int, default=3)
    args = parser.parse_args()
    (turn_main if args.what == "turn" else memory_main)(args)


if __name__ == "__main__":
    main()
