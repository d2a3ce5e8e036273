"""A game list names what each seat plays and the board in the words of the game's own
declaration (`seat_label`, `map_title`), never by reading one game's faction list for
every game: a Defenders table lists its decks by name, not the ids its seat rows hold."""
from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games import selectors
from wildlands.content import offer
from games.models import Game
from games.platform import registry
from games.platform.lobby_rules import LobbyRules, SeatChoice

pytestmark = pytest.mark.django_db


def test_a_defenders_table_lists_its_players_decks_by_name(owner):
    client = Client()
    client.force_login(owner)
    client.post(reverse("games:new"), {"mode": "defenders", "players": 1, "bots": 0,
                                       "tier": "base", "deck": "order:ember",
                                       "second_deck": "coven:sable"})
    game = Game.objects.get(mode="defenders")
    [row] = selectors.game_rows([game], owner)
    decks = "The Order: Archivist Ember and The Coven: Bandit Sable"
    assert row["players"] == [{"username": "owner", "faction": decks}]
    listing = client.get(reverse("games:list")).content.decode()
    assert "The Order: Archivist Ember" in listing and "(order+coven)" not in listing


def test_wildlands_names_its_factions_and_the_ancients_seat():
    skirmish = registry.get("skirmish")
    faction, name = offer.available_factions()[0]
    assert skirmish.seat_label(SeatChoice("p1", faction, "red")) == name
    assert skirmish.seat_label(SeatChoice("p2", "ancients")) == "The Ancients"
    map_name, title = offer.available_maps()[0]
    assert skirmish.map_title(map_name) == title


def test_a_game_that_says_nothing_shows_the_seat_row_as_it_is():
    assert LobbyRules().seat_label(SeatChoice("p1", "order")) == "order"
    assert LobbyRules().map_title("") == ""


def test_the_waiting_and_join_pages_say_a_seat_in_its_games_words():
    """A Wildlands seat is its faction and colour; a Defenders seat its decks, never the ids
    its row holds ("Council, barley")."""
    skirmish, defenders = registry.get("skirmish"), registry.get("defenders")
    faction, name = offer.available_factions()[0]
    assert skirmish.seat_words(SeatChoice("p1", faction, "red")) == f"{name}, red"
    assert defenders.seat_words(SeatChoice("p1", "council", "barley")) == "The Council: Steward Barley"
    assert LobbyRules().seat_words(SeatChoice("p1", "order")) == "order"
