"""The content on offer to the lobby and the game lists: every shipped map that loads, with
its title, and every faction with its name and colour."""
from __future__ import annotations

import logging

from wildlands.content.factions import faction_ids, load_faction
from wildlands.content.maps import load_map, map_names

logger = logging.getLogger(__name__)


def available_maps() -> list[tuple[str, str]]:
    """(name, title) of every shipped map that loads."""
    found = []
    for name in map_names():
        try:
            title = getattr(load_map(name), "title", "") or name
        except Exception:  # a broken map file is the content tests' business, not a page's
            logger.exception("map %s failed to load", name)
            continue
        found.append((name, title))
    return found


def available_factions() -> list[tuple[str, str]]:
    """(id, name) of every shipped faction."""
    return [(fid, load_faction(fid).name) for fid in faction_ids()]


def faction_colour(faction_id: str) -> str:
    return load_faction(faction_id).colour
