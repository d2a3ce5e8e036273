"""A game of Defenders of the Wild played through the site as two friends play it: made
with the lobby's HTTP form, joined through the invite link, played over the game socket
(the real routing), with the machines' turn run by the worker task (eager Celery) after
each seat's actions. The organize phase's pick stays with the server until both picked."""
from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from django.test import Client
from django.urls import reverse

from games.models import Game, GameCommand
from support.site import (  # noqa: F401  (fixtures)
    _fresh_state_cache, communicator, connect_seated, drain, eager_celery, receive_until)

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

db = database_sync_to_async


def table_for_two(owner, teammate) -> Game:
    """Made and joined through the pages, as two people would."""
    host = Client()
    host.force_login(owner)
    made = host.post(reverse("games:new"), {"mode": "defenders", "players": 2, "bots": 0,
                                            "tier": "base", "deck": "order:ember"})
    assert made.status_code == 302, made.content.decode()[:400]
    game = Game.objects.get(mode="defenders")
    friend = Client()
    friend.force_login(teammate)
    invite = reverse("games:join", kwargs={"game_id": game.id, "token": game.invite_token})
    assert friend.post(invite, {"deck": "council:barley"}).status_code == 302
    game.refresh_from_db()
    return game


async def send(comm, version: int, command: dict, tag: str = "c") -> dict:
    """Send a command; the sender's answer (ack or rejected) and its own next update."""
    await comm.send_json_to({"type": "command", "id": tag, "expected_version": version,
                             "command": command})
    answer = await receive_until(comm, lambda m: m["type"] in ("ack", "rejected"))
    assert answer["type"] == "ack", answer
    return await receive_until(comm, lambda m: m["type"] == "update"
                               and m["version"] >= answer["version"])


async def latest(comm) -> dict:
    """The newest update waiting on a socket (after the others were sent)."""
    got = [m for m in await drain(comm, quiet=0.5) if m["type"] == "update"]
    return got[-1]


async def test_two_friends_play_a_round_with_the_machines_turn_between(owner, teammate,
                                                                      eager_celery):
    game = await db(table_for_two)(owner, teammate)
    socks = {"p1": communicator(game.id, owner), "p2": communicator(game.id, teammate)}
    first = {seat: await connect_seated(comm) for seat, comm in socks.items()}
    assert first["p1"]["view"]["game"] == "defenders"
    assert [s.get("hand") is not None for s in first["p1"]["view"]["seats"]] == [True, False]
    assert first["p2"]["view"]["awaiting"] == ["p1", "p2"]

    # set-up: each seat places its starting camp (public)
    version = first["p1"]["version"]
    for seat in ("p1", "p2"):
        update = await send(socks[seat], version, first[seat]["legal"][0])
        version = update["version"]
    await drain(socks["p1"])
    await drain(socks["p2"])

    # organize: p1 picks in secret; p2 learns only that p1 has picked
    state_p1 = await resynced(socks["p1"])
    pick = next(c for c in state_p1["legal"] if c["do"] == "choose" and "card" in c)
    mine = await send(socks["p1"], state_p1["version"], pick)
    told = await latest(socks["p2"])
    text = json.dumps(told)
    assert pick["card"] not in text, "p2 was told p1's pick before picking"
    assert [e["kind"] for e in told["events"]] == ["defender_chosen", "hidden"]
    p1_seen_by_p2 = told["view"]["seats"][0]
    assert p1_seen_by_p2["has_chosen"] is True and "chosen" not in p1_seen_by_p2
    assert mine["view"]["seats"][0]["chosen"] == pick["card"]
    assert "defender_chosen_privately" in [e["kind"] for e in mine["events"]]
    assert mine["cards"][pick["card"]]["name"]  # what the seat's own pick is, beside its events
    assert "cards" not in told

    # p2 picks: both are revealed, and the first seat's actions begin
    second = next(c for c in told["legal"] if c["do"] == "choose" and "card" in c)
    revealed = await send(socks["p2"], told["version"], second)
    kinds = [e["kind"] for e in revealed["events"]]
    assert "defenders_revealed" in kinds and "turn_started" in kinds
    assert pick["card"] in json.dumps(revealed["view"])
    assert {pick["card"], second["card"]} <= set(revealed["cards"])

    # the active seat ends its actions: the machines' card runs in the worker
    active = revealed["view"]["turn"]["active"]
    await drain(socks[active])
    update = await resynced(socks[active])
    ended = await send(socks[active], update["version"], {"do": "end_turn"})
    assert ended["view"]["awaiting"] == ["machines"] and ended["legal"] == []
    after = await receive_until(socks["p1"], lambda m: m["type"] == "update" and any(
        e["kind"] == "machines_turn_ended" for e in m["events"]), timeout=10)
    assert after["view"]["awaiting"] != ["machines"]
    machine_steps = await db(lambda: list(GameCommand.objects.filter(game=game, seat="")))()
    assert [c.command for c in machine_steps] == [{"advance": True}]
    for comm in socks.values():
        await comm.disconnect()


async def resynced(comm) -> dict:
    """The seat's newest update, asked for again (resync) so it is the current one."""
    await comm.send_json_to({"type": "resync", "last_seq": 0})
    return await receive_until(comm, lambda m: m["type"] == "update")
