"""A game's entry in the site's catalogue: what its page and its card on the home page say
(what it is, how long, how hard, a picture of its board), in the game's own words. A game's
declaration names one (`GameDefinition.catalogue`); `games.platform.catalogue` groups the
modes under it. Checked when it is made: a bad entry stops the app with the game's name."""
from __future__ import annotations

import re
from dataclasses import dataclass

SLUG = re.compile(r"^[a-z][a-z0-9-]*$")


class CatalogueError(ValueError):
    """An entry that cannot be shown: the message names the game and the field."""


@dataclass(frozen=True)
class CatalogueEntry:
    """What a game's page and its card on the home page show, in the game's own words.

    `slug` is the page's address (/games/<slug>/); `about` the page's paragraphs;
    `minutes` how long a game lasts (least, most); `weight` how demanding it is to learn
    and play, in a few words; `levels` the difficulty levels a table may choose, in words
    ("" when there are none); `picture` a static file drawing the game's board (a
    screenshot of its real board, tests/browser/test_browser_catalogue.py), with its
    `picture_alt` words."""

    slug: str
    name: str
    tagline: str
    about: tuple[str, ...]
    minutes: tuple[int, int]
    weight: str
    picture: str
    picture_alt: str
    levels: str = ""
    order: int = 100

    def __post_init__(self) -> None:
        where = f"the catalogue entry of {self.name or self.slug!r}"
        if not SLUG.match(self.slug):
            raise CatalogueError(f"{where}: slug {self.slug!r} is not lower-case letters, digits and '-'")
        for name in ("name", "tagline", "weight", "picture", "picture_alt"):
            if not str(getattr(self, name)).strip():
                raise CatalogueError(f"{where}: {name} is empty")
        if not self.about or not all(str(p).strip() for p in self.about):
            raise CatalogueError(f"{where}: about needs at least one paragraph, none empty")
        least, most = self.minutes
        if not 0 < least <= most:
            raise CatalogueError(f"{where}: minutes {self.minutes!r} is not (least, most)")

    @property
    def play_time(self) -> str:
        least, most = self.minutes
        return f"{least} minutes" if least == most else f"{least}–{most} minutes"
