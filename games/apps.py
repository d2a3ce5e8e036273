from django.apps import AppConfig


class GamesConfig(AppConfig):
    """The platform: games being played (models, the command pipeline, sockets, lobby, replays),
    whatever game they are; each game registers its declaration from its own app."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = "Games"
