"""Two browsers in one game stay in sync: through 50 commands, a dropped socket and a
reconnect with resync, each sees every event exactly once (seq lists equal, no gap, no
repeat) and ends on the same version.

The client side is modelled by `Tracker`, which does what the contract asks of a browser:
take the events of each update in order and send `resync` when it sees a gap.
"""
from __future__ import annotations

import asyncio
import random
import time

import pytest
from channels.db import database_sync_to_async

from games import services
from games.models import Game
from games.platform import registry
from support.site import (  # noqa: F401  (fixtures)
    _fresh_state_cache, communicator, current_state, eager_celery,
    RECEIVE_TIMEOUT, random_legal_command, receive, scripted_command, start_coop,
    start_skirmish)

db = database_sync_to_async
COMMANDS = 50


class Tracker:
    """What a browser keeps: the seqs it has taken, in order, and the newest version.

    On a gap it sends one `resync` and, until the answer (marked `"resync": true`) comes,
    ignores pushed updates: the answer covers everything up to the newest event, and the
    server's pushes carry on after it.
    """

    def __init__(self, seat: str) -> None:
        self.seat = seat
        self.seqs: list[int] = []
        self.last = 0
        self.version = -1
        self.resyncs = 0
        self.pending = False

    def take(self, message: dict) -> bool:
        """Take an update; return True when a resync should be sent now."""
        if message["type"] != "update":
            return False
        assert message["view"]["seat"] == self.seat
        events = message["events"]
        seqs = [e["seq"] for e in events]
        assert seqs == list(range(seqs[0], seqs[0] + len(seqs))) if seqs else True
        if message.get("resync"):
            assert self.pending
            assert not seqs or seqs[0] == self.last + 1  # from exactly where we asked
            self.pending = False
        elif self.pending:
            return False
        elif (seqs and seqs[0] > self.last + 1) or (not seqs and message["last_seq"] > self.last):
            self.pending = True
            return True
        else:
            assert not seqs or seqs[0] == self.last + 1, "a pushed update repeated events"
        self.seqs += seqs
        self.last = message["last_seq"] if not seqs else seqs[-1]
        self.version = message["version"]
        return False


async def settle(comm, tracker: Tracker, version: int = -1, reply_to: str | None = None) -> dict | None:
    """Receive until this client has reached `version` (and, with `reply_to`, has the ack
    or rejection of that command), resyncing on any gap; return that reply."""
    reply = None
    while tracker.version < version or tracker.pending or (reply_to and reply is None):
        message = await receive(comm)
        if message["type"] in ("ack", "rejected") and message["id"] == reply_to:
            reply = message
        if tracker.take(message):
            tracker.resyncs += 1
            await comm.send_json_to({"type": "resync", "last_seq": tracker.last})
    return reply


async def _opponent_done(game_id, mode: str) -> None:
    """Wait while the game's opponent (the Ancients) is due: its turn is started by the
    socket once a change's updates are out, so it may still be running when the mover's
    answer arrives."""
    deadline = time.monotonic() + RECEIVE_TIMEOUT
    while registry.get(mode).opponent_due(await db(current_state)(game_id)):
        assert time.monotonic() < deadline, "the opponent's turn never came"
        await asyncio.sleep(0.01)


def _pick(mode: str, state, rng: random.Random):
    if mode == "skirmish":
        return scripted_command(state)
    return random_legal_command(state, rng)


@pytest.fixture
def machine_speed(monkeypatch):
    """These tests play far faster than people: lift the per-socket flood limit."""
    from games.consumers import GameConsumer

    monkeypatch.setattr(GameConsumer, "rate_limit", 10_000)


async def _play_in_sync(owner, teammate, mode: str) -> None:
    start = start_skirmish if mode == "skirmish" else start_coop
    game = await db(start)(owner, teammate)
    users = {"p1": owner, "p2": teammate}
    rng = random.Random(5)
    comms = {"p1": communicator(game.id, owner), "p2": communicator(game.id, teammate)}
    trackers = {"p1": Tracker("p1"), "p2": Tracker("p2")}
    for seat, comm in comms.items():
        assert (await comm.connect())[0]
    online = {"p1": True, "p2": True}
    for seat in comms:
        await settle(comms[seat], trackers[seat], game.version)

    applied = 0
    for i in range(COMMANDS):
        if i == 20:  # p2's connection drops ...
            await comms["p2"].disconnect()
            online["p2"] = False
        if i == 30:  # ... and comes back: a new socket, then resync from what it had
            comms["p2"] = communicator(game.id, teammate)
            assert (await comms["p2"].connect())[0]
            online["p2"] = True
            resyncs_before = trackers["p2"].resyncs
        state = await db(current_state)(game.id)
        if state.outcome is not None:
            break
        picked = _pick(mode, state, rng)
        if picked is None and registry.get(mode).opponent_due(state):
            await _opponent_done(game.id, mode)  # then go on from the state it leaves
            continue
        if picked is None:
            break
        seat, command = picked
        if online[seat]:
            await comms[seat].send_json_to({"type": "command", "id": f"c{i}",
                                            "expected_version": state.version,
                                            "command": command})
        else:  # the absent player's move, made from another tab
            await db(services.game_apply_command)(game_id=game.id, user=users[seat],
                                                  expected_version=state.version, command=command)
        applied += 1
        if online[seat]:
            reply = await settle(comms[seat], trackers[seat], reply_to=f"c{i}")
            assert reply["type"] == "ack", reply
        stored = await db(Game.objects.get)(pk=game.id)
        for other, comm in comms.items():
            if online[other]:
                await settle(comm, trackers[other], stored.version)

    await _opponent_done(game.id, mode)
    final = await db(Game.objects.get)(pk=game.id)
    for seat, comm in comms.items():
        if online[seat]:
            await settle(comm, trackers[seat], final.version)
    expected = list(range(1, final.last_seq + 1))
    for seat, tracker in trackers.items():
        assert tracker.seqs == expected, seat
        assert tracker.version == final.version, seat
    assert trackers["p2"].resyncs > resyncs_before  # the reconnect caught up through resync
    assert applied >= (COMMANDS if mode == "skirmish" else 10)
    for comm in comms.values():
        await comm.disconnect()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_two_seats_stay_in_sync_through_fifty_commands_a_drop_and_a_reconnect(
        owner, teammate, machine_speed):
    await _play_in_sync(owner, teammate, "skirmish")


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_two_seats_stay_in_sync_in_a_coop_awoken_game(owner, teammate, eager_celery,
                                                            machine_speed):
    await _play_in_sync(owner, teammate, "coop")


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_reconnect_may_ask_for_missed_events_in_the_url(owner, teammate):
    game = await db(start_skirmish)(owner, teammate)
    for _ in range(3):
        state = await db(current_state)(game.id)
        seat, command = scripted_command(state)
        await db(services.game_apply_command)(game_id=game.id, user=owner if seat == "p1" else teammate,
                                              expected_version=state.version, command=command)
    final = await db(Game.objects.get)(pk=game.id)

    comm = communicator(game.id, teammate, query=f"last_seq={game.last_seq}")
    assert (await comm.connect())[0]
    update = None
    while update is None:
        message = await receive(comm)
        update = message if message["type"] == "update" else None

    assert [e["seq"] for e in update["events"]] == list(range(game.last_seq + 1, final.last_seq + 1))
    await comm.disconnect()
