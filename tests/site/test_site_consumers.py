"""The game websocket (channels.testing.WebsocketCommunicator): who may connect, commands
acknowledged or rejected, updates reaching every seat, resync, and bad input answered
without ever closing the socket or showing a traceback."""
from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.test import Client

from games.consumers import CLOSE_NOT_SEATED, MAX_MESSAGE_BYTES, RATE_LIMIT
from games.models import Game, Seat
from support.site import (  # noqa: F401  (fixtures)
    _fresh_state_cache, communicator, connect_seated, current_state, drain, eager_celery, receive,
    receive_until, scripted_command, start_skirmish)

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

db = database_sync_to_async


async def _game(owner, teammate):
    game = await db(start_skirmish)(owner, teammate)
    return game


async def _next(game_id, owner, teammate):
    """(user, seat, command, version) for the scripted next move."""
    state = await db(current_state)(game_id)
    seat, command = scripted_command(state)
    return (owner if seat == "p1" else teammate), seat, command, state.version


# --- who may connect -------------------------------------------------------------------------------
async def test_the_outsider_is_refused_with_4403(owner, teammate, outsider):
    game = await _game(owner, teammate)
    comm = communicator(game.id, outsider)

    connected, _ = await comm.connect()
    assert connected  # accepted only to say why, then closed with the contract's code
    first = await receive(comm)
    assert first["type"] == "error" and first["code"] == "not_seated"
    assert await comm.receive_output(timeout=2) == {"type": "websocket.close", "code": CLOSE_NOT_SEATED}


async def test_an_anonymous_visitor_is_refused_with_4403(owner, teammate):
    game = await _game(owner, teammate)
    comm = communicator(game.id, AnonymousUser())

    await comm.connect()
    await receive(comm)
    assert (await comm.receive_output(timeout=2))["code"] == CLOSE_NOT_SEATED


async def test_a_seated_player_gets_presence_and_their_own_view(owner, teammate):
    game = await _game(owner, teammate)
    comm = communicator(game.id, owner)

    connected, _ = await comm.connect()
    assert connected
    presence = await receive(comm)
    update = await receive(comm)

    assert presence == {"type": "presence", "connected": ["p1"]}
    assert update["type"] == "update" and update["version"] == 2 and update["events"] == []
    assert update["last_seq"] == game.last_seq
    assert update["view"]["seat"] == "p1"
    mine, theirs = update["view"]["players"]
    assert "hand" in mine and "hand" not in theirs
    await comm.disconnect()
    seat = await db(Seat.objects.get)(game=game, seat="p1")
    assert seat.connections == 0


async def test_presence_reaches_the_other_seat_on_connect_and_disconnect(owner, teammate):
    game = await _game(owner, teammate)
    first = communicator(game.id, owner)
    await connect_seated(first)
    second = communicator(game.id, teammate)
    await connect_seated(second)

    joined = await receive_until(first, lambda m: m["type"] == "presence")
    assert joined["connected"] == ["p1", "p2"]
    await second.disconnect()
    left = await receive_until(first, lambda m: m["type"] == "presence")
    assert left["connected"] == ["p1"]
    await first.disconnect()


async def test_a_presence_notice_that_arrives_late_does_not_show_a_connected_seat_as_away(
        owner, teammate):
    """Notices can arrive in another order than their lists were read: the socket shows the
    seats as they are when the notice arrives, not the list the notice carried."""
    from channels.layers import get_channel_layer

    from games.pipeline import broadcast

    game = await _game(owner, teammate)
    first, second = communicator(game.id, owner), communicator(game.id, teammate)
    await connect_seated(first)
    await connect_seated(second)
    joined = await receive_until(first, lambda m: m["type"] == "presence")
    assert joined["connected"] == ["p1", "p2"]

    # a notice delivered late (or one carrying an old list, as notices once did)
    await get_channel_layer().group_send(broadcast.game_group(game.id),
                                         {"type": "game.presence", "connected": ["p1"]})

    assert await first.receive_nothing(timeout=0.3)  # still ["p1", "p2"]: nothing new to say
    await second.disconnect()
    left = await receive_until(first, lambda m: m["type"] == "presence")
    assert left["connected"] == ["p1"]
    await first.disconnect()


async def test_the_real_asgi_stack_signs_the_player_in_from_the_session_cookie(owner, teammate):
    from wildlands_site.asgi import application

    game = await _game(owner, teammate)
    client = Client()
    await db(client.force_login)(owner)
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    comm = WebsocketCommunicator(application, f"/ws/play/{game.id}/",
                                 headers=[(b"cookie", cookie), (b"host", b"localhost"),
                                          (b"origin", b"http://localhost")])

    connected, _ = await comm.connect()
    assert connected
    update = await receive_until(comm, lambda m: m["type"] == "update")
    assert update["view"]["seat"] == "p1"
    await comm.disconnect()


