"""Faults at the web tier: a web process killed mid-game, and PostgreSQL restarted or frozen
mid-game.

The site runs as production runs it: uvicorn (docker-compose.yml's `web` command), here as
two web processes on two ports of loopback, as `--scale web=2` behind a proxy would run
them, sharing PostgreSQL and a redis-server of this test's own (the channel layer, the
cache). Several skirmish tables play at once; at every table p1's socket is on the first
process and p2's on the second, so every move crosses processes. The clients
(`benchmarks.live_site.LiveClient`) behave like the board page: they reconnect with
`?last_seq=` when their socket drops (to the other process when theirs is gone, as the
proxy would send them) and resync on a gap. A seat that loses the answer to a move reads
the game again and sends what is right now, with the version it read.

Mid-game, under load:
- `kill -9` the first web process: its clients must reconnect to the second; it is started
  again, and then the second is killed: every client must end on the first.
- `kill -9` one worker of a single `uvicorn --workers 2` (docker-compose.yml's own shape,
  one port; which worker holds which socket is read from /proc). Its clients reconnect to
  the same port; uvicorn starts another worker in its place.
- stop PostgreSQL at once (`pg_ctl stop -m immediate`, a crash) and start it again. This
  test makes its OWN cluster (`support.private_postgres`) and redis-server for that: the
  shared servers are never restarted.
- freeze PostgreSQL (every process of its own cluster stopped with SIGSTOP) for longer
  than a client waits for an answer, then let it go on: a stalled server is waited for,
  and every step it stores on waking is answered and announced. (A deadline on the event
  loop's statements once gave them up meanwhile: the server stored such a step on waking,
  and no process announced it.)

Then every table must carry on to its quota of moves, and the books must balance: every
acknowledged command is in the log at the version it was acknowledged with, exactly once;
every row of the log is a command a client sent for the version before it (so none was
applied twice); versions and event seqs are gapless and the log replays to the stored
state; every client ends at the final version with every event seq exactly once. Each
test prints what it killed and what it counted.

Needs PostgreSQL (DATABASE_URL, as `make test` has: the web processes are other processes)
and redis-server; the restart test also PostgreSQL's initdb/pg_ctl.
"""
from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import time
from dataclasses import dataclass, field

import pytest
from channels.db import database_sync_to_async
from django.conf import settings
from django.core.management import call_command
from django.db import DatabaseError, connections

from benchmarks.live_site import (
    LiveClient, database_url, free_port, redis_server, session_cookie, web_server)
from benchmarks.site_players import TablePlayers
from games import selectors
from games.models import Game, GameCommand
from support.private_postgres import PrivateCluster, why_not
from support.site import _fresh_state_cache, make_user, start_skirmish  # noqa: F401
from support.sockets import child_pids, peers_of
from test_faults_database import assert_history_is_whole

DB = settings.DATABASES["default"]
POSTGRES = DB["ENGINE"].endswith("postgresql")
pytestmark = [
    pytest.mark.skipif(not POSTGRES, reason="needs PostgreSQL (DATABASE_URL): the web "
                                            "processes are other processes sharing it"),
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs redis-server"),
]
db = database_sync_to_async
TABLES = int(os.environ.get("FAULT_WEB_TABLES", "4"))
MOVES = int(os.environ.get("FAULT_WEB_MOVES", "30"))  # acknowledged moves per table, at least
FAULT_EVERY = 10  # a fault each time the tables have made this many more moves, on average
TAIL = 10         # moves each table still makes after the last fault
# How long the freeze lasts: a stall the site must ride out, longer than the 10 s after which
# the event loop once gave its statements up, and than a client's wait for an answer.
FROZEN_SECONDS = 13
# As production: persistent database connections (the test suite's default is none).
WEB_ENV = {"DB_CONN_MAX_AGE": "600"}


@dataclass
class Send:
    seat: str
    expected: int
    command: dict
    reply: dict


