"""The Awoken's campaign pages: the party's campaigns, starting and joining one, a chapter's
game, and our campaign rules (the campaign itself: `ancients_ai.campaigns`).

Views stay thin: reads come from `games.selectors` and `ancients_ai.scenarios`, changes from
`ancients_ai.campaigns`; a `ServiceError` becomes a form error or a message, never a crash.
"""
from __future__ import annotations

import re

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from ancients_ai import campaigns
from ancients_ai import scenarios as awoken_scenarios
from ancients_ai.lobby import HARD_ANCIENT_HEALTH
from games import selectors, services
from wildlands.content import offer
from games.models import Campaign, Game
from wildlands.forms import CampaignForm, JoinCampaignForm


# --- campaigns ----------------------------------------------------------------------------------
@login_required
@require_GET
def campaign_list(request: HttpRequest) -> HttpResponse:
    return render(request, "campaigns/list.html",
                  {"campaigns": selectors.campaigns_for_user(request.user)})


@login_required
@require_http_methods(["GET", "POST"])
def campaign_new(request: HttpRequest) -> HttpResponse:
    form = CampaignForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            campaign = campaigns.campaign_create(
                user=request.user, name=data["name"], map_name=data["map_name"],
                faction=data["faction"], colour=data.get("colour") or "",
                party_size=data["party_size"], difficulty=data["difficulty"])
        except services.ServiceError as error:
            form.add_error(None, error.message)
        else:
            return redirect("games:campaign", pk=campaign.pk)
    return render(request, "campaigns/new.html", {"form": form})


def _campaign_for_member(request: HttpRequest, pk: int) -> Campaign:
    campaign = get_object_or_404(Campaign.objects.select_related("owner", "partner"), pk=pk)
    if not campaign.has_member(request.user) and not request.user.is_staff:
        raise PermissionDenied("You are not in this campaign's party.")
    return campaign


@login_required
@require_GET
def campaign_detail(request: HttpRequest, pk: int) -> HttpResponse:
    campaign = _campaign_for_member(request, pk)
    invite = None
    if campaign.party_size == 2 and campaign.partner_id is None:
        invite = request.build_absolute_uri(reverse(
            "games:campaign_join", kwargs={"pk": campaign.pk, "token": campaign.invite_token}))
    titles = dict(awoken_scenarios.available_scenarios())
    chapters = []
    for chapter in range(1, Campaign.CHAPTERS + 1):
        try:
            scenarios = campaigns.campaign_chapter_scenarios(campaign, chapter)
        except services.ServiceError:
            scenarios = []
        chapters.append({
            # "Chapter 1: The Magus Wakes", not "Chapter 1 1. The Magus Wakes"
            "n": chapter, "scenarios": [re.sub(r"^\d+\. ", "", titles.get(str(s), str(s))) for s in scenarios],
            "won": chapter in campaign.completed, "unlocked": chapter <= campaign.unlocked})
    games = campaign.games.order_by("-created")
    factions = dict(offer.available_factions())
    return render(request, "campaigns/detail.html", {
        "owner_faction": factions.get(campaign.owner_faction, campaign.owner_faction),
        "partner_faction": factions.get(campaign.partner_faction, campaign.partner_faction),
        "map_title": dict(offer.available_maps()).get(campaign.map_name, campaign.map_name),
        "campaign": campaign, "invite_url": invite, "chapters": chapters, "games": games,
        "stats": selectors.campaign_statistics(campaign),
        "treasures": awoken_scenarios.treasure_names(campaign.treasures),
        "running": games.filter(status=Game.Status.PLAYING).first(),
        "is_member": campaign.has_member(request.user)})


@login_required
@require_http_methods(["GET", "POST"])
def campaign_join(request: HttpRequest, pk: int, token: str) -> HttpResponse:
    campaign = get_object_or_404(Campaign, pk=pk)
    if campaign.has_member(request.user):
        return redirect("games:campaign", pk=campaign.pk)
    if token != campaign.invite_token:
        raise PermissionDenied("This invite link is not valid.")
    if campaign.party_size != 2 or campaign.partner_id is not None:
        messages.info(request, "That campaign's party is already complete.")
        return redirect("games:campaigns")
    form = JoinCampaignForm(request.POST or None, taken=campaign.owner_faction)
    if request.method == "POST" and form.is_valid():
        try:
            campaigns.campaign_join(campaign=campaign, user=request.user, token=token,
                                    faction=form.cleaned_data["faction"],
                                    colour=form.cleaned_data.get("colour") or "")
        except services.ServiceError as error:
            form.add_error(None, error.message)
        else:
            return redirect("games:campaign", pk=campaign.pk)
    return render(request, "campaigns/join.html", {"campaign": campaign, "form": form})


@login_required
@require_POST
def campaign_play(request: HttpRequest, pk: int) -> HttpResponse:
    """Start (or return to) the game of a chapter."""
    campaign = _campaign_for_member(request, pk)
    try:
        chapter = int(request.POST.get("chapter") or 0) or None
        game = campaigns.campaign_start_game(campaign=campaign, user=request.user, chapter=chapter,
                                             at_table=bool(request.POST.get("at_table")))
    except (ValueError, services.ServiceError) as error:
        messages.error(request, getattr(error, "message", "Choose an unlocked chapter."))
        return redirect("games:campaign", pk=campaign.pk)
    return redirect("games:board", game_id=game.id)


@require_GET
def campaign_rules(request: HttpRequest) -> HttpResponse:
    return render(request, "campaigns/rules.html", {
        "scenarios": awoken_scenarios.available_scenarios(),
        "hard_health": HARD_ANCIENT_HEALTH})
