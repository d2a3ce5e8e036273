"""Replays on the site: who may watch which game's replay, what its steps feed says, and the
players' switch that makes a finished game's replay public by link.

The rules of it (games/replays.py): a finished game is replayed with everything revealed to
its players, and to anyone holding its public link once a player made it public; a running
game is replayed by each player from their own seat only, each step exactly as that seat
saw it; nobody else may watch.
"""
from __future__ import annotations

import json

import pytest
from django.test import Client

from games import lobby, replays, services
from games.history import state_at
from games.models import Game
from wildlands.rules.view import view_for
from support.replays import end_the_turn, play_moves, short_awoken_game
from support.site import current_state, map_name, scripted_command, start_skirmish

pytestmark = pytest.mark.django_db


def _client(user=None, **kwargs) -> Client:
    client = Client(**kwargs)
    if user is not None:
        client.force_login(user)
    return client


def _all_steps(client: Client, url: str, total: int, count: int = 50) -> list[dict]:
    steps = []
    for start in range(0, total, count):
        page = client.get(f"{url}?start={start}&count={count}")
        assert page.status_code == 200, page.content
        steps.extend(page.json()["steps"])
    return steps


@pytest.fixture
def finished_coop(owner, teammate):
    """A co-op game of two players, with two moves played, lost on its event track."""
    game = short_awoken_game(owner, teammate)
    play_moves(game, owner, 2)
    return end_the_turn(game, {"p1": owner, "p2": teammate})


@pytest.fixture
def running_skirmish(owner, teammate):
    """A skirmish a few steps in: secret placements made, hands dealt, still being played."""
    game = start_skirmish(owner, teammate)
    users = {"p1": owner, "p2": teammate}
    for _ in range(6):
        state = current_state(game.id)
        seat, command = scripted_command(state)
        services.game_apply_command(game_id=game.id, user=users[seat],
                                    expected_version=state.version, command=command)
    game.refresh_from_db()
    assert game.status == Game.Status.PLAYING
    return game


# --- a finished game ------------------------------------------------------------------------
def test_a_finished_games_players_see_every_step_with_everything_revealed(finished_coop,
                                                                           owner, teammate):
    game = finished_coop
    assert game.status == Game.Status.FINISHED and game.result == "lost"
    url = f"/play/{game.id}/replay/steps/"
    for user in (owner, teammate):
        steps = _all_steps(_client(user), url, replays.step_count(game), count=3)
        assert [s["step"] for s in steps] == list(range(game.version + 1))
        for step in steps:
            view = step["view"]
            assert view["revealed"] is True and view["version"] == step["version"]
            hands = {p["id"]: p.get("hand") for p in view["players"]}
            assert all(isinstance(hand, list) and hand for hand in hands.values()), hands
        # the cards each player drew at the turn's end were secret then; now they are told
        events = [e for s in steps for e in s["events"]]
        assert [e["seq"] for e in events] == list(range(1, game.last_seq + 1))
        assert "hidden" not in {e["kind"] for e in events}
        assert events[-1]["kind"] == "game_ended"
        assert steps[-1]["view"]["outcome"]["result"] == "lost"


def test_a_revealed_step_is_the_replayed_state_with_each_seats_secrets(finished_coop):
    game = finished_coop
    page = replays.replay_page(game, replays.Access(revealed=True, seat=None), start=3, count=1)
    state = state_at(game, 3)
    shown = page["steps"][0]["view"]
    for player in state.players:
        own = next(p for p in view_for(state, player.id)["players"] if p["id"] == player.id)
        assert next(p for p in shown["players"] if p["id"] == player.id) == own
    face_down = [o for o in shown["awoken"]["objects"] if not o["revealed"]]
    assert face_down and all(o["kind"] == state.mode_state.objects[o["id"]].kind for o in face_down)


def test_pages_of_any_size_tell_the_same_replay(finished_coop, owner):
    url = f"/play/{finished_coop.id}/replay/steps/"
    total = replays.step_count(finished_coop)
    replays.LAST_STATES.clear()
    whole = _all_steps(_client(owner), url, total, count=50)
    replays.LAST_STATES.clear()
    assert _all_steps(_client(owner), url, total, count=2) == whole
    backwards = [_client(owner).get(f"{url}?start={n}&count=1").json()["steps"][0]
                 for n in reversed(range(total))]
    assert list(reversed(backwards)) == whole


def test_the_replay_page_carries_the_board_and_no_step(finished_coop, owner):
    response = _client(owner).get(f"/play/{finished_coop.id}/replay/")
    assert response.status_code == 200
    body = response.content.decode()
    data = json.loads(body.split('<script id="replay-data" type="application/json">')[1]
                      .split("</script>")[0])
    assert data["total"] == finished_coop.version + 1 and data["revealed"] is True
    assert data["steps_url"] == f"/play/{finished_coop.id}/replay/steps/"
    assert data["board"]["spaces"] and "view" not in data and "steps" not in data
    assert 'data-role="make-public"' in body and 'type="range"' in body


def test_strangers_may_not_watch_a_private_replay(finished_coop, outsider):
    for url in (f"/play/{finished_coop.id}/replay/", f"/play/{finished_coop.id}/replay/steps/"):
        assert _client(outsider).get(url).status_code == 403, url
        assert _client().get(url).status_code == 302, url  # to the sign-in page


def test_bad_page_numbers_are_answered_in_words(finished_coop, owner):
    response = _client(owner).get(f"/play/{finished_coop.id}/replay/steps/?start=x")
    assert response.status_code == 400 and response.json()["error"] == "bad_request"
    beyond = _client(owner).get(f"/play/{finished_coop.id}/replay/steps/?start=999").json()
    assert beyond["steps"] == [] and beyond["total"] == finished_coop.version + 1


