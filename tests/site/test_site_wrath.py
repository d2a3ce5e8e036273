"""The Wrath of the Ancients on the site: the lobby seats exactly one Ancients faction (a
person, a chosen bot, the first bot, or the last friend to join), the game starts as a wrath
state, and a game against a Wrath bot playing the Ancients is played to its end through
stored steps and bot tasks."""
from __future__ import annotations

import pytest

from games import lobby
from wildlands.bots import make_bot
from wildlands.forms import NewGameForm
from games.history import history_problems
from games.models import Game
from wildlands.rules.legal import legal_commands
from games.services import ServiceError, game_apply_command
from support.site import (  # noqa: F401  (fixtures)
    bots_without_pause, _fresh_state_cache, current_state, eager_celery, map_name)


pytestmark = pytest.mark.usefixtures("bots_without_pause")


def wrath(owner, **choices) -> Game:
    game = lobby.game_create(user=owner, mode="wrath", map_name=map_name(),
                             **{"faction": "guild", "players": 2, "seed": 7, **choices})
    game.refresh_from_db()
    return game


@pytest.mark.django_db
def test_the_first_bot_plays_the_ancients_when_nobody_chose_them(owner):
    game = wrath(owner, bots=1)
    seats = {s.seat: (s.faction, s.colour, s.bot) for s in game.seats.all()}
    assert seats == {"p1": ("guild", "purple", ""), "p2": ("ancients", "", "wrath")}
    assert game.status == Game.Status.PLAYING
    state = current_state(game.id)
    assert state.mode == "wrath" and state.mode_state.ancients == "p2"
    assert state.player("p2").shards == [] and len(state.player("p1").shards) == 5


@pytest.mark.django_db
def test_a_person_may_play_the_ancients_against_bots(owner):
    game = wrath(owner, faction="ancients", players=3, bots=2)
    factions = sorted(s.faction for s in game.seats.all())
    assert factions.count("ancients") == 1 and game.seats.get(seat="p1").faction == "ancients"
    assert current_state(game.id).mode_state.ancients == "p1"


@pytest.mark.django_db
def test_bot_factions_that_leave_out_the_ancients_are_refused(owner):
    with pytest.raises(ServiceError) as refused:
        wrath(owner, bots=1, bot_factions=["gnomads"])
    assert refused.value.code == "invalid_choice" and "Ancients" in refused.value.message
    assert not Game.objects.exists()


@pytest.mark.django_db
def test_the_ancients_are_refused_outside_the_wrath(owner):
    with pytest.raises(ServiceError):
        lobby.game_create(user=owner, mode="skirmish", map_name=map_name(),
                          faction="ancients", players=2)
    form = NewGameForm({"map_name": map_name(), "faction": "ancients", "difficulty": "normal",
                        "mode": "skirmish", "players": 2, "bots": 0})
    assert not form.is_valid() and "faction" in form.errors
    form = NewGameForm({"map_name": map_name(), "faction": "ancients", "difficulty": "normal",
                        "mode": "wrath", "players": 2, "bots": 1})
    assert form.is_valid(), form.errors


@pytest.mark.django_db
def test_the_last_friend_to_join_must_take_the_ancients(owner, teammate):
    game = wrath(owner)
    assert ("ancients", "The Ancients") in lobby.free_factions(game)
    with pytest.raises(ServiceError) as refused:
        lobby.game_join(game=game, user=teammate, token=game.invite_token, faction="gnomads")
    assert "Ancients" in refused.value.message
    seat = lobby.game_join(game=game, user=teammate, token=game.invite_token, faction="ancients")
    assert seat.seat == "p2" and seat.colour == ""
    game.refresh_from_db()
    assert game.status == Game.Status.PLAYING and current_state(game.id).mode == "wrath"


@pytest.mark.django_db(transaction=True)  # the bot's task is sent after the commit
@pytest.mark.usefixtures("eager_celery")
def test_a_game_against_the_ancients_bot_is_played_to_its_end(owner):
    game = wrath(owner, bots=1, seed=3)
    for _ in range(1500):
        state = current_state(game.id)
        if state.outcome is not None:
            break
        waiting_on_person = (state.prompt.to == "p1" if state.prompt is not None
                             else state.turn.actor == "p1")
        assert waiting_on_person, (state.prompt, state.turn.actor, "the bot did not move")
        command = make_bot("wrath", state.version).choose(state, "p1", legal_commands(state, "p1"))
        game_apply_command(game_id=game.id, user=owner, expected_version=state.version,
                           command=dict(command))
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.winner in ("p1", "p2")
    assert history_problems(game) == []  # the stored log replays to the stored snapshots
