"""`manage.py load_defenders_content`: copy Defenders of the Wild's shipped YAML (the board,
the machines, the four factions) into the database for the admin, and version it.
Idempotent; items edited in the admin are kept unless --force (the platform's command:
`games.platform.content_load`). `make run` calls it."""
from defenders.services_content import content_load_shipped
from games.platform.content_load import LoadShippedCommand


class Command(LoadShippedCommand):
    help = "Load Defenders of the Wild's shipped content into the database (idempotent)."

    def load(self, force: bool) -> list:
        return content_load_shipped(force=force)
