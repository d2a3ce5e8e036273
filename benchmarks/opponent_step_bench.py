"""A game's opponent step end to end (the Ancients', the machines'): through Celery + Redis,
against the same step in process, for any game whose declaration has an opponent.

    python benchmarks/opponent_step_bench.py --mode coop [--turns 60]
    python benchmarks/opponent_step_bench.py --mode defenders [--turns 60]

Two-person tables of `--mode` (benchmarks/bench_tables.py) are played through
`games.services` (not timed) by the bots the declaration names (`bot_kinds()[0]`, each
seat asked `bot_command` in the order `awaiting` gives) until a command hands the game to
its opponent (`opponent_due`). From that command's commit (the moment
`transaction.on_commit` publishes the task) the clock runs until a socket of the game would
hear the opponent's step: the `game.changed` broadcast for the new version, received on the
first seat's Redis channel-layer group by a listener in this process.

* celery: the production path. A real Celery worker started as shipped (two threads,
  persistent database connections) takes the task from Redis, runs
  `services.game_advance` in its own transaction and broadcasts on commit.
* in process: the embedded path. The same task runs eagerly inside the on-commit callback,
  then broadcasts.
* engine only: the declaration's `advance` on the same state, no database (the floor).

Turns alternate between the two paths. Target: end to end < 50 ms at p95. Then what a
worker does besides the rules: reading and parsing the stored snapshot, and writing it.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bench_env import machine, percentile, setup_django, summary_ms  # noqa: E402
from benchmarks.bench_tables import modes, new_table  # noqa: E402
from benchmarks.live_site import celery_worker, make_users  # noqa: E402

TARGET_P95_MS = 50
MAX_COMMANDS = 3000  # commands sent before one hands the game to its opponent, at most


def declaration(mode: str):
    from games.platform import registry

    return registry.get(mode)


def read_state(game_id):
    from games import selectors
    from games.models import Game

    return selectors.game_state(Game.objects.get(pk=game_id))


def bot_move(game_def, state, seed: int):
    """(seat, command) the declared bots send now, or None when no seat has one."""
    kind = game_def.bot_kinds()[0]
    for seat in game_def.awaiting(state):
        if seat == game_def.opponent:
            continue
        command = game_def.bot_command(state, seat, kind, seed)
        if command is not None:
            return seat, command
    return None


def play_until_handover(mode: str, game_id, users, marks: dict, path: str, seed: int):
    """Send the bots' commands until one hands the game to its opponent; return the version
    the opponent's step will store, or None when the game ended (or no bot had a move)."""
    from games import services

    game_def = declaration(mode)
    for step in range(MAX_COMMANDS):
        state = read_state(game_id)
        if game_def.outcome(state) is not None:
            return None
        if game_def.opponent_due(state):  # a turn left waiting (should not happen): run it
            services.game_advance(game_id=game_id, version=state.version)
            continue
        picked = bot_move(game_def, state, seed * 10_007 + step)
        if picked is None:
            return None
        seat, command = picked
        marks["path"] = path
        result = services.game_apply_command(
            game_id=game_id, user=users[0] if seat == "p1" else users[1],
            expected_version=state.version, command=command)
        if result.deferred:
            return result.version + 1
    return None


def engine_floor(mode: str, game_id, version: int):
    """The declaration's `advance` alone on the state the opponent started from (replayed
    from the log)."""
    from games.history import state_at
    from games.models import Game

    game_def = declaration(mode)
    state = state_at(Game.objects.get(pk=game_id), version - 1)
    if not game_def.opponent_due(state):
        return None
    started = time.perf_counter()
    game_def.advance(state)
    return time.perf_counter() - started


