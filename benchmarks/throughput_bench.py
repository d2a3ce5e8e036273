"""The most commands per second one web process sustains, clients as fast as they can go.

    python benchmarks/throughput_bench.py [--games 1,4,16,32] [--duration 20]
                                          [--mode skirmish|coop|defenders|race]
                                          [--beside-trivial] [--conn-max-age N]

One uvicorn web process (the site with the per-socket flood limit lifted, see bare_asgi.py;
otherwise the shipped settings), PostgreSQL and Redis on loopback; for co-op and Defenders
games also the Celery worker as shipped (the Ancients', the machines' turns). For each count of
games, two clients per game (benchmarks/load_client.py) send their next legal command the
moment the previous one is answered. Each game is a lane: when its game ends (the
seats' updates carry no `legal` list), the lane's two players sit down at the lane's next
game, made before the clock starts, so a count of games is that many games in play for the
whole run, each new game's two sockets opened within it (as the peer benchmark's lanes do;
until 2026-11-30 a lane whose game ended stood idle to the end of the count, and the
figures of its first seconds were shared out over all of them). Printed per count:
acknowledged commands/s, stale
refusals, errors, command -> own update p50/p99, the games started and ended and the lanes
that ran out of games, and the CPU the server used (cores), and
per answered command that of the web process, the worker (co-op), and PostgreSQL (only
the backends on the benchmark's database) + Redis (a private one for skirmishes). With an
opponent, also the steps stored meanwhile (the games' versions gained: the players'
commands and the opponent's steps, each a stored command) and the same CPU a stored step:
a co-op player's command brings the Ancients' steps that answer it, each with a task.
The figure is the highest commands/s over the counts tried.

`--mode race` plays the trivial game, Race to 21 without the house (benchmarks/peer_race.py,
the peer benchmark's game), with the same clients. With `--beside-trivial` a game with an
opponent is measured against it at each count: the same web process plays that many race
games for `TRIVIAL_SECONDS` (`--duration`, if shorter) just before the count and again just
after it, and the line after the count's says how many times the trivial game's CPU a
command (web + PostgreSQL + Redis, the mean of the two) the game's own is (issue 32: a
co-op and a Defenders command at most twice the trivial game's). A ratio of two figures
taken minutes apart was as much the machine's drift as the games: the same code's trivial
command read 0.95-1.25 ms within an evening, and a whole run's co-op and trivial figures
were ten minutes apart. Below 8 games the race is the clients' pace, not the server's: its
lanes open two sockets every ten moves, and four of them kept the web process a third busy.
"""
from __future__ import annotations

import argparse
import asyncio
import functools
import math
import os
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable
from urllib.parse import urlparse

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bench_env import (  # noqa: E402
    OwnServicesMeter, cpu_seconds, percentile, redis_pid_on_port, rss_mib)
from benchmarks.live_site import bench_main, numbers, table_people  # noqa: E402
from benchmarks.load_bench import create_games, open_all  # noqa: E402

TARGETS = {"skirmish": 300, "coop": 150}  # commands/s, one web process (none for Defenders)
RATIO_TARGET = 2.0  # a game with an opponent's CPU a command, at most this many trivial ones
TRIVIAL_SECONDS = 8.0  # each of the trivial game's two runs beside a count, at most
# Games a lane finishes a second, flat out, for `games_a_lane`: Race to 21 ends in about ten
# moves, and four race lanes played over a thousand moves a second in a fast hour.
GAMES_A_SECOND = {"race": 150}


def tables_of(mode: str, people, count: int, first_seed: int) -> list:
    """`count` two-person tables of `mode` (benchmarks/bench_tables.py's recipe)."""
    from benchmarks.bench_tables import new_tables

    return new_tables(mode, people[:count], first_seed)


def create_skirmishes(people, count: int, first_seed: int) -> list:
    """`count` two-player skirmishes, the i-th between the two players of `people[i]`."""
    from games import lobby

    ids = []
    for i in range(count):
        users = people[i][0]
        game = lobby.game_create(user=users[0], mode="skirmish", map_name="dungeon",
                                 faction="guild", players=2, seed=first_seed + i)
        lobby.game_join(game=game, user=users[1], token=game.invite_token, faction="gnomads")
        ids.append(game.id)
    return ids


