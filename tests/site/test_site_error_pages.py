"""The error pages a person meets (403, 404, 500) and /favicon.ico: each error page has the
site's header, says what happened in words and offers a way back, with the right status,
with DEBUG off as in production."""
from __future__ import annotations

import uuid

import pytest
from django.test import Client, RequestFactory
from django.views.defaults import server_error

from games.models import Campaign
from support.site import _fresh_state_cache, map_name, start_coop, start_skirmish  # noqa: F401

pytestmark = pytest.mark.django_db

HEADER = 'class="site-header"'


@pytest.fixture(autouse=True)
def _production(settings):
    settings.DEBUG = False


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_stranger_opening_someone_elses_game_gets_the_403_page(owner, teammate, outsider):
    game = start_coop(owner, teammate)
    response = _client(outsider).get(f"/play/{game.id}/")
    body = response.content.decode()
    assert response.status_code == 403
    assert HEADER in body and 'data-error="403"' in body
    assert "You do not have a seat in this game." in body
    assert 'href="/play/"' in body and "Back to my games" in body
    assert str(game.id) not in body.split("</header>", 1)[1], "the page tells nothing of the game"


def test_every_forbidden_place_shows_the_403_page(owner, teammate, outsider):
    game = start_skirmish(owner, teammate)
    client = _client(owner)
    client.post("/campaigns/new/", {"name": "Watch", "party_size": "2", "faction": "guild",
                                    "colour": "", "map_name": map_name(), "difficulty": "easy"})
    campaign = Campaign.objects.get()
    stranger = _client(outsider)
    for url in (f"/play/{game.id}/replay/", f"/play/{game.id}/events/",
                f"/play/{game.id}/join/not-the-token/", f"/campaigns/{campaign.pk}/",
                f"/campaigns/{campaign.pk}/join/not-the-token/"):
        response = stranger.get(url)
        assert response.status_code == 403, url
        assert HEADER in response.content.decode() and 'data-error="403"' in response.content.decode(), url


def test_an_unknown_address_gets_the_404_page(client, outsider):
    response = client.get("/no/such/place/")
    body = response.content.decode()
    assert response.status_code == 404
    assert HEADER in body and 'data-error="404"' in body
    assert "There is no page here" in body and "/no/such/place/" in body
    assert 'href="/"' in body and "Home page" in body

    signed_in = _client(outsider).get(f"/play/{uuid.uuid4()}/")
    assert signed_in.status_code == 404
    assert 'data-error="404"' in signed_in.content.decode() and "Back to my games" in signed_in.content.decode()
    assert _client(outsider).get("/campaigns/987654/").status_code == 404


def test_the_500_page_renders_without_a_request_context():
    """Django's server_error renders 500.html with an empty context: no user, no request."""
    response = server_error(RequestFactory().get("/play/"))
    body = response.content.decode()
    assert response.status_code == 500
    assert HEADER in body and 'data-error="500"' in body
    assert "Something went wrong on our side" in body
    assert 'href="/play/"' in body and 'href="/"' in body


def test_an_unhandled_error_in_a_view_shows_the_500_page(owner, monkeypatch):
    from games import views

    def broken(*args, **kwargs):
        raise RuntimeError("the rules store is on fire")

    monkeypatch.setattr(views.selectors, "game_rows", broken)
    client = _client(owner)
    client.raise_request_exception = False
    response = client.get("/play/")
    assert response.status_code == 500
    body = response.content.decode()
    assert 'data-error="500"' in body and "on fire" not in body


def test_favicon_ico_is_served(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/x-icon"
    assert response.content.startswith(b"\x00\x00\x01\x00")  # an icon file


def test_every_page_links_the_icon(client):
    body = client.get("/").content.decode()
    assert 'rel="icon"' in body and "games/favicon.svg" in body and "games/favicon.ico" in body
    from django.contrib.staticfiles import finders
    assert finders.find("games/favicon.svg") and finders.find("games/favicon.ico")


def test_a_stale_form_gets_the_403_page_not_a_bare_one(owner):
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)
    response = client.post("/play/new/", {"mode": "solo"})
    body = response.content.decode()
    assert response.status_code == 403
    assert HEADER in body and "That form could not be accepted" in body and "Nothing was changed" in body
