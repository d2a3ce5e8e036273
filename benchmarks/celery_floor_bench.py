"""What handing one task to a Celery worker costs on this stack, before the task does anything:
the floor under the opponent's step of a game with an opponent (issue 32).

    python benchmarks/celery_floor_bench.py [--rate 50] [--duration 10] [--pool threads|prefork]
                                            [--send site|apply_async]

A co-op Awoken command hands the Ancients their turn: the web process publishes a task and a
worker runs the step. This benchmark publishes Celery's own no-op task (`celery.accumulate`,
result ignored, `acks_late` as the site's tasks are) at a steady rate to a worker started as
docker-compose.yml starts it (two threads, prefetch 1; `--pool prefork` for two child
processes instead), through the site's settings and a Redis of its own, and prints the CPU
each task cost:

* the sender: this process's CPU publishing the task as the site does (`task_sender.publish`:
  one LPUSH of Celery's message, games.pipeline.task_publish; `--send apply_async` for
  Celery's own publish instead); a web process pays it for every turn;
* the worker's main process (receiving from Redis, the unacknowledged-message bookkeeping
  that redelivers a task whose worker died, handing the task to its pool, acknowledging it;
  with threads, running the task too) and, with prefork, its children (running the task);
* Redis.

The site's opponent step costs all of that and then its own work (rules, views, the
conditional statement, the broadcast), which `opponent_step_bench.py` times in process.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bench_env import (  # noqa: E402
    own_cpu_seconds, machine, process_tree, setup_django)
from benchmarks.live_site import celery_worker, free_port, redis_server  # noqa: E402

NO_OP = "celery.accumulate"  # a builtin: returns its arguments, touches nothing


def drained(client, timeout: float = 30) -> bool:
    """Wait until the worker has taken and acknowledged every task sent so far: the queue
    and the unacknowledged messages empty at three looks in a row (a message is briefly in
    neither between the worker's pop and its bookkeeping)."""
    deadline = time.monotonic() + timeout
    empty = 0
    while time.monotonic() < deadline and empty < 3:
        empty = empty + 1 if client.llen("celery") == 0 and client.hlen("unacked") == 0 else 0
        time.sleep(0.05)
    return empty == 3


def worker_cpu(pid: int) -> dict[str, float]:
    """CPU seconds so far of the worker's parent and of its children together."""
    tree = process_tree(pid)
    return {"parent": own_cpu_seconds(pid),
            "children": sum(own_cpu_seconds(p) for p in tree if p != pid)}


def run(args: argparse.Namespace) -> None:
    import redis
    from celery import current_app as app

    database_url, _ = setup_django()
    print("\n".join(machine()))
    # a Redis of the run's own: its CPU is this benchmark's alone, and no other run's
    # messages are left in its queue
    port = free_port()
    own_redis = redis_server(port, log=Path(tempfile.gettempdir()) / f"celery-floor-redis-{port}.log")
    own_redis.start()
    redis_url = f"redis://127.0.0.1:{port}/0"
    app.conf.broker_url = redis_url
    client = redis.Redis.from_url(redis_url)
    worker = celery_worker(database_url=database_url, redis_url=redis_url, shipped=True,
                           pool_kind=args.pool,
                           log=Path(tempfile.gettempdir()) / "celery-floor-worker.log").start()
    from games.pipeline import task_sender

    task = app.tasks[NO_OP]
    task.ignore_result = True  # as the site's tasks: the message says so, the worker stores nothing

    def send(i: int) -> None:
        if args.send == "site":
            task_sender.publish(task, (i,))
        else:
            task.apply_async((i,), ignore_result=True, acks_late=True)

    try:
        # warm up: the worker's children and this process's broker connection
        for i in range(50):
            send(i)
        if not drained(client, timeout=60):
            raise SystemExit("the worker did not take the warm-up tasks")
        count = int(args.rate * args.duration)
        gap = 1.0 / args.rate
        before_worker, before_redis = worker_cpu(worker.pid), own_cpu_seconds(own_redis.pid)
        sender = 0.0
        started = time.perf_counter()
        for i in range(count):
            wait = started + i * gap - time.perf_counter()
            if wait > 0:
                time.sleep(wait)
            t0 = time.thread_time()
            send(i)
            sender += time.thread_time() - t0
        if not drained(client):
            raise SystemExit("the worker did not take every task")
        elapsed = time.perf_counter() - started
        after_worker, after_redis = worker_cpu(worker.pid), own_cpu_seconds(own_redis.pid)
    finally:
        worker.stop(timeout=30)
        own_redis.stop()
    parent = after_worker["parent"] - before_worker["parent"]
    children = after_worker["children"] - before_worker["children"]
    redis_cpu = after_redis - before_redis
    per = 1000 / count
    total = (sender + parent + children + redis_cpu) * per
    print(f"{count} no-op tasks sent by {args.send} at {args.rate:g}/s to a worker of two "
          f"{args.pool} (prefetch 1, acks late) in {elapsed:.1f} s; CPU a task: sender {sender * per:.2f} ms, "
          f"worker main process {parent * per:.2f} ms, "
          + (f"children {children * per:.2f} ms, " if args.pool == "prefork" else "")
          + f"Redis "
          f"{redis_cpu * per:.2f} ms; total {total:.2f} ms; load average "
          f"{os.getloadavg()[0]:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rate", type=float, default=50, help="tasks a second")
    parser.add_argument("--duration", type=float, default=10, help="seconds")
    parser.add_argument("--pool", choices=("threads", "prefork"), default="threads",
                        help="the worker's pool (threads: as shipped)")
    parser.add_argument("--send", choices=("site", "apply_async"), default="site",
                        help="how the task is published (site: task_sender.publish)")
    started = time.monotonic()
    run(parser.parse_args())
    print(f"(ran {time.monotonic() - started:.0f} s)")


if __name__ == "__main__":
    main()
