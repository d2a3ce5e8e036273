"""Defenders of the Wild through the site's lobby: a table made with the HTTP form, a
friend taking a seat through the invite link, bots seated from the start, and choices the
game refuses answered on the form."""
from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _new(client: Client, **fields) -> object:
    data = {"mode": "defenders", "players": 2, "bots": 0, "tier": "base",
            "deck": "order:ember", **fields}
    return client.post(reverse("games:new"), data)


def test_the_lobby_lists_defenders_with_its_form(owner):
    listed = _client(owner).get(reverse("games:new")).content.decode()
    assert 'href="?mode=defenders"' in listed and "Defenders of the Wild" in listed
    page = _client(owner).get(reverse("games:new"), {"mode": "defenders"})
    assert page.status_code == 200
    text = page.content.decode()
    assert 'value="order:ember"' in text and 'name="tier"' in text


def test_a_table_for_two_waits_for_the_friend_who_joins_through_the_invite(owner, teammate):
    answer = _new(_client(owner))
    assert answer.status_code == 302
    game = Game.objects.get(mode="defenders")
    assert game.status == Game.Status.SETUP and game.options == {"tier": "base"}
    assert [(s.seat, s.faction, s.colour, s.user) for s in game.seats.order_by("seat")] == [
        ("p1", "order", "ember", owner), ("p2", "", "", None)]

    friend = _client(teammate)
    invite = reverse("games:join", kwargs={"game_id": game.id, "token": game.invite_token})
    page = friend.get(invite)
    assert 'value="coven:sable"' in page.content.decode()
    assert 'value="order:quill"' not in page.content.decode()  # the Order is taken
    assert friend.post(invite, {"deck": "coven:sable"}).status_code == 302

    game.refresh_from_db()
    assert game.status == Game.Status.PLAYING and game.version == 0
    assert game.awaiting == ["p1", "p2"]  # each places a starting camp
    assert game.snapshot["tier"] == "base"
    assert [f["id"] for f in game.snapshot["factions"]] == ["order", "coven"]
    assert game.content["decks"] == {"p1": ["order:ember"], "p2": ["coven:sable"]}


def test_a_player_alone_plays_two_decks_at_the_tier_chosen(owner):
    answer = _new(_client(owner), players=1, tier="extreme", second_deck="sect:cog")
    assert answer.status_code == 302
    game = Game.objects.get(mode="defenders")
    assert game.status == Game.Status.PLAYING
    seat = game.seats.get()
    assert (seat.faction, seat.colour) == ("order+sect", "ember+cog")
    assert game.snapshot["tier"] == "extreme"
    assert game.snapshot["seats"][0]["factions"] == ["order", "sect"]


def test_a_player_alone_without_a_second_deck_is_told_so(owner):
    page = _new(_client(owner), players=1)
    assert page.status_code == 200 and not Game.objects.exists()
    assert "A player alone plays two factions" in page.content.decode()


def test_bots_take_the_last_seats_with_factions_nobody_plays(owner):
    answer = _new(_client(owner), players=4, bots=3)
    assert answer.status_code == 302
    game = Game.objects.get(mode="defenders")
    seats = list(game.seats.order_by("seat"))
    assert [s.bot for s in seats] == ["", "greedy", "greedy", "greedy"]
    assert sorted(s.faction for s in seats) == ["council", "coven", "order", "sect"]
    assert game.status == Game.Status.PLAYING


def test_a_deck_the_game_does_not_know_is_refused(owner):
    page = _new(_client(owner), deck="order:nobody")
    assert page.status_code == 200 and not Game.objects.exists()


def test_the_board_page_names_the_defenders_renderer(owner, teammate):
    client = _client(owner)
    _new(client, players=2, bots=1)
    game = Game.objects.get(mode="defenders")
    page = client.get(reverse("games:board", kwargs={"game_id": game.id}))
    assert page.status_code == 200
    assert 'data-renderer="defenders"' in page.content.decode()



def test_a_waiting_table_shows_its_invite_and_the_game_list_names_it(owner):
    client = _client(owner)
    _new(client, players=3, bots=1)
    game = Game.objects.get(mode="defenders")
    assert game.status == Game.Status.SETUP
    page = client.get(reverse("games:board", kwargs={"game_id": game.id}))
    assert page.status_code == 200 and game.invite_token in page.content.decode()
    listing = client.get(reverse("games:list")).content.decode()
    assert "Defenders of the Wild" in listing
