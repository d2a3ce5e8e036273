"""The outside yardstick: the same trivial game on this site and on boardgame.io, side by side.

    python benchmarks/peer_bench.py [--lanes 8] [--duration 10] [--paced-lanes 8]
                                    [--period 0.1] [--rounds 1]

Race to 21 without the house (p1 and p2 add 1-3 in turn; benchmarks/peer_race.py here,
benchmarks/peer/race.js there), played by one client (benchmarks/peer/client.js) against
one server process each:

* this site: one uvicorn web process as shipped (the per-socket flood limit lifted, as in the
  throughput benchmark), PostgreSQL, and a Redis of its own for the channel layer (a private
  redis-server, so that its CPU is this run's alone);
* boardgame.io 0.50.2 with bgio-postgres (benchmarks/peer/, `npm ci` there; `make bench`
  does it), one node process, on a PostgreSQL database of its own (the site's name + `_bgio`).

Two phases per round, each server in turn (site, then boardgame.io, so a drifting machine
is shared): flat out (`--lanes` games at a time, each move sent as soon as the last one is
answered and seen by the other seat) and paced (`--paced-lanes` games, one move every
`--period` seconds each). CPU per command is the server's process, the PostgreSQL backends
connected to its database and the private Redis, from /proc (PostgreSQL's shared background
processes, the WAL writer among them, are not counted for either). Each game opens two
new sockets (one a seat) and plays about ten moves, so a third phase opens and closes the
sockets of `15 x --lanes` games without a move, and the table shows the moves' CPU with
that opening cost taken out beside the whole. Afterwards every
acknowledged move is looked up in the server's database. Last, the idle cost: each
server's CPU a second with no socket, then with `--idle-tables` games seated (two sockets
each) and nobody moving. Printed: one table with both servers and their ratio.

Beside them, this stack's floors, in the site's own process (benchmarks/bare_asgi.py): the
same games played through a bare consumer that relays each move's frame to the game's two
sockets through the channel layer (`relay`), and one that first stores it with one INSERT
committed on the event loop's connection (`stored`), no rules and no views: what uvicorn,
Channels, the site's session and user middleware (wildlands_site.socket_auth), the Redis
layer and one durable statement cost before the site does anything of its own. The third
(`seated`) delivers as the site does: each move stored, the mover acknowledged, then sent
to each seat's own group.

Before the first round each server plays flat out for `--warmup` seconds, not counted:
boardgame.io's node compiles its hot code as it runs, and its first round without a
warm-up was the slowest of three.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from typing import Optional
from pathlib import Path
from urllib.parse import urlparse, urlunparse

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import bare_asgi_tables  # noqa: E402
from benchmarks.bench_env import OwnServicesMeter, cpu_seconds, percentile  # noqa: E402
from benchmarks.live_site import (  # noqa: E402
    Service, bench_main, free_port, redis_server, table_people, web_server)

PEER = Path(__file__).resolve().parent / "peer"
# Games made per lane and second of play (a lane that runs out stops early, said beside its
# figures): flat out, a lane of this site ended about one game a second on a machine at load
# 15 and four at load 6, and on a fast hour (43.7 M empty calls a second) 12.5, its bare
# relay 23.5: seven a second left every lane of the site and the floors idle before the
# count's end.
GAMES_PER_LANE_SECOND = {"flat": 30, "paced": 1}
CONNECT_GAMES = 15  # games per lane whose sockets are opened and closed without a move


def bgio_database(site_database: str) -> str:
    parts = urlparse(site_database)
    name = parts.path.lstrip("/") + "_bgio"
    from benchmarks.bench_env import _ensure_database

    url = urlunparse(parts._replace(path="/" + name))
    _ensure_database(url)
    return url


class Meter:
    """CPU seconds of a server's processes, its database's backends and a Redis, between
    `start()` and `stop()`; and a count no load changes, the commands the Redis ran.
    (PostgreSQL's transaction counts were tried too: its backends publish them up to ten
    seconds late, so they could not be read per phase.)"""

    def __init__(self, server_pid: int, database_url: str, redis_pid: int,
                 redis_port: int) -> None:
        self.server_pid, self.database_url, self.redis_port = server_pid, database_url, redis_port
        self.services = OwnServicesMeter(database_url, redis_pid)

    def counts(self) -> dict:
        import redis

        stats = redis.Redis(host="127.0.0.1", port=self.redis_port).info("commandstats")
        return {"redis_commands": sum(v["calls"] for k, v in stats.items()
                                      if k != "cmdstat_info")}

    def start(self) -> None:
        self.server0 = cpu_seconds(self.server_pid)
        self.services.start()
        self.counts0 = self.counts()

    def stop(self) -> dict:
        server = cpu_seconds(self.server_pid) - self.server0
        cpu = {"server": server, **self.services.stop()}
        after = self.counts()
        self.last_counts = {k: after[k] - self.counts0[k] for k in after}
        return cpu


# --- games on each server -------------------------------------------------------------------
def site_games(people, lanes: int, per_lane: int) -> list[list[dict]]:
    from benchmarks.peer_race import KEY, register
    from games import lobby

    register()
    plan = []
    for lane in range(lanes):
        users, cookies = people[lane]
        games = []
        for _ in range(per_lane):
            game = lobby.game_create(user=users[0], mode=KEY, target=21)
            lobby.game_join(game=game, user=users[1], token=game.invite_token)
            games.append({"id": str(game.id), "seats": [{"name": "p1", "cookie": cookies[0]},
                                                        {"name": "p2", "cookie": cookies[1]}]})
        plan.append(games)
    return plan


# Floors are named like the servers; their moves are the client's own (benchmarks/peer/client.js)
FLOORS = {"relay": "floor: bare relay through the channel layer (site process, no storage)",
          "stored": "floor: bare relay after one INSERT committed (site process)",
          "seated": "floor: stored relay to each seat's group, with an ack (site process)"}


def floor_games(people, lanes: int, per_lane: int) -> list[list[dict]]:
    """Rooms for the floors' relays: nothing to create, the seats signed in as the site's."""
    import uuid

    return [[{"id": f"floor-{uuid.uuid4().hex[:16]}",
              "seats": [{"name": "p1", "cookie": people[lane][1][0]},
                        {"name": "p2", "cookie": people[lane][1][1]}]}
             for _ in range(per_lane)] for lane in range(lanes)]


def _post(port: int, path: str, body: dict) -> dict:
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}",
                                     data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def bgio_games(port: int, lanes: int, per_lane: int) -> list[list[dict]]:
    """Matches made and joined through boardgame.io's own lobby API."""
    plan = []
    for lane in range(lanes):
        games = []
        for _ in range(per_lane):
            match = _post(port, "/games/race21/create", {"numPlayers": 2})["matchID"]
            seats = []
            for player in ("0", "1"):
                joined = _post(port, f"/games/race21/{match}/join",
                               {"playerID": player, "playerName": f"peer-{lane}-{player}"})
                seats.append({"name": player, "credentials": joined["playerCredentials"]})
            games.append({"id": match, "seats": seats})
        plan.append(games)
    return plan


