"""The browser tests' flush after each test, tried again when PostgreSQL ends it to break a
deadlock with a read of the live site (tests/support/browser_fixtures.py)."""
import psycopg.errors
import pytest
from django.core.management.base import CommandError
from django.db import OperationalError

from support.browser_fixtures import _ended_by_a_deadlock, _flushed_again_after_a_deadlock


def flush_error(cause: Exception) -> CommandError:
    """What Django's flush command raises: its CommandError from Django's database error,
    raised from psycopg's."""
    try:
        try:
            raise OperationalError("deadlock detected") from cause
        except OperationalError as database_error:
            raise CommandError("Database couldn't be flushed") from database_error
    except CommandError as error:
        return error


class Teardown:
    """A test case's teardown that fails with `errors`, one a call, then succeeds."""

    def __init__(self, *errors: Exception) -> None:
        self.errors, self.calls = list(errors), 0

    def __call__(self, case: object) -> None:
        self.calls += 1
        if self.errors:
            raise self.errors.pop(0)


def test_a_deadlock_is_found_under_the_flush_commands_error():
    assert _ended_by_a_deadlock(flush_error(psycopg.errors.DeadlockDetected("deadlock")))
    assert not _ended_by_a_deadlock(flush_error(psycopg.errors.LockNotAvailable("busy")))
    assert not _ended_by_a_deadlock(ValueError("no database in it"))


@pytest.mark.django_db
def test_a_flush_ended_by_a_deadlock_is_tried_again_until_it_passes():
    teardown = Teardown(flush_error(psycopg.errors.DeadlockDetected("deadlock")),
                        flush_error(psycopg.errors.DeadlockDetected("deadlock")))
    _flushed_again_after_a_deadlock(teardown, tries=3)(object())
    assert teardown.calls == 3


@pytest.mark.django_db
def test_a_flush_that_keeps_deadlocking_fails_after_its_tries():
    deadlocks = [flush_error(psycopg.errors.DeadlockDetected("deadlock")) for _ in range(3)]
    teardown = Teardown(*deadlocks)
    with pytest.raises(CommandError):
        _flushed_again_after_a_deadlock(teardown, tries=3)(object())
    assert teardown.calls == 3


def test_any_other_failure_of_the_flush_is_raised_at_once():
    teardown = Teardown(flush_error(psycopg.errors.UndefinedTable("no such table")))
    with pytest.raises(CommandError):
        _flushed_again_after_a_deadlock(teardown, tries=3)(object())
    assert teardown.calls == 1
