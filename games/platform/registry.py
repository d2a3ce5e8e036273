"""Every game the site knows, by the key a game row stores (`Game.mode`).

Games register from their Django app's `ready()`, so the site finds them without naming
them; a test registers a toy game the same way and unregisters it after.
"""
from __future__ import annotations

from typing import Iterator

from games.platform.definition import GameDefinition

_GAMES: dict[str, GameDefinition] = {}


class UnknownGame(LookupError):
    """No game is registered under that key (a stored row of a removed game, a forged form)."""

    def __init__(self, key: str) -> None:
        super().__init__(f"no game is registered as {key!r}")
        self.key = key


def register(definition: GameDefinition) -> GameDefinition:
    """Add a game; registering the same key twice is a mistake unless it is the same object."""
    known = _GAMES.get(definition.key)
    if known is not None and known is not definition:
        raise ValueError(f"two games declare the key {definition.key!r}: "
                         f"{type(known).__name__} and {type(definition).__name__}")
    _GAMES[definition.key] = definition
    return definition


def unregister(key: str) -> None:
    _GAMES.pop(key, None)


def get(key: str) -> GameDefinition:
    """:raises UnknownGame: nothing is registered under `key`."""
    try:
        return _GAMES[str(key)]
    except KeyError:
        raise UnknownGame(str(key)) from None


def all_games() -> list[GameDefinition]:
    """Every registered game, in the order they are listed to people."""
    return sorted(_GAMES.values(), key=lambda g: (g.order, g.key))


def keys() -> Iterator[str]:
    return iter(k for k in _GAMES)


def opponents() -> set[str]:
    """The names games store in `Game.awaiting` while their own opponent has the turn."""
    return {g.opponent for g in _GAMES.values() if g.opponent}
