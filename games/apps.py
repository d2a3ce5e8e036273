from django.apps import AppConfig


class GamesConfig(AppConfig):
    """Games being played: the rules engine's Django side (models, services, consumers)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        """Plug War for the Crystals (`games.rules.war.register`) and The Wrath of the Ancients
        into the rules core, so every Django process can play and load their games."""
        from games.rules.wrath import register as wrath
        from games.rules.war.register import register

        from games.wildlands import modes

        register()
        wrath.register()
        modes.register()
