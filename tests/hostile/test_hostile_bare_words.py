"""Inputs that once answered a 500 (issue 31, item 1): a `next=` that is a bare word, and the
admin's map edit form given a 5,000-digit number or nested YAML aliases.

A `next=` is followed only when it is a path on this site; anything else (`lobby`, another
host) is dropped and the page's own default applies, after the work is done. The map form's
fields are read by the same bounded reader as an uploaded file: a long number or aliases
past the budget are refused in a sentence on the form, at once, and nothing is saved.
"""
from __future__ import annotations

import io
import time

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from support.admin_forms import form_data
from ancients_ai.models import Map
from support.site import _fresh_state_cache, start_skirmish  # noqa: F401  (fixtures)

pytestmark = pytest.mark.django_db

BARE_WORDS = ["lobby", "foo", "accounts:profile", "//evil.example/x", "https://evil.example/"]


def client_for(user=None) -> Client:
    client = Client(raise_request_exception=False)  # a crash shows as the 500 it was
    if user is not None:
        client.force_login(user)
    return client


# --- next= ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("word", BARE_WORDS)
def test_a_newcomer_signing_up_with_a_bare_next_gets_an_account_and_the_profile(word):
    response = client_for().post("/accounts/signup/", {
        "username": f"newcomer{len(word)}", "password1": "a-long-pass-phrase-77",
        "password2": "a-long-pass-phrase-77", "next": word})
    assert response.status_code == 302, response.status_code
    assert response["Location"] == reverse("accounts:profile")
    assert get_user_model().objects.filter(username=f"newcomer{len(word)}").exists()


@pytest.mark.parametrize("word", BARE_WORDS)
def test_someone_signed_in_opening_sign_up_with_a_bare_next_goes_to_the_profile(owner, word):
    response = client_for(owner).get("/accounts/signup/", {"next": word})
    assert response.status_code == 302 and response["Location"] == reverse("accounts:profile")


def test_a_path_on_this_site_is_still_followed(owner):
    response = client_for(owner).get("/accounts/signup/", {"next": "/play/"})
    assert response.status_code == 302 and response["Location"] == "/play/"


@pytest.mark.parametrize("word", BARE_WORDS)
def test_sharing_a_replay_with_a_bare_next_goes_back_to_the_replay(owner, teammate, word):
    game = start_skirmish(owner, teammate)
    response = client_for(owner).post(f"/play/{game.id}/replay/share/",
                                      {"public": "1", "next": word})
    assert response.status_code == 302, response.status_code
    assert response["Location"] == f"/play/{game.id}/replay/"


# --- the map edit form ---------------------------------------------------------------------------
@pytest.fixture
def designer_client(django_user_model) -> Client:
    call_command("load_content", stdout=io.StringIO())
    user = django_user_model.objects.create_superuser("designer", "d@example.com",
                                                      "a-long-test-password-91")
    return client_for(user)


def alias_bomb(levels: int) -> str:
    """Nested lists, each eight aliases of the one before: 8**levels values once read."""
    parts = ["&a0 [" + ", ".join(["x"] * 8) + "]"]
    parts += [f"&a{i} [" + ", ".join([f"*a{i - 1}"] * 8) + "]" for i in range(1, levels)]
    return "{bomb: [" + ", ".join(parts) + "]}"


@pytest.mark.parametrize("field, value, words", [
    ("features", "{portals: [" + "9" * 5000 + "]}", "holds a whole number of 5000 digits"),
    ("features", alias_bomb(6), "uses aliases (*name) that would repeat"),
    ("open_boundaries", "1-2, " + "7" * 5000 + "-3",
     "holds a number of more than 15 digits"),
], ids=["features-long-number", "features-aliases", "open-boundaries-long-number"])
def test_the_map_form_refuses_a_long_number_or_aliases_in_a_sentence(designer_client, field,
                                                                      value, words):
    game_map = Map.objects.get(name="dungeon")
    url = reverse("admin:ancients_ai_map_change", args=[game_map.pk])
    data = form_data(designer_client.get(url))
    before = (game_map.features, game_map.open_boundaries, game_map.revision)
    data[field] = value

    started = time.monotonic()
    response = designer_client.post(url, data)

    assert time.monotonic() - started < 5
    assert response.status_code == 200, response.status_code  # the form again, not a 500
    page = response.content.decode()
    assert words in page and "Traceback" not in page
    assert len(response.content) < 200_000
    game_map.refresh_from_db()
    assert (game_map.features, game_map.open_boundaries, game_map.revision) == before