# --- the durability check -------------------------------------------------------------------
def site_problems(acked: list, game_ids: list) -> list[str]:
    from benchmarks.durability import durability_problems

    rows = [(game, version, seat, {"do": "add", "n": n}) for game, version, seat, n in acked]
    return durability_problems(rows, game_ids)[0]


def bgio_problems(database_url: str, acked: list) -> list[str]:
    """Every acknowledged move is in its match's stored log as that player's move from that
    state, and the stored state is past it."""
    import psycopg

    wanted = sorted({match for match, *_ in acked})
    stored = {}
    with psycopg.connect(database_url.replace("postgres://", "postgresql://", 1)) as conn:
        for chunk in range(0, len(wanted), 500):
            for match, state, log in conn.execute(
                    'SELECT id, state, log FROM "Games" WHERE id = ANY(%s)',
                    [wanted[chunk:chunk + 500]]):
                moves = {(entry["_stateID"], entry["action"]["payload"]["playerID"],
                          entry["action"]["payload"]["args"][0])
                         for entry in log or [] if entry["action"]["type"] == "MAKE_MOVE"}
                stored[match] = (state["_stateID"], moves)
    problems = []
    for match, before, player, n in acked:
        state_id, moves = stored.get(match, (-1, set()))
        if (before, player, n) not in moves or state_id <= before:
            problems.append(f"match {match}: the move from state {before} by {player} (+{n}) "
                            "is not stored")
    return problems


