"""Pages of replays: the replay page (a player's, and the public link's), the feed of its
steps as JSON, and the players' switch that makes a finished game's replay public.

Who may see what is decided once, by `games.replays.replay_access`; these views only find
the game and hand the answer on. The page carries no steps itself: replay.js reads them
from the steps feed a page at a time.
"""
from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from games import replays, selectors, services
from games.models import TOKEN_SHAPE, Game
from wildlands_site.next_link import local_next


@login_required
@require_GET
def game_replay(request: HttpRequest, game_id) -> HttpResponse:
    """A player's replay of their game (revealed once it is over, their own seat's view
    while it is still being played)."""
    game = get_object_or_404(Game, pk=game_id)
    access = replays.replay_access(game, request.user)
    return _page(request, game, access,
                 steps_url=reverse("games:replay_steps", kwargs={"game_id": game.id}))


@login_required
@require_GET
def game_replay_steps(request: HttpRequest, game_id) -> JsonResponse:
    game = get_object_or_404(Game, pk=game_id)
    return _steps(request, game, replays.replay_access(game, request.user))


@require_GET
def public_replay(request: HttpRequest, token: str) -> HttpResponse:
    """A finished game's replay by its public link: anyone, signed in or not."""
    game = _public_game(token)
    access = replays.replay_access(game, request.user, by_link=True)
    return _page(request, game, access,
                 steps_url=reverse("games:public_replay_steps", kwargs={"token": token}))


@require_GET
def public_replay_steps(request: HttpRequest, token: str) -> JsonResponse:
    game = _public_game(token)
    return _steps(request, game, replays.replay_access(game, request.user, by_link=True))


@login_required
@require_POST
def game_replay_share(request: HttpRequest, game_id) -> HttpResponse:
    """Make a finished game's replay public (`public=1`) or private again; back to `next`."""
    game = get_object_or_404(Game, pk=game_id)
    replays.replay_access(game, request.user)  # strangers are refused before anything else
    public = request.POST.get("public") == "1"
    try:
        replays.replay_set_public(game_id=game.id, user=request.user, public=public)
    except services.ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, "Anyone with the link can now watch this replay."
                         if public else "The replay is private again: old links no longer work.")
    return redirect(local_next(request, request.POST.get("next"))
                    or reverse("games:replay", kwargs={"game_id": game.id}))


# --- helpers -------------------------------------------------------------------------------
def _public_game(token: str) -> Game:
    """A link's game; a token no link could hold (a NUL, which PostgreSQL refuses in a
    query, or any character `new_token` never writes) is not found without asking."""
    game = None
    if TOKEN_SHAPE.match(token):
        game = Game.objects.filter(replay_token=token, status=Game.Status.FINISHED).first()
    if game is None:
        raise Http404("No public replay has this link (it may have been made private).")
    return game


def _page(request: HttpRequest, game: Game, access: replays.Access, *,
          steps_url: str) -> HttpResponse:
    total = replays.step_count(game)
    is_player = selectors.seat_for_user(game_id=game.id, user=request.user) is not None
    data: dict[str, Any] = {
        "game_id": str(game.id),
        "seat": access.seat,
        "revealed": access.revealed,
        "total": total,
        "page": replays.PAGE_MAX,
        "steps_url": steps_url,
        "board": None,
        "seats": [{**s, "connected": False} for s in selectors.seats_summary(game)],
        "board_url": reverse("games:board", kwargs={"game_id": game.id}) if is_player else "",
    }
    definition = game.definition
    if total:  # what the game's renderer draws beside each step's view (Wildlands: its map)
        data.update(definition.board_page_data(definition.state_from_data(game.initial_snapshot)))
    return render(request, "games/replay.html", {
        "game": game, "seat": access.seat, "access": access, "replay": data,
        "board_renderer": definition.renderer, "renderer_module": definition.renderer_module,
        "steps": [{"step": i, "version": game.version - total + 1 + i} for i in range(total)],
        "is_player": is_player,
        "can_share": is_player and game.status == Game.Status.FINISHED})


def _steps(request: HttpRequest, game: Game, access: replays.Access) -> JsonResponse:
    try:
        start = int(request.GET.get("start", "0"))
        count = int(request.GET.get("count", str(replays.PAGE_MAX)))
    except ValueError:
        return JsonResponse({"error": "bad_request",
                             "message": "'start' and 'count' must be whole numbers"}, status=400)
    page = replays.replay_page(game, access, start=start, count=count)
    return JsonResponse({"game_id": str(game.id), "revealed": access.revealed,
                         "seat": access.seat, **page})
