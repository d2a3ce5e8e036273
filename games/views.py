"""Pages of the games app: the lobby (starting and joining a game of any
registered game), the board page and the events feed (the home page and each game's page:
`games.catalogue_views`; replays: `games.replay_views`; The
Awoken's campaign pages: `ancients_ai.campaign_views`).

Views stay thin: reads come from `games.selectors`, changes from `games.services`; a
`ServiceError` becomes a form error or a message, never a crash.
"""
from __future__ import annotations

from typing import Optional

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import select_template
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

from games import learning, lobby, selectors, services
from games.forms import join_form_of, lobby_form_of, lobby_modes
from games.models import Game, Seat
from games.platform.definition import GameDefinition


# --- games --------------------------------------------------------------------------------------
def _lobby_form(request: HttpRequest, posted: Optional[GameDefinition]):
    """The form of the game being started: the posted mode's (bound to the post), else the
    one a `?mode=` link names (that mode preselected), else the first listed game's. One
    form at a time, so no two games' fields share a page (names, ids)."""
    chosen = posted.key if posted else request.GET.get("mode", "")
    found: dict[type, list[GameDefinition]] = {}
    for game in lobby_modes():
        found.setdefault(lobby_form_of(game), []).append(game)
    if not found:
        return None
    form_class, modes = next(((c, m) for c, m in found.items()
                              if chosen in [g.key for g in m]), next(iter(found.items())))
    if request.method == "POST":  # a post naming no known mode: the first form says why
        return form_class(request.POST, modes=modes)
    initial = {"mode": chosen} if chosen in [g.key for g in modes] else {}
    return form_class(initial=initial, modes=modes)


@require_http_methods(["GET", "POST"])
def game_new(request: HttpRequest) -> HttpResponse:
    """The lobby: every registered game's modes with their words, and each game's own form
    (`GameDefinition.lobby_form`); a mode started from its own page is sent there, signed
    in or not (that page says whether it needs an account), everything else needs one."""
    key = (request.POST or request.GET).get("mode") or ""
    game_def = next((g for g in lobby_modes() if g.key == key), None)
    if game_def is not None and game_def.own_page:
        return redirect(game_def.own_page)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    form = _lobby_form(request, game_def if request.method == "POST" else None)
    if form is not None and form.is_bound and form.is_valid():
        data = dict(form.cleaned_data)
        mode = data.pop("mode")
        try:
            game = lobby.game_create(user=request.user, mode=mode, **data)
        except services.ServiceError as error:
            form.add_error(None, error.message)
        else:
            return redirect("games:board", game_id=game.id)
    return render(request, "games/new.html", {"form": form, "modes": lobby_modes()})


@login_required
@require_GET
def game_list(request: HttpRequest) -> HttpResponse:
    rows = selectors.game_rows(selectors.games_for_user(request.user), request.user)
    return render(request, "games/list.html", {"rows": rows})


def _seat_or_403(request: HttpRequest, game: Game) -> Optional[str]:
    """The viewer's seat id; None for staff watching; PermissionDenied for anyone else."""
    seat = selectors.seat_for_user(game_id=game.id, user=request.user)
    if seat is not None:
        return seat.seat
    if request.user.is_staff:
        return None
    raise PermissionDenied("You do not have a seat in this game.")


def _ws_url(request: HttpRequest, game: Game) -> str:
    scheme = "wss" if request.is_secure() else "ws"
    return f"{scheme}://{request.get_host()}/ws/play/{game.id}/"


@login_required
@require_GET
def game_board(request: HttpRequest, game_id) -> HttpResponse:
    """The board page. A game still waiting for players shows its invite link instead."""
    game = get_object_or_404(Game, pk=game_id)
    seat = _seat_or_403(request, game)
    game_def = game.definition
    elsewhere = game_def.own_board_url(game)
    if elsewhere:  # played from its own page (the table companion)
        return redirect(elsewhere)
    if game.status == Game.Status.SETUP:
        invite = request.build_absolute_uri(
            reverse("games:join", kwargs={"game_id": game.id, "token": game.invite_token}))
        return render(request, "games/waiting.html", {
            "game": game, "seat": seat, "invite_url": invite,
            "seats": selectors.seats_in_words(game), "ws_url": _ws_url(request, game)})
    state = selectors.game_state(game)
    initial = {
        "game_id": str(game.id),
        "seat": seat,
        "view": selectors.game_view(game, seat),
        "last_seq": game.last_seq,
        "version": game.version,
        **game_def.board_page_data(state),
        "seats": selectors.seats_summary(game),
        "ws_url": _ws_url(request, game),
    }
    legal = selectors.legal_for(game, state, seat)
    if legal is not None:
        initial["legal"] = legal
    # the board UI's template; a plain fallback keeps the page working until it is installed
    template = select_template(["games/board.html", "games/board_fallback.html"])
    # how to play (the Rules panel, the marks' words) and a guided first game's script
    learn = {"rules": learning.board_rules(game_def),
             "guide": learning.guide_for(game, seat, "guide" in request.GET)}
    return HttpResponse(template.render({"game": game, "seat": seat, "initial": initial,
                                         "board_renderer": game_def.renderer,
                                         "renderer_module": game_def.renderer_module,
                                         "learn": learn},
                                        request))


@login_required
@require_http_methods(["GET", "POST"])
def game_join(request: HttpRequest, game_id, token: str) -> HttpResponse:
    """The invite link: choose a faction and take the first free seat."""
    game = get_object_or_404(Game, pk=game_id)
    if Seat.objects.filter(game=game, user=request.user).exists():
        return redirect("games:board", game_id=game.id)
    if token != game.invite_token:
        raise PermissionDenied("This invite link is not valid.")
    if game.status != Game.Status.SETUP or not game.seats.filter(user__isnull=True, bot="").exists():
        messages.info(request, "That game has already started; every seat is taken.")
        return redirect("games:list")
    posted = request.POST if request.method == "POST" else None  # a form may have no fields
    form = join_form_of(game.definition)(posted, game=game)
    if request.method == "POST" and form.is_valid():
        try:
            lobby.game_join(game=game, user=request.user, token=token, **form.cleaned_data)
        except services.ServiceError as error:
            form.add_error(None, error.message)
        else:
            return redirect("games:board", game_id=game.id)
    return render(request, "games/join.html", {
        "game": game, "form": form, "seats": selectors.seats_in_words(game)})


@login_required
@require_GET
def game_events(request: HttpRequest, game_id) -> JsonResponse:
    """Events after `?after=<seq>` as the viewer's seat sees them (replay, resync fallback)."""
    game = get_object_or_404(Game, pk=game_id)
    seat = _seat_or_403(request, game)
    try:
        after = max(0, int(request.GET.get("after", "0")))
    except ValueError:
        return JsonResponse({"error": "bad_message", "message": "'after' must be a number"},
                            status=400)
    rows = game.events.filter(seq__gt=after, seq__lte=game.last_seq).order_by("seq")[:1000]
    events = selectors.events_for_seat(rows, seat)
    return JsonResponse({"game_id": str(game.id), "version": game.version,
                         "last_seq": game.last_seq, "events": events})
