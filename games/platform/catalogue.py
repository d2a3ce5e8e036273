"""The site's catalogue of games: what a game's own page says about it (what it is, for how
many, how long, how hard, a picture of its board), as each game declares it.

A game's declaration names one `CatalogueEntry` (`GameDefinition.catalogue`); the modes of
one game share the same entry, so the catalogue groups the registry's modes by it. What a
page can work out from the declarations themselves (the ways to play, the player counts)
is not declared twice: `CatalogueGame` reads it from the modes.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from games.platform import registry
from games.platform.catalogue_entry import CatalogueEntry, CatalogueError
from games.platform.definition import GameDefinition

__all__ = ["CatalogueEntry", "CatalogueError", "CatalogueGame", "catalogue", "find"]


@dataclass(frozen=True)
class CatalogueGame:
    """One game of the catalogue: its entry and its ways to play (the modes the lobby
    lists, in order)."""

    entry: CatalogueEntry
    modes: tuple[GameDefinition, ...]

    @property
    def player_counts(self) -> list[int]:
        return sorted({n for mode in self.modes for n in mode.player_counts()})

    @property
    def players(self) -> str:
        """"1–5 players", "2 players", "1 player": for how many, over every way to play."""
        counts = self.player_counts
        if not counts:
            return ""
        least, most = counts[0], counts[-1]
        many = f"{least}" if least == most else f"{least}–{most}"
        return f"{many} player{'s' * (most != 1)}"

    @property
    def first_mode(self) -> GameDefinition:
        return self.modes[0]


def listed(game: GameDefinition) -> bool:
    """Does the lobby list this mode (on its form, or by its own page)?"""
    return bool(game.offered_in_lobby or game.own_page)


def catalogue(games: Optional[Sequence[GameDefinition]] = None) -> list[CatalogueGame]:
    """Every game with a catalogue entry and a mode the lobby lists, in the entries' order;
    each mode under its game's entry."""
    found: dict[str, tuple[CatalogueEntry, list[GameDefinition]]] = {}
    for game in registry.all_games() if games is None else games:
        entry = game.catalogue
        if entry is None or not listed(game):
            continue
        known = found.setdefault(entry.slug, (entry, []))
        if known[0] != entry:
            raise CatalogueError(f"two games declare the catalogue slug {entry.slug!r}: "
                                 f"{known[0].name} and {entry.name}")
        known[1].append(game)
    games_found = [CatalogueGame(entry, tuple(modes)) for entry, modes in found.values()]
    return sorted(games_found, key=lambda g: (g.entry.order, g.entry.slug))


def find(slug: str) -> Optional[CatalogueGame]:
    """The catalogue's game at `slug`, or None."""
    return next((g for g in catalogue() if g.entry.slug == slug), None)
