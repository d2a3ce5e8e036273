"""`manage.py load_content`: copy the shipped YAML (maps, factions, treasures, scenarios)
into the database for the admin. Idempotent; items edited in the admin are kept unless
--force. `make run` calls it."""
from django.core.management.base import BaseCommand, CommandError

from games.content.common import ContentError

from ancients_ai.services import content as content_services


class Command(BaseCommand):
    help = "Load the shipped content files into the database (idempotent)."

    def add_arguments(self, parser):
        parser.add_argument("--force", action="store_true",
                            help="replace items edited in the admin with the shipped files")

    def handle(self, *args, force=False, verbosity=1, **options):
        try:
            lines = content_services.content_load_shipped(force=force)
        except ContentError as error:
            raise CommandError(str(error)) from None
        tally = {"created": 0, "updated": 0, "unchanged": 0, "kept": 0}
        for line in lines:
            tally[line.action] = tally.get(line.action, 0) + 1
            if verbosity > 1 or line.action != "unchanged":
                self.stdout.write(str(line))
        self.stdout.write(f"load_content: {len(lines)} items: "
                          + ", ".join(f"{n} {action}" for action, n in tally.items()))
