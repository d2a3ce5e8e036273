"""Pages: accounts, starting and joining games, the board page's context (the contract
with the board UI), replay and events feed, campaigns and the campaign rules."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from games.models import Campaign, Game
from support.site import (  # noqa: F401  (fixtures)
    PASSWORD, _fresh_state_cache, current_state, map_name, start_skirmish)

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


# --- accounts ------------------------------------------------------------------------------------
def test_signing_up_signs_in_and_lands_on_the_profile(client):
    response = client.post(reverse("accounts:signup"), {
        "username": "newcomer", "email": "", "password1": PASSWORD, "password2": PASSWORD})

    assert response.status_code == 302 and response.url == reverse("accounts:profile")
    assert get_user_model().objects.filter(username="newcomer").exists()
    assert client.get(reverse("accounts:profile")).status_code == 200


def test_signup_honours_a_local_next_and_ignores_a_foreign_one(client):
    response = client.post(reverse("accounts:signup") + "?next=/play/", {
        "username": "a1", "password1": PASSWORD, "password2": PASSWORD, "next": "/play/"})
    assert response.url == "/play/"
    other = Client()
    response = other.post(reverse("accounts:signup"), {
        "username": "a2", "password1": PASSWORD, "password2": PASSWORD,
        "next": "https://evil.example/"})
    assert response.url == reverse("accounts:profile")


def test_the_auth_pages_are_ours_and_carry_csrf(client):
    for name in ("login", "password_reset", "accounts:signup"):
        response = client.get(reverse(name))
        assert response.status_code == 200
        assert "csrfmiddlewaretoken" in response.content.decode()
    assert reverse("login") == "/accounts/login/"
    assert reverse("logout") == "/accounts/logout/"
    assert reverse("password_change") == "/accounts/password_change/"


def test_signing_in_and_out(client):
    from support.site import make_user

    make_user("walker", password=PASSWORD)
    response = client.post(reverse("login"), {"username": "walker", "password": PASSWORD})
    assert response.status_code == 302
    assert client.get(reverse("accounts:profile")).status_code == 200
    assert client.post(reverse("logout")).status_code == 302
    assert client.get(reverse("accounts:profile")).status_code == 302


def test_pages_that_need_an_account_send_visitors_to_sign_in(client):
    for url in ("/play/", "/play/new/", "/campaigns/", "/campaigns/new/", "/accounts/profile/"):
        response = client.get(url)
        assert response.status_code == 302 and response.url.startswith("/accounts/login/"), url


def test_forms_refuse_a_post_without_csrf(owner):
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)
    response = client.post(reverse("games:new"), {"mode": "skirmish"})
    assert response.status_code == 403


# --- starting and joining -------------------------------------------------------------------------
def test_creating_a_skirmish_from_the_form_shows_the_invite_link(owner):
    client = _client(owner)
    form = client.get(reverse("games:new"))
    assert form.status_code == 200

    response = client.post(reverse("games:new"), {
        "mode": "skirmish", "players": "2", "faction": "guild", "colour": "",
        "map_name": map_name(), "difficulty": "normal"})

    game = Game.objects.get()
    assert response.status_code == 302 and response.url == f"/play/{game.id}/"
    waiting = client.get(response.url)
    assert waiting.status_code == 200
    assert f"/play/{game.id}/join/{game.invite_token}/" in waiting.content.decode()


def test_the_form_explains_what_is_missing(owner):
    response = _client(owner).post(reverse("games:new"), {
        "mode": "skirmish", "players": "9", "faction": "nobody", "map_name": "atlantis",
        "difficulty": "normal"})
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert {"players", "faction", "map_name"} <= set(errors)
    assert not Game.objects.exists()


def test_joining_by_invite_link_starts_the_game(owner, teammate):
    game = Game.objects.get(pk=_client(owner).post(reverse("games:new"), {
        "mode": "skirmish", "players": "2", "faction": "guild", "map_name": map_name(),
        "difficulty": "normal"}).url.split("/")[2])
    join_url = reverse("games:join", kwargs={"game_id": game.id, "token": game.invite_token})
    client = _client(teammate)

    page = client.get(join_url)
    assert page.status_code == 200
    choices = [value for value, _ in page.context["form"].fields["faction"].choices]
    assert "guild" not in choices and "gnomads" in choices
    response = client.post(join_url, {"faction": "gnomads", "colour": ""})

    assert response.status_code == 302 and response.url == f"/play/{game.id}/"
    game.refresh_from_db()
    assert game.status == Game.Status.PLAYING


def test_a_wrong_invite_token_is_forbidden(owner, teammate):
    game = start_skirmish(owner, teammate)
    response = _client(teammate).get(f"/play/{game.id}/join/not-the-token/")
    assert response.status_code == 302  # already seated: straight to the board
    response = _client(owner).get(f"/play/{game.id}/join/x/")
    assert response.status_code == 302


def test_an_outsider_with_a_bad_token_is_forbidden(owner, outsider):
    game = Game.objects.get(pk=_client(owner).post(reverse("games:new"), {
        "mode": "skirmish", "players": "2", "faction": "guild", "map_name": map_name(),
        "difficulty": "normal"}).url.split("/")[2])
    assert _client(outsider).get(f"/play/{game.id}/join/guess/").status_code == 403


# --- the board page (contract with the board UI) --------------------------------------------------
def test_the_board_page_context_follows_the_contract(owner, teammate):
    game = start_skirmish(owner, teammate)

    response = _client(teammate).get(f"/play/{game.id}/")

    assert response.status_code == 200
    context = response.context
    assert context["game"] == game and context["seat"] == "p2"
    initial = context["initial"]
    assert {"game_id", "seat", "view", "last_seq", "board", "seats", "ws_url"} <= set(initial)
    assert initial["game_id"] == str(game.id) and initial["seat"] == "p2"
    assert initial["last_seq"] == game.last_seq
    assert initial["view"]["seat"] == "p2"
    assert initial["ws_url"].endswith(f"/ws/play/{game.id}/")
    assert [s["seat"] for s in initial["seats"]] == ["p1", "p2"]
    assert set(initial["seats"][0]) == {"seat", "username", "faction", "colour", "connected"}
    board = initial["board"]
    assert len(board["bounds"]) == 4
    space = board["spaces"][0]
    assert set(space) >= {"n", "polygon", "at", "cover", "high"}
    edge = board["boundaries"][0]
    assert set(edge) >= {"a", "b", "segment", "open", "climb_into"}
    # the page embeds it with json_script
    body = response.content.decode()
    match = re.search(r'<script id="initial-state" type="application/json">(.*?)</script>', body, re.S)
    assert match and json.loads(match.group(1))["game_id"] == str(game.id)


def test_the_outsider_may_not_see_the_board_replay_or_events(owner, teammate, outsider):
    game = start_skirmish(owner, teammate)
    client = _client(outsider)
    for url in (f"/play/{game.id}/", f"/play/{game.id}/replay/", f"/play/{game.id}/events/"):
        assert client.get(url).status_code == 403, url


def test_staff_may_watch_as_a_spectator(owner, teammate, outsider):
    game = start_skirmish(owner, teammate)
    outsider.is_staff = True
    outsider.save()
    response = _client(outsider).get(f"/play/{game.id}/")
    assert response.status_code == 200
    assert response.context["seat"] is None
    assert all("hand" not in p for p in response.context["initial"]["view"]["players"])


def test_the_events_feed_gives_each_seat_its_own_events(owner, teammate):
    game = start_skirmish(owner, teammate)

    mine = _client(owner).get(f"/play/{game.id}/events/?after=0").json()
    theirs = _client(teammate).get(f"/play/{game.id}/events/?after=0").json()

    assert mine["last_seq"] == theirs["last_seq"] == game.last_seq
    assert [e["seq"] for e in mine["events"]] == list(range(1, game.last_seq + 1))
    secret = [e for e in game.events.all() if e.visible_to == ["p1"]]
    for event in secret:
        assert mine["events"][event.seq - 1]["kind"] == event.kind
        assert theirs["events"][event.seq - 1] == {"seq": event.seq, "kind": "hidden"}
    later = _client(owner).get(f"/play/{game.id}/events/?after={game.last_seq - 2}").json()
    assert [e["seq"] for e in later["events"]] == [game.last_seq - 1, game.last_seq]
    assert _client(owner).get(f"/play/{game.id}/events/?after=x").status_code == 400


def test_the_replay_page_lists_steps_with_a_slider(owner, teammate):
    game = start_skirmish(owner, teammate)
    response = _client(owner).get(f"/play/{game.id}/replay/")
    assert response.status_code == 200
    body = response.content.decode()
    assert 'type="range"' in body and 'id="replay-data"' in body
    # the first step is the game as it started (its initial snapshot), before any command
    assert response.context["steps"][0]["version"] == game.initial_snapshot["version"]


def test_my_games_says_whose_move_it_is(owner, teammate):
    game = start_skirmish(owner, teammate)
    actor = current_state(game.id).turn.actor
    mover = owner if actor == "p1" else teammate
    response = _client(mover).get("/play/")
    assert response.status_code == 200
    assert response.context["rows"][0]["move"] == "your move"
    assert "your move" in response.content.decode()
    profile = _client(mover).get("/accounts/profile/")
    assert profile.context["rows"][0]["game"] == game


# --- campaigns -------------------------------------------------------------------------------------
def test_a_two_player_campaign_by_invite(owner, teammate, outsider):
    client = _client(owner)
    response = client.post(reverse("games:campaign_new"), {
        "name": "The long watch", "party_size": "2", "faction": "guild", "colour": "",
        "map_name": map_name(), "difficulty": "easy"})
    campaign = Campaign.objects.get()
    assert response.url == f"/campaigns/{campaign.pk}/"
    page = client.get(response.url)
    assert page.status_code == 200 and page.context["invite_url"].endswith(
        f"/campaigns/{campaign.pk}/join/{campaign.invite_token}/")
    assert _client(outsider).get(response.url).status_code == 403

    joined = _client(teammate).post(f"/campaigns/{campaign.pk}/join/{campaign.invite_token}/",
                                    {"faction": "gnomads"})
    assert joined.status_code == 302
    campaign.refresh_from_db()
    assert campaign.partner == teammate
    listing = _client(teammate).get("/campaigns/")
    assert list(listing.context["campaigns"]) == [campaign]
    assert _client(outsider).post(f"/campaigns/{campaign.pk}/play/").status_code == 403


def test_the_campaign_rules_page_is_public_and_names_the_difficulties(client):
    response = client.get("/rules/campaign/")
    body = response.content.decode()
    assert response.status_code == 200
    for word in ("Easy", "Normal", "Hard", "five chapters", "treasure"):
        assert word.lower() in body.lower()


def test_the_board_page_loads_the_renderer_module_its_game_declares(owner, teammate):
    """The page loads the declaration's renderer module before the board's entry, which
    imports no game's renderer itself (issue 30: a game is added by listing its app)."""
    game = start_skirmish(owner, teammate)
    page = _client(owner).get(f"/play/{game.id}/").content.decode()
    renderer = page.index('<script type="module" src="/static/games/wildlands/index.js">')
    assert renderer < page.index('<script type="module" src="/static/games/board.js">')
    assert 'data-renderer="wildlands"' in page
    static = Path(__file__).resolve().parents[2] / "games" / "static" / "games"
    for entry in ("board.js", "replay.js"):
        imports = re.findall(r'^import .*?"(\./[^"]+)"', (static / entry).read_text(), re.M)
        assert imports and all(path.startswith(("./shell/", "./teach.js")) for path in imports), imports
