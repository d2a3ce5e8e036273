"""`manage.py export_content DIR`: write the database's content as YAML files laid out like
the shipped folders (scenarios/, maps/, factions/, treasures.yaml); `-` as DIR with
--scenario writes that one scenario to standard output."""
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from games.platform.content_common import ContentError

from ancients_ai.services import content as content_services
from ancients_ai.models import Scenario


class Command(BaseCommand):
    help = "Export content from the database as YAML files."

    def add_arguments(self, parser):
        parser.add_argument("directory", help="where to write (created if missing), or -")
        parser.add_argument("--scenario", help="export only this scenario id")

    def handle(self, *args, directory, scenario=None, **options):
        try:
            if scenario:
                item = Scenario.objects.filter(slug=scenario).first()
                if item is None:
                    raise CommandError(f"no scenario {scenario!r} in the database")
                name, text = content_services.scenario_export_yaml(item)
                files = {f"scenarios/{name}": text}
            else:
                files = content_services.content_export_all()
        except ContentError as error:
            raise CommandError(str(error)) from None
        if directory == "-":
            for text in files.values():
                self.stdout.write(text)
            return
        root = Path(directory)
        for relative, text in files.items():
            path = root / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            self.stdout.write(f"wrote {path}")
