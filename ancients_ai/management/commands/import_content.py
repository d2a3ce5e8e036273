"""`manage.py import_content PATH...`: read YAML files (or folders of them), check each with
the one validator and store it; a scenario whose content changed gets a new version. A
broken file stops the import with a message naming the file, the item and the problem."""
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from games.platform.content_common import ContentError
from games.platform import content_files

from ancients_ai import content_io
from ancients_ai.services import content as content_services

# Within a folder: maps and factions first, then treasures, then scenarios.
_ORDER = {"map": 0, "faction": 1, "treasures": 2, "scenario": 3}


class Command(BaseCommand):
    help = "Import content YAML files into the database."

    def add_arguments(self, parser):
        parser.add_argument("paths", nargs="+", help="YAML files or folders holding them")

    def handle(self, *args, paths, **options):
        files = []
        for raw in paths:
            path = Path(raw)
            if path.is_dir():
                files += sorted(path.rglob("*.yaml")) + sorted(path.rglob("*.yml"))
            elif path.exists():
                files.append(path)
            else:
                raise CommandError(f"{path}: no such file or folder")
        parsed = []
        try:
            for path in files:
                data = content_files.from_yaml(path.read_bytes(), str(path))
                kind = content_io.kind_of(data)
                if kind is None:
                    raise ContentError(str(path), "", "is not a scenario, map, faction or treasure deck")
                parsed.append((_ORDER[kind], str(path), data))
            parsed.sort(key=lambda entry: entry[0])
            with transaction.atomic():
                for _, source, data in parsed:
                    result = content_services.content_import(data=data, source=source)
                    action = "created" if result.created else ("updated" if result.changed else "unchanged")
                    self.stdout.write(f"{result.kind} {result.key}: {action}")
        except ContentError as error:
            raise CommandError(str(error)) from None
