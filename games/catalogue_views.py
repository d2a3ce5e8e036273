"""The catalogue's pages: the home page (every game with its picture and its words) and
each game's own page (what it is, for how many, how long, how hard, its ways to play, a
picture of its board, a start button), all read from the games' declarations
(`GameDefinition.catalogue`, `games.platform.catalogue`); the site names no game.

A way to play started from its own page (the table companion, which needs no account) is
linked there directly, so a signed-out visitor is not sent to sign in first.
"""
from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from games.learning import book_of
from games.platform.catalogue import CatalogueGame, catalogue, find
from games.platform.definition import GameDefinition


def start_url(mode: GameDefinition) -> str:
    """Where a way to play starts: its own page if it has one, else the lobby with it chosen."""
    if mode.own_page:
        return reverse(mode.own_page)
    return f"{reverse('games:new')}?mode={mode.key}"


def learn_links(game: CatalogueGame) -> list[dict]:
    """The game's rules page and guided first game (games/learning.py), those it has: a
    game's rules document is found through its declaration (`rules_document`)."""
    book = next((b for b in map(book_of, game.modes) if b is not None), None)
    if book is None:
        return []
    links = [{"url": reverse("games:rules", args=[book.key]), "label": "How to play",
              "role": "rules"}]
    if book.guide:
        links.append({"url": reverse("games:guided", args=[book.key]),
                      "label": "Play a guided first game", "role": "guided"})
    return links


def ways_to_play(game: CatalogueGame) -> list[dict]:
    """Each mode of the game as its page lists it: title, sentence, for how many, start."""
    ways = []
    for mode in game.modes:
        counts = list(mode.player_counts())
        many = (f"{counts[0]}" if len(counts) == 1 else
                f"{', '.join(map(str, counts[:-1]))} or {counts[-1]}") if counts else ""
        ways.append({"key": mode.key, "title": mode.title, "summary": mode.summary,
                     "players": f"{many} player{'s' * (counts[-1:] != [1])}" if counts else "",
                     "url": start_url(mode), "own_page": bool(mode.own_page)})
    return ways


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """The landing page: the house's games, each with its picture, words and page."""
    games = [{"game": g, "start": start_url(g.first_mode)} for g in catalogue()]
    return render(request, "home.html", {"games": games})


@require_GET
def game_page(request: HttpRequest, slug: str) -> HttpResponse:
    """One game's page. :raises Http404: no game has this page."""
    game = find(slug)
    if game is None:
        raise Http404("No game has this page.")
    return render(request, "games/game_page.html", {
        "game": game, "entry": game.entry, "ways": ways_to_play(game),
        "start": start_url(game.first_mode), "learn": learn_links(game)})
