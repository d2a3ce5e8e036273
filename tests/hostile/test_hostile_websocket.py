"""Hostile input on the game websocket, through the real consumer (WebsocketCommunicator).

Whatever a client sends, the server answers with one clear message (`ack`, `rejected` with a
stable code, `error` with a stable code, `pong` or a resync `update`), changes the game only
for a legal command from the seat whose move it is, never lets an exception escape, and
keeps the socket open (the contract closes a socket only for a visitor with no seat).
After every hostile message the game's version, snapshot, command log and event log are
compared with what they were before.

Covered: malformed and non-object JSON, binary frames, oversized frames, deeply nested
JSON, wrong types in every field, unknown message types, stale and future versions,
another seat's moves, another game's ids, another game's socket, floods past the rate limit,
junk in the connect URL, and a hypothesis fuzz of whole messages (bounded: about 20 s).
"""
from __future__ import annotations

import hashlib
import json
import re
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import AnonymousUser
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.consumers import CLOSE_NOT_SEATED, MAX_MESSAGE_BYTES, RATE_LIMIT, GameConsumer
from games.models import Game, GameCommand, GameEvent
from wildlands.rules.commands import ACTIONS, RESPONSES
from support.site import (  # noqa: F401  (fixtures)
    _fresh_state_cache, communicator, connect_seated, current_state, drain, make_user, receive,
    receive_until, scripted_command, start_skirmish)

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

db = database_sync_to_async
CODE = re.compile(r"^[a-z][a-z_]{2,40}$")


# --- the game, before and after --------------------------------------------------------------------
def fingerprint(game_id) -> tuple:
    """Everything a refused message must leave as it was."""
    game = Game.objects.get(pk=game_id)
    snapshot = hashlib.sha256(json.dumps(game.snapshot, sort_keys=True).encode()).hexdigest()
    return (game.version, game.last_seq, snapshot,
            GameCommand.objects.filter(game_id=game_id).count(),
            GameEvent.objects.filter(game_id=game_id).count())


async def answer(comm, message: Any) -> dict:
    """Send one message (raw text, or an object as JSON) and return the direct answer."""
    if isinstance(message, str):  # raw, so that even an empty frame can be sent
        await comm.send_input({"type": "websocket.receive", "text": message})
    else:
        await comm.send_json_to(message)
    return await receive_until(comm, is_answer)


def is_answer(message: dict) -> bool:
    """Not a broadcast: presence and updates pushed after a change are not answers."""
    return message["type"] != "presence" and (message["type"] != "update" or "resync" in message)


async def still_open(comm) -> None:
    await comm.send_json_to({"type": "ping"})
    assert await receive_until(comm, is_answer) == {"type": "pong"}


def assert_clear_refusal(reply: dict, *, kinds=("rejected", "error")) -> None:
    assert reply["type"] in kinds, reply
    assert CODE.match(reply["code"]), reply
    assert reply["code"] != "server_error", reply
    assert isinstance(reply["message"], str) and reply["message"], reply
    assert "Traceback" not in reply["message"]


@pytest.fixture
def table(owner, teammate, settings):
    """A started skirmish, plus a second game (between two other users) whose ids are
    foreign to the first. The channel layer is the in-memory one even where REDIS_URL is
    set: these tests are about what the consumer makes of its input (the Redis layer has
    its own fault tests), and hundreds of short-lived sockets stay fast."""
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    game = start_skirmish(owner, teammate, seed=5)
    stranger_a, stranger_b = make_user("stranger-a"), make_user("stranger-b")
    from games import lobby
    from support.site import map_name

    other = lobby.game_create(user=stranger_a, mode="skirmish", map_name=map_name(),
                              faction="lawbringers", players=2, seed=6)
    lobby.game_join(game=other, user=stranger_b, token=other.invite_token,
                    faction="pit_fighters")
    other.refresh_from_db()
    return {"game": game, "other": other, "users": {"p1": owner, "p2": teammate}}


