"""Hostile input on the HTTP side: no request a browser (or a script) can make gets a 500.

Junk in every form field (hypothesis, bounded), wrong methods on every page, other people's
games and campaigns, unknown and malformed ids, junk query strings, oversized bodies and
too many fields. Each answer is a page, a redirect or a 4xx; nothing changes that should
not. The test client is told not to re-raise server errors, so a crash shows up as the
500 a visitor would get.
"""
from __future__ import annotations

import uuid

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.models import Campaign, Game, GameCommand, Seat
from support.site import _fresh_state_cache, start_skirmish  # noqa: F401  (fixtures)

pytestmark = pytest.mark.django_db

METHODS = ("get", "post", "put", "patch", "delete", "head", "options")
UNKNOWN = "11111111-2222-3333-4444-555555555555"


def client_for(user=None, **kwargs) -> Client:
    client = Client(raise_request_exception=False, **kwargs)
    if user is not None:
        client.force_login(user)
    return client


def pages(game: Game, campaign: Campaign) -> list[str]:
    return [
        "/", "/play/", "/play/new/", f"/play/{game.id}/", f"/play/{game.id}/replay/",
        f"/play/{game.id}/events/", f"/play/{game.id}/join/{game.invite_token}/",
        f"/play/{game.id}/join/wrong-token/", f"/play/{UNKNOWN}/", f"/play/{UNKNOWN}/events/",
        f"/play/{UNKNOWN}/replay/", f"/play/{UNKNOWN}/join/x/", "/play/not-a-uuid/",
        "/campaigns/", "/campaigns/new/", f"/campaigns/{campaign.pk}/",
        f"/campaigns/{campaign.pk}/join/{campaign.invite_token}/",
        f"/campaigns/{campaign.pk}/join/wrong/", f"/campaigns/{campaign.pk}/play/",
        "/campaigns/999999/", f"/campaigns/{2 ** 63}/", f"/campaigns/{10 ** 30}/play/",
        "/campaigns/-1/", "/rules/campaign/", "/accounts/profile/", "/accounts/login/",
        "/accounts/logout/", "/accounts/signup/", "/accounts/password_change/",
        "/accounts/password_reset/", "/healthz",
    ]


@pytest.fixture
def world(owner, teammate, outsider):
    from ancients_ai import campaigns
    from support.site import map_name

    game = start_skirmish(owner, teammate)
    campaign = campaigns.campaign_create(user=owner, name="Watch", map_name=map_name(),
                                       faction="guild", party_size=2)
    return {"game": game, "campaign": campaign, "owner": owner, "outsider": outsider}


def snapshot(game: Game) -> tuple:
    game.refresh_from_db()
    return (game.version, game.last_seq, GameCommand.objects.filter(game=game).count(),
            Seat.objects.filter(game=game, user__isnull=False).count())


def test_every_page_with_every_method_never_gives_a_500(world):
    game, campaign = world["game"], world["campaign"]
    before = snapshot(game)
    for who in (None, world["outsider"], world["owner"]):
        client = client_for(who)
        for url in pages(game, campaign):
            for method in METHODS:
                response = getattr(client, method)(url)
                assert response.status_code < 500, (who, method, url, response.status_code)
    assert snapshot(game) == before
    assert Campaign.objects.get(pk=campaign.pk).partner_id is None


def test_other_peoples_games_are_refused_and_unknown_ones_are_not_found(world):
    game, outsider = world["game"], world["outsider"]
    client = client_for(outsider)
    for url in (f"/play/{game.id}/", f"/play/{game.id}/replay/", f"/play/{game.id}/events/?after=0"):
        assert client.get(url).status_code == 403, url
    assert client.get(f"/play/{game.id}/join/wrong-token/").status_code == 403
    assert client.get(f"/campaigns/{world['campaign'].pk}/").status_code == 403
    for url in (f"/play/{uuid.uuid4()}/", f"/play/{uuid.uuid4()}/events/", "/play/zzz/",
                "/campaigns/0/"):
        assert client.get(url).status_code == 404, url
    # a full game's real invite link does not seat the outsider
    response = client.post(f"/play/{game.id}/join/{game.invite_token}/", {"faction": "lawbringers"})
    assert response.status_code in (302, 200)
    assert not Seat.objects.filter(game=game, user=outsider).exists()


