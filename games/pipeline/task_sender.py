"""Sending a Celery task once a step has committed, without holding up the step's thread.

Publishing a task is kombu's work plus a round trip to Redis, and it ran on the web
process's database thread, which every socket of the process queues for: a sixth of that
thread's time at 300 load games went to starting the Ancients' turns (py-spy,
docs/performance.md). Tasks are handed to one sending thread per process instead, in the
order they were handed over, each with one LPUSH where it can (`task_publish`: Celery's
message without kombu's producer, a third of `apply_async`'s CPU), else by `apply_async`. A
task that cannot be sent (the broker is down) is logged and lost, as before; the
stalled-turn sweep (`services.ancients_requeue_stalled`) sends it again.

Tasks of a name registered with `may_merge` that wait in the queue together travel as one
message of the merged task, whose one argument is the list of their arguments: under load
the opponent's turns of several games share what Celery spends on a message, which cost
more than a turn itself (docs/performance.md). When the last `BUSY_TASKS` such tasks were
all sent within `BUSY_SECONDS` (two dozen a second, a busy site: at 1,000 load tables each
web process sends some 60), the thread lingers up to `LINGER_SECONDS` for more to join the
first; a quieter site's turns, a lone table's above all, go at once.

With Celery eager (no broker: the embedded mode and the fast tests) a task still runs at
once in the caller, whose request or test expects its effects.
"""
from __future__ import annotations

import logging
import os
import queue
import threading
import time
from collections import deque
from typing import Any, Optional

from celery import current_app as app  # the site's (wildlands_site.celery), made current

from games.pipeline import task_publish

logger = logging.getLogger(__name__)

_QUEUE: "queue.SimpleQueue[tuple[Any, tuple, Optional[float]]]" = queue.SimpleQueue()
_SENDER_PID: Optional[int] = None
_SENDER_LOCK = threading.Lock()

# task name -> the name of the task that runs a list of their arguments (`may_merge`)
_MERGED: dict[str, str] = {}
MAX_MERGED = 8  # tasks in one merged message at most
LINGER_SECONDS = 0.02
BUSY_TASKS, BUSY_SECONDS = 6, 0.25


def send(task: Any, args: tuple, *, countdown: Optional[float] = None) -> None:
    """Send `task(*args)` (after `countdown` seconds, if given); `task` is a task or its
    name (`task_named`)."""
    if isinstance(task, str):
        task = task_named(task)
    if task.app.conf.task_always_eager:
        publish(task, args, countdown)
        return
    _start_sender()
    _QUEUE.put((task, args, countdown))


def publish(task: Any, args: tuple, countdown: Optional[float] = None) -> None:
    """Publish one task now, in this thread: with one LPUSH where `task_publish` can place
    it, else by `apply_async` (which, with Celery eager, runs it here)."""
    eager = task.app.conf.task_always_eager
    lean = task_publish.publisher(task.app) if countdown is None and not eager else None
    if lean is None or not lean.publish(task, args):
        task.apply_async(args, countdown=countdown)


def may_merge(name: str, merged_name: str) -> None:
    """Let tasks named `name` queued together be sent as one `merged_name` task, called with
    the list of their argument tuples (which it must run as they would have run)."""
    _MERGED[name] = merged_name


def runs_in_caller() -> bool:
    """Whether tasks run at once in the caller (Celery eager), database work and all."""
    return bool(app.conf.task_always_eager)


def task_named(name: str) -> Any:
    """The task registered under `name`. The pipeline names the tasks it starts (the
    opponent's turn, a bot's move) instead of importing them: a task's module imports the
    pipeline to do its work. A process that has not loaded the apps' task modules yet (a
    web process) has Celery import them once (`autodiscover_tasks`: each installed app's
    `tasks` module; not the worker's start-up import, which runs Django's system checks)."""
    task = app.tasks.get(name)
    if task is None:
        app.autodiscover_tasks(force=True)
        task = app.tasks[name]
    return task


def wait_until_sent(timeout: float = 10) -> bool:
    """Block until every task handed over so far has been published (or failed): for a
    test that checks what was sent."""
    done = threading.Event()
    _start_sender()
    _QUEUE.put((None, (done,), None))
    return done.wait(timeout)


def _start_sender() -> None:
    """The sending thread, started on first use (again in a forked child, whose parent's
    thread did not fork)."""
    global _SENDER_PID
    if _SENDER_PID == os.getpid():
        return
    with _SENDER_LOCK:
        if _SENDER_PID != os.getpid():
            threading.Thread(target=_send_forever, name="task-sender", daemon=True).start()
            _SENDER_PID = os.getpid()


def _send_forever() -> None:
    recent: deque[float] = deque(maxlen=64)  # when the latest tasks that may be merged went
    held: Optional[tuple[Any, tuple, Optional[float]]] = None
    while True:
        item, held = held or _QUEUE.get(), None
        task, args, countdown = item
        if task is None:  # wait_until_sent's marker
            args[0].set()
            continue
        if countdown is not None or task.name not in _MERGED:
            _publish_logged(task, args, countdown)
            continue
        batch, held = _joining(task, args, LINGER_SECONDS if _busy(recent) else 0.0)
        recent.extend([time.monotonic()] * len(batch))
        if len(batch) == 1:
            _publish_logged(task, args, None)
        else:
            _publish_logged(task_named(_MERGED[task.name]), (batch,), None)


def _busy(recent: deque) -> bool:
    """Whether the latest `BUSY_TASKS` tasks that may be merged all went within
    `BUSY_SECONDS`."""
    if BUSY_TASKS <= 0:
        return True
    return len(recent) >= BUSY_TASKS and time.monotonic() - recent[-BUSY_TASKS] < BUSY_SECONDS


def _joining(task: Any, args: tuple, linger: float) -> tuple[list[tuple], Any]:
    """`args` and those of the tasks like `task` queued behind it (waiting up to `linger`
    seconds for them), and the first other item taken from the queue, if any: it is sent
    after them, so the order of handing over is kept."""
    batch = [args]
    deadline = time.monotonic() + linger
    while len(batch) < MAX_MERGED:
        try:
            left = deadline - time.monotonic()
            item = _QUEUE.get(timeout=left) if left > 0 else _QUEUE.get_nowait()
        except queue.Empty:
            break
        other, other_args, countdown = item
        if other is None or other.name != task.name or countdown is not None:
            return batch, item
        batch.append(other_args)
    return batch, None


def _publish_logged(task: Any, args: tuple, countdown: Optional[float]) -> None:
    try:
        publish(task, args, countdown)
    except Exception:  # the broker is away: the stalled-turn sweep sends it again
        logger.exception("could not send task %s%r", task.name, args)
