"""A move's websocket round trip, against two bare baselines measured in the same run.

    python benchmarks/roundtrip_bench.py [--moves 300] [--warmup 30] [--trace FILE]

One web process (uvicorn, as production runs each of its processes) on loopback
(PostgreSQL + channels-redis, see bench_env) serves the site
and two bare consumers (benchmarks/bare_asgi.py). Each round, in turn:

* echo: one client sends a frame, the bare consumer sends it back; time to the echo;
* group: one client sends a frame, the bare consumer `group_send`s it through Redis to
  the two clients of the room; time until both have it;
* stored: the same, after the frame is stored by one INSERT committed on the event loop's
  PostgreSQL connection (as a move's step is): the least a durable move's round trip
  costs on this stack;
* move: the seat to move sends its bot's command on the real game socket; the consumer
  runs it (row lock and seat, version check, rules, store, each seat's update built,
  commit), acks, and sends each seat's update to that seat's group through Redis, which
  each socket forwards; time until the mover has its ack and both seats have the update.

The bot picks the move before the clock starts. Games are skirmishes (no Ancients' turn in
the move). Targets: move ≤ 2× group at p50 and ≤ 3× at p99; the stored relay shows how much
of that a durable write alone takes.
"""
from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import bare_asgi_tables, trace_stages  # noqa: E402
from benchmarks.bench_env import machine, percentile, setup_django, summary_ms  # noqa: E402
from benchmarks.live_site import make_users  # noqa: E402

TARGET_P50, TARGET_P99 = 2.0, 3.0


def new_game(users, seed: int):
    from games import lobby
    from games.models import Game

    game = lobby.game_create(user=users[0], mode="skirmish", map_name="dungeon",
                             faction="guild", players=2, seed=seed)
    lobby.game_join(game=game, user=users[1], token=game.invite_token, faction="gnomads")
    return game.id


def read_state(game_id):
    from games import selectors
    from games.models import Game

    return selectors.game_state(Game.objects.get(pk=game_id))


async def run(args, database_url: str, redis_url: str) -> None:
    from benchmarks.live_site import free_port, web_server
    from benchmarks.site_players import TablePlayers
    from benchmarks.timed_socket import TimedSocket

    users, cookies = await asyncio.to_thread(make_users)
    port = free_port()
    log = Path(tempfile.gettempdir()) / f"roundtrip-web-{port}.log"
    server = web_server(port, processes=1, database_url=database_url, redis_url=redis_url, log=log,
                    app="benchmarks.bare_asgi:application",
                    extra_env={"BENCH_NO_RATE_LIMIT": "1", "BENCH_TRACE": args.trace or "",
                               **({"DB_CONN_MAX_AGE": str(args.conn_max_age)}
                                  if args.conn_max_age is not None else {})})
    await asyncio.to_thread(bare_asgi_tables.floor_table, database_url)
    await asyncio.to_thread(server.start)
    origin, base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    times = {"echo": [], "group": [], "stored": [], "move": [], "ack": []}
    sockets = []
    try:
        echo = await TimedSocket(f"{base}/ws/bench/echo/", origin=origin).open()
        room = [await TimedSocket(f"{base}/ws/bench/group/r{port}/", origin=origin).open()
                for _ in range(2)]
        stored = [await TimedSocket(f"{base}/ws/bench/stored/s{port}/", origin=origin).open()
                  for _ in range(2)]
        sockets += [echo, *room, *stored]
        game_id, seat_sockets, players, seed = None, {}, None, 7000
        total = args.warmup + args.moves
        i = 0
        while i < total:
            # echo
            wait = echo.expect(("echo", i))
            started = await echo.send({"n": i})
            echo_time = (await wait)[0] - started
            # group broadcast to two clients
            waits = [s.expect(("echo", i)) for s in room]
            started = await room[0].send({"n": i})
            group_time = max(t for t, _ in await asyncio.gather(*waits)) - started
            # the same, stored first
            waits = [s.expect(("echo", i)) for s in stored]
            started = await stored[0].send({"n": i})
            stored_time = max(t for t, _ in await asyncio.gather(*waits)) - started
            # a move
            state = None if game_id is None else await asyncio.to_thread(read_state, game_id)
            picked = None if state is None else players.next_command(state)
            if picked is None:  # a new game (the first, or the last one ended)
                for s in seat_sockets.values():
                    await s.close()
                seed += 1
                game_id = await asyncio.to_thread(new_game, users, seed)
                players = TablePlayers(["p1", "p2"], bot="greedy", seed=seed)
                seat_sockets = {}
                for seat, cookie in zip(("p1", "p2"), cookies):
                    seat_sockets[seat] = await TimedSocket(
                        f"{base}/ws/play/{game_id}/", cookie=cookie, origin=origin).open()
                await asyncio.sleep(0.3)  # the greetings
                continue
            seat, command = picked
            mover = seat_sockets[seat]
            reply = mover.expect(("reply", i))
            updates = [s.expect(("update", state.version + 1)) for s in seat_sockets.values()]
            started = await mover.send({"type": "command", "id": i,
                                        "expected_version": state.version, "command": command})
            replied_at, answer = await asyncio.wait_for(reply, 30)
            if answer["type"] != "ack":
                raise SystemExit(f"move {i} was refused: {answer}")
            arrived = await asyncio.wait_for(asyncio.gather(*updates), 30)
            move_time = max([replied_at, *[t for t, _ in arrived]]) - started
            if i >= args.warmup:
                times["echo"].append(echo_time)
                times["group"].append(group_time)
                times["stored"].append(stored_time)
                times["move"].append(move_time)
                times["ack"].append(replied_at - started)
            i += 1
        sockets += list(seat_sockets.values())
    finally:
        for s in sockets:
            await s.close()
        await asyncio.to_thread(server.stop)

    print("\n".join(machine()))
    print(f"round trips over loopback, one web process, {args.moves} rounds "
          f"(after {args.warmup} warm-up), interleaved:")
    print(f"  bare echo            {summary_ms(times['echo'])}")
    print(f"  bare group to 2      {summary_ms(times['group'])}")
    print(f"  stored, then group   {summary_ms(times['stored'])}")
    print(f"  move: ack only       {summary_ms(times['ack'])}")
    print(f"  move: ack + 2 updates {summary_ms(times['move'])}")
    for p, target in ((50, TARGET_P50), (99, TARGET_P99)):
        ratio = percentile(times["move"], p) / percentile(times["group"], p)
        verdict = "met" if ratio <= target else f"MISSED by {ratio / target:.1f}x"
        print(f"  p{p}: move / group = {ratio:.1f}x (target <= {target}x: {verdict}); "
              f"stored relay / group = "
              f"{percentile(times['stored'], p) / percentile(times['group'], p):.1f}x")


