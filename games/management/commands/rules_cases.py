"""`python manage.py rules_cases PATH [PATH ...]`: run rules cases, one line per case."""
from __future__ import annotations

import sys

from django.core.management.base import BaseCommand

from games.platform.rules_cases import run_paths


class Command(BaseCommand):
    help = "Run rules cases (YAML files or folders of them) and report PASS/FAIL per case."

    def add_arguments(self, parser) -> None:
        parser.add_argument("paths", nargs="+", help="case files or folders (searched for *.yaml)")
        parser.add_argument("--failures-only", action="store_true",
                            help="print only the failing cases (and the summary)")

    def handle(self, *args, paths, failures_only, **options) -> None:
        results = run_paths(paths)
        for result in results:
            if not (failures_only and result.passed):
                self.stdout.write(result.line())
        passed = sum(r.passed for r in results)
        failed = len(results) - passed
        self.stdout.write(f"{passed} passed, {failed} failed")
        if failed or not results:
            sys.exit(1)
