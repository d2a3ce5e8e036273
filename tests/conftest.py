"""Shared pytest fixtures and hooks for the whole suite. Keep this small: fixtures that
belong to one area live in that area's test module or a conftest beside it."""
import os

import pytest
from django.conf import settings

from support.browser_fixtures import chromium, people, site  # noqa: F401  (fixtures)
from support.site import outsider, owner, teammate  # noqa: F401  (the personas)


def pytest_report_header(config):
    """Say which backing services this run uses, so a CI log shows it ran against the
    real PostgreSQL and Redis rather than the embedded defaults."""
    database = settings.DATABASES["default"]
    layer = settings.CHANNEL_LAYERS["default"]["BACKEND"]
    broker = "eager (in process)" if settings.CELERY_TASK_ALWAYS_EAGER else "redis broker"
    return [
        f"wildlands: database={database['ENGINE'].rsplit('.', 1)[-1]} "
        f"channel layer={layer.rsplit('.', 1)[-1]} celery={broker}"
    ]


@pytest.fixture(scope="session", autouse=True)
def _test_settings():
    """Two settings for the whole run:
    - passwords are hashed with Django's MD5 hasher: PBKDF2's million rounds cost 0.5-1.6 s
      a password, and the browser tests make and sign in users with passwords by the dozen
      (signing up and in still go through Django's hashing and checking, only cheaper);
    - with pytest-xdist (`-n 2`), each worker's cache keys carry the worker's name: the
      per-address limits count in the cache, which is Redis shared by every process in
      CI, and one worker's tables and sign-ups from 127.0.0.1 must not count against the
      other's."""
    from django.test import override_settings

    caches = {**settings.CACHES, "default": dict(settings.CACHES["default"])}
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker and "KEY_PREFIX" in caches["default"]:
        caches["default"]["KEY_PREFIX"] += f"-{worker}"
    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
                           CACHES=caches):
        yield


# The addresses a test's requests come from (the test client's, a live server's).
LOCAL_ADDRESSES = ("127.0.0.1", "::1", "unknown")


@pytest.fixture(autouse=True)
def _address_limits_start_afresh():
    """Each test starts with nothing counted against the addresses tests come from. The
    site's limits per address (new tables, failed sign-ins, sign-ups) count in the cache,
    which outlives a test (Redis in CI), and the whole suite starts more tables from
    127.0.0.1 than one visitor may in an hour."""
    from accounts.throttle import address_key, signup_key
    from ancients_ai.companion_views import tables_key
    from wildlands_site import rate_limit

    for address in LOCAL_ADDRESSES:
        rate_limit.forget(tables_key(address))
        rate_limit.forget(address_key(address))
        rate_limit.forget(signup_key(address))


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """pytest-django's test database, with every other connection to it closed before it is
    dropped: the event loops' own (games.pipeline.loop_database), and those Django opened in
    threads that outlive their tests (the browser tests' live server answers on a database
    thread of its own). PostgreSQL will not drop a database in use, and said so as a warning
    at the end of every run."""
    yield
    from games.pipeline import loop_database

    loop_database.close_all_now()
    with django_db_blocker.unblock():
        _end_other_sessions()


def _end_other_sessions() -> None:
    from django.db import connection

    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                       "WHERE datname = current_database() AND pid <> pg_backend_pid()")


@pytest.fixture(autouse=True)
def _fresh_channel_layer():
    """Each test gets its own channel layer instance. channels-redis keeps per-process
    receive locks that belong to the event loop that first waited on them; a consumer
    cancelled while waiting (a browser closing its socket in the live daphne's loop) leaves
    one behind, and the next test's event loop trips over it ("bound to a different event
    loop": seen in CI after the browser tests)."""
    from channels.layers import channel_layers

    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()
