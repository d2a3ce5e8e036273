from django.apps import AppConfig


class GamesConfig(AppConfig):
    """Games being played: the rules engine's Django side (models, services, consumers)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        """Plug War for the Crystals into the rules core (see `games.rules.war_register`)."""
        from games.rules.war_register import register

        register()
