"""`manage.py load_content`: copy the shipped YAML (maps, factions, treasures, scenarios)
into the database for the admin. Idempotent; items edited in the admin are kept unless
--force (the platform's command: `games.platform.content_load`). `make run` calls it."""
from games.platform.content_load import LoadShippedCommand

from ancients_ai.services import content as content_services


class Command(LoadShippedCommand):
    always_counted = ("created", "updated", "unchanged", "kept")

    def load(self, force: bool) -> list:
        return content_services.content_load_shipped(force=force)
