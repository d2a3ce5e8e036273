"""Tasks sent after a step commits leave the step's thread at once (games.pipeline.task_sender):
published by one sending thread, in the order handed over, a failure logged and the next
task still sent; with Celery eager they run in the caller, as the embedded site needs.
Tasks that may be merged (the opponent's turns) and wait together go as one message."""
from __future__ import annotations

import logging
import threading
import time
from collections import deque
from types import SimpleNamespace

import pytest

from games.pipeline import task_sender


class RecordingTask:
    """Stands in for a Celery task: records where and in what order it was published."""

    def __init__(self, *, eager: bool, fail_on: tuple = (), name: str = "games.recording") -> None:
        self.app = SimpleNamespace(conf=SimpleNamespace(task_always_eager=eager))
        self.name = name
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


@pytest.fixture
def merging(monkeypatch):
    """A task the sender may merge into another (`may_merge`), the sender always lingering
    for up to three of them: (the task, the merged task)."""
    one = RecordingTask(eager=False, name="games.recording_one")
    many = RecordingTask(eager=False, name="games.recording_many")
    monkeypatch.setitem(task_sender._MERGED, one.name, many.name)
    monkeypatch.setattr(task_sender, "task_named", {many.name: many}.__getitem__)
    monkeypatch.setattr(task_sender, "BUSY_TASKS", 0)
    monkeypatch.setattr(task_sender, "LINGER_SECONDS", 5.0)
    monkeypatch.setattr(task_sender, "MAX_MERGED", 3)
    return one, many


def test_tasks_that_may_be_merged_and_wait_together_go_as_one_message_of_the_merged_task(merging):
    one, many = merging

    for version in (1, 2, 3):
        task_sender.send(one, (f"g{version}", version))
    assert task_sender.wait_until_sent()

    assert one.sent == []
    assert [args for args, _, _ in many.sent] == [([("g1", 1), ("g2", 2), ("g3", 3)],)]


def test_merging_keeps_the_order_tasks_were_handed_over_in(merging):
    one, many = merging
    other = RecordingTask(eager=False)

    task_sender.send(one, ("g1", 1))
    task_sender.send(one, ("g2", 1))
    task_sender.send(other, ("g9", 1))
    task_sender.send(one, ("g3", 1))
    task_sender.send(one, ("g4", 1), countdown=3)
    assert task_sender.wait_until_sent()

    assert [args for args, _, _ in many.sent] == [([("g1", 1), ("g2", 1)],)]
    assert [args for args, _, _ in other.sent] == [("g9", 1)]
    assert [(args, countdown) for args, countdown, _ in one.sent] == [(("g3", 1), None),
                                                                      (("g4", 1), 3)]


def test_a_task_goes_at_once_as_itself_when_few_were_sent_lately(merging, monkeypatch):
    one, many = merging
    monkeypatch.setattr(task_sender, "BUSY_TASKS", 10**6)

    task_sender.send(one, ("g1", 1))
    assert task_sender.wait_until_sent(timeout=1)  # well inside the 5 s linger

    assert [args for args, _, _ in one.sent] == [("g1", 1)] and many.sent == []


def test_the_sender_is_busy_once_the_latest_tasks_came_closer_than_the_rate_it_lingers_for(
        monkeypatch):
    monkeypatch.setattr(task_sender, "BUSY_TASKS", 3)
    monkeypatch.setattr(task_sender, "BUSY_SECONDS", 0.25)
    now = time.monotonic()

    assert not task_sender._busy(deque([now, now]))  # too few
    assert task_sender._busy(deque([now - 9, now - 0.2, now - 0.1, now]))
    assert not task_sender._busy(deque([now - 0.3, now - 0.1, now]))  # too far apart
