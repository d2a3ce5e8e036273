"""Adding a game is listing its app: Race to 21, switched on by a settings override (the
`race21` fixture) and nowhere else, is offered by the lobby with its own form, joined
through the invite link, played through the game socket (the house's moves by the worker's
`advance`), taken back and replayed, with no change to the site's code."""
from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from django.test import Client
from django.urls import reverse

from games.models import Game, GameCommand
from examples.race21.game import RaceGame
from examples.race21.rules import HOUSE
from support.site import (  # noqa: F401  (fixtures)
    _fresh_state_cache, communicator, connect_seated, eager_celery, receive_until)

db = database_sync_to_async


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def start_a_race(owner, teammate, target: int = 21) -> Game:
    """The owner creates a race from the lobby's form; the teammate joins by the link."""
    created = signed_in(owner).post(reverse("games:new"), {"mode": "race21", "target": target})
    assert created.status_code == 302, created.content.decode()[:2000]
    game = Game.objects.get(mode="race21")
    assert created.url == reverse("games:board", kwargs={"game_id": game.id})
    waiting = signed_in(owner).get(created.url).content.decode()
    assert game.invite_token in waiting and "Race to 21" in waiting
    assert game.status == Game.Status.SETUP and game.options == {"target": target}
    join = reverse("games:join", kwargs={"game_id": game.id, "token": game.invite_token})
    friend = signed_in(teammate)
    assert friend.get(join).status_code == 200
    assert friend.post(join, {}).status_code == 302
    game.refresh_from_db()
    return game


@pytest.mark.django_db
def test_the_lobby_offers_the_new_game_with_its_words_and_its_own_form(race21, owner):
    client = signed_in(owner)
    lobby = client.get(reverse("games:new")).content.decode()
    assert "Race to 21" in lobby and RaceGame.summary in lobby and "?mode=race21" in lobby
    assert 'value="skirmish"' in lobby and 'name="target"' not in lobby  # Wildlands' form first
    page = client.get(reverse("games:new") + "?mode=race21").content.decode()
    assert 'name="target"' in page and 'value="race21"' in page
    assert 'name="faction"' not in page  # one game's form at a time


@pytest.mark.django_db
def test_a_race_waits_for_its_second_player_then_starts(race21, owner, teammate):
    game = start_a_race(owner, teammate, target=31)
    assert game.status == Game.Status.PLAYING
    assert [(s.seat, s.user) for s in game.seats.order_by("seat")] == [
        ("p1", owner), ("p2", teammate)]
    board = signed_in(owner).get(reverse("games:board", kwargs={"game_id": game.id}))
    assert board.status_code == 200
    assert board.context["board_renderer"] == "race21"
    assert board.context["initial"]["view"]["target"] == 31
    listed = signed_in(teammate).get(reverse("games:list")).content.decode()
    assert "Race to 21" in listed and "your move" not in listed  # p1 moves first


@pytest.mark.django_db
def test_a_choice_the_form_does_not_offer_is_refused_and_nothing_is_stored(race21, owner):
    response = signed_in(owner).post(reverse("games:new"), {"mode": "race21", "target": 40})
    assert response.status_code == 200 and "target" in response.context["form"].errors
    assert not Game.objects.exists()


# p1 and p2 alternate (the house adds 1 after each): 3 (4) 7 (8) 11 (12) 15 (16) 19 (20) 21
MOVES = [("p1", 3), ("p2", 3), ("p1", 3), ("p2", 3), ("p1", 3), ("p2", 1)]


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_race_is_played_through_the_socket_and_replayed(race21, owner, teammate,
                                                                   eager_celery):
    game = await db(start_a_race)(owner, teammate)
    sockets = {"p1": communicator(game.id, owner), "p2": communicator(game.id, teammate)}
    first = {seat: await connect_seated(comm) for seat, comm in sockets.items()}
    version = first["p1"]["version"]
    assert first["p1"]["view"]["turn"] == "p1" and first["p1"]["legal"]

    for i, (seat, n) in enumerate(MOVES):
        await sockets[seat].send_json_to({"type": "command", "id": f"m{i}",
                                          "expected_version": version,
                                          "command": {"do": "add", "n": n}})
        done = i == len(MOVES) - 1
        # the mover is told of its move and then of the house's (by the worker), if due
        update = await receive_until(
            sockets[seat], lambda m: m["type"] == "update" and (
                m["view"]["winner"] if done else not m["view"]["house_due"]
                and m["view"]["version"] > version))
        version = update["version"]

    assert update["view"]["total"] == 21 and update["view"]["winner"] == "p2"
    other = await receive_until(sockets["p1"], lambda m: m["type"] == "update"
                                and m["view"]["winner"] is not None)
    assert other["view"]["winner"] == "p2"
    for comm in sockets.values():
        await comm.disconnect()

    await db(game.refresh_from_db)()
    assert game.status == Game.Status.FINISHED and game.winner == "p2" and game.result == "won"
    seats = await db(lambda: list(GameCommand.objects.filter(game=game)
                                  .order_by("version").values_list("seat", flat=True)))()
    assert seats == ["p1", "", "p2", "", "p1", "", "p2", "", "p1", "", "p2"]  # "": the house

    replay = await db(replay_steps)(game, owner)
    assert replay["revealed"] and replay["total"] == 1 + len(seats)  # the start, then each step
    totals = [step["view"]["total"] for step in replay["steps"]]
    assert totals == [0, 3, 4, 7, 8, 11, 12, 15, 16, 19, 20, 21]
    kinds = [e["kind"] for step in replay["steps"] for e in step["events"]]
    assert kinds.count("house_added") == 5 and kinds[-1] == "race_won"
    assert HOUSE not in [step["view"]["winner"] for step in replay["steps"]]


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_player_takes_back_their_addition_over_the_socket(race21, owner, teammate,
                                                                  eager_celery):
    game = await db(start_a_race)(owner, teammate)
    p1 = communicator(game.id, owner)
    version = (await connect_seated(p1))["version"]
    await p1.send_json_to({"type": "command", "id": "a", "expected_version": version,
                           "command": {"do": "add", "n": 3}})
    answered = await receive_until(p1, lambda m: m["type"] == "update"
                                   and m["view"]["total"] == 4)  # the house's 1, by the worker
    assert {"do": "undo"} in answered["legal"]
    await p1.send_json_to({"type": "command", "id": "u", "expected_version": answered["version"],
                           "command": {"do": "undo"}})
    back = await receive_until(p1, lambda m: m["type"] == "update"
                               and m["version"] > answered["version"])
    assert back["view"]["total"] == 0 and back["view"]["turn"] == "p1" and back["legal"]
    assert [e["kind"] for e in back["events"]] == ["taken_back"]
    await p1.disconnect()
    replay = await db(replay_steps)(game, owner)
    assert [step["view"]["total"] for step in replay["steps"]] == [0, 3, 4, 0]


def replay_steps(game: Game, user) -> dict:
    client = signed_in(user)
    assert client.get(reverse("games:replay", kwargs={"game_id": game.id})).status_code == 200
    response = client.get(reverse("games:replay_steps", kwargs={"game_id": game.id}))
    assert response.status_code == 200
    return json.loads(response.content)