@dataclass
class Table:
    """One skirmish, its two seats' clients on different processes, and every send."""

    game_id: object
    start_version: int
    clients: dict
    players: TablePlayers
    sends: list = field(default_factory=list)
    acked: int = 0
    goal: int = MOVES
    unreadable: int = 0  # state reads that failed (the database away)

    async def state(self):
        while True:
            try:
                return await db(_state)(self.game_id)
            except DatabaseError:
                self.unreadable += 1
                await asyncio.sleep(0.3)

    async def move(self, tag: str, within: float = 90) -> bool:
        """The seat to move sends its bot's move for the version it read; on a lost answer
        or a server error it reads again and tries again. False: the game is over."""
        deadline, attempt = time.monotonic() + within, 0
        while time.monotonic() < deadline:
            attempt += 1
            state = await self.state()
            picked = self.players.next_command(state)
            if picked is None:
                return False
            seat, command = picked
            reply = await self.clients[seat].command(f"{tag}-{attempt}", state.version, command)
            self.sends.append(Send(seat, state.version, command, reply))
            if reply["type"] == "ack":
                self.acked += 1
                return True
            if reply["type"] == "rejected" and reply["code"] == "stale_version":
                continue  # it did apply (its answer was lost): read again
            assert reply["type"] in ("lost", "timeout", "rejected", "error"), reply
            if reply["type"] in ("rejected", "error"):
                assert reply["code"] == "server_error", reply
                assert "Traceback" not in reply["message"], reply
            await asyncio.sleep(0.2)
        raise AssertionError(f"move {tag} never went through in {within} s: {self.sends[-3:]}")

    async def play(self, faults_done: asyncio.Event) -> None:
        """Moves until the faults are over and the goal is reached (or the game is)."""
        i = 0
        while not (faults_done.is_set() and self.acked >= self.goal):
            if not await self.move(f"m{i}"):
                return
            i += 1

    def counts(self) -> dict:
        kinds: dict = {}
        for send in self.sends:
            kind = send.reply["type"] + ("/" + send.reply["code"] if "code" in send.reply else "")
            kinds[kind] = kinds.get(kind, 0) + 1
        return kinds


def _state(game_id):
    connections.close_all()  # this thread's connection may have died with the database
    return selectors.game_state(Game.objects.get(pk=game_id))


def _same(a: dict, b: dict) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def check_books(table: Table) -> dict:
    """Every ack kept exactly once at its version; every row sent for the version before it."""
    game = assert_history_is_whole(table.game_id)  # gapless versions and seqs; replays
    rows = {r.version: r for r in GameCommand.objects.filter(
        game_id=table.game_id, version__gt=table.start_version)}
    acks = [s for s in table.sends if s.reply["type"] == "ack"]
    assert len({s.reply["version"] for s in acks}) == len(acks), "two acks for one version"
    for send in acks:
        row = rows.get(send.reply["version"])
        assert send.reply["version"] == send.expected + 1, send
        assert row is not None, f"acknowledged version {send.reply['version']} is not stored"
        assert row.seat == send.seat and _same(row.command, send.command), (row.command, send)
    unanswered = 0
    for version, row in rows.items():
        sent = [s for s in table.sends if s.expected == version - 1 and s.seat == row.seat
                and _same(s.command, row.command)]
        assert sent, f"version {version} holds a command no client sent for version {version - 1}"
        if not any(s.reply["type"] == "ack" for s in sent):
            unanswered += 1  # applied, but its answer was lost with the socket
    assert len(rows) == len(acks) + unanswered
    assert game.version == max(rows, default=table.start_version)
    return {"stored": len(rows), "acked": len(acks), "applied_unanswered": unanswered}


async def play_with_faults(tables: list, *faults) -> None:
    """All tables play at once; each fault runs, in turn, once the tables have made
    FAULT_EVERY more moves each (on average), while they go on playing; then each table
    makes TAIL more moves (MOVES in all at least)."""
    faults_done = asyncio.Event()
    games = [asyncio.create_task(t.play(faults_done)) for t in tables]

    async def strike():
        for number, fault in enumerate(faults, 1):
            while sum(t.acked for t in tables) < number * FAULT_EVERY * len(tables):
                if all(g.done() for g in games):
                    raise AssertionError("the tables finished before the fault")
                await asyncio.sleep(0.05)
            await fault()
        for table in tables:
            table.goal = max(MOVES, table.acked + TAIL)
        faults_done.set()

    await asyncio.wait_for(asyncio.gather(strike(), *games), 300)


