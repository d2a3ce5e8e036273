"""Template words from the games' declarations: the site menu's games and ways to play (every
mode the lobby lists, with its title, summary and where it starts) and a game's map title, so
no page shows a mode's or a map's id."""
from __future__ import annotations

from django import template

register = template.Library()


@register.simple_tag
def ways_to_play() -> list:
    """The lobby's modes, in its order: key, title, the one sentence saying what it is, and
    where it starts (its own page when it has one: the table companion needs no account)."""
    from games.catalogue_views import start_url
    from games.forms import lobby_modes

    return [{"key": g.key, "title": g.title, "summary": g.summary, "url": start_url(g)}
            for g in lobby_modes()]


@register.simple_tag
def menu_games() -> list:
    """The menu's games: each catalogue game (name, page, its ways to play), then any mode
    no catalogue entry claims, under its game's name with no page of its own."""
    from django.urls import reverse

    from games.forms import lobby_modes
    from games.platform.catalogue import catalogue

    ways = {w["key"]: w for w in ways_to_play()}
    games = [{"name": g.entry.name, "slug": g.entry.slug,
              "url": reverse("games:game_page", kwargs={"slug": g.entry.slug}),
              "ways": [ways[m.key] for m in g.modes if m.key in ways]} for g in catalogue()]
    claimed = {w["key"] for g in games for w in g["ways"]}
    for mode in lobby_modes():
        if mode.key not in claimed:
            games.append({"name": mode.game_name or mode.title, "slug": "", "url": "",
                          "ways": [ways[mode.key]]})
    return games


@register.filter
def map_title(game) -> str:
    """The board a game is played on as people read it ("The Abyssal Lake"), in the words of
    its game's declaration (`map_title`)."""
    if not game.map_name:
        return ""
    return game.definition.map_title(game.map_name)


@register.filter
def seat_label(seat: str) -> str:
    """"Seat 1" for "p1": the seats as people count them."""
    return f"Seat {seat[1:]}" if seat[:1] == "p" and seat[1:].isdigit() else seat
