"""`python manage.py close_untouched_games [--days N]`: close the open games nobody touched
for GAME_UNTOUCHED_DAYS (or N) days, replays kept. Celery beat does this hourly; a
deployment without beat (the embedded mode) may run it from cron as well."""
from __future__ import annotations

from typing import Optional

from django.core.management.base import BaseCommand

from games import open_games


class Command(BaseCommand):
    help = "Close open games nobody has touched for GAME_UNTOUCHED_DAYS days (replays kept)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--days", type=int, default=None,
                            help="untouched for this many days (default: GAME_UNTOUCHED_DAYS)")

    def handle(self, *args, days: Optional[int], **options) -> None:
        if days is not None and days < 1:
            self.stderr.write("--days must be 1 or more")
            raise SystemExit(2)
        closed = open_games.close_untouched(older_than_days=days)
        self.stdout.write(f"closed {closed} untouched game{'s' if closed != 1 else ''}")
