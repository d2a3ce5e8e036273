"""Pages of the table companion (`ancients_ai.companion`): starting a game for the table, the
phone-first page that plays it, and its JSON command endpoint.

No account is needed: the game's secret resume link (`/table/<game>/<token>/`) is the key,
so these views are not behind `login_required`; a signed-in creator also finds the game in
their list. Every refusal is a stable code and a sentence, never a traceback. Since anyone
may start one, new tables are limited per address (TABLES_PER_ADDRESS), and tables started
without an account that nobody plays are swept (`companion.companion_sweep_untouched`).
"""
from __future__ import annotations

import json
from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from ancients_ai import companion
from ancients_ai import scenarios as awoken_scenarios
from wildlands.content import offer
from games.consumers import MAX_NUMBER
from games.models import Difficulty
from games.platform.errors import RuleError
from games.services import ServiceError
from wildlands_site import rate_limit

TABLES_PER_ADDRESS = 10  # new tables from one address ...
TABLE_WINDOW_SECONDS = 60 * 60  # ... in this long (a club behind one address included)


class CompanionForm(forms.Form):
    """The table's choices: the map, and for each player a faction and a scenario."""

    players = forms.TypedChoiceField(choices=[(1, "One player"), (2, "Two players")],
                                     coerce=int, initial=1, widget=forms.RadioSelect)
    map_name = forms.ChoiceField(label="Map")
    faction = forms.ChoiceField(label="Player 1's faction")
    scenario = forms.ChoiceField(label="Player 1's scenario")
    faction_2 = forms.ChoiceField(label="Player 2's faction", required=False)
    scenario_2 = forms.ChoiceField(label="Player 2's scenario", required=False)
    difficulty = forms.ChoiceField(choices=Difficulty.choices, initial=Difficulty.NORMAL)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        factions, scenarios = offer.available_factions(), awoken_scenarios.available_scenarios()
        self.fields["map_name"].choices = offer.available_maps()
        self.fields["faction"].choices = self.fields["faction_2"].choices = factions
        self.fields["scenario"].choices = self.fields["scenario_2"].choices = scenarios
        if len(factions) > 1 and len(scenarios) > 1:
            self.fields["faction_2"].initial = factions[1][0]
            self.fields["scenario_2"].initial = scenarios[1][0]

    def clean(self) -> dict:
        data = super().clean()
        two = data.get("players") == 2
        data["factions"] = [data.get("faction")] + ([data.get("faction_2")] if two else [])
        data["scenario_ids"] = [data.get("scenario")] + ([data.get("scenario_2")] if two else [])
        if two and data.get("faction") == data.get("faction_2"):
            self.add_error("faction_2", "Each player needs a different faction.")
        if two and data.get("scenario") == data.get("scenario_2"):
            self.add_error("scenario_2", "Each player needs a different scenario.")
        return data


def tables_key(address: str) -> str:
    """The cache key counting the new tables started from `address`."""
    return f"companion-tables:{address}"


@require_http_methods(["GET", "POST"])
def companion_new(request: HttpRequest) -> HttpResponse:
    form = CompanionForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        key = tables_key(rate_limit.client_address(request))
        if rate_limit.count(key, window=TABLE_WINDOW_SECONDS) > TABLES_PER_ADDRESS:
            form.add_error(None, "Too many new tables from your network in the last hour: "
                                 "open one you have already started, or wait a while.")
            return render(request, "games/companion_new.html", {"form": form}, status=429)
        data = form.cleaned_data
        try:
            game = companion.companion_create(
                user=request.user, map_name=data["map_name"], factions=data["factions"],
                scenario_ids=data["scenario_ids"], difficulty=data["difficulty"])
        except ServiceError as error:
            form.add_error(None, error.message)
        else:
            return redirect("games:companion", game_id=game.id, token=game.companion_token)
    return render(request, "games/companion_new.html", {"form": form})


@require_GET
def companion_page(request: HttpRequest, game_id, token: str) -> HttpResponse:
    try:
        game = companion.companion_game(game_id, token)
    except ServiceError as error:
        return render(request, "games/companion_gone.html", {"message": error.message},
                      status=404)
    resume = request.build_absolute_uri()
    return render(request, "games/companion.html", {
        "game": game, "resume_url": resume,
        "initial": {**companion.companion_payload(game, with_board=True), "token": token}})


@require_GET
def companion_state(request: HttpRequest, game_id, token: str) -> JsonResponse:
    try:
        game = companion.companion_game(game_id, token)
    except ServiceError as error:
        return _refused(error.code, error.message, 404)
    return JsonResponse(companion.companion_payload(game))


@require_POST
def companion_command(request: HttpRequest, game_id, token: str) -> JsonResponse:
    """`{"expected_version": n, "command": {...}}` in; the new payload and the events out.
    A body nested past the parser's depth (RecursionError) or holding a number no browser
    holds exactly (which the event log's encoder cannot write) is a bad message."""
    try:
        body = json.loads(request.body or b"{}", parse_int=_bounded_int,
                          parse_constant=_no_constant)
        if not isinstance(body, dict):
            raise ValueError("not an object")
    except (ValueError, RecursionError):
        return _refused("bad_message", "send a JSON object with expected_version and command "
                        f"(whole numbers within {MAX_NUMBER} either way)", 400)
    try:
        result = companion.companion_apply(game_id=game_id, token=token,
                                           expected_version=body.get("expected_version"),
                                           command=body.get("command"))
        game = companion.companion_game(game_id, token)
    except ServiceError as error:
        return _refused(error.code, error.message, 404 if error.code == "bad_token" else 400)
    except RuleError as error:
        return _refused(error.code, error.message, 409 if error.code == "stale_version" else 400)
    events = [{"seq": e["seq"], "kind": e["kind"], **e["data"]} for e in result.events
              if e["visible_to"] is None]
    return JsonResponse({**companion.companion_payload(game), "events": events})


def _bounded_int(text: str) -> int:
    value = int(text)
    if abs(value) > MAX_NUMBER:
        raise ValueError("number out of range")
    return value


def _no_constant(text: str) -> Any:
    raise ValueError(f"{text} is not a number JSON allows")


def _refused(code: str, message: str, status: int) -> JsonResponse:
    return JsonResponse({"error": code, "message": message}, status=status)
