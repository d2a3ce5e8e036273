"""Faults at the database: racing writers and a connection that dies mid-command.

Racing: two clients of the seat whose move it is (two tabs, a double click) send different
legal commands for the same version at the same instant, from two threads with their own
PostgreSQL connections; when the Ancients' turn is pending, two workers run it at once.
Round after round: exactly one of each pair applies and the other gets `stale_version` (or
the worker's no-op), nothing acknowledged is missing from the log, versions and event seqs
stay gapless, and each finished game's stored state equals the replay of its log.
`FAULT_ROUNDS` sets the rounds (CI: 500; the slow variant is `FAULT_ROUNDS=10000`, see
docs/performance.md). Needs PostgreSQL (DATABASE_URL): SQLite has no row locks to race.

A dropped connection: while a command is inside its transaction (row locked, rules
applied, nothing stored yet) its database connection is killed with
`pg_terminate_backend` (on SQLite, where that does not exist, the same point raises the
OperationalError a lost connection gives). The client gets a clear `server_error`, nothing
is half-stored, the socket stays open, and the same command sent again applies once.
"""
from __future__ import annotations

import os
import random
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from channels.db import database_sync_to_async
from django.conf import settings
from django.db import OperationalError, connection, connections

from benchmarks.site_players import TablePlayers
from games import selectors, services
from games.pipeline import broadcast, turns
from games.history import history_problems
from games.models import Game, GameCommand
from wildlands.rules import engine
from wildlands.rules.commands import parse_command
from games.platform.errors import RuleError
from wildlands.rules.frames import has_deferred_work
from wildlands.rules.legal import legal_commands
from support.site import (  # noqa: F401  (fixtures)
    _fresh_state_cache, communicator, connect_seated, drain, receive_until, start_coop,
    start_skirmish)

POSTGRES = settings.DATABASES["default"]["ENGINE"].endswith("postgresql")
needs_postgres = pytest.mark.skipif(
    not POSTGRES, reason="needs PostgreSQL (set DATABASE_URL, as CI does): SQLite has no row "
                         "locks, so there is no race to test")
ROUNDS = int(os.environ.get("FAULT_ROUNDS", "500"))


# --- checking a game's history ---------------------------------------------------------------------
def assert_history_is_whole(game_id) -> Game:
    """Versions 1..v each stored once, event seqs 1..n gapless, and the log replays exactly."""
    game = Game.objects.get(pk=game_id)
    assert history_problems(game) == []
    return game


# --- racing ----------------------------------------------------------------------------------------------
def two_commands(state, seat: str, rng: random.Random, players: TablePlayers) -> list[dict]:
    """Two different legal commands for `seat` (the bot's pick and another), or the same one
    twice when only one is legal."""
    picked = players.next_command(state)
    first = picked[1] if picked and picked[0] == seat else None
    legal = [c.to_data() if hasattr(c, "to_data") else dict(c) for c in legal_commands(state, seat)]
    others = [c for c in legal if c != first]
    first = first or (legal[0] if legal else None)
    second = rng.choice(others) if others else first
    return [first, second]


class Race:
    """Runs two calls at the same instant on two threads, each with its own connection."""

    def __init__(self) -> None:
        self.pool = ThreadPoolExecutor(max_workers=2)
        self.barrier = threading.Barrier(2)

    def run(self, *calls):
        def go(call):
            self.barrier.wait(timeout=10)
            try:
                return ("ok", call())
            except (RuleError, services.ServiceError) as error:
                return ("refused", error.code)
        return [f.result(timeout=60) for f in [self.pool.submit(go, c) for c in calls]]

    def close(self) -> None:
        def close_connection():
            self.barrier.wait(timeout=10)
            connections.close_all()
        list(self.pool.map(lambda _: close_connection(), range(2)))
        self.pool.shutdown()


