"""Django project package for the Wildlands site.

The Celery app is loaded here so that `@shared_task` functions bind to it as soon as Django
starts, in the web process as well as in workers.
"""
from .celery import app as celery_app

__all__ = ("celery_app",)