async def seat_tables(ports: tuple, people: list) -> list:
    tables = []
    for number, (owner, teammate, cookies) in enumerate(people):
        game = await db(start_skirmish)(owner, teammate, seed=700 + number)
        clients = {"p1": LiveClient(ports[0], game.id, "p1", cookies[0], other_ports=(ports[1],)),
                   "p2": LiveClient(ports[1], game.id, "p2", cookies[1], other_ports=(ports[0],))}
        for client in clients.values():
            await client.connect()
        tables.append(Table(game.id, game.version, clients,
                            TablePlayers(["p1", "p2"], bot="greedy", seed=number)))
    return tables


def make_people(prefix: str) -> list:
    people = []
    for number in range(TABLES):
        owner, teammate = make_user(f"{prefix}{number}a"), make_user(f"{prefix}{number}b")
        people.append((owner, teammate, (session_cookie(owner), session_cookie(teammate))))
    return people


async def settle(tables: list, logs) -> dict:
    """Checks every table's books and that every client caught up; the counts."""
    totals: dict = {"stored": 0, "acked": 0, "applied_unanswered": 0, "replies": {}}
    for table in tables:
        books = await db(check_books)(table)
        final = await db(lambda: Game.objects.get(pk=table.game_id))()
        for key in ("stored", "acked", "applied_unanswered"):
            totals[key] += books[key]
        for kind, n in table.counts().items():
            totals["replies"][kind] = totals["replies"].get(kind, 0) + n
        for seat, client in table.clients.items():
            caught_up = await client.wait_version(final.version, timeout=20)
            assert caught_up, (f"{seat} is stuck at version {client.version} of {final.version} "
                               f"(reconnects {client.reconnects}, resyncs {client.resyncs})\n"
                               + logs())
            assert client.seqs == list(range(1, final.last_seq + 1)), \
                f"{seat} lost or repeated events"
        assert table.acked >= table.goal or final.outcome, "a table stopped short"
    return totals


class LiveSite:
    """A redis-server of the test's own and uvicorn servers sharing it and the database,
    one per entry of `processes` (how many workers it runs), each on its port and log."""

    def __init__(self, tmp_path, database: str, processes: tuple[int, ...]) -> None:
        self.tmp_path, redis_port = tmp_path, free_port()
        self.ports = tuple(free_port() for _ in processes)
        self.redis = redis_server(redis_port, log=tmp_path / "redis.log")
        self.webs = [web_server(port, database_url=database, processes=n, extra_env=WEB_ENV,
                                redis_url=f"redis://127.0.0.1:{redis_port}/0",
                                log=tmp_path / f"web{i}.log")
                     for i, (port, n) in enumerate(zip(self.ports, processes))]
        self.tables: list = []

    async def start(self) -> None:
        await asyncio.to_thread(self.redis.start)
        await asyncio.gather(*[asyncio.to_thread(web.start) for web in self.webs])

    def logs(self) -> str:
        return "".join((self.tmp_path / f"web{i}.log").read_text()[-3000:]
                       for i in range(len(self.webs)))

    async def close(self) -> None:
        for table in self.tables:
            for client in table.clients.values():
                await client.close()
        for web in self.webs:
            await asyncio.to_thread(web.stop)
        await asyncio.to_thread(self.redis.stop)
        await db(connections.close_all)()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_web_process_killed_mid_game_loses_and_doubles_no_command(tmp_path):
    site = LiveSite(tmp_path, database_url(DB), processes=(1, 1))
    ports, webs = site.ports, site.webs
    try:
        await site.start()
        tables = site.tables = await seat_tables(ports, await db(make_people)("webkill"))
        killed: list = []

        async def kill(number: int, restart: bool) -> None:
            web = webs[number]
            killed.append(f"uvicorn pid {web.pid} (port {ports[number]}) after "
                          f"{sum(t.acked for t in tables)} acks")
            os.kill(web.pid, signal.SIGKILL)
            assert await asyncio.to_thread(web.process.wait, 30) == -signal.SIGKILL
            if restart:  # back, for the other process's clients to come to
                await asyncio.to_thread(web.start)

        started = time.monotonic()
        await play_with_faults(tables, lambda: kill(0, restart=True), lambda: kill(1, False))
        totals = await settle(tables, site.logs)
        reconnects = {seat: [t.clients[seat].reconnects for t in tables] for seat in ("p1", "p2")}
        # p1: to the second process, then back to the first; p2: to the first
        assert all(n >= 2 for n in reconnects["p1"]) and all(n >= 1 for n in reconnects["p2"])
        assert all(c.port == ports[0] for t in tables for c in t.clients.values())
        print(f"\nweb processes killed: kill -9 of {killed[0]}, started again; then of "
              f"{killed[1]}; {TABLES} tables; {time.monotonic() - started:.1f} s; {totals}; "
              f"reconnects {reconnects}")
    finally:
        await site.close()


