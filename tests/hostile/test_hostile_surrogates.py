"""Text JSON can carry but UTF-8 cannot (issue 31, item 6): a lone surrogate, `"\\ud800"`.
`json.loads` reads it into a Python string that no answer quoting it can encode. Such a
command id once killed the sender's socket with tracebacks in the log (refused) or stored the
move and lost its ack (accepted). Now a message holding one, in its id or anywhere else, is
refused as `bad_message` with a sentence: nothing stored, nothing logged with a traceback,
and the socket goes on working."""
from __future__ import annotations

import json
import logging

import pytest
from channels.db import database_sync_to_async

from games.models import Game, GameCommand
from support.site import (  # noqa: F401  (fixtures)
    _fresh_state_cache, communicator, connect_seated, current_state, drain, receive,
    scripted_command, start_skirmish)

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

db = database_sync_to_async
SURROGATE = "\\ud800"  # as it travels: a JSON escape, six characters


def stored(game_id) -> tuple:
    game = Game.objects.get(pk=game_id)
    return game.version, GameCommand.objects.filter(game=game).count()


@pytest.mark.parametrize("where", ["id", "command", "key"])
async def test_a_lone_surrogate_is_a_bad_message_and_the_socket_goes_on(owner, teammate, where,
                                                                        caplog):
    game = await db(start_skirmish)(owner, teammate)
    seat, command = scripted_command(await db(current_state)(game.id))
    mover = owner if seat == "p1" else teammate
    before = await db(stored)(game.id)
    comm = communicator(game.id, mover)
    await connect_seated(comm)
    await drain(comm)
    state = await db(current_state)(game.id)
    fields = {"type": "command", "id": "c1", "expected_version": state.version,
              "command": command}
    text = json.dumps(fields)
    if where == "id":  # a legal move whose id cannot be written back
        text = text.replace('"c1"', f'"{SURROGATE}"')
    elif where == "command":
        text = text.replace('"command": {', f'"command": {{"note": "{SURROGATE}", ')
    else:
        text = text.replace('"command": {', f'"command": {{"{SURROGATE}": 1, ')

    with caplog.at_level(logging.INFO):
        await comm.send_to(text_data=text)
        reply = await receive(comm)

    assert reply["type"] == "rejected" and reply["code"] == "bad_message", reply
    assert "lone surrogate" in reply["message"]
    assert reply["id"] == (None if where == "id" else "c1")
    assert await db(stored)(game.id) == before
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]

    await comm.send_json_to({**fields, "id": "c2"})  # the same socket, the same move
    ack = await receive(comm)
    assert ack == {"type": "ack", "id": "c2", "version": state.version + 1}
    await comm.disconnect()
