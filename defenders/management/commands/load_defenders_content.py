"""`manage.py load_defenders_content`: copy Defenders of the Wild's shipped YAML (the board,
the machines, the four factions) into the database for the admin, and version it.
Idempotent; items edited in the admin are kept unless --force. `make run` calls it."""
from django.core.management.base import BaseCommand, CommandError

from defenders.services_content import content_load_shipped
from games.content.common import ContentError


class Command(BaseCommand):
    help = "Load Defenders of the Wild's shipped content into the database (idempotent)."

    def add_arguments(self, parser):
        parser.add_argument("--force", action="store_true",
                            help="replace items edited in the admin with the shipped files")

    def handle(self, *args, force=False, verbosity=1, **options):
        try:
            lines = content_load_shipped(force=force)
        except ContentError as error:
            raise CommandError(str(error)) from None
        tally: dict[str, int] = {}
        for line in lines:
            tally[line.action] = tally.get(line.action, 0) + 1
            if verbosity > 1 or line.action != "unchanged":
                self.stdout.write(str(line))
        self.stdout.write(f"load_defenders_content: {len(lines)} items: "
                          + ", ".join(f"{n} {action}" for action, n in tally.items()))
