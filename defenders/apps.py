from django.apps import AppConfig


class DefendersConfig(AppConfig):
    """Defenders of the Wild: a second co-operative game on the platform, its content in
    the admin and its balance runs."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "defenders"
    verbose_name = "Defenders of the Wild"

    def ready(self) -> None:
        """Every Django process (web, worker, command, test run) can set up, play and load
        Defenders games: the declaration is registered here, once."""
        from defenders import game

        game.register()