# --- one phase -------------------------------------------------------------------------------
def run_client(plan: dict) -> dict:
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(plan, f)
    try:
        done = subprocess.run(["node", str(PEER / "client.js"), f.name], capture_output=True,
                              text=True, timeout=plan["duration"] + 120)
    finally:
        os.unlink(f.name)
    if done.returncode:
        raise RuntimeError(f"the client failed: {done.stderr[-2000:]}")
    return json.loads(done.stdout)


def idle_cost(server: str, port: int, meter: "Meter", games: list, seconds: float) -> dict:
    """CPU seconds a second the server (with its database and Redis) spends while `games`
    are seated, two sockets each, and nobody moves."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump({"server": server, "port": port, "idle": seconds, "lanes": [games]}, f)
    client = subprocess.Popen(["node", str(PEER / "client.js"), f.name], stdout=subprocess.PIPE,
                              text=True)
    try:
        opened = client.stdout.readline().strip()
        time.sleep(5.0)  # the opening's own work done (presence notices, their reads)
        meter.start()
        started = time.perf_counter()
        quiet = client.stdout.readline().strip()
        cpu = meter.stop()
        elapsed = time.perf_counter() - started
        client.wait(timeout=60)
    finally:
        if client.poll() is None:
            client.kill()
        os.unlink(f.name)
    return {"opened": opened, "ended": quiet, "seconds": elapsed,
            "per_second": {k: v / elapsed for k, v in cpu.items()}, "load": os.getloadavg()[0]}


async def phase(name: str, server: str, port: int, meter: Meter, lanes_plan, args,
                duration: Optional[float] = None) -> dict:
    flat = name != "paced"
    plan = {"server": server, "port": port,
            "duration": args.duration if duration is None else duration,
            "period": 0 if flat else args.period, "lanes": lanes_plan,
            "connect_only": name == "connect"}
    meter.start()
    result = await asyncio.to_thread(run_client, plan)
    cpu = meter.stop()
    result["cpu"] = cpu
    result["autovacuum"] = meter.services.last_autovacuum
    result["counts"] = meter.last_counts
    result["load"] = os.getloadavg()[0]
    return result


def summary(server: str, flat: dict, paced: dict, connect: dict, problems: list[str]) -> dict:
    acked = len(flat["acked"])
    cpu = flat["cpu"]
    total = sum(cpu.values())
    per_open = sum(connect["cpu"].values()) / max(1, connect["games_opened"])
    opened = max(1, connect["games_opened"])
    counts = {k: (v - connect["counts"][k] / opened * flat["games_opened"]) / max(1, acked)
              for k, v in flat["counts"].items()}
    return {
        "counts": counts,
        "server": server, "rate": acked / flat["elapsed"],
        "cpu_ms": total / max(1, acked) * 1000,
        "open_ms": per_open * 1000,
        "moves_ms": (total - per_open * flat["games_opened"]) / max(1, acked) * 1000,
        "parts": {k: v / max(1, acked) * 1000 for k, v in cpu.items()},
        "flat_answer": (percentile(flat["answer_ms"], 50), percentile(flat["answer_ms"], 99)),
        "flat_last": percentile(flat["last_other_ms"], 50),
        "flat_middle": percentile(flat["other_ms"], 50),
        "paced": (percentile(paced["other_ms"], 50), percentile(paced["other_ms"], 99)),
        "paced_rate": len(paced["acked"]) / paced["elapsed"],
        "paced_ms": sum(paced["cpu"].values()) / max(1, len(paced["acked"])) * 1000,
        "paced_moves_ms": (sum(paced["cpu"].values()) - per_open * paced["games_opened"])
        / max(1, len(paced["acked"])) * 1000,
        "acked": acked + len(paced["acked"]), "problems": len(problems),
        "errors": {**flat["errors"], **{f"paced {k}": v for k, v in paced["errors"].items()}},
        "load": (flat["load"], paced["load"]),
    }


def _stalled(row: dict) -> str:
    """The mark " *" for a row whose flat phase had a lane go unanswered, else "": such a
    phase ran on past its count, so its commands/s is not the server's rate."""
    return " *" if "no answer" in row["errors"] else ""  # the paced phase's keys say "paced"


