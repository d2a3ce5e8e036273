"""Shared pytest fixtures and hooks for the whole suite. Keep this small: fixtures that
belong to one area live in that area's test module or a conftest beside it."""
import pytest
from django.conf import settings


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


@pytest.fixture(scope="session")
def site(django_db_setup, django_db_blocker):
    """One live daphne (in a thread, sharing the test database) for every browser test
    module of the session: a second one cannot be started in the same process."""
    from browser.live import LiveSite

    with django_db_blocker.unblock():
        server = LiveSite().start()
        yield server
        server.stop()
