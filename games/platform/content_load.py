"""The base of every game's `manage.py load_*content` command: copy the game's shipped
content files into the database for its admin, idempotent, keeping items edited in the
admin unless `--force`, and say what it did (one line an item that changed, then a tally).
"""
from __future__ import annotations

from typing import Sequence

from django.core.management.base import BaseCommand, CommandError

from games.platform.content_common import ContentError


class LoadShippedCommand(BaseCommand):
    """A game's command subclasses this with `load(force)`: its service's lines, each with
    an `action` ("created", "updated", "unchanged", "kept" ...) and a readable `str`."""

    help = "Load the shipped content files into the database (idempotent)."
    always_counted: Sequence[str] = ()  # actions the tally shows even when none happened

    def load(self, force: bool) -> list:
        raise NotImplementedError

    def add_arguments(self, parser):
        parser.add_argument("--force", action="store_true",
                            help="replace items edited in the admin with the shipped files")

    def handle(self, *args, force=False, verbosity=1, **options):
        try:
            lines = self.load(force)
        except ContentError as error:
            raise CommandError(str(error)) from None
        tally = {action: 0 for action in self.always_counted}
        for line in lines:
            tally[line.action] = tally.get(line.action, 0) + 1
            if verbosity > 1 or line.action != "unchanged":
                self.stdout.write(str(line))
        name = type(self).__module__.rsplit(".", 1)[-1]
        self.stdout.write(f"{name}: {len(lines)} items: "
                          + ", ".join(f"{n} {action}" for action, n in tally.items()))
