from django.apps import AppConfig


class WildlandsConfig(AppConfig):
    """Wildlands: its rules, content, bots, board and competitive modes (skirmish, The Wrath of
    the Ancients, War for the Crystals). Its co-op mode The Awoken is its own app
    (`ancients_ai`)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "wildlands"
    verbose_name = "Wildlands"

    def ready(self) -> None:
        """Plug War for the Crystals (`wildlands.rules.war.register`) and The Wrath of the
        Ancients into the rules core, and register the modes' declarations, so every Django
        process can play and load their games."""
        from wildlands.rules.wrath import register as wrath
        from wildlands.rules.war.register import register

        from wildlands import modes

        register()
        wrath.register()
        modes.register()
