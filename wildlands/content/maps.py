"""The shipped maps: `wildlands/content/maps/<name>.yaml`, each a board definition plus a title.

A map file holds `name` (the file's stem), `title`, `description` and the board itself
(`bounds`, `core_radius`, `spaces`, `open`) in the format of `wildlands.rules.board`. Loading
validates the board and also checks that every space can be reached from every other.
"""
from __future__ import annotations

import functools
import re
from pathlib import Path

from games.platform.content_common import ContentError, read_yaml
from wildlands.rules.board import Board, board_from_data

MAPS_DIR = Path(__file__).resolve().parent / "maps"
_NAME = re.compile(r"[a-z0-9][a-z0-9_-]*")


def map_names() -> list[str]:
    """The names of the shipped maps, sorted."""
    return sorted(p.stem for p in MAPS_DIR.glob("*.yaml"))


@functools.lru_cache(maxsize=None)
def load_map(name: str) -> Board:
    """The shipped map `name`, built once per process.

    :raises ContentError: for an unknown name or a broken file, naming the file and item.
    """
    if not isinstance(name, str) or not _NAME.fullmatch(name) or name not in map_names():
        raise ContentError(_display(MAPS_DIR), f"map {name!r}", f"no such map; known maps: {', '.join(map_names())}")
    path = MAPS_DIR / f"{name}.yaml"
    source = _display(path)
    data = read_yaml(path)
    if not isinstance(data, dict):
        raise ContentError(source, "", "must be a mapping with name, title, bounds, spaces and open")
    if data.get("name") != name:
        raise ContentError(source, "name", f"must be {name!r} (the file's name), got {data.get('name')!r}")
    for key in ("title", "description"):
        if not isinstance(data.get(key), str) or not data[key].strip():
            raise ContentError(source, key, "must be given as text")
    board = board_from_data(data, name=name, source=source)
    _check_connected(board, source)
    return board


def _check_connected(board: Board, source: str) -> None:
    first = board.spaces[0]
    reached = board.within(first, len(board.spaces))
    missing = [n for n in board.spaces if n not in reached]
    if missing:
        raise ContentError(source, "open", f"spaces {missing} cannot be reached from space {first}")


def _display(path: Path) -> str:
    """The path relative to the project root when possible, for shorter messages."""
    root = Path(__file__).resolve().parents[2]
    try:
        return str(path.relative_to(root))
    except ValueError:
        return str(path)
