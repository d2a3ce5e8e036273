"""The Celery application: the Ancients' turns and balance simulations run here.

Configuration comes from Django settings under the `CELERY_` prefix. With no `REDIS_URL`
the settings make every task run eagerly in process (the embedded mode), so the same code
path serves both deployments.
"""
import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wildlands_site.settings")

app = Celery("wildlands_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
