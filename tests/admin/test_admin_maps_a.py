"""The admin's map editor checks a map's own rules with the same parser as the shipped maps:
a bad feature is refused with a message naming the item, and nothing is saved; the preview
draws the rules of a good one."""
from __future__ import annotations

import pytest
from django.urls import reverse

from support.admin_forms import form_data
from ancients_ai.models import Map

pytestmark = pytest.mark.django_db


def edit_features(client, name: str, features: str):
    game_map = Map.objects.get(name=name)
    url = reverse("admin:ancients_ai_map_change", args=[game_map.pk])
    data = form_data(client.get(url))
    before = data["features"]
    data["features"] = features
    return client.post(url, data), game_map, before


@pytest.mark.parametrize("name, features, words", [
    ("warlocks_tower", "{portals: [3, 7, 34, 39], tower: 43, numberless: [41, 42, 43, 44, 45]}",
     "Features.tower: the tower (space 43) is not a portal"),
    ("dark_house", "{stairs: [[4, 33], [9]]}", "Features.stairs [9]: the stair on space 9 has no pair"),
    ("dark_house", "{stairs: [[4, 33], [4, 21]]}", "Features.stairs [4, 33]: space 4 is on two stairs"),
    ("crypt", "{players: [2], thorns: [[1, 30]]}",
     "Features.thorns [1, 30]: spaces 1 and 30 do not share a boundary"),
    ("crypt", "{players: [2], thorns: [[1, 7]]}", "Features.thorns [1, 7]: the boundary between 1 and 7 is also listed in open"),
])
def test_a_bad_map_rule_is_refused_naming_the_item(client, designer, content, name, features, words):
    response, game_map, before = edit_features(client, name, features)
    text = response.content.decode()
    assert response.status_code == 200
    assert words in text
    game_map.refresh_from_db()
    assert game_map.features == before


def test_the_preview_draws_the_towers_portals_and_the_crypts_thorns(client, designer, content):
    tower = Map.objects.get(name="warlocks_tower")
    text = client.get(reverse("admin:ancients_ai_map_change", args=[tower.pk])).content.decode()
    assert text.count('class="portal') == 5 and 'class="portal tower" data-space="43"' in text
    crypt = Map.objects.get(name="crypt")
    text = client.get(reverse("admin:ancients_ai_map_change", args=[crypt.pk])).content.decode()
    assert text.count('class="thorn"') == 11
