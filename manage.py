#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""
import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wildlands_site.settings")
    if "SECRET_KEY" not in os.environ:
        # A checkout with no configuration is the embedded developer mode (as `make run`);
        # a deployment sets SECRET_KEY, and then DEBUG stays off unless asked for.
        os.environ.setdefault("DEBUG", "1")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