@needs_postgres
@pytest.mark.django_db(transaction=True)
def test_racing_commands_apply_exactly_once_per_version(owner, teammate, monkeypatch):
    monkeypatch.setattr(broadcast, "send_sync", lambda deliveries: None)
    monkeypatch.setattr(turns, "send_opponent_turn",
                        lambda game_id, version, made_by=None: None)
    users = {"p1": owner, "p2": teammate}
    rng = random.Random(2024)
    race = Race()
    tally = {"rounds": 0, "applied": 0, "stale": 0, "advance_races": 0, "games": 0}
    try:
        while tally["rounds"] < ROUNDS:
            coop = tally["games"] % 2 == 1
            start = start_coop if coop else start_skirmish
            game = start(owner, teammate, seed=500 + tally["games"])
            tally["games"] += 1
            players = TablePlayers(["p1", "p2"], bot="awoken" if coop else "greedy",
                                   seed=tally["games"])
            while tally["rounds"] < ROUNDS:
                state = selectors.game_state(Game.objects.get(pk=game.id))
                if state.outcome is not None:
                    break
                tally["rounds"] += 1
                if has_deferred_work(state):  # a task delivered twice, run by two workers
                    results = race.run(*[lambda: services.game_advance(
                        game_id=game.id, version=state.version)] * 2)
                    stored = [r for kind, r in results if kind == "ok" and r is not None]
                    assert len(stored) == 1, results
                    tally["advance_races"] += 1
                    continue
                picked = players.next_command(state)
                if picked is None:
                    break
                seat = picked[0]
                commands = two_commands(state, seat, rng, players)
                results = race.run(*[
                    (lambda c=c: services.game_apply_command(
                        game_id=game.id, user=users[seat], expected_version=state.version,
                        command=c)) for c in commands])
                applied = [r for kind, r in results if kind == "ok"]
                refused = [r for kind, r in results if kind == "refused"]
                assert len(applied) == 1, results
                # the loser is told the game moved on (or, if the winner ended it, that it is over)
                assert refused == ["game_over" if applied[0].finished else "stale_version"], results
                assert applied[0].version == state.version + 1
                row = GameCommand.objects.get(game=game, version=state.version + 1)
                assert row.seat == seat and row.command in [
                    parse_command(c).to_data() for c in commands]
                tally["applied"] += 1
                tally["stale"] += 1
            assert_history_is_whole(game.id)
    finally:
        race.close()
    print(f"\nracing: {tally}")
    assert tally["applied"] >= ROUNDS // 2


# --- a connection dropped mid-command -------------------------------------------------------------
class DropConnectionOnce:
    """Wraps `engine.apply` as the services call it: the first call, made inside the
    command's transaction with the game row locked, kills this thread's database connection
    before the rules run; later calls pass through."""

    def __init__(self, real) -> None:
        self.real = real
        self.fired = 0

    def __call__(self, state, seat, command):
        if not self.fired:
            self.fired += 1
            if POSTGRES:
                pid = connection.connection.info.backend_pid
                with SideConnection() as side:
                    side.execute("SELECT pg_terminate_backend(%s)", [pid])
            else:
                raise OperationalError("server closed the connection unexpectedly")
        return self.real(state, seat, command)


class SideConnection:
    """A separate psycopg connection to the same database (not Django's)."""

    def __enter__(self):
        import psycopg

        db = settings.DATABASES["default"]
        self.conn = psycopg.connect(host=db["HOST"] or "127.0.0.1", port=db["PORT"] or 5432,
                                    user=db["USER"], password=db["PASSWORD"], dbname=db["NAME"],
                                    autocommit=True)
        return self.conn

    def __exit__(self, *exc):
        self.conn.close()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_connection_killed_mid_command_is_a_clean_error_and_the_retry_applies_once(
        owner, teammate, monkeypatch):
    db = database_sync_to_async
    game = await db(start_skirmish)(owner, teammate, seed=9)
    state = await db(selectors.game_state)(game)
    seat, command = TablePlayers(["p1", "p2"]).next_command(state)
    user = owner if seat == "p1" else teammate
    before = await db(lambda: (Game.objects.get(pk=game.id).snapshot,
                               GameCommand.objects.filter(game=game).count()))()
    dropper = DropConnectionOnce(engine.apply)
    monkeypatch.setattr(engine, "apply", dropper)
    comm, other = communicator(game.id, user), communicator(game.id, teammate if seat == "p1" else owner)
    await connect_seated(comm)
    await connect_seated(other)
    await drain(comm)
    await drain(other)

    message = {"type": "command", "id": "c1", "expected_version": state.version, "command": command}
    await comm.send_json_to(message)
    reply = await receive_until(comm, lambda m: m["type"] in ("ack", "rejected", "error"))
    assert dropper.fired == 1
    assert (reply["type"], reply["id"], reply["code"]) == ("rejected", "c1", "server_error"), reply
    assert "Traceback" not in reply["message"] and "terminat" not in reply["message"]
    after = await db(lambda: (Game.objects.get(pk=game.id).snapshot,
                              GameCommand.objects.filter(game=game).count()))()
    assert after == before, "something was stored by the command whose connection died"
    assert await other.receive_nothing(timeout=0.3), "the other seat heard of a rolled-back change"

    await comm.send_json_to({**message, "id": "c2"})  # the client retries the same command
    reply = await receive_until(comm, lambda m: m["type"] in ("ack", "rejected", "error"))
    assert reply == {"type": "ack", "id": "c2", "version": state.version + 1}
    update = await receive_until(other, lambda m: m["type"] == "update")
    assert update["version"] == state.version + 1
    await comm.send_json_to({**message, "id": "c3"})  # and once more: it is not applied twice
    reply = await receive_until(comm, lambda m: m["type"] in ("ack", "rejected", "error"))
    assert reply["type"] == "rejected" and reply["code"] == "stale_version"
    await comm.disconnect()
    await other.disconnect()
    stored = await db(assert_history_is_whole)(game.id)
    assert stored.version == state.version + 1
    assert await db(GameCommand.objects.filter(game=game, version=state.version + 1).count)() == 1
