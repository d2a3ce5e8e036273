"""Shared pieces of content loading: one error type and one YAML reader.

Every shipped or uploaded piece of content goes through `read_yaml` so that a broken file
is reported the same way everywhere: which file, which item, what is wrong.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml


class ContentError(ValueError):
    """Content that breaks a rule; the message names the file, the item and the problem."""

    def __init__(self, source: str, item: str, problem: str) -> None:
        self.source = source
        self.item = item
        self.problem = problem
        where = f"{source}: {item}" if item else source
        super().__init__(f"{where}: {problem}")


def read_yaml(path: str | Path) -> Any:
    """Parse one YAML file, turning a syntax error into a ContentError that names the file."""
    path = Path(path)
    try:
        with path.open(encoding="utf-8") as handle:
            return yaml.safe_load(handle)
    except FileNotFoundError:
        raise ContentError(str(path), "", "file not found") from None
    except yaml.YAMLError as exc:
        raise ContentError(str(path), "", f"not valid YAML: {exc}") from None
