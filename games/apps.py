from django.apps import AppConfig


class GamesConfig(AppConfig):
    """Games being played: the rules engine's Django side (models, services, consumers)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        """Every Django process can play and load The Wrath of the Ancients' games."""
        from games.rules import wrath

        wrath.register()
