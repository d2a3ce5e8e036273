from django.apps import AppConfig


class GamesConfig(AppConfig):
    """Games being played: the rules engine's Django side (models, services, consumers)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = "Games"