@pytest.mark.parametrize("after", [
    "abc", "", "-1", "-99999999999999999999", "1.5", "1e3", "0x10", "%00", " 3", "3 ",
    "9" * 30, "9" * 5000, "[]", "null", "１２",
])
def test_junk_in_the_events_feed_query_is_answered_cleanly(world, after):
    game = world["game"]
    response = client_for(world["owner"]).get(f"/play/{game.id}/events/", {"after": after})
    assert response.status_code in (200, 400), response.status_code
    body = response.json()
    if response.status_code == 400:
        assert body["error"] == "bad_message"
    else:
        assert body["last_seq"] == game.last_seq


def test_oversized_bodies_and_too_many_fields_are_refused(world):
    client = client_for(world["owner"])
    huge = "x" * (3 * 1024 * 1024)
    for url in ("/play/new/", "/campaigns/new/", f"/play/{world['game'].id}/join/t/"):
        reads_form = "join" not in url  # a seated player's join link redirects unread
        response = client.post(url, {"mode": "solo", "faction": huge})
        assert response.status_code == 400 if reads_form else response.status_code < 500, url
        response = client.post(url, {f"f{i}": "1" for i in range(2000)})
        assert response.status_code == 400 if reads_form else response.status_code < 500, url
        response = client.post(url, data=huge, content_type="application/json")
        assert response.status_code < 500, url
        response = client.generic("POST", url, b"\xff\xfe" * 1000,
                                  content_type="application/x-www-form-urlencoded")
        assert response.status_code < 500, url
    assert Game.objects.count() == 1


def test_csrf_is_enforced_on_every_form(world):
    client = client_for(world["owner"], enforce_csrf_checks=True)
    for url in ("/play/new/", "/campaigns/new/", f"/campaigns/{world['campaign'].pk}/play/",
                "/accounts/logout/"):
        assert client.post(url, {"mode": "solo"}).status_code == 403, url


JUNK = st.one_of(st.text(max_size=40), st.sampled_from(
    ["solo", "coop", "skirmish", "guild", "gnomads", "dungeon", "ruins", "magus", "tyrant",
     "2", "3", "5", "0", "-1", "easy", "hard", "red", "\x00", "' OR 1=1 --", "<script>"]))
FORM = st.dictionaries(
    st.sampled_from(["mode", "players", "scenario", "scenario_2", "scenario_ids", "faction",
                     "colour", "map_name", "difficulty", "name", "party_size", "chapter",
                     "csrfmiddlewaretoken", "seed"]),
    st.one_of(JUNK, st.lists(JUNK, max_size=3)), max_size=9)


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(form=FORM, target=st.sampled_from(["new", "campaign_new", "join", "campaign_join",
                                         "campaign_play"]))
def test_junk_forms_never_crash_and_change_only_what_a_valid_form_may(world, form, target):
    game, campaign, outsider = world["game"], world["campaign"], world["outsider"]
    url = {"new": "/play/new/", "campaign_new": "/campaigns/new/",
           "join": f"/play/{game.id}/join/{game.invite_token}/",
           "campaign_join": f"/campaigns/{campaign.pk}/join/{campaign.invite_token}/",
           "campaign_play": f"/campaigns/{campaign.pk}/play/"}[target]
    before = snapshot(game)
    response = client_for(outsider).post(url, form)
    assert response.status_code in (200, 302, 400, 403, 404), (url, form, response.status_code)
    assert snapshot(game) == before  # a full game never takes another seat
    if target == "campaign_play":  # the outsider is not in the party
        assert not campaign.games.exists()
