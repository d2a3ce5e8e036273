"""War for the Crystals on the site: the lobby makes four seats in two teams (p1 and p3
against p2 and p4), human or bot; six players are refused with their own code (and not
offered by the form; five play with the Ancients: test_site_war5.py); bots play their share
through the stored steps until a team wins."""
from __future__ import annotations

import pytest

from games import lobby, selectors
from games.forms import lobby_modes
from wildlands.forms import NewGameForm
from games.models import Game, GameCommand
from games.services import ServiceError
from support.site import (  # noqa: F401  (fixtures)
    bots_without_pause, _fresh_state_cache, current_state, eager_celery, map_name)
from test_site_bots import person_plays


pytestmark = pytest.mark.usefixtures("bots_without_pause")


def war_with_bots(owner, bots: int = 3, seed: int = 7) -> Game:
    game = lobby.game_create(user=owner, mode="war", map_name=map_name(),
                             faction="guild", players=4, bots=bots, seed=seed)
    game.refresh_from_db()
    return game


@pytest.mark.django_db
def test_a_war_against_three_bots_starts_at_once_with_two_teams(owner):
    game = war_with_bots(owner)
    assert game.status == Game.Status.PLAYING
    state = current_state(game.id)
    assert state.mode == "war"
    teams = {s["seat"]: s["team"] for s in selectors.seats_summary(game)}
    assert teams["p1"] == teams["p3"] != teams["p2"] == teams["p4"]
    assert "war" in [g.key for g in lobby_modes()]


@pytest.mark.django_db
@pytest.mark.parametrize("players, code", [(6, "war_six_players")])
def test_six_players_are_refused_with_a_clear_reason(owner, players, code):
    with pytest.raises(ServiceError) as refused:
        lobby.game_create(user=owner, mode="war", map_name=map_name(),
                          faction="guild", players=players)
    assert refused.value.code == code
    assert not Game.objects.exists()


@pytest.mark.django_db
def test_the_form_offers_no_six_player_war_and_refuses_a_forged_one():
    """Six would need expansions: the form does not offer them (issue 33: a count offered
    and refused only after "Create game"), and a post naming six is refused on its field."""
    assert 6 not in [n for n, _ in NewGameForm().fields["players"].choices]
    assert "expansions" in NewGameForm().fields["players"].help_text
    form = NewGameForm(data={"mode": "war", "players": 6, "faction": "guild",
                             "map_name": map_name(), "difficulty": "normal", "bots": 0})
    assert not form.is_valid()
    assert "players" in form.errors
    form = NewGameForm(data={"mode": "war", "players": 2, "faction": "guild",
                             "map_name": map_name(), "difficulty": "normal", "bots": 3})
    assert form.is_valid(), form.errors
    assert form.cleaned_data["players"] == 4 and form.cleaned_data["bot_count"] == 3


@pytest.mark.django_db(transaction=True)
def test_a_war_against_bots_is_played_to_the_end(owner, eager_celery):
    game = war_with_bots(owner)
    state, sent = person_plays(game, owner, "greedy")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and state.outcome.get("team") in ("t1", "t2")
    assert selectors.whose_move(game).endswith("won")
    assert sent > 0 and all(GameCommand.objects.filter(game=game, seat=s).exists()
                            for s in ("p2", "p3", "p4"))


@pytest.mark.django_db(transaction=True)
def test_a_finished_war_replays_step_by_step_with_its_teams_and_log(owner, eager_celery):
    from games import history, replays

    game = war_with_bots(owner, seed=9)
    person_plays(game, owner, "greedy")
    game.refresh_from_db()
    assert history.history_problems(game) == []
    access = replays.replay_access(game, owner)
    steps: list = []
    while len(steps) < replays.step_count(game):
        steps += replays.replay_page(game, access, start=len(steps), count=50)["steps"]
    assert len(steps) == game.version + 1
    assert [t["players"] for t in steps[-1]["view"]["war"]["teams"]] == [["p1", "p3"], ["p2", "p4"]]
    kinds = [e["kind"] for s in steps for e in s["events"]]
    assert "teams_formed" in kinds and "teammate_finished" in kinds
    assert kinds[-1] == "game_ended"
    assert steps[-1]["view"]["outcome"]["team"] in ("t1", "t2")


@pytest.mark.django_db
def test_the_waiting_page_says_who_plays_with_whom(owner, client):
    game = lobby.game_create(user=owner, mode="war", map_name=map_name(),
                             faction="guild", players=4, bots=1)
    assert game.status == Game.Status.SETUP
    client.force_login(owner)
    page = client.get(f"/play/{game.id}/").content.decode()
    assert "Seat 1 <span class=\"team\" data-team=\"Team Dawn\">(Team Dawn)</span>" in page
    assert "Seat 4 <span class=\"team\" data-team=\"Team Dusk\">(Team Dusk)</span>" in page