# --- commands ---------------------------------------------------------------------------------------
async def test_a_command_is_acknowledged_and_the_update_reaches_both_seats(owner, teammate):
    game = await _game(owner, teammate)
    p1, p2 = communicator(game.id, owner), communicator(game.id, teammate)
    await connect_seated(p1)
    await connect_seated(p2)
    user, seat, command, version = await _next(game.id, owner, teammate)
    sender, other = (p1, p2) if seat == "p1" else (p2, p1)

    await sender.send_json_to({"type": "command", "id": "c1", "expected_version": version,
                               "command": command})

    ack = await receive_until(sender, lambda m: m["type"] in ("ack", "rejected"))
    assert ack == {"type": "ack", "id": "c1", "version": version + 1}
    mine = await receive_until(sender, lambda m: m["type"] == "update")
    theirs = await receive_until(other, lambda m: m["type"] == "update")
    for update in (mine, theirs):
        assert update["version"] == version + 1
        assert [e["seq"] for e in update["events"]] == list(range(game.last_seq + 1,
                                                                  update["last_seq"] + 1))
    assert mine["view"]["seat"] == seat and theirs["view"]["seat"] != seat
    await p1.disconnect()
    await p2.disconnect()


async def test_the_mover_sees_its_own_update_without_waiting_on_the_channel_layer(
        owner, teammate, monkeypatch):
    """The socket that sent a command sends its own seat's update itself, straight after the
    ack; the copy the channel layer brings back is not sent again."""
    from games.pipeline import broadcast

    game = await _game(owner, teammate)
    p1, p2 = communicator(game.id, owner), communicator(game.id, teammate)
    await connect_seated(p1)
    await connect_seated(p2)
    await drain(p1)
    await drain(p2)
    user, seat, command, version = await _next(game.id, owner, teammate)
    sender, other = (p1, p2) if seat == "p1" else (p2, p1)
    held = []

    async def held_back(deliveries, layer=None, *, had_it=None):
        held.extend(deliveries)

    monkeypatch.setattr(broadcast, "send", held_back)
    await sender.send_json_to({"type": "command", "id": "c1", "expected_version": version,
                               "command": command})
    ack = await receive_until(sender, lambda m: m["type"] in ("ack", "rejected"))
    mine = await receive_until(sender, lambda m: m["type"] == "update")

    assert ack["type"] == "ack" and mine["version"] == version + 1
    assert mine["view"]["seat"] == seat
    assert await other.receive_nothing(timeout=0.3)  # its copy is still held back
    monkeypatch.undo()
    await broadcast.send(held)
    theirs = await receive_until(other, lambda m: m["type"] == "update")
    assert theirs["version"] == version + 1
    assert await sender.receive_nothing(timeout=0.3)  # its own copy came back: not sent twice
    await p1.disconnect()
    await p2.disconnect()


async def test_rejections_carry_the_rule_code(owner, teammate):
    game = await _game(owner, teammate)
    user, seat, command, version = await _next(game.id, owner, teammate)
    waiting = teammate if seat == "p1" else owner
    comm = communicator(game.id, waiting)
    await connect_seated(comm)

    await comm.send_json_to({"type": "command", "id": 7, "expected_version": version,
                             "command": {"do": "end_turn"}})
    refused = await receive_until(comm, lambda m: m["type"] == "rejected")
    assert refused["id"] == 7 and refused["code"] == "not_your_turn" and refused["message"]

    await comm.send_json_to({"type": "command", "id": "old", "expected_version": version - 1,
                             "command": {"do": "end_turn"}})
    stale = await receive_until(comm, lambda m: m["type"] == "rejected")
    assert stale["code"] == "stale_version"

    await comm.send_json_to({"type": "command", "id": "bad", "expected_version": version,
                             "command": {"do": "teleport"}})
    invalid = await receive_until(comm, lambda m: m["type"] == "rejected")
    assert invalid["code"] == "invalid_command"
    await comm.disconnect()


async def test_resync_after_a_gap_sends_every_missed_event_once(owner, teammate):
    game = await _game(owner, teammate)
    watcher = communicator(game.id, teammate)
    await connect_seated(watcher)
    for i in range(4):
        user, seat, command, version = await _next(game.id, owner, teammate)
        from games import services
        await db(services.game_apply_command)(game_id=game.id, user=user,
                                              expected_version=version, command=command)
    await drain(watcher)

    await watcher.send_json_to({"type": "resync", "last_seq": 0})
    update = await receive_until(watcher, lambda m: m["type"] == "update")

    final = await db(Game.objects.get)(pk=game.id)
    assert [e["seq"] for e in update["events"]] == list(range(1, final.last_seq + 1))
    assert update["version"] == final.version == 6
    assert update["last_seq"] == final.last_seq
    await watcher.disconnect()