def games_a_lane(count: int, duration: float, mode: str = "coop") -> int:
    """Games made for each lane: enough for the process's games together to end twenty a
    second (`GAMES_A_SECOND` for a shorter game), and two to spare. In a fast hour (43.7 M
    empty calls a second) sixteen Defenders games flat out ended twelve a second between
    them and sixteen co-op games six or more, and a lane that runs out stands idle, its
    count's line saying so."""
    return 2 + math.ceil(GAMES_A_SECOND.get(mode, 20) * duration / count)


def create_races(people, count: int, first_seed: int) -> list:
    """`count` games of Race to 21 without the house (the trivial game), the i-th between
    the two players of `people[i]` (`first_seed` unused: the race has no dice)."""
    from benchmarks.peer_race import KEY, register
    from games import lobby

    register()
    ids = []
    for i in range(count):
        users = people[i][0]
        game = lobby.game_create(user=users[0], mode=KEY, target=21)
        lobby.game_join(game=game, user=users[1], token=game.invite_token)
        ids.append(game.id)
    return ids


@dataclass(frozen=True)
class Mode:
    """How the benchmark plays a mode: what makes its tables, and whether the worker plays
    an opponent in it (its CPU counted, the channel layer on the Redis the worker hears)."""

    make: Callable[..., list]
    worker: bool


# The modes with tables of their own making; any other is a game with an opponent whose
# tables benchmarks/bench_tables.py makes (`mode_of`).
MODES = {"skirmish": Mode(create_skirmishes, worker=False),
         "coop": Mode(create_games, worker=True),
         "race": Mode(create_races, worker=False)}


def mode_of(name: str) -> Mode:
    return MODES.get(name) or Mode(functools.partial(tables_of, name), worker=True)


def lane_games(make, people, count: int, per_lane: int, first_seed: int) -> list[list]:
    """`per_lane` games for each of `count` lanes, a lane's games all between its two
    players (`people[lane]`)."""
    return [make([people[lane]] * per_lane, per_lane, first_seed + lane * per_lane)
            for lane in range(count)]


class Lane:
    """One table's two players, playing the lane's games one after another, flat out."""

    def __init__(self, port: int, games: list, players: tuple, seed: int) -> None:
        self.port, self.games, self.players, self.seed = port, games, players, seed
        self.played: list = []  # every seat client the lane opened, its tallies kept
        self.current: list = []
        self.ended = 0
        self.ran_out = False

    @property
    def opened(self) -> int:
        return len(self.played) // 2

    def _sit_down(self) -> bool:
        """Seat the lane's players at its next game (False: none left)."""
        from benchmarks.load_client import seat_clients

        if self.opened == len(self.games):
            return False
        self.current = seat_clients(self.port, [self.games[self.opened]], [self.players],
                                    first_seed=self.seed * 1000 + self.opened * 2,
                                    reply_timeout=10)
        self.played += self.current
        return True

    async def open_first(self) -> None:
        """The lane's first game, seated before the clock starts."""
        self._sit_down()
        await open_all(self.current)

    async def play(self, *, until: float) -> None:
        """Play the current game until it ends, then the next, until `until`."""
        while True:  # a client stops at `until` or when its game is over
            await asyncio.gather(*(c.play_flat_out(until=until) for c in self.current))
            if time.perf_counter() >= until:
                return
            self.ended += 1
            await self.close()
            if not self._sit_down():
                self.ran_out = True
                return
            await open_all(self.current)

    async def close(self) -> None:
        await asyncio.gather(*(c.close() for c in self.current))


def versions_of(game_ids: list) -> int:
    """The games' versions summed: each stored step (a command, an opponent's step) adds one."""
    from django.db.models import Sum

    from games.models import Game

    return Game.objects.filter(id__in=game_ids).aggregate(total=Sum("version"))["total"] or 0


@dataclass
class Measured:
    """One count of games played flat out, its line as printed and its CPU a command."""

    count: int
    rate: float  # acknowledged commands a second
    line: str
    web_ms: float  # CPU a command answered, web process
    worker_ms: float
    services_ms: float  # PostgreSQL (this database's backends) + Redis

    @property
    def cpu_ms(self) -> float:
        return self.web_ms + self.worker_ms + self.services_ms


