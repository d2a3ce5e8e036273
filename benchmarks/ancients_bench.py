"""The Ancients' turn end to end: through Celery + Redis, against the same turn in process.

    python benchmarks/ancients_bench.py [--turns 60]

Co-op games of The Awoken are played by the bots through `games.services` (not timed)
until a command hands the game to the Ancients. From that command's commit (the moment
`transaction.on_commit` publishes the task) the clock runs until a socket of the game would
hear the Ancients' step: the `game.changed` broadcast for the new version, received on the
first seat's Redis channel-layer group by a listener in this process.

* celery: the production path. A real Celery worker started as shipped (prefork, two
  children, persistent database connections) takes the task from Redis, runs `services.game_advance` in its own transaction
  and broadcasts on commit.
* in process: the embedded path. The same task runs eagerly inside the on-commit callback
  (`run_ancients_turn.apply`), then broadcasts.
* engine only: `engine.advance` on the same state, no database (the floor).

Turns alternate between the two paths. Target: end to end < 50 ms at p95.
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
from benchmarks.live_site import celery_worker, make_users  # noqa: E402

TARGET_P95_MS = 50


def new_coop(users, seed: int):
    from ancients_ai.scenarios import scenario_ids_in_order
    from games import lobby
    from games.models import Game

    order = scenario_ids_in_order()
    rng = random.Random(seed)
    pair = rng.sample(order, 2)
    game = lobby.game_create(user=users[0], mode="coop", map_name="dungeon",
                             faction="guild", scenario_ids=pair, seed=seed)
    lobby.game_join(game=game, user=users[1], token=game.invite_token, faction="gnomads")
    return game.id


def read_state(game_id):
    from games import selectors
    from games.models import Game

    return selectors.game_state(Game.objects.get(pk=game_id))


def play_until_handover(game_id, users, players, path: str, marks: dict):
    """Send the bots' commands until one hands the game to the Ancients; return the version
    the Ancients will store, or None when the game ended."""
    from games import services
    from games.rules.frames import has_deferred_work

    for _ in range(500):
        state = read_state(game_id)
        if state.outcome is not None:
            return None
        if has_deferred_work(state):  # a turn left waiting (should not happen): run it
            services.game_advance(game_id=game_id, version=state.version)
            continue
        picked = players.next_command(state)
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


def engine_floor(game_id, version: int):
    """engine.advance alone on the state the Ancients started from (replayed from the log)."""
    from games.history import state_at
    from games.models import Game
    from games.rules import engine
    from games.rules.frames import has_deferred_work

    state = state_at(Game.objects.get(pk=game_id), version - 1)
    if not has_deferred_work(state):
        return None
    started = time.perf_counter()
    engine.advance(state)
    return time.perf_counter() - started


async def run(args) -> dict:
    from asgiref.sync import sync_to_async
    from channels.layers import get_channel_layer

    from benchmarks.site_players import TablePlayers
    from games import services
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
    times = {"celery": [], "in process": [], "engine only": []}
    seed, game_id, group = 8000, None, None
    try:
        while len(times["celery"]) < args.turns or len(times["in process"]) < args.turns:
            if game_id is None:
                seed += 1
                game_id = await sync_to_async(new_coop)(users, seed)
                players = TablePlayers(["p1", "p2"], bot="awoken", seed=seed)
                if group:
                    await layer.group_discard(group, channel)
                group = broadcast.seat_group(game_id, "p1")  # each change reaches each seat
                await layer.group_add(group, channel)
            path = "celery" if len(times["celery"]) <= len(times["in process"]) else "in process"
            # the listener must be waiting before the command commits: expect the version
            # the Ancients will store, which is one past the command's
            state = await sync_to_async(read_state)(game_id)
            arrivals.clear()
            for version in range(state.version + 1, state.version + 40):
                arrivals[version] = loop.create_future()
            # as the consumers call the services: sync_to_async on the thread-sensitive
            # executor, so the on-commit broadcast's async_to_sync finds this event loop
            try:
                handover = await asyncio.wait_for(sync_to_async(play_until_handover)(
                    game_id, users, players, path, marks), 120)
            except asyncio.TimeoutError:
                raise SystemExit(f"a handover to the Ancients took over 120 s ({path})") from None
            if handover is None:
                game_id = None
                continue
            version = handover
            try:
                arrived = await asyncio.wait_for(arrivals[version], 30)
            except asyncio.TimeoutError:
                raise SystemExit(f"no Ancients' step for version {version} within 30 s "
                                 f"({path})") from None
            times[path].append(arrived - marks["published"])
            floor = await sync_to_async(engine_floor)(game_id, version)
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


def snapshot_costs(game_id, samples: int = 30) -> dict[str, list[float]]:
    """Work a worker does that the engine does not: a worker has not seen the version the
    web process just committed, so it reads and parses the snapshot; storing the step
    serializes it again."""
    import json

    from games.models import Game
    from games.rules.serialize import state_from_data, state_to_data

    snapshot = Game.objects.get(pk=game_id).snapshot
    costs = {"snapshot read (DB)": [], "state_from_data": [], "state_to_data + JSON": []}
    for _ in range(samples):
        started = time.perf_counter()
        Game.objects.filter(pk=game_id).values_list("snapshot", flat=True).first()
        costs["snapshot read (DB)"].append(time.perf_counter() - started)
        started = time.perf_counter()
        state = state_from_data(snapshot)
        costs["state_from_data"].append(time.perf_counter() - started)
        started = time.perf_counter()
        json.dumps(state_to_data(state))
        costs["state_to_data + JSON"].append(time.perf_counter() - started)
    costs["snapshot bytes"] = len(json.dumps(snapshot))
    return costs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=60, help="Ancients' steps per path")
    parser.add_argument("--conn-max-age", type=int, default=None,
                        help="DB_CONN_MAX_AGE for the worker and this process (default: as "
                             "shipped)")
    args = parser.parse_args()
    if args.conn_max_age is not None:
        os.environ["DB_CONN_MAX_AGE"] = str(args.conn_max_age)
    database_url, redis_url = setup_django()
    log = Path(tempfile.gettempdir()) / f"ancients-worker-{os.getpid()}.log"
    worker = celery_worker(database_url=database_url, redis_url=redis_url, shipped=True,
                           log=log).start()
    started = time.monotonic()
    try:
        time.sleep(3)  # the worker connects to Redis
        times = asyncio.run(run(args))
    finally:
        worker.stop(timeout=30)
    print("\n".join(machine()))
    print(f"DB_CONN_MAX_AGE={os.environ.get('DB_CONN_MAX_AGE', 'as shipped')}; Celery worker as shipped; "
          "the Ancients' step, from the handing command's commit to the step's broadcast:")
    for name, values in times.items():
        print(f"  {name:12s} {summary_ms(values)}")
    p95 = percentile(times["celery"], 95) * 1000
    verdict = "met" if p95 < TARGET_P95_MS else f"MISSED by {p95 / TARGET_P95_MS:.1f}x"
    print(f"  celery end to end p95 {p95:.1f} ms (target < {TARGET_P95_MS} ms: {verdict})")
    from games.models import Game

    game = Game.objects.filter(mode="coop").order_by("-updated").first()
    if game is not None:
        costs = snapshot_costs(game.id)
        print(f"what a worker does besides the rules (an Awoken snapshot of "
              f"{costs.pop('snapshot bytes')} bytes):")
        for name, values in costs.items():
            print(f"  {name:22s} {summary_ms(values)}")
    if os.environ.get("BENCH_SAMPLES"):
        for name, values in times.items():
            print(name, [round(v * 1000, 1) for v in values])
    print(f"(ran {time.monotonic() - started:.0f} s; worker log {log})")


if __name__ == "__main__":
    main()
