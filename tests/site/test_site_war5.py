"""War for the Crystals with five players on the site: the lobby seats three against a team
of two in which one seat plays the Ancients faction (a bot takes it when nobody does),
bots play the game to its end, and the board's view shows the Ancients' carried shards."""
from __future__ import annotations

import pytest

from games import lobby, selectors
from wildlands.forms import NewGameForm
from games.models import Game
from games.services import ServiceError
from support.site import (  # noqa: F401  (fixtures)
    bots_without_pause, _fresh_state_cache, current_state, eager_celery, map_name)
from test_site_bots import person_plays


pytestmark = pytest.mark.usefixtures("bots_without_pause")


def war5_with_bots(owner, faction: str = "guild", seed: int = 7) -> Game:
    game = lobby.game_create(user=owner, mode="war", map_name=map_name(),
                             faction=faction, players=5, bots=4, seed=seed)
    game.refresh_from_db()
    return game


@pytest.mark.django_db
def test_five_players_against_four_bots_start_with_the_first_bot_playing_the_ancients(owner):
    game = war5_with_bots(owner)
    assert game.status == Game.Status.PLAYING
    seats = list(game.seats.order_by("seat"))
    assert [s.faction for s in seats][1] == "ancients" and seats[1].colour == ""
    assert all(s.bot == "wrath" for s in seats[1:])
    state = current_state(game.id)
    assert state.mode == "war" and state.mode_state.wrath.ancients == "p2"
    teams = {s["seat"]: s["team"] for s in selectors.seats_summary(game)}
    assert teams["p2"] == teams["p4"] != teams["p1"] == teams["p3"] == teams["p5"]


@pytest.mark.django_db
def test_the_person_may_play_the_ancients_and_their_partner_is_two_seats_on(owner):
    game = war5_with_bots(owner, faction="ancients")
    teams = {s["seat"]: s["team"] for s in selectors.seats_summary(game)}
    assert teams["p1"] == teams["p3"] != teams["p2"]
    assert not any(s.faction == "ancients" for s in game.seats.exclude(seat="p1"))


@pytest.mark.django_db
def test_the_ancients_are_refused_in_a_four_player_war(owner):
    with pytest.raises(ServiceError) as refused:
        lobby.game_create(user=owner, mode="war", map_name=map_name(),
                          faction="ancients", players=4, bots=3)
    assert refused.value.code == "invalid_choice"
    assert not Game.objects.exists()


@pytest.mark.django_db
def test_a_five_player_war_with_friends_keeps_its_last_seat_for_the_ancients(owner, teammate):
    game = lobby.game_create(user=owner, mode="war", map_name=map_name(),
                             faction="guild", players=5, bots=3,
                             bot_factions=["gnomads", "lawbringers", "pit_fighters"])
    assert game.status == Game.Status.SETUP
    assert ("ancients", "The Ancients") in lobby.free_factions(game)
    with pytest.raises(ServiceError):
        lobby.game_join(game=game, user=teammate, token=game.invite_token, faction="guild")
    lobby.game_join(game=game, user=teammate, token=game.invite_token, faction="ancients")
    game.refresh_from_db()
    assert game.status == Game.Status.PLAYING


@pytest.mark.django_db
def test_the_form_offers_five_players_with_up_to_four_bots():
    form = NewGameForm(data={"mode": "war", "players": 5, "faction": "guild",
                             "map_name": map_name(), "difficulty": "normal", "bots": 4})
    assert form.is_valid(), form.errors
    assert form.cleaned_data["players"] == 5 and form.cleaned_data["bot_count"] == 4
    form = NewGameForm(data={"mode": "war", "players": 5, "faction": "ancients",
                             "map_name": map_name(), "difficulty": "normal", "bots": 4})
    assert form.is_valid(), form.errors


@pytest.mark.django_db(transaction=True)
def test_a_five_player_war_against_bots_is_played_to_the_end(owner, eager_celery):
    game = war5_with_bots(owner, seed=11)
    state, sent = person_plays(game, owner, "wrath")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and state.outcome.get("team") in ("t1", "t2")
    assert selectors.whose_move(game).endswith("won")
    view = selectors.game_view(game, "p1")
    assert view is not None and view["wrath"]["ancients"] == "p2"
