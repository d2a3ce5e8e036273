from django.apps import AppConfig


class AncientsAiConfig(AppConfig):
    """The Ancients: scenarios, their decks and the Celery tasks that play their turns."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "ancients_ai"
    verbose_name = "Ancients AI"