async def play_count(*, mode: str, count: int, duration: float, people, seed: int, port: int,
                     server, worker, services: OwnServicesMeter) -> Measured:
    """Make the count's games, seat each lane at its first, play flat out for `duration`
    seconds, and measure (the worker's CPU only for a game with an opponent)."""
    from benchmarks.load_client import total

    played = mode_of(mode)
    worker = worker if played.worker else None
    per_lane = games_a_lane(count, duration, mode)
    games = await asyncio.to_thread(lane_games, played.make, people, count, per_lane, seed)
    game_ids = [game_id for lane in games for game_id in lane]
    lanes = [Lane(port, lane, people[i], seed=i) for i, lane in enumerate(games)]
    await asyncio.gather(*(lane.open_first() for lane in lanes))
    await asyncio.sleep(1.0)
    versions_before = await asyncio.to_thread(versions_of, game_ids)
    cpu_before = cpu_seconds(server.pid)
    worker_before = cpu_seconds(worker.pid) if worker is not None else 0.0
    services.start()
    started = time.perf_counter()
    await asyncio.gather(*(lane.play(until=started + duration) for lane in lanes))
    elapsed = time.perf_counter() - started
    cpu = (cpu_seconds(server.pid) - cpu_before) / elapsed
    worker_cpu = ((cpu_seconds(worker.pid) - worker_before) / elapsed
                  if worker is not None else 0.0)
    db_cpu = sum(services.stop().values()) / elapsed
    tally = total(c.tally for lane in lanes for c in lane.played)
    stored = await asyncio.to_thread(versions_of, game_ids) - versions_before
    await asyncio.gather(*(lane.close() for lane in lanes))
    opened = sum(lane.opened for lane in lanes)
    ended = sum(lane.ended for lane in lanes)
    ran_out = sum(lane.ran_out for lane in lanes)
    rate = tally.acked / elapsed
    ms = [t * 1000 for t in tally.update_times]
    answered = max(1, tally.acked + tally.stale + sum(tally.refused.values()))
    a_command = elapsed * 1000 / answered
    line = (f"  {count:3d} games: {rate:6.1f} commands/s acked ({tally.stale} stale, "
            f"errors {tally.errors or 0}; {opened} games played, {ended} ended, "
            f"{ran_out} lanes ran out of games); command -> own update p50 "
            f"{percentile(ms, 50):.1f} p99 {percentile(ms, 99):.1f} ms; web process "
            f"{cpu:.2f} cores, RSS {rss_mib(server.pid):.0f} MiB; CPU per answered "
            f"command: web {cpu * a_command:.2f} ms, "
            + (f"worker {worker_cpu * a_command:.2f} ms, " if worker is not None else "")
            + f"PostgreSQL (this database's backends) + Redis "
            f"{db_cpu * a_command:.2f} ms (of it autovacuum "
            f"{services.last_autovacuum / answered * 1000:.2f})"
            + (f"; {stored} steps stored ({stored / max(1, tally.acked):.2f} an acked "
               f"command), all CPU a stored step "
               f"{(cpu + worker_cpu + db_cpu) * elapsed * 1000 / max(1, stored):.2f} ms"
               if worker is not None else "")
            + f"; load average {os.getloadavg()[0]:.2f}")
    return Measured(count, rate, line, cpu * a_command, worker_cpu * a_command,
                    db_cpu * a_command)


def beside_line(mode: str, measured: Measured, before: Measured, after: Measured) -> str:
    """How many trivial commands' CPU the count's command took, the trivial game measured
    at the same count just before and just after it."""
    trivial = (before.cpu_ms + after.cpu_ms) / 2
    ratio = measured.cpu_ms / trivial
    verdict = "met" if ratio <= RATIO_TARGET else "MISSED"
    return (f"      beside it, the trivial game at {measured.count} games: "
            f"{before.cpu_ms:.2f} ms a command before, {after.cpu_ms:.2f} after ({before.rate:.0f} and "
            f"{after.rate:.0f} commands/s); {mode} {measured.cpu_ms:.2f} ms: "
            f"{ratio:.2f}x (target <= {RATIO_TARGET:g}x: {verdict})")