# --- malformed frames ---------------------------------------------------------------------------------
MALFORMED = [
    "", " ", "{", "}", "{not json", "{'type': 'ping'}", '{"type": "ping",}', "nul", "NaN",
    "[1, 2]", '"text"', "42", "null", "true", "[]", "{}", '{"no_type": 1}',
    '{"type": 7}', '{"type": null}', '{"type": ["command"]}', '{"type": {"a": 1}}',
    '{"type": "dance"}', '{"type": "Command"}', '{"type": "update"}', '{"type": "ack"}',
    '{"type": "' + "x" * 5000 + '"}', '{"type": "\\u0000"}', '{"type": "\\ud800"}',
    "\ufeff{\"type\": \"ping\"}", '{"type": "resync", "last_seq": "yesterday"}',
    '{"type": "resync", "last_seq": -1}', '{"type": "resync", "last_seq": 1.5}',
    '{"type": "resync", "last_seq": true}', '{"type": "resync"}',
    '{"type": "resync", "last_seq": NaN}', '{"type": "resync", "last_seq": Infinity}',
    "[" * 400 + "]" * 400, '{"a":' * 400 + "1" + "}" * 400,
]


async def test_malformed_frames_get_bad_message_and_change_nothing(table):
    game, users = table["game"], table["users"]
    before = await db(fingerprint)(game.id)
    comm, other = communicator(game.id, users["p1"]), communicator(game.id, users["p2"])
    await connect_seated(comm)
    await connect_seated(other)
    await drain(comm)
    await drain(other)

    for raw in MALFORMED:
        reply = await answer(comm, raw)
        assert_clear_refusal(reply, kinds=("error",))
        assert reply["code"] == "bad_message", raw[:60]
    await comm.send_to(bytes_data=b"\x00\xff" * 100)
    assert (await receive(comm))["code"] == "bad_message"
    await comm.send_to(bytes_data=json.dumps({"type": "ping"}).encode())
    assert (await receive(comm))["code"] == "bad_message"

    await still_open(comm)
    assert await db(fingerprint)(game.id) == before
    assert await other.receive_nothing(timeout=0.2), "the other seat heard about junk"
    await comm.disconnect()
    await other.disconnect()