@pytest.mark.skipif(not os.path.exists("/proc/net/tcp"),
                    reason="reads which worker holds which socket from Linux's /proc")
@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_worker_of_the_shipped_two_process_uvicorn_killed_mid_game(tmp_path):
    """docker-compose.yml's own shape: one uvicorn with `--workers 2` on one port. The
    kernel hands each socket to one of the two workers; the worker holding the most sockets
    is killed with `kill -9` (read from /proc: which worker accepted which client). Its
    clients reconnect to the same port, the surviving worker (or the one uvicorn starts in
    its place) serves them, and the books must balance as above."""
    site = LiveSite(tmp_path, database_url(DB), processes=(2,))
    port, web = site.ports[0], site.webs[0]
    try:
        await site.start()
        for _ in range(300):  # the port answers once the first worker listens
            if len(child_pids(web.pid)) == 2:
                break
            await asyncio.sleep(0.1)
        tables = site.tables = await seat_tables((port, port), await db(make_people)("uvworker"))
        killed: dict = {}

        async def kill_the_busier_worker():
            workers = child_pids(web.pid)
            held = {pid: peers_of(pid, port) for pid in workers}
            by_port = {c.ws.local_address[1]: c for t in tables for c in t.clients.values()}
            owner = {p: pid for pid, ports_ in held.items() for p in ports_}
            victim = max(workers, key=lambda pid: len(held[pid]))
            killed.update(pid=victim, workers=workers, at_acks=sum(t.acked for t in tables),
                          clients=[by_port[p] for p in held[victim] if p in by_port],
                          split=sum(1 for t in tables if len({owner.get(
                              c.ws.local_address[1]) for c in t.clients.values()}) == 2))
            os.kill(victim, signal.SIGKILL)

        started = time.monotonic()
        await play_with_faults(tables, kill_the_busier_worker)
        totals = await settle(tables, site.logs)
        assert killed["clients"], "the killed worker served none of the clients"
        assert all(c.reconnects >= 1 for c in killed["clients"])
        print(f"\nuvicorn worker killed: kill -9 of worker {killed['pid']} of {killed['workers']} "
              f"(uvicorn --workers 2, port {port}) after {killed['at_acks']} acks, holding "
              f"{len(killed['clients'])} of {2 * TABLES} sockets; {killed['split']} of {TABLES} "
              f"tables had their seats on different workers; {time.monotonic() - started:.1f} s; "
              f"{totals}; workers after: {child_pids(web.pid)}")
    finally:
        await site.close()


# --- PostgreSQL restarted mid-game ---------------------------------------------------------------
@pytest.fixture
def private_database(django_db_blocker, tmp_path):
    """This test's own PostgreSQL cluster, migrated, as the default database of this process
    for the test (the shared test database's settings are put back afterwards)."""
    reason = why_not()
    if reason:
        pytest.skip(reason)
    cluster = PrivateCluster(free_port()).create()
    saved = dict(DB)
    connections.close_all()
    DB.update(cluster.settings())
    try:
        with django_db_blocker.unblock():
            call_command("migrate", verbosity=0, interactive=False)
            yield cluster
            connections.close_all()
    finally:
        connections.close_all()
        DB.clear()
        DB.update(saved)
        cluster.close()


