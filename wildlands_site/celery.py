"""The Celery application: the Ancients' turns and balance simulations run here.

Configuration comes from Django settings under the `CELERY_` prefix. With no `REDIS_URL`
the settings make every task run eagerly in process (the embedded mode), so the same code
path serves both deployments.
"""
import os

from celery import Celery, signals

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wildlands_site.settings")

app = Celery("wildlands_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


# A task is to the worker what a request is to the web: Django's own rule decides whether
# its database connection outlives it (kept for CONN_MAX_AGE, closed if it broke or is
# left in a transaction). Celery's Django fixup would otherwise close the connection before
# and after every task, unless told to reuse it (CELERY_DB_REUSE_MAX in the settings, set
# high so that it never does): a new PostgreSQL connection for every Ancients' turn was a
# fifth of the worker's time (py-spy, docs/performance.md).
@signals.task_prerun.connect
@signals.task_postrun.connect
def _close_old_connections(**kwargs) -> None:
    if getattr(getattr(kwargs.get("task"), "request", None), "is_eager", False):
        return  # an eager task runs inside a request or a test: the caller owns the connection
    from django.db import close_old_connections

    close_old_connections()


@signals.worker_init.connect
def _settle_after_startup(**kwargs) -> None:
    """The worker's collector as the web's (wildlands_site.gc_tuning); prefork children
    inherit it from the main process, which starts them after this."""
    from wildlands_site.gc_tuning import settle_after_startup

    settle_after_startup()


@app.task(name="games.sweep_untouched_tables", ignore_result=True)
def sweep_untouched_tables() -> int:
    """Periodic (celery beat, CELERY_BEAT_SCHEDULE): delete the table games started without
    an account that nobody has played for COMPANION_UNTOUCHED_DAYS; return how many."""
    from ancients_ai.companion import companion_sweep_untouched

    return companion_sweep_untouched()
