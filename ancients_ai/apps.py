from django.apps import AppConfig

from ancients_ai import engine


class AncientsAiConfig(AppConfig):
    """The Ancients: scenarios, their decks and the Celery tasks that play their turns."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "ancients_ai"
    verbose_name = "Ancients AI"

    def ready(self) -> None:
        """Every Django process (web, worker, management command, test run) can play and
        load The Awoken's games: the mode is registered here, once, not when some module
        happens to import the engine."""
        from ancients_ai import modes

        engine.register()
        modes.register()