def print_table(rows: list[dict]) -> None:
    print("\n| server | commands/s flat out | CPU ms a command (server + PostgreSQL + Redis) "
          "| of it the moves alone (opening the sockets apart) | answer p50 / p99 flat out "
          "| to the other seat p50 / p99 paced | last move / middle move p50 flat out "
          "| durability | load average (flat, paced) |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        parts = r["parts"]
        print(f"| {r['server']} | {r['rate']:.0f}{_stalled(r)} | "
              f"{r['cpu_ms']:.2f} ({parts['server']:.2f} + "
              f"{parts['postgres']:.2f} + {parts['redis']:.2f}) | {r['moves_ms']:.2f} "
              f"({r['open_ms']:.1f} a game's two sockets) | {r['flat_answer'][0]:.1f} / "
              f"{r['flat_answer'][1]:.1f} ms | {r['paced'][0]:.1f} / {r['paced'][1]:.1f} ms "
              f"({r['paced_rate']:.0f}/s) | {r['flat_last']:.1f} / {r['flat_middle']:.1f} ms | "
              f"{r['acked']} acked, {r['problems']} not stored | {r['load'][0]:.2f}, "
              f"{r['load'][1]:.2f} |")
    keyed = {r["key"]: r for r in rows}
    pairs = [("site", "bgio", "site / boardgame.io"), ("site", "stored", "site / stored relay"),
             ("stored", "bgio", "stored relay / boardgame.io"),
             ("site", "seated", "site / per-seat stored relay"),
             ("seated", "bgio", "per-seat stored relay / boardgame.io")]
    for first, second, label in pairs:
        if first not in keyed or second not in keyed:
            continue
        site, bgio = keyed[first], keyed[second]
        stalled = _stalled(site) or _stalled(bgio)
        print(f"| {label} | {site['rate'] / bgio['rate']:.2f}x{stalled} | "
              f"{site['cpu_ms'] / bgio['cpu_ms']:.2f}x | "
              f"{site['moves_ms'] / bgio['moves_ms']:.2f}x "
              f"({site['open_ms'] / bgio['open_ms']:.2f}x) | "
              f"{site['flat_answer'][0] / bgio['flat_answer'][0]:.2f}x / "
              f"{site['flat_answer'][1] / bgio['flat_answer'][1]:.2f}x | "
              f"{site['paced'][0] / bgio['paced'][0]:.2f}x / "
              f"{site['paced'][1] / bgio['paced'][1]:.2f}x | | | |")
    for r in rows:  # a command's CPU far from saturation, where fixed costs weigh more
        print(f"{r['server']}: paced ({r['paced_rate']:.0f} commands/s), CPU ms a command "
              f"{r['paced_ms']:.2f}, the moves alone {r['paced_moves_ms']:.2f}")
    for r in rows:
        if r["key"] in FLOORS:
            print(f"{r['server']}: no game is stored to check (its 'acked' are relayed frames)")
        if r["server"].startswith("this site"):
            print(f"{r['server']}: a move (the opening taken apart) is "
                  f"{r['counts']['redis_commands']:.2f} Redis commands")
    for r in rows:
        if r["errors"]:
            print(f"{r['server']} errors: {r['errors']}")
    if any(_stalled(r) for r in rows):
        print("* a lane of this server waited out its reply timeout in the flat phase (a frame "
              "lost), so the phase ran longer than its count and its commands/s is not the "
              "server's rate; its CPU a command stands")
    print("When each answers: this site acknowledges a move after its transaction committed; "
          "boardgame.io 0.50.2 sends the new state to every seat (the mover's only answer) "
          "before bgio-postgres writes it (Master.onUpdate: sendAll, then setState), so a crash "
          "in between loses a move both players saw.")


async def run(args, database_url: str, _shared_redis: str) -> None:
    from benchmarks.peer_race import register

    register()
    logs = Path(tempfile.gettempdir())
    bgio_url = bgio_database(database_url)
    redis_port, site_port, bgio_port = free_port(), free_port(), free_port()
    redis = redis_server(redis_port, log=logs / f"peer-redis-{redis_port}.log")
    site = web_server(site_port, processes=1, database_url=database_url,
                      redis_url=f"redis://127.0.0.1:{redis_port}/0",
                      extra_env={"BENCH_NO_RATE_LIMIT": "1", "BENCH_PEER_GAME": "1"},
                      log=logs / f"peer-site-{site_port}.log",
                      app="benchmarks.bare_asgi:application")
    bgio = Service(["node", str(PEER / "server.js")],
                   env={**os.environ, "PORT": str(bgio_port), "DATABASE_URL": bgio_url},
                   log=logs / f"peer-bgio-{bgio_port}.log", port=bgio_port)
    people = await asyncio.to_thread(table_people, max(args.lanes, args.paced_lanes,
                                                       args.idle_tables), 0, "peer-")
    try:
        await asyncio.to_thread(redis.start)
        await asyncio.to_thread(site.start)
        if "bgio" in args.servers:
            await asyncio.to_thread(bgio.start)
        await asyncio.to_thread(bare_asgi_tables.floor_table, database_url)
        site_meter = Meter(site.pid, database_url, redis.pid, redis_port)
        meters = {"site": site_meter, **{floor: site_meter for floor in FLOORS}}
        if "bgio" in args.servers:
            meters["bgio"] = Meter(bgio.pid, bgio_url, redis.pid, redis_port)
        print(f"Race to 21, two people; flat out {args.lanes} games at a time, paced "
              f"{args.paced_lanes} games one move every {args.period:g} s each; "
              f"{args.duration:g} s a phase; {args.rounds} round(s), the servers in turn")
        results: dict = {server: {"flat": [], "paced": [], "connect": []}
                         for server in args.servers}
        made: dict = {server: [] for server in args.servers}

        async def games_on(server: str, lanes: int, per_lane: int) -> tuple[list, int]:
            if server == "site":
                return await asyncio.to_thread(site_games, people, lanes, per_lane), site_port
            if server in FLOORS:
                return floor_games(people, lanes, per_lane), site_port
            return await asyncio.to_thread(bgio_games, bgio_port, lanes, per_lane), bgio_port

        for server in args.servers if args.warmup > 0 else ():
            plan, port = await games_on(server, args.lanes,
                                        int(GAMES_PER_LANE_SECOND["flat"] * args.warmup) + 2)
            await asyncio.sleep(1.0)
            result = await phase("flat", server, port, meters[server], plan, args,
                                 duration=args.warmup)
            print(f"  {server:4s} warm-up: {len(result['acked'])} acked in "
                  f"{result['elapsed']:.1f} s, not counted", flush=True)
        for _ in range(args.rounds):
            for name, lanes in (("flat", args.lanes), ("paced", args.paced_lanes),
                                ("connect", args.lanes)):
                per_lane = (CONNECT_GAMES if name == "connect"
                            else int(GAMES_PER_LANE_SECOND[name] * args.duration) + 2)
                for server in args.servers:
                    plan, port = await games_on(server, lanes, per_lane)
                    made[server] += [g["id"] for lane in plan for g in lane]
                    await asyncio.sleep(1.0)
                    result = await phase(name, server, port, meters[server], plan, args)
                    results[server][name].append(result)
                    print(f"  {server:4s} {name:7s}: {len(result['acked'])} acked in "
                          f"{result['elapsed']:.1f} s, {result['games_opened']} games opened, "
                          f"{result['games_finished']} ended, {result['lanes_out']} lanes "
                          "ran out of games, "
                          f"CPU {', '.join(f'{k} {v:.2f} s' for k, v in result['cpu'].items())}"
                          f" (of PostgreSQL's, autovacuum {result['autovacuum']:.2f} s)"
                          f", errors {result['errors'] or 0}, load average {result['load']:.2f}",
                          flush=True)
        idle = {}
        for server in [s for s in args.servers if s not in FLOORS] if args.idle_tables else ():
            await asyncio.sleep(1.0)
            meters[server].start()
            await asyncio.sleep(args.idle_seconds)
            empty = {k: v / args.idle_seconds for k, v in meters[server].stop().items()}
            if server == "site":
                plan = await asyncio.to_thread(site_games, people, args.idle_tables, 1)
            else:
                plan = await asyncio.to_thread(bgio_games, bgio_port, args.idle_tables, 1)
            port = site_port if server == "site" else bgio_port
            seated = await asyncio.to_thread(idle_cost, server, port, meters[server],
                                             [lane[0] for lane in plan], args.idle_seconds)
            idle[server] = (empty, seated)
            print(f"  {server:4s} idle   : no sockets "
                  f"{sum(empty.values()) * 1000:.1f} ms of CPU a second; {args.idle_tables} "
                  f"tables seated ({seated['opened']}), nobody moving: "
                  f"{sum(seated['per_second'].values()) * 1000:.1f} ms a second ("
                  + ", ".join(f"{k} {v * 1000:.1f}" for k, v in seated["per_second"].items())
                  + f"); load average {seated['load']:.2f}", flush=True)
    finally:
        await asyncio.to_thread(bgio.stop)
        await asyncio.to_thread(site.stop)
        await asyncio.to_thread(redis.stop)
    rows = []
    for server in args.servers:
        flat, paced = merged(results[server]["flat"]), merged(results[server]["paced"])
        connect = merged(results[server]["connect"])
        acked = flat["acked"] + paced["acked"]
        if server == "site":
            played = sorted({g for g, *_ in acked})
            problems = await asyncio.to_thread(site_problems, acked, played)
        elif server in FLOORS:
            problems = []  # the relays keep no game to check moves against
        else:
            problems = await asyncio.to_thread(bgio_problems, bgio_url, acked)
        for problem in problems[:5]:
            print(f"  {server}: {problem}")
        name = {"site": "this site (uvicorn x1, PostgreSQL, Redis)",
                "bgio": "boardgame.io 0.50.2 + bgio-postgres (node x1)"}.get(server)
        rows.append(summary(name or FLOORS[server], flat, paced, connect, problems))
        rows[-1]["key"] = server
    print_table(rows)


def merged(results: list[dict]) -> dict:
    """The rounds of one phase as one run."""
    out = {"acked": [], "answer_ms": [], "other_ms": [], "last_other_ms": [], "errors": {},
           "elapsed": 0.0, "cpu": {"server": 0.0, "postgres": 0.0, "redis": 0.0}, "load": 0.0,
           "games_opened": 0, "counts": {"redis_commands": 0}}
    for r in results:
        for key in ("acked", "answer_ms", "other_ms", "last_other_ms"):
            out[key] += r[key]
        for key, value in r["errors"].items():
            out["errors"][key] = out["errors"].get(key, 0) + value
        out["elapsed"] += r["elapsed"]
        out["games_opened"] += r["games_opened"]
        for key in out["counts"]:
            out["counts"][key] += r.get("counts", {}).get(key, 0)
        for key in out["cpu"]:
            out["cpu"][key] += r["cpu"][key]
        out["load"] = max(out["load"], r["load"])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lanes", type=int, default=8, help="games at a time, flat out")
    parser.add_argument("--paced-lanes", type=int, default=8, help="games at a time, paced")
    parser.add_argument("--period", type=float, default=0.1, help="seconds between a paced "
                        "game's moves")
    parser.add_argument("--duration", type=float, default=10, help="seconds of play a phase")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--warmup", type=float, default=10,
                        help="seconds each server plays flat out, not counted, before the "
                             "first round: boardgame.io's node compiles its hot code as it "
                             "runs: unwarmed, its first round played 23 %% fewer commands a "
                             "second than its second (2026-11-30)")
    parser.add_argument("--idle-tables", type=int, default=64,
                        help="tables seated for the idle cost (0: none)")
    parser.add_argument("--idle-seconds", type=float, default=10)
    parser.add_argument("--servers", type=lambda text: text.split(","),
                        default=["site", "bgio", "relay", "stored", "seated"],
                        help="site,bgio,relay,stored,seated (the default) or some of them, "
                             "e.g. to profile one; the last three are this stack's floors")
    # a stop (SIGTERM) unwinds like ^C, so the servers this run started are stopped too
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    if not (PEER / "node_modules").is_dir():
        sys.exit("benchmarks/peer/node_modules is missing: `cd benchmarks/peer && npm ci`")
    bench_main(run, parser.parse_args())


if __name__ == "__main__":
    main()
