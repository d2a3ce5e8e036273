"""Nothing secret ever reaches a browser.

Two scripted games are played through real sockets, every payload each seat receives is
kept (plus its board page and events feed), and each payload is checked against the
secrets of the game at the version it describes. The states at each version are rebuilt
by replaying the stored command log from the stored initial snapshot, which also proves
that the log reproduces the game exactly.

- Skirmish: the other player's cards (the script plays none, so none is ever public), one's
  own deck, unrevealed assignments and dealt map cards.
- The Awoken (co-op): a face-down object's kind, the order of any deck (actions, minions,
  Ancients, treasures, the map deck), the other player's hand.
"""
from __future__ import annotations

import asyncio
import json
import random
from typing import Any, Iterator

import pytest
from channels.db import database_sync_to_async
from django.test import Client

from games.history import history_problems
from games.models import Game, GameCommand
from wildlands.rules import engine
from wildlands.rules.serialize import state_from_data
from support.site import (  # noqa: F401  (fixtures)
    _fresh_state_cache, communicator, current_state, eager_celery,
    random_legal_command, receive, scripted_command, start_coop, start_skirmish)

db = database_sync_to_async
DECK_KEYS = {"deck", "map_deck", "minion_deck", "ancient_deck", "treasure_deck"}
SECRET_KEYS = {"rng", "seed", "frames"}


# --- the game's history, rebuilt from the log ----------------------------------------------------
def states_by_version(game_id) -> dict[int, Any]:
    """Every version's state, replayed from the initial snapshot and the command log."""
    game = Game.objects.get(pk=game_id)
    state = state_from_data(game.initial_snapshot)
    states = {state.version: state}
    for row in GameCommand.objects.filter(game=game).order_by("version"):
        if row.seat:
            state, _ = engine.apply(state, row.seat, row.command)
        else:
            state, _ = engine.advance(state)
        assert state.version == row.version
        states[state.version] = state
    assert history_problems(game) == [], "the command log does not replay the game"
    return states


# --- looking inside payloads -----------------------------------------------------------------------
def walk(value: Any, key: str | None = None) -> Iterator[tuple[str | None, Any]]:
    """Every (key, value) pair in a JSON value, depth first."""
    yield key, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from walk(v, k)
    elif isinstance(value, list):
        for item in value:
            yield from walk(item, key)


def strings_in(payload: Any) -> set[str]:
    found = set()
    for key, value in walk(payload):
        if isinstance(value, str):
            found.add(value)
        if isinstance(value, dict):
            found.update(k for k in value)
    return found


def lists_in(payload: Any) -> list[list]:
    return [value for _, value in walk(payload) if isinstance(value, list)]


def assert_no_secret_keys(payload: Any) -> None:
    for key, value in walk(payload):
        if key in DECK_KEYS:
            assert not isinstance(value, list), f"a deck's contents under {key!r}"
        assert key not in SECRET_KEYS, f"secret key {key!r} sent"


def assert_no_deck_order(payload: Any, decks: list[list]) -> None:
    """No list in the payload starts with the top three cards of a deck, in order."""
    orders = [tuple(deck[:3]) for deck in decks if len(deck) >= 3]
    for found in lists_in(payload):
        if len(found) >= 3:
            assert tuple(found[:3]) not in orders, "a deck order was sent"


def assert_own_view(payload: dict, seat: str) -> None:
    """Only the seat's own hand, map cards and assignments are in its view."""
    view = payload.get("view")
    if not view:
        return
    assert view["seat"] == seat
    for player in view["players"]:
        if player["id"] != seat:
            assert "hand" not in player and "map_cards" not in player
    for character in view["characters"]:
        if character["player"] != seat:
            assert "assigned" not in character


# --- playing through sockets --------------------------------------------------------------------------
async def play_and_collect(game, users: dict, pick, commands: int) -> dict[str, list]:
    """Play `commands` commands through each seat's socket; return every message each seat
    received (ending with a full resync from 0)."""
    from games.consumers import GameConsumer

    saved_limit, GameConsumer.rate_limit = GameConsumer.rate_limit, 10_000  # machine speed
    received: dict[str, list] = {seat: [] for seat in users}
    comms = {seat: communicator(game.id, user) for seat, user in users.items()}
    try:
        for comm in comms.values():
            assert (await comm.connect())[0]
        for i in range(commands):
            state = await db(current_state)(game.id)
            picked = None if state.outcome else pick(state)
            for _ in range(100):  # the opponent's turn runs after the ack: wait for a seat's
                if picked is not None or state.outcome:  # turn (at most 5 s)
                    break
                await asyncio.sleep(0.05)
                state = await db(current_state)(game.id)
                picked = None if state.outcome else pick(state)
            if picked is None:
                break
            seat, command = picked
            await comms[seat].send_json_to({"type": "command", "id": i,
                                            "expected_version": state.version, "command": command})
            reply = None
            while reply is None:
                message = await receive(comms[seat])
                received[seat].append(message)
                if message["type"] in ("ack", "rejected") and message.get("id") == i:
                    reply = message
            assert reply["type"] == "ack", reply
            stored = await db(Game.objects.get)(pk=game.id)
            for other, comm in comms.items():
                while not any(m["type"] == "update" and m["version"] >= stored.version
                              for m in received[other]):
                    received[other].append(await receive(comm))
        for seat, comm in comms.items():
            await comm.send_json_to({"type": "resync", "last_seq": 0})
            while True:
                message = await receive(comm)
                received[seat].append(message)
                if message.get("resync"):
                    break
    finally:
        GameConsumer.rate_limit = saved_limit
        for comm in comms.values():
            await comm.disconnect()
    return received