@pytest.mark.asyncio
async def test_a_postgres_restart_mid_game_loses_and_doubles_no_command(private_database, tmp_path):
    cluster = private_database
    site = LiveSite(tmp_path, cluster.url(), processes=(1, 1))
    try:
        await site.start()
        tables = site.tables = await seat_tables(site.ports, await db(make_people)("pgrestart"))
        down = {}

        async def restart_postgres():
            down["at_acks"] = sum(t.acked for t in tables)
            began = time.monotonic()
            await asyncio.to_thread(cluster.stop, "immediate")
            await asyncio.sleep(2)
            await asyncio.to_thread(cluster.start)
            down["seconds"] = time.monotonic() - began

        started = time.monotonic()
        await play_with_faults(tables, restart_postgres)
        totals = await settle(tables, site.logs)
        assert all(web.process.poll() is None for web in site.webs), \
            "a web process died\n" + site.logs()
        print(f"\npostgres restarted: pg_ctl stop -m immediate of the private cluster (port "
              f"{cluster.port}) after {down['at_acks']} acks, down {down['seconds']:.1f} s, "
              f"{TABLES} tables; {time.monotonic() - started:.1f} s; {totals}; state reads "
              f"that failed {sum(t.unreadable for t in tables)}; reconnects "
              f"{[c.reconnects for t in tables for c in t.clients.values()]}")
    finally:
        await site.close()


@pytest.mark.asyncio
async def test_a_postgres_frozen_mid_game_loses_and_doubles_no_command(
        private_database, tmp_path):
    """The tables play on around the freeze; one more table, the witness, moves only inside
    it, so that one command surely reaches a web process while the server is frozen (the
    tables' own may or may not be in flight then). Its answer must be its ack, once the
    server wakes; every table's books balance and every seat reaches the final version."""
    cluster = private_database
    site = LiveSite(tmp_path, cluster.url(), processes=(1, 1))
    try:
        await site.start()
        people = await db(make_people)("pgfreeze")
        tables = site.tables = await seat_tables(site.ports, people)
        [witness] = await seat_tables(site.ports, people[:1])
        witness.goal = 0
        site.tables.append(witness)  # closed with the others
        frozen = {}

        async def freeze_postgres():
            state = await witness.state()
            seat, command = witness.players.next_command(state)
            frozen["at_acks"] = sum(t.acked for t in tables)
            await asyncio.to_thread(cluster.freeze)
            answer = asyncio.create_task(witness.clients[seat].command(
                "in-the-freeze", state.version, command, timeout=FROZEN_SECONDS + 60))
            await asyncio.sleep(FROZEN_SECONDS)
            await asyncio.to_thread(cluster.thaw)
            reply = await answer
            witness.sends.append(Send(seat, state.version, command, reply))
            witness.acked += reply["type"] == "ack"
            frozen["witness"] = reply.get("code", reply["type"])

        started = time.monotonic()
        await play_with_faults(tables[:-1], freeze_postgres)
        totals = await settle(site.tables, site.logs)
        assert frozen["witness"] == "ack", frozen
        assert all(web.process.poll() is None for web in site.webs), \
            "a web process died\n" + site.logs()
        print(f"\npostgres frozen: SIGSTOP of the private cluster (port {cluster.port}) after "
              f"{frozen['at_acks']} acks, {FROZEN_SECONDS:g} s; {TABLES} tables and the "
              f"witness (answered {frozen['witness']}); {time.monotonic() - started:.1f} s; "
              f"{totals}; state reads that failed "
              f"{sum(t.unreadable for t in tables)}; reconnects "
              f"{[c.reconnects for t in tables for c in t.clients.values()]}")
    finally:
        await site.close()
