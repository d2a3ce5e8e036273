"""The browser tests' fixtures: one live site for the session, Debian's Chromium for each
module, and `people` on that site. A module of its own (not tests/conftest.py) so that an
example app's tests outside tests/ import them by a name no other conftest shares."""
import pytest


@pytest.fixture(scope="session")
def site(django_db_setup, django_db_blocker):
    """One live daphne (in a thread, sharing the test database) for every browser test
    module of the session: a second one cannot be started in the same process, so an
    example app's tests (examples/*/tests/conftest.py imports this fixture) get the same
    (`browser.live.session_site`). While it runs, a transactional test's flush that
    PostgreSQL ends to break a deadlock with the site is tried again
    (`_flushed_again_after_a_deadlock`)."""
    from browser.live import session_site

    from django.test import TransactionTestCase

    teardown = TransactionTestCase._fixture_teardown
    TransactionTestCase._fixture_teardown = _flushed_again_after_a_deadlock(teardown)
    try:
        with django_db_blocker.unblock():
            server, started = session_site()
            yield server
            if started:
                server.stop()
    finally:
        TransactionTestCase._fixture_teardown = teardown


@pytest.fixture(scope="module")
def chromium():
    """Debian's Chromium, headless (tests/browser/harness.py), one for each browser test
    module, closed when the module is done."""
    from playwright.sync_api import sync_playwright

    from browser.harness import launch

    with sync_playwright() as p:
        browser = launch(p)
        yield browser
        browser.close()


@pytest.fixture
def people(site, chromium, transactional_db, monkeypatch):
    """People on the live `site`: `people()` is a new person's page, `people(user=u)` one
    already signed in as `u` (tests/browser/pages.py); their contexts close after the test.

    Playwright's sync API keeps an event loop in this thread, so the test's own ORM calls
    (set-up and checks) need DJANGO_ALLOW_ASYNC_UNSAFE; it is set for this test only."""
    from browser.pages import People

    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with People(chromium, site.url) as crowd:
        yield crowd.page
    quiet_database()


def quiet_database(seconds: float = 5.0, settled: float = 0.3) -> None:
    """Wait, `seconds` at most, until the live site has had no statement of the test
    database running or transaction open for `settled` seconds on end: its pages and
    sockets are closed by now, but what the server does for them (a socket's goodbye, a
    bot's move) can still be on its way, and a flush of the tables beside it deadlocked
    (PostgreSQL took the flush's TRUNCATE and a read of the live site's in opposite
    orders). One quiet moment was not enough: a fresh-clone CI run at 7ce4881 deadlocked
    once all the same, on a read that began just after it. SQLite's shared test database
    has no such race: nothing to wait for there."""
    import time

    from django.db import connection

    if connection.vendor != "postgresql":
        return
    deadline = time.monotonic() + seconds
    quiet_since = None
    with connection.cursor() as cursor:
        while time.monotonic() < deadline:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                "AND pid <> pg_backend_pid() "
                "AND state IN ('active', 'idle in transaction', 'idle in transaction (aborted)')")
            now = time.monotonic()
            if cursor.fetchone()[0] != 0:
                quiet_since = None
            elif quiet_since is None:
                quiet_since = now
            elif now - quiet_since >= settled:
                return
            time.sleep(0.02)


def _flushed_again_after_a_deadlock(teardown, tries: int = 3):
    """A transactional test's teardown (its flush of every table) tried again, after the
    live site has been quiet once more, when PostgreSQL ended it to break a deadlock with
    one of the site's reads: `quiet_database` makes that rare, not impossible, since the
    site may still read after a test (a bot's move, a socket's goodbye). The flush that
    PostgreSQL ended was rolled back whole, so trying it again is safe."""
    def flush(self) -> None:
        for attempt in range(1, tries + 1):
            try:
                teardown(self)
                return
            except Exception as error:
                if attempt == tries or not _ended_by_a_deadlock(error):
                    raise
                quiet_database()
    return flush


def _ended_by_a_deadlock(error: BaseException) -> bool:
    """Whether PostgreSQL's deadlock error is `error` or what it was raised from (Django's
    flush command wraps the database's error, which wraps psycopg's)."""
    from psycopg.errors import DeadlockDetected

    seen: BaseException | None = error
    while seen is not None:
        if isinstance(seen, DeadlockDetected):
            return True
        seen = seen.__cause__ or seen.__context__
    return False