async def run(args, database_url: str, redis_url: str) -> None:
    from benchmarks.live_site import celery_worker, free_port, redis_server, web_server

    people = await asyncio.to_thread(table_people, max(args.games), 0)
    port = free_port()
    logs = Path(tempfile.gettempdir())
    opponent = mode_of(args.mode).worker
    beside = args.beside_trivial and opponent
    # PostgreSQL's CPU is its backends on this database (on a shared machine every other
    # database's work was counted too); a game with no opponent gets a Redis of the run's
    # own for the channel layer. One with an opponent keeps the given one: this process
    # sends the worker's tasks to it as it makes the games, and the worker must hear them.
    redis = None
    if not opponent:
        redis_port = free_port()
        redis = redis_server(redis_port, log=logs / f"throughput-redis-{redis_port}.log").start()
        redis_url = f"redis://127.0.0.1:{redis_port}/0"
    services = OwnServicesMeter(database_url, redis.pid if redis is not None
                                else redis_pid_on_port(urlparse(redis_url).port or 6379))
    # the race registered whatever the mode: a game nobody is offered costs the server nothing
    extra = {"BENCH_NO_RATE_LIMIT": "1", "BENCH_PEER_GAME": "1"}
    if args.conn_max_age is not None:
        extra["DB_CONN_MAX_AGE"] = str(args.conn_max_age)
    server = web_server(port, processes=1, database_url=database_url, redis_url=redis_url,
                        extra_env=extra, log=logs / f"throughput-web-{port}.log",
                        app="benchmarks.bare_asgi:application")
    worker = None
    if opponent:
        worker = celery_worker(database_url=database_url, redis_url=redis_url, shipped=True,
                               log=logs / f"throughput-worker-{port}.log").start()
    best = 0.0
    ratios: list[str] = []
    try:
        await asyncio.to_thread(server.start)
        print(f"{args.mode} games; one web process; server settings "
              + ("shipped" if args.conn_max_age is None else f"DB_CONN_MAX_AGE={args.conn_max_age}")
              + f"; {args.duration:g} s per count"
              + (f", the trivial game {min(TRIVIAL_SECONDS, args.duration):g} s before and "
                 "after each" if beside
                 else ""))
        seed = 40_000 + int(time.time()) % 10_000 * 100
        common = dict(people=people, port=port, server=server, worker=worker,
                      services=services)
        trivial_seconds = min(TRIVIAL_SECONDS, args.duration)
        for count in args.games:
            before = None
            if beside:
                before = await play_count(mode="race", count=count, duration=trivial_seconds,
                                          seed=seed, **common)
            measured = await play_count(mode=args.mode, count=count, duration=args.duration,
                                        seed=seed, **common)
            seed += count * games_a_lane(count, args.duration, args.mode)
            best = max(best, measured.rate)
            print(measured.line, flush=True)
            if before is not None:
                after = await play_count(mode="race", count=count, duration=trivial_seconds,
                                         seed=seed, **common)
                ratios.append(beside_line(args.mode, measured, before, after))
                print(ratios[-1], flush=True)
    finally:
        await asyncio.to_thread(server.stop)
        if worker is not None:
            worker.stop(timeout=30)
        if redis is not None:
            redis.stop()
    target = TARGETS.get(args.mode)
    verdict = ("no target" if target is None else f"target >= {target}: met" if best >= target
               else f"target >= {target}: MISSED: {best / target:.2f} of it")
    print(f"most {args.mode} commands/s one web process sustained: {best:.1f} ({verdict})")
    if ratios:
        print(f"{args.mode} beside the trivial game, count by count:")
        print("\n".join(ratios))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="1,4,16,32", type=numbers)
    parser.add_argument("--duration", type=float, default=20)
    parser.add_argument("--mode", choices=("skirmish", "coop", "defenders", "race"),
                        default="skirmish")
    parser.add_argument("--beside-trivial", action="store_true",
                        help="measure the trivial game at each count just before and after "
                        "it, and print the ratio (a game with an opponent)")
    parser.add_argument("--conn-max-age", type=int, default=None,
                        help="DB_CONN_MAX_AGE for the server (default: as shipped)")
    bench_main(run, parser.parse_args())


if __name__ == "__main__":
    main()
