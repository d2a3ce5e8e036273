from django.apps import AppConfig


class Race21Config(AppConfig):
    """Race to 21: switched on only by its tests' settings override (never shipped)."""

    name = "examples.race21"
    label = "race21"
    verbose_name = "Race to 21 (example)"

    def ready(self) -> None:
        """Listing the app is all it takes: the declaration registers itself here."""
        from examples.race21 import game

        game.register()
