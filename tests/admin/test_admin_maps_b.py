"""The admin's map editor checks a map's own rules with the same parser as the shipped files
(wildlands/rules/maps/features.py): a conveyor belt that leaves the board or steps between spaces
that are not neighbours, a tomb on no space, are refused with a message naming the item, and
nothing is saved."""
from __future__ import annotations

import pytest
from django.urls import reverse

from ancients_ai.models import Map
from support.site import eager_celery  # noqa: F401

from support.admin_forms import form_data

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_celery")]


def post_features(client, name: str, features: str):
    game_map = Map.objects.get(name=name)
    url = reverse("admin:ancients_ai_map_change", args=[game_map.pk])
    data = form_data(client.get(url))
    data["features"] = features
    return game_map, client.post(url, data)


@pytest.mark.parametrize("features, words", [
    ("belts:\n  - {name: north, path: [9, 10, 11]}\n  - {name: south, path: [32, 99]}",
     "Features.belts south step [32, 99]: leaves the board: there is no space 99"),
    ("belts:\n  - {name: north, path: [9, 25]}",
     "Features.belts north step [9, 25]: spaces 9 and 25 are not neighbours"),
    ("belts:\n  - {name: north, path: [9]}",
     "Features.belts north: path must list two or more space numbers"),
])
def test_a_bad_belt_is_refused_with_the_belt_and_step_named(client, designer, content,
                                                            features, words):
    factory, response = post_features(client, "lost_factory", features)
    assert response.status_code == 200
    assert words in response.content.decode()
    factory.refresh_from_db()
    assert "[32, 31, 30" in factory.features, "nothing was saved"


def test_a_tomb_on_no_space_is_refused(client, designer, content):
    maze, response = post_features(client, "maze", "players: [2]\ntombs: [1, 7, 99]")
    assert response.status_code == 200
    assert "Features.tombs: there is no space 99" in response.content.decode()
    maze.refresh_from_db()
    assert "99" not in maze.features


def test_thin_ice_added_to_a_map_is_saved_and_drawn_in_the_preview(client, designer, content):
    lake, response = post_features(client, "abyssal_lake", "slippery: true\nthin_ice: [12, 19]")
    assert response.status_code == 302, response.context and response.context["errors"]
    lake.refresh_from_db()
    assert "thin_ice" in lake.features and "28" not in lake.features
    page = client.get(reverse("admin:ancients_ai_map_change", args=[lake.pk])).content.decode()
    assert 'class="thin-ice" data-space="12"' in page and 'data-space="28"' in page
    assert 'class="thin-ice" data-space="28"' not in page
