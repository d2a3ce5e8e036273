"""A step stored is always announced (issue 26, item 5).

A number no browser can hold exactly (beyond 2**53 - 1) in any message is refused before
anything is stored: once, a command whose `id` was such a number was stored and only then
failed to encode in its ack, so the mover got no ack, the partner no update and the next
turn never started. And once a command is stored, the ack, the mover's update, the
broadcast and the next turn each run even if one before them failed: here the mover's tab
closes just after sending the move that hands the turn to a bot (uvicorn then raises
`ClientDisconnected` on every send to that socket), and the bot still moves.
"""
from __future__ import annotations

import asyncio
import contextlib

import pytest
from channels.db import database_sync_to_async
from uvicorn.protocols.utils import ClientDisconnected

from games import lobby
from games.consumers import GameConsumer
from games.models import Game
from wildlands.rules import engine
from wildlands.rules.commands import parse_command
from support.site import (  # noqa: F401  (fixtures)
    _fresh_state_cache, bots_without_pause, communicator, connect_seated, current_state, drain,
    eager_celery, map_name, receive_until, scripted_command)
from test_hostile_websocket import answer, assert_clear_refusal, fingerprint, still_open, table  # noqa: F401

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

db = database_sync_to_async
HUGE = 2 ** 70  # beyond 64 bits: the site's JSON encoder cannot write it


def messages_with_huge_numbers(version: int, command: dict) -> list[dict]:
    return [
        {"type": "command", "id": HUGE, "expected_version": version, "command": command},
        {"type": "command", "id": "v", "expected_version": HUGE, "command": command},
        {"type": "command", "id": "c", "expected_version": version,
         "command": {**command, "note": [1, {"deep": -HUGE}]}},
        {"type": "command", "id": 2 ** 53, "expected_version": version, "command": command},
        {"type": "log_before", "seq": HUGE},
        {"type": "resync", "last_seq": HUGE},
    ]


async def test_numbers_a_browser_cannot_hold_are_refused_and_nothing_is_stored(table):
    game, users = table["game"], table["users"]
    state = await db(current_state)(game.id)
    seat, command = scripted_command(state)
    before = await db(fingerprint)(game.id)
    comm = communicator(game.id, users[seat])
    await connect_seated(comm)
    await drain(comm)

    for message in messages_with_huge_numbers(state.version, command):
        reply = await answer(comm, message)
        assert_clear_refusal(reply)
        assert reply["code"] == "bad_message", (message, reply)
        assert await db(fingerprint)(game.id) == before, message

    reply = await answer(comm, {"type": "command", "id": 2 ** 53 - 1,
                                "expected_version": state.version, "command": command})
    assert reply == {"type": "ack", "id": 2 ** 53 - 1, "version": state.version + 1}
    await still_open(comm)
    await comm.disconnect()


async def test_a_huge_last_seq_in_the_connect_url_still_gives_a_full_update(table):
    game, users = table["game"], table["users"]
    comm = communicator(game.id, users["p1"], query=f"last_seq={HUGE}")
    update = await connect_seated(comm)
    assert update["version"] == game.version and update["view"]["seat"] == "p1"
    await comm.disconnect()


def game_against_a_bot(owner) -> Game:
    """A skirmish of `owner` against one bot, played by the bot until it is the person's
    move."""
    game = lobby.game_create(user=owner, mode="skirmish", map_name=map_name(),
                             faction="guild", players=2, bots=1, seed=11)
    game.refresh_from_db()
    return game


def hands_the_turn_to_the_bot(state, command: dict) -> bool:
    new, _ = engine.apply(state, "p1", parse_command(command))
    return scripted_command(new)[0] == "p2"


async def test_the_bot_moves_even_when_the_movers_tab_closed_before_the_ack(
        owner, settings, bots_without_pause, eager_celery, monkeypatch):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    game = await db(game_against_a_bot)(owner)
    comm = communicator(game.id, owner)
    await connect_seated(comm)
    await drain(comm)

    for _ in range(10):  # the person's moves, until the one that hands the turn over
        state = await db(current_state)(game.id)
        seat, command = scripted_command(state)
        assert seat == "p1", "the bot did not move"
        if hands_the_turn_to_the_bot(state, command):
            break
        reply = await answer(comm, {"type": "command", "id": "m", "expected_version":
                                    state.version, "command": command})
        assert reply["type"] == "ack", reply
        await drain(comm)
    else:
        raise AssertionError("no move handed the turn to the bot")

    gone = {"closed": False}
    send = GameConsumer.send

    async def send_to_a_closed_tab(self, *args, **kwargs):
        if gone["closed"]:
            raise ClientDisconnected()
        return await send(self, *args, **kwargs)

    monkeypatch.setattr(GameConsumer, "send", send_to_a_closed_tab)
    gone["closed"] = True  # the tab closes as the move leaves it
    await comm.send_json_to({"type": "command", "id": "last", "expected_version": state.version,
                             "command": command})
    for _ in range(50):  # the command, then the bot's moves (eager) on the database thread
        await asyncio.sleep(0.1)
        after = await db(current_state)(game.id)
        if after.version > state.version + 1 and scripted_command(after)[0] == "p1":
            break
    assert after.version > state.version + 1, "the move was stored but the bot never moved"
    assert scripted_command(after)[0] == "p1" or after.outcome is not None
    with contextlib.suppress(ClientDisconnected):  # the bot's updates to the closed tab end
        await comm.disconnect()  # its consumer, as uvicorn would
