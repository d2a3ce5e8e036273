"""Template words from the games' declarations: the site menu's ways to play (every mode the
lobby lists, with its title and summary) and a map's title for a stored map name, so no
page shows a mode's or a map's id."""
from __future__ import annotations

from django import template

register = template.Library()


@register.simple_tag
def ways_to_play() -> list:
    """The lobby's modes, in its order: key, title and the one sentence saying what it is."""
    from games.forms import lobby_modes

    return [{"key": g.key, "title": g.title, "summary": g.summary} for g in lobby_modes()]


@register.filter
def map_title(map_name: str) -> str:
    """A map's name as people read it ("The Abyssal Lake"), or the name itself when no
    installed map has it."""
    from games import selectors

    if not map_name:
        return ""
    return dict(selectors.available_maps()).get(map_name, map_name)


@register.filter
def faction_title(faction: str) -> str:
    """A faction's name as people read it ("The Guild"), or the id when none is installed."""
    from games import selectors

    if not faction:
        return ""
    return dict(selectors.available_factions()).get(faction, faction.replace("_", " ").title())


@register.filter
def seat_label(seat: str) -> str:
    """"Seat 1" for "p1": the seats as people count them."""
    return f"Seat {seat[1:]}" if seat[:1] == "p" and seat[1:].isdigit() else seat