async def test_oversized_frames_are_refused_before_parsing(table):
    game, users = table["game"], table["users"]
    before = await db(fingerprint)(game.id)
    comm = communicator(game.id, users["p1"])
    await connect_seated(comm)
    await drain(comm)

    for size in (MAX_MESSAGE_BYTES + 1, 4 * MAX_MESSAGE_BYTES, 1024 * 1024):
        raw = '{"type": "command", "id": 1, "pad": "' + "x" * size + '"}'
        reply = await answer(comm, raw)
        assert_clear_refusal(reply, kinds=("error",))
        assert "bytes" in reply["message"]
    # multi-byte characters count as bytes, not characters
    reply = await answer(comm, '{"type": "ping", "pad": "' + "é" * (MAX_MESSAGE_BYTES // 2 + 10) + '"}')
    assert reply["code"] == "bad_message"

    await still_open(comm)
    assert await db(fingerprint)(game.id) == before
    await comm.disconnect()


async def test_deeply_nested_json_is_refused_without_killing_the_socket(table):
    game, users = table["game"], table["users"]
    before = await db(fingerprint)(game.id)
    comm = communicator(game.id, users["p1"])
    await connect_seated(comm)
    await drain(comm)

    try:
        reply = await answer(comm, "[" * 3000 + "]" * 3000)
        assert reply["type"] == "error" and reply["code"] == "bad_message"
        await still_open(comm)
        assert await db(fingerprint)(game.id) == before
    finally:
        await comm.disconnect()


# --- wrong types in every field --------------------------------------------------------------------
WRONG_IDS = [None, True, False, 1.5, float("inf"), [], ["a"], {}, {"a": 1}, "", "x" * 65]
WRONG_VERSIONS = [None, True, "2", "two", 2.0, 2.5, [], {}, [2], {"v": 2}]
WRONG_COMMANDS = [None, True, 3, "end_turn", [], ["end_turn"], [{"do": "end_turn"}]]
BAD_COMMAND_BODIES = [
    {}, {"do": None}, {"do": 5}, {"do": ["end_turn"]}, {"do": "END_TURN"}, {"do": "dance"},
    {"respond": "end_turn"}, {"do": "end_turn", "respond": "pass"}, {"do": "end_turn", "x": 1},
    {"do": "reveal"}, {"do": "reveal", "character": 7}, {"do": "reveal", "character": ""},
    {"do": "reveal", "character": "x" * 65}, {"do": "reveal", "character": ["a"]},
    {"do": "reveal", "character": None}, {"do": "reveal", "character": "nobody"},
    {"do": "move", "character": "nobody", "to": "north", "cards": []},
    {"do": "move", "character": "nobody", "to": 10 ** 30, "cards": ["c"]},
    {"do": "move", "character": "nobody", "to": -1, "cards": "c"},
    {"do": "move", "character": "nobody", "to": 1, "cards": ["c"] * 11},
    {"do": "move", "character": "nobody", "to": 1, "cards": ["c", "c"]},
    {"do": "area", "character": "nobody", "space": True, "cards": []},
    {"do": "fly", "character": "nobody", "to": 1, "cards": [], "path": [1, 2, 3, 4, 5]},
    {"do": "assign", "spaces": [1, 2]}, {"do": "assign", "spaces": {"a": "b"}},
    {"do": "assign", "spaces": {str(i): i for i in range(11)}},
    {"do": "draw_two", "cards": [None]}, {"do": "interrupt", "cards": [1, 2]},
    {"respond": "choose", "figure": {}}, {"respond": "defend", "character": "x", "cards": {}},
    {"respond": "pass"}, {"do": "end_turn", "as": "p2"}, {"do": "end_turn", "expect_error": "x"},
    {"do": "reveal_object", "character": "nobody", "object": "nothing"},
    {"do": "use_treasure", "character": "nobody", "treasure": "nothing", "to": [1]},
]


async def test_wrong_types_in_every_field_are_rejected_with_stable_codes(table, monkeypatch):
    monkeypatch.setattr(GameConsumer, "rate_limit", 10_000)  # many cases, one socket
    game, users = table["game"], table["users"]
    state = await db(current_state)(game.id)
    seat = state.turn.actor or "p1"
    before = await db(fingerprint)(game.id)
    comm = communicator(game.id, users[seat])
    await connect_seated(comm)
    await drain(comm)
    version = state.version
    codes: dict[str, int] = {}

    cases = [({"type": "command", "id": bad, "expected_version": version,
               "command": {"do": "end_turn"}}, None) for bad in WRONG_IDS]
    cases += [({"type": "command", "id": "v", "expected_version": bad,
                "command": {"do": "end_turn"}}, "v") for bad in WRONG_VERSIONS]
    cases += [({"type": "command", "id": "c", "expected_version": version, "command": bad}, "c")
              for bad in WRONG_COMMANDS]
    cases += [({"type": "command", "id": f"b{i}", "expected_version": version, "command": bad},
               f"b{i}") for i, bad in enumerate(BAD_COMMAND_BODIES)]
    for message, reply_id in cases:
        reply = await answer(comm, message)
        assert_clear_refusal(reply, kinds=("rejected",))
        assert reply["id"] == reply_id, (message, reply)
        codes[reply["code"]] = codes.get(reply["code"], 0) + 1

    assert {"bad_message", "invalid_command"} <= set(codes), codes
    assert await db(fingerprint)(game.id) == before
    await still_open(comm)
    await comm.disconnect()


# --- versions, seats and games -----------------------------------------------------------------------
async def test_stale_and_future_versions_are_rejected(table):
    game, users = table["game"], table["users"]
    state = await db(current_state)(game.id)
    seat, command = scripted_command(state)
    before = await db(fingerprint)(game.id)
    comm = communicator(game.id, users[seat])
    await connect_seated(comm)
    await drain(comm)

    for version in (state.version - 1, 0, state.version + 1, 2 ** 53 - 1, -(2 ** 53 - 1), -1):
        reply = await answer(comm, {"type": "command", "id": "s", "expected_version": version,
                                    "command": command})
        assert reply["type"] == "rejected" and reply["code"] == "stale_version", (version, reply)
    for version in (10 ** 30, -(10 ** 30)):  # beyond what a browser holds: not a version
        reply = await answer(comm, {"type": "command", "id": "s", "expected_version": version,
                                    "command": command})
        assert reply["type"] == "rejected" and reply["code"] == "bad_message", (version, reply)
    assert await db(fingerprint)(game.id) == before

    reply = await answer(comm, {"type": "command", "id": "ok", "expected_version": state.version,
                                "command": command})
    assert reply == {"type": "ack", "id": "ok", "version": state.version + 1}
    reply = await answer(comm, {"type": "command", "id": "again",
                                "expected_version": state.version, "command": command})
    assert reply["code"] == "stale_version"  # the same command twice applies once
    await comm.disconnect()


async def test_another_seats_moves_and_another_games_ids_are_refused(table):
    game, other, users = table["game"], table["other"], table["users"]
    state = await db(current_state)(game.id)
    foreign = await db(current_state)(other.id)
    seat, command = scripted_command(state)
    idle = "p2" if seat == "p1" else "p1"
    before = await db(fingerprint)(game.id)
    comm = communicator(game.id, users[idle])
    await connect_seated(comm)
    await drain(comm)

    attempts = [command, {**command, "as": seat}, {"do": "end_turn"}]
    attempts += [{"do": "reveal", "character": c.id} for c in state.characters_of(seat)][:3]
    attempts += [{"do": "reveal", "character": c.id} for c in foreign.characters.values()][:3]
    attempts += [{"do": "draw_two", "cards": list(state.player(seat).hand[:2])},
                 {"do": "draw_two", "cards": list(foreign.players[0].hand[:2])}]
    for i, attempt in enumerate(attempts):
        reply = await answer(comm, {"type": "command", "id": i, "expected_version": state.version,
                                    "command": attempt})
        assert_clear_refusal(reply, kinds=("rejected",))
        assert reply["id"] == i
    assert await db(fingerprint)(game.id) == before

    # the seat to move still moves: nothing the idle seat sent got in its way
    mover = communicator(game.id, users[seat])
    await connect_seated(mover)
    await drain(mover)
    reply = await answer(mover, {"type": "command", "id": "go", "expected_version": state.version,
                                 "command": command})
    assert reply["type"] == "ack"
    await comm.disconnect()
    await mover.disconnect()


async def test_another_games_socket_and_unknown_games_are_closed_with_4403(table):
    game, other, users = table["game"], table["other"], table["users"]
    before = await db(fingerprint)(other.id)
    for game_id, user in ((other.id, users["p1"]), ("00000000-0000-0000-0000-000000000000", users["p1"]),
                          (game.id, AnonymousUser())):
        comm = communicator(game_id, user)
        connected, _ = await comm.connect()
        assert connected
        first = await receive(comm)
        assert first["type"] == "error" and first["code"] == "not_seated"
        await comm.send_json_to({"type": "command", "id": 1, "expected_version": other.version,
                                 "command": {"do": "end_turn"}})
        assert await comm.receive_output(timeout=2) == {"type": "websocket.close",
                                                        "code": CLOSE_NOT_SEATED}
        await comm.disconnect()
    assert await db(fingerprint)(other.id) == before


async def test_junk_in_the_connect_url_still_gives_a_full_update(table):
    game, users = table["game"], table["users"]
    for query in ("last_seq=abc", "last_seq=-5", "last_seq=" + "9" * 40, "last_seq=%00",
                  "last_seq=1&last_seq=2", "last_seq", "x=" + "y" * 4000, "%ff%fe=%ff"):
        comm = communicator(game.id, users["p1"], query=query)
        update = await connect_seated(comm)
        assert update["type"] == "update" and update["view"]["seat"] == "p1", query
        await still_open(comm)
        await comm.disconnect()


# --- floods ---------------------------------------------------------------------------------------------
async def test_a_flood_past_the_rate_limit_is_refused_and_the_seat_recovers(table, monkeypatch):
    game, users = table["game"], table["users"]
    state = await db(current_state)(game.id)
    seat, command = scripted_command(state)
    idle = "p2" if seat == "p1" else "p1"
    flooder, mover = communicator(game.id, users[idle]), communicator(game.id, users[seat])
    await connect_seated(flooder)
    await connect_seated(mover)
    await drain(flooder)
    await drain(mover)
    before = await db(fingerprint)(game.id)

    sent, counted = 200, 0
    for i in range(sent):
        kind = i % 4
        if kind == 0:
            await flooder.send_json_to({"type": "command", "id": i, "expected_version": 0,
                                        "command": {"do": "end_turn"}})
        elif kind == 1:
            await flooder.send_json_to({"type": "resync", "last_seq": 0})
        elif kind == 2:
            await flooder.send_to(text_data="{junk")  # refused before it is counted
        else:
            await flooder.send_json_to({"type": "nonsense"})
        counted += kind != 2
    replies = [await receive(flooder) for _ in range(sent)]
    codes = [r.get("code") for r in replies]
    assert codes.count("rate_limited") == counted - RATE_LIMIT
    for reply in replies:
        assert reply.get("resync") is True or reply["code"] in (
            "rate_limited", "bad_message", "stale_version"), reply
    assert [r["id"] for r in replies if r["type"] == "rejected"] == list(range(0, sent, 4))
    assert await db(fingerprint)(game.id) == before

    # the other seat was never slowed down, and after the window the flooder may speak again
    reply = await answer(mover, {"type": "command", "id": "go", "expected_version": state.version,
                                 "command": command})
    assert reply["type"] == "ack"
    monkeypatch.setattr(GameConsumer, "rate_window", 0.2)
    await drain(flooder, quiet=0.3)
    reply = await answer(flooder, {"type": "resync", "last_seq": 0})
    assert reply["type"] == "update" and reply["resync"] is True
    await still_open(flooder)
    await flooder.disconnect()
    await mover.disconnect()


# --- fuzzing whole messages ---------------------------------------------------------------------------
JSON_LEAVES = (st.none() | st.booleans() | st.integers(min_value=-(10 ** 20), max_value=10 ** 20)
               | st.floats(allow_nan=False) | st.text(max_size=20))
JSON = st.recursive(JSON_LEAVES, lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)
FIELD_VALUES = JSON | st.sampled_from(["p1", "p2", "c1", "guild_1", "gnomads_2", "o1"]) \
    | st.lists(st.text(min_size=1, max_size=12), max_size=3) \
    | st.dictionaries(st.text(max_size=12), st.integers(-5, 200), max_size=3)
COMMAND_BODIES = st.one_of(
    JSON,
    st.builds(lambda verb, extra: {"do": verb, **extra}, st.sampled_from(sorted(ACTIONS)),
              st.dictionaries(st.sampled_from(["character", "to", "cards", "target", "space",
                                               "with", "object", "path", "spaces", "treasure",
                                               "as", "x"]), FIELD_VALUES, max_size=4)),
    st.builds(lambda verb, extra: {"respond": verb, **extra}, st.sampled_from(sorted(RESPONSES)),
              st.dictionaries(st.sampled_from(["character", "cards", "target", "space",
                                               "figure"]), FIELD_VALUES, max_size=3)),
)
MESSAGES = st.one_of(
    st.fixed_dictionaries({"type": st.just("command")},
                          optional={"id": JSON | st.text(max_size=70),
                                    "expected_version": JSON | st.integers(-3, 10),
                                    "command": COMMAND_BODIES}),
    st.fixed_dictionaries({"type": st.just("resync")}, optional={"last_seq": JSON}),
    st.dictionaries(st.text(max_size=10), JSON, max_size=4),
    st.builds(lambda t, rest: {"type": t, **rest},
              st.sampled_from(["update", "ack", "pong", "presence", "error", "Command", ""])
              | st.text(max_size=10), st.dictionaries(st.text(max_size=6), JSON, max_size=3)),
)


@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(batch=st.lists(MESSAGES, min_size=1, max_size=8), as_seat=st.sampled_from(["p1", "p2"]))
async def test_fuzzed_messages_get_one_clear_answer_each(table, batch, as_seat):
    game, users = table["game"], table["users"]
    comm = communicator(game.id, users[as_seat])
    await connect_seated(comm)
    await drain(comm, quiet=0.05)
    before = await db(fingerprint)(game.id)
    acks = 0
    try:
        for message in batch:
            await comm.send_to(text_data=json.dumps(message))
            reply = await receive_until(comm, is_answer)
            if reply["type"] == "ack":
                acks += 1
            elif reply["type"] == "update":
                assert message.get("type") == "resync" and reply["resync"] is True
            elif reply["type"] == "pong":
                assert message.get("type") == "ping"
            else:
                assert_clear_refusal(reply)
        await still_open(comm)
    finally:
        await comm.disconnect()
    after = await db(fingerprint)(game.id)
    if acks:  # a fuzzed command that happened to be legal applied once, and only it
        assert after[0] == before[0] + acks
    else:
        assert after == before, batch
