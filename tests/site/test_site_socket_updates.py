"""A socket's update read on the event loop is the database thread's update.

A socket's greeting, a resync and the catch-up after a missed change are read with
PostgreSQL on the loop's own connection (games.pipeline.socket_updates): one statement for
the game row and its events, the state as this process holds it or caught up on the loop.
Whatever the process holds of the game (nothing, the latest version, an older one), each
seat's answer must be exactly the thread's, secrets hidden alike, without crossing threads.
"""
from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async

from games import game_log, history, lobby, selectors, services
from games.models import Game
from games.pipeline import caches, json_text, states, step_sql
from games.pipeline.socket_updates import socket_update
from games.platform import registry
from support.site import (  # noqa: F401  (fixtures)
    _fresh_state_cache, coop_where_the_ancients_are_due, crossings_counted, current_state,
    map_name, scripted_command, start_skirmish)

db = database_sync_to_async


def play(game: Game, owner, teammate, commands: int) -> int:
    """`commands` scripted moves of the skirmish; the version reached."""
    version = game.version
    for _ in range(commands):
        seat, command = scripted_command(current_state(game.id))
        user = owner if seat == "p1" else teammate
        version = services.game_apply_command(game_id=game.id, user=user,
                                              expected_version=version, command=command).version
    return version


def as_sent(payload) -> object:
    return None if payload is None else json.loads(json_text.dumps(payload))


async def the_threads(game_id, seat, after, log) -> object:
    read = game_log.greeting if log else selectors.update_payload
    return as_sent(await db(read)(game_id=game_id, seat=seat, after=after))


async def on_the_loop(game_id, seat, after, log) -> object:
    """The loop's answer, failing if any of it crossed to the database thread."""
    with crossings_counted() as crossings:
        payload = await socket_update(game_id=game_id, seat=seat, after=after, log=log)
    assert crossings == [], "read on the loop without crossing to the database thread"
    return as_sent(payload)


@pytest.fixture
def postgresql(transactional_db) -> None:
    if not step_sql.can_write_conditionally():
        pytest.skip("the event loop's own connections are PostgreSQL's (CI runs this)")


def older_state_held(game_id, version: int) -> None:
    """As in a process that last saw the game at `version` (the partner's moves since were
    stored by another process)."""
    caches.clear_caches()
    game = Game.objects.get(pk=game_id)
    states.hold(game_id, registry.get(game.mode), history.state_at(game, version))


def a_skirmish_past_a_snapshot(owner, teammate) -> Game:
    """Past a stored snapshot by a few commands, so a process holding nothing replays some."""
    game = start_skirmish(owner, teammate)
    play(game, owner, teammate, history.SNAPSHOT_EVERY + 4)
    return Game.objects.get(pk=game.id)


@pytest.mark.asyncio
# co-op: the Ancients' decks and the players' hands, secrets each seat sees differently
@pytest.mark.parametrize("make_game", [a_skirmish_past_a_snapshot, coop_where_the_ancients_are_due])
async def test_on_postgresql_every_update_a_socket_reads_on_the_loop_is_the_threads(
        postgresql, owner, teammate, make_game):
    game = await db(make_game)(owner, teammate)
    version, last_seq = game.version, game.last_seq
    older = max(game.initial_snapshot["version"], version - 5)
    assert last_seq > 5

    for held in ("nothing", "the latest version", "an older version"):
        for seat in ("p1", "p2"):
            for after in (None, 0, last_seq - 3, last_seq):
                for log in (True, False):
                    expected = await the_threads(game.id, seat, after, log)
                    if held == "nothing":
                        caches.clear_caches()
                    elif held == "an older version":
                        await db(older_state_held)(game.id, older)
                    found = await on_the_loop(game.id, seat, after, log)
                    assert found == expected, (held, seat, after, log)
                    assert states.held(game.id).version == version, "and held at the latest"


@pytest.mark.asyncio
async def test_on_postgresql_a_game_in_set_up_has_no_update_and_a_started_one_its_log(
        postgresql, owner, teammate):
    waiting = await db(lobby.game_create)(user=owner, mode="skirmish", map_name=map_name(),
                                          faction="guild", players=2, seed=3)
    assert await on_the_loop(waiting.id, "p1", None, True) is None
    game = await db(start_skirmish)(owner, teammate)
    greeting = await on_the_loop(game.id, "p1", None, True)
    assert greeting["type"] == "update" and greeting["events"] == []
    assert greeting["log"]["last_seq"] == greeting["last_seq"]
    assert greeting["log"]["first_seq"] == 1 and greeting["log"]["more"] is False
