"""Abuse of the game websocket by a signed-in user (issue 26, item 10): more sockets than a
person has tabs, and a flood of pings (which skip the message rate limit, since every
open board sends one each 25 s)."""
from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from games import consumers
from games.consumers import GameConsumer
from support.site import (  # noqa: F401  (fixtures)
    _fresh_state_cache, communicator, connect_seated, drain, receive, start_skirmish)

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

db = database_sync_to_async
CLOSE_TOO_MANY_SOCKETS = 4429  # the contract's close code for a user past the cap
PING_LIMIT = 4  # per rate window


async def test_a_user_past_the_socket_cap_is_told_why_and_closed(owner, teammate, monkeypatch):
    monkeypatch.setattr(GameConsumer, "max_sockets_per_user", 3, raising=False)
    game = await db(start_skirmish)(owner, teammate)
    tabs = [communicator(game.id, owner) for _ in range(3)]
    for tab in tabs:
        await connect_seated(tab)

    one_too_many = communicator(game.id, owner)
    connected, _ = await one_too_many.connect()
    assert connected  # accepted only to say why
    refusal = await receive(one_too_many)
    assert refusal["type"] == "error" and refusal["code"] == "too_many_sockets"
    assert await one_too_many.receive_output(timeout=2) == {
        "type": "websocket.close", "code": CLOSE_TOO_MANY_SOCKETS}

    partner = communicator(game.id, teammate)  # the cap is per user
    await connect_seated(partner)
    await tabs[0].disconnect()  # a tab closed frees its place
    again = communicator(game.id, owner)
    update = await connect_seated(again)
    assert update["view"]["seat"] == "p1"
    for comm in (*tabs[1:], partner, again):
        await comm.disconnect()
    assert owner.pk not in getattr(consumers, "_OPEN_SOCKETS", {})


async def test_a_flood_of_pings_is_refused_past_its_budget_and_the_socket_recovers(
        owner, teammate, monkeypatch):
    game = await db(start_skirmish)(owner, teammate)
    monkeypatch.setattr(GameConsumer, "ping_limit", PING_LIMIT, raising=False)
    comm = communicator(game.id, owner)
    await connect_seated(comm)
    await drain(comm)

    answers = []
    for _ in range(PING_LIMIT + 3):
        await comm.send_json_to({"type": "ping"})
        answers.append(await receive(comm))
    assert answers[:PING_LIMIT] == [{"type": "pong"}] * PING_LIMIT
    assert {a["code"] for a in answers[PING_LIMIT:]} == {"rate_limited"}

    monkeypatch.setattr(GameConsumer, "rate_window", 0.05)  # the window passes
    await drain(comm, quiet=0.1)
    await comm.send_json_to({"type": "ping"})
    assert await receive(comm) == {"type": "pong"}
    await comm.send_json_to({"type": "resync", "last_seq": 0})  # other messages still flow
    assert (await receive(comm))["type"] == "update"
    await comm.disconnect()
