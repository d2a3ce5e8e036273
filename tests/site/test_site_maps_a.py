"""The lobby and the campaign form refuse a map for a game its own rules forbid (the Crypt is
for two players and never for The Awoken), with a message naming the map and the reason;
nothing is created."""
from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from ancients_ai import campaigns
from games import lobby, services
from games.models import Campaign, Game

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_lobby_refuses_the_crypt_for_three_players(owner):
    with pytest.raises(services.ServiceError) as refused:
        lobby.game_create(user=owner, mode="skirmish", map_name="crypt", faction="guild", players=3)
    assert refused.value.code == "invalid_choice"
    assert "The Crypt" in refused.value.message and "2 players only, not 3" in refused.value.message
    assert not Game.objects.exists()


def test_the_lobby_refuses_the_crypt_for_the_awoken(owner):
    with pytest.raises(services.ServiceError) as refused:
        lobby.game_create(user=owner, mode="solo", map_name="crypt", faction="guild",
                          scenario_ids=["magus"])
    assert "The Crypt is not played in Solo (The Awoken)" in refused.value.message  # words, not ids
    with pytest.raises(services.ServiceError):
        campaigns.campaign_create(user=owner, name="Down below", map_name="crypt", faction="guild")
    assert not Game.objects.exists() and not Campaign.objects.exists()


def test_a_two_player_skirmish_in_the_crypt_starts(owner):
    game = lobby.game_create(user=owner, mode="skirmish", map_name="crypt", faction="guild",
                             players=2, bots=1, seed=3)
    assert game.status == Game.Status.PLAYING


def test_the_new_game_form_says_why_on_the_map_field(owner):
    response = _client(owner).post(reverse("games:new"), {
        "mode": "skirmish", "players": "4", "faction": "guild", "map_name": "crypt",
        "difficulty": "normal"})
    assert response.status_code == 200
    errors = response.context["form"].errors["map_name"]
    assert any("The Crypt is for 2 players only, not 4" in e for e in errors)
    assert not Game.objects.exists()


def test_the_forms_default_to_a_map_solo_allows_and_refuse_the_crypt_for_a_campaign(owner):
    page = _client(owner).get(reverse("games:new"))
    first = page.context["form"].fields["map_name"].initial
    assert first is not None and first != "crypt"  # the default mode, solo, may not use it
    lobby.check_map(first, "solo", 1)
    response = _client(owner).post(reverse("games:campaign_new"), {
        "name": "Below", "party_size": "1", "faction": "guild", "map_name": "crypt",
        "difficulty": "normal"})
    assert response.status_code == 200
    assert "The Crypt is not played in Solo (The Awoken)" in " ".join(response.context["form"].errors["map_name"])
