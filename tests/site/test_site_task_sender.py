"""Tasks sent after a step commits leave the step's thread at once (games.pipeline.task_sender):
published by one sending thread, in the order handed over, a failure logged and the next
task still sent; with Celery eager they run in the caller, as the embedded site needs."""
from __future__ import annotations

import logging
import threading
from types import SimpleNamespace

from games.pipeline import task_sender


class RecordingTask:
    """Stands in for a Celery task: records where and in what order it was published."""

    def __init__(self, *, eager: bool, fail_on: tuple = ()) -> None:
        self.app = SimpleNamespace(conf=SimpleNamespace(task_always_eager=eager))
        self.name = "games.recording"
        self.fail_on = fail_on
        self.sent: list[tuple[tuple, object, str]] = []

    def apply_async(self, args, countdown=None):
        if args in self.fail_on:
            raise ConnectionError("broker away")
        self.sent.append((args, countdown, threading.current_thread().name))


def test_a_task_is_published_by_the_sending_thread_in_the_order_handed_over():
    task = RecordingTask(eager=False)

    for version in range(1, 6):
        task_sender.send(task, ("g1", version), countdown=2 if version == 5 else None)
    assert task_sender.wait_until_sent()

    assert [args for args, _, _ in task.sent] == [("g1", v) for v in range(1, 6)]
    assert {thread for _, _, thread in task.sent} == {"task-sender"}
    assert task.sent[-1][1] == 2


def test_a_task_the_broker_refuses_is_logged_and_the_next_one_still_goes(caplog):
    task = RecordingTask(eager=False, fail_on=(("g1", 2),))

    with caplog.at_level(logging.ERROR, logger="games.pipeline.task_sender"):
        for version in (1, 2, 3):
            task_sender.send(task, ("g1", version))
        assert task_sender.wait_until_sent()

    assert [args for args, _, _ in task.sent] == [("g1", 1), ("g1", 3)]
    assert "could not send task games.recording('g1', 2)" in caplog.text


def test_with_celery_eager_the_task_runs_in_the_caller():
    task = RecordingTask(eager=True)

    task_sender.send(task, ("g1", 7))

    assert task.sent == [(("g1", 7), None, threading.current_thread().name)]