# --- making it public -----------------------------------------------------------------------
def test_a_player_makes_the_replay_public_and_anyone_with_the_link_watches(finished_coop,
                                                                          teammate, outsider):
    game = finished_coop
    response = _client(teammate).post(f"/play/{game.id}/replay/share/", {"public": "1"})
    assert response.status_code == 302
    game.refresh_from_db()
    token = game.replay_token
    assert token
    for client in (_client(), _client(outsider)):
        page = client.get(f"/replays/{token}/")
        assert page.status_code == 200 and b"everything revealed" in page.content
        steps = client.get(f"/replays/{token}/steps/?start=0&count=50").json()
        assert steps["revealed"] is True and len(steps["steps"]) == game.version + 1
        assert all("hand" in p for p in steps["steps"][0]["view"]["players"])
    # the player's own pages show the link, the board's included
    assert token in _client(teammate).get(f"/play/{game.id}/").content.decode()
    # the game's own address still wants a seat
    assert _client(outsider).get(f"/play/{game.id}/replay/").status_code == 403


def test_making_it_private_again_ends_the_link(finished_coop, owner):
    game = finished_coop
    replays.replay_set_public(game_id=game.id, user=owner, public=True)
    game.refresh_from_db()
    old = game.replay_token
    _client(owner).post(f"/play/{game.id}/replay/share/", {"public": "0"})
    game.refresh_from_db()
    assert game.replay_token is None
    assert _client().get(f"/replays/{old}/").status_code == 404
    assert _client().get(f"/replays/{old}/steps/").status_code == 404
    replays.replay_set_public(game_id=game.id, user=owner, public=True)
    game.refresh_from_db()
    assert game.replay_token and game.replay_token != old  # a new link, not the old one


def test_only_players_may_share_and_only_a_finished_game(finished_coop, running_skirmish,
                                                         owner, outsider):
    assert _client(outsider).post(f"/play/{finished_coop.id}/replay/share/",
                                  {"public": "1"}).status_code == 403
    assert _client(owner).get(f"/play/{finished_coop.id}/replay/share/").status_code == 405
    _client(owner).post(f"/play/{running_skirmish.id}/replay/share/", {"public": "1"})
    running_skirmish.refresh_from_db()
    assert running_skirmish.replay_token is None
    with pytest.raises(services.ServiceError) as refused:
        replays.replay_set_public(game_id=running_skirmish.id, user=owner, public=True)
    assert refused.value.code == "game_not_finished"
    finished_coop.refresh_from_db()
    assert finished_coop.replay_token is None


def test_sharing_needs_the_forms_csrf_token(finished_coop, owner):
    client = _client(owner, enforce_csrf_checks=True)
    assert client.post(f"/play/{finished_coop.id}/replay/share/",
                       {"public": "1"}).status_code == 403
    finished_coop.refresh_from_db()
    assert finished_coop.replay_token is None


def test_a_running_games_link_cannot_be_made(running_skirmish):
    Game.objects.filter(pk=running_skirmish.pk).update(replay_token="made-up")
    assert _client().get("/replays/made-up/").status_code == 404
    assert _client().get("/replays/no-such-link/").status_code == 404


# --- a game still being played ----------------------------------------------------------------
def test_a_running_game_is_replayed_from_each_seat_as_it_saw_it(running_skirmish, owner,
                                                                 teammate):
    game = running_skirmish
    secret = [e for e in game.events.all() if e.visible_to not in (None, ["p1", "p2"])]
    assert secret, "the skirmish should have events only one seat could see"
    for user, seat, other in ((owner, "p1", "p2"), (teammate, "p2", "p1")):
        steps = _all_steps(_client(user), f"/play/{game.id}/replay/steps/",
                           replays.step_count(game), count=4)
        assert len(steps) == game.version + 1
        for step in steps:
            state = state_at(game, step["version"])
            assert step["view"] == json.loads(json.dumps(view_for(state, seat)))
            theirs = next(p for p in step["view"]["players"] if p["id"] == other)
            assert "hand" not in theirs and "map_cards" not in theirs
            assert all("assigned" not in c for c in step["view"]["characters"]
                       if c["player"] == other)
        events = {e["seq"]: e for s in steps for e in s["events"]}
        for event in secret:
            if seat in event.visible_to:
                assert events[event.seq]["kind"] == event.kind
            else:
                assert events[event.seq] == {"seq": event.seq, "kind": "hidden"}
    page = _client(owner).get(f"/play/{game.id}/replay/")
    assert b"as your seat saw it" in page.content and b"make-public" not in page.content


def test_staff_replay_a_running_game_as_spectators(running_skirmish, outsider):
    outsider.is_staff = True
    outsider.save()
    steps = _client(outsider).get(f"/play/{running_skirmish.id}/replay/steps/?count=50").json()
    assert steps["revealed"] is False and steps["seat"] is None
    for step in steps["steps"]:
        assert all("hand" not in p for p in step["view"]["players"])
        assert all("assigned" not in c for c in step["view"]["characters"])


def test_a_game_waiting_for_players_has_nothing_to_replay(owner):
    game = lobby.game_create(user=owner, mode="skirmish", map_name=map_name(),
                             faction="guild", players=2)
    page = _client(owner).get(f"/play/{game.id}/replay/")
    assert page.status_code == 200 and b"Nothing has happened yet" in page.content
    assert _client(owner).get(f"/play/{game.id}/replay/steps/").json()["steps"] == []
