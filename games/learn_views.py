"""The pages that teach a game: its rules page (`games:rules`) and the start of its guided
first game (`games:guided`), both found through the game's declaration (games/learning.py).
"""
from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

from games import lobby, services
from games.learning import NoRules, book_for, example_of


def _book(key: str):
    try:
        return book_for(key)
    except NoRules:
        raise Http404("No game has rules under that name.") from None


@require_GET
def rules_page(request: HttpRequest, key: str) -> HttpResponse:
    """How to play a game: its sections (searchable on the page), pictures drawn by the
    board's own renderer from the guided game's first board, and the way to the guided game."""
    game_def, book = _book(key)
    return render(request, "games/rules.html", {
        "book": book, "game_def": game_def,
        "example": example_of(game_def, book) or {},
        "guided_url": reverse("games:guided", args=[book.key]) if book.guide else "",
    })


@login_required
@require_http_methods(["GET", "POST"])
def guided_start(request: HttpRequest, key: str) -> HttpResponse:
    """A guided first game: a real game of the guide's mode set up with its seed, opened
    on the board with the guide's script (the board page follows it)."""
    game_def, book = _book(key)
    if not book.guide:
        raise Http404("This game has no guided first game yet.")
    guide = book.guide
    error = ""
    if request.method == "POST":
        try:
            game = lobby.game_create(user=request.user, mode=guide["mode"], seed=guide["seed"],
                                     **guide["choices"])
        except services.ServiceError as refused:
            error = refused.message
        else:
            return redirect(reverse("games:board", kwargs={"game_id": game.id}) + "?guide=1")
    return render(request, "games/guided.html", {"book": book, "guide": guide, "error": error,
                                                 "rules_url": reverse("games:rules", args=[book.key])})
