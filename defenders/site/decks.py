"""The choices a Defenders table offers (the difficulty tiers by title, each faction's decks),
read by both the declaration (`defenders.site.lobby`) and the lobby's forms
(`defenders.forms`): kept apart so that the forms need not import the declaration that
names them."""
from __future__ import annotations

from typing import Any, Sequence

TIER_TITLES = {"base": "Base", "intermediate": "Intermediate", "expert": "Expert",
               "extreme": "Extreme"}


def content() -> Any:
    from defenders.content_loader import load_content

    return load_content()


def deck_choices(free_factions: Sequence[str] = ()) -> list[tuple[str, str]]:
    """("faction:organizer", "The Order: Archivist Ember") of every deck, or of the decks
    of `free_factions` when given."""
    factions = content().factions
    return [(f"{f.id}:{oid}", f"{f.name}: {name}") for f in factions.values()
            if not free_factions or f.id in free_factions
            for oid, name in f.organizers.items()]