async def run(args) -> dict:
    from asgiref.sync import sync_to_async
    from channels.layers import get_channel_layer

    from games.pipeline import broadcast, turns
    from games.pipeline.task_sender import task_named

    users, _ = await sync_to_async(make_users)()
    layer = get_channel_layer()
    channel = await layer.new_channel()
    arrivals: dict[int, asyncio.Future] = {}
    marks: dict = {"path": "celery", "published": None}
    loop = asyncio.get_running_loop()
    real_enqueue = turns.send_opponent_turn
    opponent_turn = task_named(turns.OPPONENT_TURN)

    def enqueue(game_id, version, made_by=None):  # called in the command's thread, on commit
        marks["published"] = time.perf_counter()
        if marks["path"] == "celery":
            real_enqueue(game_id, version, made_by)
        else:
            opponent_turn.apply(args=(game_id, version, made_by))

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
    seed, game_id, group = args.seed, None, None
    try:
        while len(times["celery"]) < args.turns or len(times["in process"]) < args.turns:
            if game_id is None:
                seed += 1
                game_id = await sync_to_async(new_table)(args.mode, users, seed)
                if group:
                    await layer.group_discard(group, channel)
                group = broadcast.seat_group(game_id, "p1")  # each change reaches each seat
                await layer.group_add(group, channel)
            path = "celery" if len(times["celery"]) <= len(times["in process"]) else "in process"
            # the listener must be waiting before the command commits: expect every version
            # the commands up to the handover may store
            state = await sync_to_async(read_state)(game_id)
            arrivals.clear()
            for version in range(state.version + 1, state.version + 400):
                arrivals[version] = loop.create_future()
            # as the consumers call the services: sync_to_async on the thread-sensitive
            # executor, so the on-commit broadcast's async_to_sync finds this event loop
            try:
                handover = await asyncio.wait_for(sync_to_async(play_until_handover)(
                    args.mode, game_id, users, marks, path, seed), 120)
            except asyncio.TimeoutError:
                raise SystemExit(f"a handover to the opponent took over 120 s ({path})") from None
            if handover is None:
                game_id = None
                continue
            try:
                arrived = await asyncio.wait_for(arrivals[handover], 30)
            except asyncio.TimeoutError:
                raise SystemExit(f"no opponent's step for version {handover} within 30 s "
                                 f"({path})") from None
            times[path].append(arrived - marks["published"])
            floor = await sync_to_async(engine_floor)(args.mode, game_id, handover)
            if floor is not None:
                times["engine only"].append(floor)
    finally:
        listener.cancel()
        try:
            await listener  # the layer unsubscribes its channel while the loop still runs
        except asyncio.CancelledError:
            pass
        turns.send_opponent_turn = real_enqueue
    return times


def snapshot_costs(mode: str, game_id, samples: int = 30) -> dict:
    """Work a worker does that the rules do not: a worker has not seen the version the web
    process just committed, so it reads and parses the snapshot; storing the step
    serializes it again."""
    from games.models import Game

    game_def = declaration(mode)
    snapshot = Game.objects.get(pk=game_id).snapshot
    costs: dict = {"snapshot read (DB)": [], "state_from_data": [], "state_to_data + JSON": []}
    for _ in range(samples):
        started = time.perf_counter()
        Game.objects.filter(pk=game_id).values_list("snapshot", flat=True).first()
        costs["snapshot read (DB)"].append(time.perf_counter() - started)
        started = time.perf_counter()
        state = game_def.state_from_data(snapshot)
        costs["state_from_data"].append(time.perf_counter() - started)
        started = time.perf_counter()
        json.dumps(game_def.state_to_data(state))
        costs["state_to_data + JSON"].append(time.perf_counter() - started)
    costs["snapshot bytes"] = len(json.dumps(snapshot))
    return costs


def report(args, times: dict) -> None:
    from games.models import Game

    game_def = declaration(args.mode)
    opponent = game_def.opponent_name or game_def.opponent  # as game lists name it
    print("\n".join(machine()))
    print(f"DB_CONN_MAX_AGE={os.environ.get('DB_CONN_MAX_AGE', 'as shipped')}; Celery worker "
          f"as shipped; {game_def.title}: the opponent's step ({opponent}), from the handing "
          f"command's commit to the step's broadcast:")
    for name, values in times.items():
        print(f"  {name:12s} {summary_ms(values)}")
    p95 = percentile(times["celery"], 95) * 1000
    verdict = "met" if p95 < TARGET_P95_MS else f"MISSED by {p95 / TARGET_P95_MS:.1f}x"
    print(f"  celery end to end p95 {p95:.1f} ms (target < {TARGET_P95_MS} ms: {verdict})")
    game = Game.objects.filter(mode=args.mode).order_by("-updated").first()
    if game is not None:
        costs = snapshot_costs(args.mode, game.id)
        print(f"what a worker does besides the rules (a snapshot of "
              f"{costs.pop('snapshot bytes')} bytes):")
        for name, values in costs.items():
            print(f"  {name:22s} {summary_ms(values)}")
    if os.environ.get("BENCH_SAMPLES"):
        for name, values in times.items():
            print(name, [round(v * 1000, 1) for v in values])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mode", choices=modes(), default="coop")
    parser.add_argument("--turns", type=int, default=60, help="opponent's steps per path")
    parser.add_argument("--seed", type=int, default=8000, help="the first table's seed, less one")
    parser.add_argument("--conn-max-age", type=int, default=None,
                        help="DB_CONN_MAX_AGE for the worker and this process (default: as "
                             "shipped)")
    args = parser.parse_args()
    if args.conn_max_age is not None:
        os.environ["DB_CONN_MAX_AGE"] = str(args.conn_max_age)
    database_url, redis_url = setup_django()
    log = Path(tempfile.gettempdir()) / f"opponent-worker-{os.getpid()}.log"
    worker = celery_worker(database_url=database_url, redis_url=redis_url, shipped=True,
                           log=log).start()
    started = time.monotonic()
    try:
        time.sleep(3)  # the worker connects to Redis
        times = asyncio.run(run(args))
    finally:
        worker.stop(timeout=30)
    report(args, times)
    print(f"(ran {time.monotonic() - started:.0f} s; worker log {log})")


if __name__ == "__main__":
    main()