def component_costs(samples: int = 60) -> dict[str, list[float]]:
    """What one move's server work is made of, timed in this process against the same
    database and Redis: a database round trip, a row lock + update + commit (PostgreSQL
    waits for the write-ahead log to reach the disk), a group message sent from sync code the
    way a Celery worker sends the Ancients' steps (`broadcast.send_sync`), a whole
    `game_apply_command` as the consumer calls it (the seats' updates built, not sent) and one
    seat's `update_payload` (the database path a socket takes on connect or resync)."""
    from django.db import connection, transaction

    from benchmarks.site_players import TablePlayers
    from games import selectors, services
    from games.pipeline import broadcast
    from games.models import Game

    def timed(call) -> float:
        started = time.perf_counter()
        call()
        return time.perf_counter() - started

    def select_one():
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")

    users, _ = make_users()
    game_id = new_game(users, 6999)

    def lock_and_commit():
        with transaction.atomic():
            game = Game.objects.select_for_update().get(pk=game_id)
            game.save(update_fields=["updated"])

    costs = {"SELECT 1": [timed(select_one) for _ in range(samples)],
             "lock + update + commit": [timed(lock_and_commit) for _ in range(samples)],
             "group message (broadcast.send_sync)": [
                 timed(lambda: broadcast.send_sync(
                     [broadcast.Delivery("game-bench", {"type": "game.changed", "version": 0})]))
                 for _ in range(samples)],
             "game_apply_command": [], "update_payload (one seat)": []}
    players, seed = TablePlayers(["p1", "p2"], seed=6999), 6999
    while len(costs["game_apply_command"]) < samples:
        state = read_state(game_id)
        picked = players.next_command(state)
        if picked is None:
            seed += 1
            game_id = new_game(users, seed)
            continue
        seat, command = picked
        user = users[0] if seat == "p1" else users[1]
        costs["game_apply_command"].append(timed(lambda: services.game_apply_command(
            game_id=game_id, user=user, expected_version=state.version, command=command,
            publish=False)))
        for seat in ("p1", "p2"):
            costs["update_payload (one seat)"].append(timed(
                lambda: selectors.update_payload(game_id=game_id, seat=seat, after=None)))
    return costs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--warmup", type=int, default=30)
    parser.add_argument("--conn-max-age", type=int, default=None,
                        help="DB_CONN_MAX_AGE for the server (default: the shipped setting)")
    parser.add_argument("--trace", default="", help="file for the server's marks of each "
                                                    "stage of a move (printed by stage at the end)")
    args = parser.parse_args()
    started = time.monotonic()
    urls = setup_django()
    if args.trace:
        Path(args.trace).write_text("")
    asyncio.run(run(args, *urls))
    if args.trace:
        print("\n".join(trace_stages.report(Path(args.trace), skip=args.warmup)))
    print("what a move's server work is made of (in process, same database and Redis):")
    for name, values in component_costs().items():
        print(f"  {name:27s} {summary_ms(values)}")
    print(f"(ran {time.monotonic() - started:.0f} s)")


if __name__ == "__main__":
    main()