async def test_ping_is_answered_with_pong(owner, teammate):
    game = await _game(owner, teammate)
    comm = communicator(game.id, owner)
    await connect_seated(comm)

    await comm.send_json_to({"type": "ping"})
    assert await receive_until(comm, lambda m: m["type"] != "presence") == {"type": "pong"}
    await comm.disconnect()


# --- bad input ---------------------------------------------------------------------------------------
async def test_malformed_messages_get_bad_message_and_the_socket_stays_open(owner, teammate):
    game = await _game(owner, teammate)
    comm = communicator(game.id, owner)
    await connect_seated(comm)
    await drain(comm)

    for raw in ("{not json", "[1, 2]", '"text"', '{"no_type": 1}', '{"type": "dance"}',
                '{"type": "resync", "last_seq": "yesterday"}'):
        await comm.send_to(text_data=raw)
        answer = await receive(comm)
        assert answer["type"] == "error" and answer["code"] == "bad_message", raw
    await comm.send_to(bytes_data=b"\x00\x01")
    assert (await receive(comm))["code"] == "bad_message"

    for message, reply_id in (({"type": "command", "expected_version": 2, "command": {}}, None),
                              ({"type": "command", "id": "x", "expected_version": "2",
                                "command": {"do": "end_turn"}}, "x"),
                              ({"type": "command", "id": "y", "expected_version": 2,
                                "command": "end_turn"}, "y"),
                              ({"type": "command", "id": True, "expected_version": 2,
                                "command": {}}, None)):
        await comm.send_json_to(message)
        answer = await receive(comm)
        assert answer == {"type": "rejected", "id": reply_id, "code": "bad_message",
                          "message": answer["message"]}

    await comm.send_json_to({"type": "ping"})
    assert await receive(comm) == {"type": "pong"}
    await comm.disconnect()


async def test_an_oversized_message_is_refused_unread(owner, teammate):
    game = await _game(owner, teammate)
    comm = communicator(game.id, owner)
    await connect_seated(comm)
    await drain(comm)

    huge = json.dumps({"type": "command", "id": "big", "expected_version": 2,
                       "command": {"do": "end_turn", "pad": "x" * MAX_MESSAGE_BYTES}})
    await comm.send_to(text_data=huge)

    answer = await receive(comm)
    assert answer["type"] == "error" and answer["code"] == "bad_message"
    assert "bytes" in answer["message"]
    assert "Traceback" not in json.dumps(answer)
    await comm.disconnect()


async def test_a_flood_of_commands_is_rate_limited(owner, teammate):
    game = await _game(owner, teammate)
    comm = communicator(game.id, owner)
    await connect_seated(comm)
    await drain(comm)
    sent = RATE_LIMIT + 5

    for i in range(sent):
        await comm.send_json_to({"type": "command", "id": i, "expected_version": 999,
                                 "command": {"do": "end_turn"}})
    answers = [await receive(comm) for _ in range(sent)]

    codes = [a["code"] for a in answers]
    assert codes.count("stale_version") == RATE_LIMIT
    assert codes.count("rate_limited") == 5
    assert [a["id"] for a in answers] == list(range(sent))
    await comm.send_json_to({"type": "ping"})  # pings are never limited
    assert await receive(comm) == {"type": "pong"}
    await comm.disconnect()


async def test_a_server_error_names_the_command_without_a_traceback(owner, teammate, monkeypatch):
    from games import services

    game = await _game(owner, teammate)
    comm = communicator(game.id, owner)
    await connect_seated(comm)
    await drain(comm)

    def explode(**kwargs):
        raise RuntimeError("database on fire")

    monkeypatch.setattr(services, "game_apply_command", explode)
    await comm.send_json_to({"type": "command", "id": 1, "expected_version": 2,
                             "command": {"do": "end_turn"}})
    answer = await receive(comm)

    assert (answer["type"], answer["id"], answer["code"]) == ("rejected", 1, "server_error")
    assert "fire" not in answer["message"] and "Traceback" not in answer["message"]
    await comm.send_json_to({"type": "ping"})
    assert await receive(comm) == {"type": "pong"}
    await comm.disconnect()


async def test_a_seat_waiting_for_players_hears_when_the_game_starts(owner, teammate):
    from games import lobby
    from support.site import map_name

    game = await db(lobby.game_create)(user=owner, mode="skirmish", map_name=map_name(),
                                          faction="guild", players=2)
    comm = communicator(game.id, owner)
    assert (await comm.connect())[0]
    assert await receive(comm) == {"type": "presence", "connected": ["p1"]}
    assert await comm.receive_nothing(timeout=0.2)  # no game yet, so no update

    await db(lobby.game_join)(game=game, user=teammate, token=game.invite_token,
                                 faction="gnomads")

    update = await receive_until(comm, lambda m: m["type"] == "update")
    assert update["view"]["seat"] == "p1" and update["version"] == 2
    await comm.disconnect()
