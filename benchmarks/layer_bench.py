"""The CPU one stored change costs the web process's channel layer on a real Redis, alone:
for A/B checks of the layer without the rest of the site.

    python benchmarks/layer_bench.py [--changes 2000] [--rounds 5] [--size 4000] [--redis-py]

A change as the pipeline sends it: `group_send_many` of one message to each of the two
seats' groups, with the mover's socket (which sends its update itself) and its partner's
both in this process. The partner's socket takes its message from its queue, and the copies
Redis sends back are heard and dropped before a round ends. Printed per round set:
microseconds of this process's CPU a change and of wall time, best and median of `rounds`
rounds of `changes` changes (Redis's own CPU is not counted).

`--redis-py` gives the host an option of redis-py's, so the layer publishes and listens
through redis-py as it does for any set-up but a plain address: both ways from one commit.
Redis from BENCH_REDIS_URL, else REDIS_URL, else redis://127.0.0.1:6379/13.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]


async def run(url: str, changes: int, rounds: int, size: int, redis_py: bool) -> list[tuple[float, float]]:
    from games.pipeline.channel_layer import PatientRedisPubSubChannelLayer

    host = {"address": url, "socket_keepalive": True} if redis_py else {"address": url}
    layer = PatientRedisPubSubChannelLayer(hosts=[host])
    table = f"bench-{uuid.uuid4().hex}"
    mover, partner = await layer.new_channel(), await layer.new_channel()
    await layer.group_add(f"{table}-p1", mover)
    await layer.group_add(f"{table}-p2", partner)
    shard = layer._get_layer()._shards[0]
    text = "x" * size
    results = []
    try:
        for round_ in range(rounds + 1):  # the first round warms up
            started, cpu = time.perf_counter(), time.process_time()
            for version in range(changes):
                await layer.group_send_many(
                    [(f"{table}-p1", {"type": "game.update", "v": version, "text": text}),
                     (f"{table}-p2", {"type": "game.update", "v": version, "text": text})],
                    had_it=mover)
                await layer.receive(partner)
            while shard._echoes:  # every copy back from Redis heard
                await asyncio.sleep(0.001)
            if round_:
                results.append(((time.process_time() - cpu) / changes * 1e6,
                                (time.perf_counter() - started) / changes * 1e6))
    finally:
        await layer.flush()
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--changes", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--size", type=int, default=4000, help="bytes of each seat's update")
    parser.add_argument("--redis-py", action="store_true", help="the layer's redis-py way")
    args = parser.parse_args()
    url = (os.environ.get("BENCH_REDIS_URL") or os.environ.get("REDIS_URL")
           or "redis://127.0.0.1:6379/13")
    try:
        import uvloop
        uvloop.install()  # as uvicorn runs the site
    except ImportError:
        pass
    results = asyncio.run(run(url, args.changes, args.rounds, args.size, args.redis_py))
    cpu = sorted(r[0] for r in results)
    wall = sorted(r[1] for r in results)
    way = "redis-py" if args.redis_py else "by hand"
    print(f"layer ({way}), {args.changes} changes x {args.rounds} rounds, {args.size} B a seat: "
          f"CPU a change best {cpu[0]:.1f} median {cpu[len(cpu) // 2]:.1f} us; "
          f"wall best {wall[0]:.1f} median {wall[len(wall) // 2]:.1f} us; "
          f"load {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