def pages_for(game, users: dict) -> dict[str, list]:
    """The board page's initial state and the events feed, per seat."""
    pages: dict[str, list] = {}
    for seat, user in users.items():
        client = Client()
        client.force_login(user)
        board = client.get(f"/play/{game.id}/")
        assert board.status_code == 200
        feed = client.get(f"/play/{game.id}/events/?after=0").json()
        pages[seat] = [board.context["initial"], feed]
    return pages


def _versions_in(message: dict, latest: int) -> int:
    return message.get("version", latest)


# --- skirmish -----------------------------------------------------------------------------------------
@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_skirmish_payloads_never_show_others_cards_decks_or_assignments(owner, teammate):
    game = await db(start_skirmish)(owner, teammate, seed=11)
    users = {"p1": owner, "p2": teammate}

    received = await play_and_collect(game, users, scripted_command, commands=30)
    states = await db(states_by_version)(game.id)
    final = await db(Game.objects.get)(pk=game.id)
    pages = await db(pages_for)(final, users)

    all_cards = {seat: set(states[0].player(seat).deck) for seat in users}
    for seat, messages in received.items():
        other = "p2" if seat == "p1" else "p1"
        payloads = messages + [{"version": final.version, **p} for p in pages[seat]]
        assert any(m.get("type") == "update" for m in messages)
        for message in payloads:
            state = states[_versions_in(message, final.version)]
            assert_no_secret_keys(message)
            assert_own_view(message, seat)
            text = strings_in(message)
            assert not text & all_cards[other], "another player's card was sent"
            assert not text & set(state.player(seat).deck), "the order-hidden deck was sent"
            assert_no_deck_order(message, [p.deck for p in state.players])
        # the secret assignment events of the other seat arrive as bare placeholders
        events = [e for m in messages if m.get("type") == "update" for e in m["events"]]
        assert not [e for e in events if e["kind"] == "assignment_recorded"
                    and e.get("player") == other]
        assert [e for e in events if e["kind"] == "assignment_recorded" and e["player"] == seat]
        assert any(e == {"seq": e["seq"], "kind": "hidden"} for e in events)


# --- The Awoken ----------------------------------------------------------------------------------------
def _awoken_secrets(state) -> tuple[dict, list[list]]:
    awoken = state.mode_state
    face_down = {o.id: o.kind for o in awoken.objects.values() if not o.revealed and not o.removed}
    decks = [list(awoken.map_deck), list(awoken.treasure_deck)]
    for scenario in awoken.scenarios:
        decks += [list(scenario.minion_deck), list(scenario.ancient_deck)]
    decks += [list(p.deck) for p in state.players]
    return face_down, decks


def assert_no_face_down_kind(payload: Any, face_down: dict) -> None:
    for _, value in walk(payload):
        if not isinstance(value, dict):
            continue
        named = [v for v in value.values() if isinstance(v, str) and v in face_down]
        for object_id in named:
            kind = face_down[object_id]
            leaked = [k for k, v in value.items() if v == kind]
            assert not leaked, f"face-down {object_id} sent with its kind {kind!r}"


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_awoken_coop_payloads_never_show_face_down_objects_or_deck_orders(
        owner, teammate, eager_celery):
    game = await db(start_coop)(owner, teammate, seed=3)
    users = {"p1": owner, "p2": teammate}
    rng = random.Random(8)

    received = await play_and_collect(game, users, lambda s: random_legal_command(s, rng),
                                      commands=60)
    states = await db(states_by_version)(game.id)
    final = await db(Game.objects.get)(pk=game.id)
    pages = await db(pages_for)(final, users)

    assert len(states) > 20 and any(not c.seat for c in await db(list)(
        GameCommand.objects.filter(game_id=game.id)))  # the Ancients took turns
    options = states[final.version].catalog.options
    assert options["auto_pass_defence"] is False and options["auto_pass_interrupt"] is False
    for seat, messages in received.items():
        payloads = messages + [{"version": final.version, **p} for p in pages[seat]]
        for message in payloads:
            state = states[_versions_in(message, final.version)]
            face_down, decks = _awoken_secrets(state)
            assert_no_secret_keys(message)
            assert_own_view(message, seat)
            assert_no_face_down_kind(message, face_down)
            assert_no_deck_order(message, decks)
            assert '"map_deck":' not in json.dumps(message)
