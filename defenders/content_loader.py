"""Reads the shipped YAML of Defenders of the Wild and hands it to the pure validator.

The only module of the game that touches files; `load_content()` is cached, since the
content never changes while a process runs.
"""
from __future__ import annotations

import functools
from pathlib import Path

from defenders.rules.content import FACTIONS, Content, build_content
from games.platform.content_common import read_yaml

CONTENT_DIR = Path(__file__).resolve().parent / "content"


@functools.lru_cache(maxsize=4)
def load_content(directory: str = str(CONTENT_DIR)) -> Content:
    """The validated content in `directory` (board.yaml, machine.yaml, one file per faction).

    :raises ContentError: a file is missing or breaks a rule; the message names it.
    """
    folder = Path(directory)
    sources = {"board": str(folder / "board.yaml"), "machine": str(folder / "machine.yaml")}
    factions = {}
    for faction in FACTIONS:
        path = folder / f"{faction}.yaml"
        sources[faction] = str(path)
        factions[faction] = read_yaml(path)
    return build_content(read_yaml(folder / "board.yaml"), read_yaml(folder / "machine.yaml"),
                         factions, sources)
