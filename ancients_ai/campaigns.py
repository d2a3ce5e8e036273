"""Campaigns: a party (one player, or two by invite link) playing the chapters in order on
one map; each chapter is a game of The Awoken started with the whole party seated. What a
finished game gives its campaign is `campaign_progress`.
"""
from __future__ import annotations

import secrets
from typing import Optional

from django.db import transaction

from ancients_ai.companion import companion_create
from games.lobby import check_map, game_create, refusals
from wildlands.forms import campaign_mode
from wildlands.lobby import check_faction_and_colour
from games.models import Campaign, Difficulty, Game, Seat
from games.platform import registry
from games.services import ServiceError


def campaign_create(*, user, name: str, map_name: str, faction: str, colour: str = "",
                    party_size: int = 1, difficulty: str = Difficulty.NORMAL) -> Campaign:
    """A new campaign at chapter 1. With a party of two the partner joins by invite link."""
    if party_size not in (1, 2):
        raise ServiceError("invalid_choice", "a campaign party has one or two players")
    if difficulty not in Difficulty.values:
        raise ServiceError("invalid_choice", f"unknown difficulty {difficulty!r}")
    with refusals():
        colour = check_faction_and_colour(faction, colour, [])
    check_map(map_name, campaign_mode(party_size), party_size)
    return Campaign.objects.create(name=name.strip() or "Campaign", owner=user,
                                   owner_faction=faction, owner_colour=colour,
                                   party_size=party_size, map_name=map_name,
                                   difficulty=difficulty)


def campaign_join(*, campaign: Campaign, user, token: str, faction: str, colour: str = "") -> Campaign:
    with transaction.atomic():
        locked = Campaign.objects.select_for_update().get(pk=campaign.pk)
        if not secrets.compare_digest(str(token), locked.invite_token):
            raise ServiceError("bad_token", "this invite link is not valid for the campaign")
        if locked.has_member(user):
            return locked
        if locked.party_size != 2 or locked.partner_id is not None:
            raise ServiceError("game_full", "this campaign's party is complete")
        taken = [Seat(faction=locked.owner_faction, colour=locked.owner_colour)]
        with refusals():
            locked.partner_colour = check_faction_and_colour(faction, colour, taken)
        locked.partner, locked.partner_faction = user, faction
        locked.save()
    return locked


def campaign_chapter_scenarios(campaign: Campaign, chapter: int) -> list:
    """Chapter k is scenario k; a party of two also faces the next one (the fifth pairs
    with the first), since the Awoken sets one scenario per player."""
    mode = registry.get(campaign_mode(campaign.party_size))  # the scenarios it declares
    order = [sid for sid, _ in mode.scenario_choices()]
    first = order[(chapter - 1) % len(order)]
    if campaign.party_size == 1:
        return [first]
    return [first, order[chapter % len(order)]]


def campaign_start_game(*, campaign: Campaign, user, chapter: Optional[int] = None,
                        at_table: bool = False) -> Game:
    """Start a game of the campaign's next (or an unlocked earlier) chapter with the party;
    `at_table`: played with the printed game, the site running the Ancients
    (`ancients_ai.companion`)."""
    if not campaign.has_member(user):
        raise ServiceError("not_seated", "you are not in this campaign's party")
    if not campaign.is_ready:
        raise ServiceError("game_not_started", "your partner has not joined the campaign yet")
    chapter = chapter or min(campaign.unlocked, Campaign.CHAPTERS)
    if not 1 <= chapter <= campaign.unlocked or chapter > Campaign.CHAPTERS:
        raise ServiceError("invalid_choice", f"chapter {chapter} is not unlocked")
    running = campaign.games.filter(status=Game.Status.PLAYING).first()
    if running is not None:
        return running
    if at_table:
        two = campaign.party_size == 2
        return companion_create(
            user=campaign.owner, partner=campaign.partner if two else None,
            map_name=campaign.map_name,
            factions=[campaign.owner_faction] + ([campaign.partner_faction] if two else []),
            scenario_ids=campaign_chapter_scenarios(campaign, chapter),
            difficulty=campaign.difficulty, campaign=campaign, chapter=chapter)
    others = []
    if campaign.party_size == 2:
        others = [(campaign.partner, campaign.partner_faction, campaign.partner_colour)]
    return game_create(
        user=campaign.owner, mode=campaign_mode(campaign.party_size),
        map_name=campaign.map_name, faction=campaign.owner_faction, colour=campaign.owner_colour,
        scenario_ids=campaign_chapter_scenarios(campaign, chapter),
        difficulty=campaign.difficulty, campaign=campaign, chapter=chapter, others=others)
