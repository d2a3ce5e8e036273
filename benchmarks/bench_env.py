"""What every site benchmark needs first: the production shape (PostgreSQL, Redis), Django
set up in this process against the benchmark database, and the facts of the machine.

The database and Redis come from BENCH_DATABASE_URL / BENCH_REDIS_URL, else DATABASE_URL /
REDIS_URL, else the loopback services `.ci/run` starts (role `wildlands`, database
`wl_bench`, Redis db 11), so `make bench` works on a CI-shaped machine as it is. The
benchmark database is created if missing and migrated; games the benchmarks create are
left in it rather than flushing anything. They add up (a whole `make bench` leaves some
3,000 games, and the load steps' durability check reads only their own): after a week of
runs, 2.7 GB of them measured no slower at 1,000 load tables than a fresh database
(docs/performance.md). Point BENCH_DATABASE_URL at a new name to start empty.
"""
from __future__ import annotations

import datetime
import os
import platform
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Optional, Sequence

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATABASE_URL = "postgres://wildlands:wildlands@127.0.0.1:5432/wl_bench"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/11"


def urls() -> tuple[str, str]:
    database = (os.environ.get("BENCH_DATABASE_URL") or os.environ.get("DATABASE_URL")
                or DEFAULT_DATABASE_URL)
    redis = os.environ.get("BENCH_REDIS_URL") or os.environ.get("REDIS_URL") or DEFAULT_REDIS_URL
    if not database.startswith(("postgres://", "postgresql://")):
        sys.exit(f"the site benchmarks need PostgreSQL; BENCH_DATABASE_URL is {database!r}")
    return database, redis


def _ensure_database(database_url: str) -> None:
    import psycopg
    from urllib.parse import urlparse

    parts = urlparse(database_url)
    name = parts.path.lstrip("/")
    with psycopg.connect(host=parts.hostname, port=parts.port or 5432, user=parts.username,
                         password=parts.password, dbname="postgres", autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
        if not exists:
            conn.execute(f'CREATE DATABASE "{name}"')


def setup_django() -> tuple[str, str]:
    """Point this process at the benchmark database and Redis, set Django up, migrate.
    Returns (database_url, redis_url) for the server processes to use."""
    database, redis = urls()
    sys.path.insert(0, str(ROOT))
    os.chdir(ROOT)
    os.environ["DATABASE_URL"], os.environ["REDIS_URL"] = database, redis
    os.environ.setdefault("SECRET_KEY", "benchmark-only-not-a-secret")
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    # The benchmarks' players are kept in the benchmark database from run to run, and every
    # run opens tables for them: more than a person may hold open (games.open_games).
    os.environ.setdefault("OPEN_GAMES_PER_USER", "1000000")
    os.environ["DJANGO_SETTINGS_MODULE"] = "wildlands_site.settings"
    _ensure_database(database)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    return database, redis


def machine() -> list[str]:
    """The lines that say what these figures were measured on."""
    model = "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = "?"
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                memory = f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
    except OSError:
        pass
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    try:  # how often runnable tasks waited for a CPU (other work on a shared machine)
        pressure = Path("/proc/pressure/cpu").read_text().splitlines()[0].split()[2]
        load += f", CPU pressure {pressure.split('=')[1]}% (avg60)"
    except (OSError, IndexError):
        pass
    try:
        pg = subprocess.run(["psql", "--version"], capture_output=True, text=True).stdout.strip()
        rd = subprocess.run(["redis-server", "--version"], capture_output=True, text=True).stdout
        rd = " ".join(rd.split()[:3])
    except OSError:
        pg = rd = "?"
    return [
        f"date: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M UTC}",
        f"machine: {os.cpu_count()} CPUs ({model}), {memory} memory, load average {load}",
        f"python {platform.python_version()}, {pg}, {rd}",
    ]


def percentile(values: Sequence[float], p: float) -> float:
    """The p-th percentile (nearest rank) of `values`."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    rank = max(1, min(len(ordered), round(p / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


def summary_ms(values: Sequence[float]) -> str:
    """p50/p95/p99/max of durations in seconds, printed in milliseconds."""
    if not values:
        return "no samples"
    ms = [v * 1000 for v in values]
    return (f"p50 {percentile(ms, 50):7.2f}  p95 {percentile(ms, 95):7.2f}  "
            f"p99 {percentile(ms, 99):7.2f}  max {max(ms):7.2f} ms  (n={len(ms)}, "
            f"mean {statistics.fmean(ms):.2f})")


def process_tree(pid: int) -> list[int]:
    """A process and all its descendants (a web server's or worker's children), from /proc."""
    pids, todo = [], [pid]
    while todo:
        current = todo.pop()
        pids.append(current)
        for task in Path(f"/proc/{current}/task").glob("*"):
            try:
                todo += [int(child) for child in (task / "children").read_text().split()]
            except OSError:
                pass
    return pids


def rss_mib(pid: int) -> float:
    """Resident memory of a process and its children, MiB (from /proc)."""
    total = 0.0
    for member in process_tree(pid):
        try:
            for line in Path(f"/proc/{member}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) / 1024
        except OSError:  # the child ended meanwhile
            pass
    return total


def cpu_seconds(pid: int) -> float:
    """User + system CPU time a process and its living children have used so far (/proc)."""
    return sum(own_cpu_seconds(member) for member in process_tree(pid))


def own_cpu_seconds(pid: int) -> float:
    """One process's user + system CPU time so far; 0 if it has ended."""
    fields = _stat(pid)
    return 0.0 if fields is None else (int(fields[11]) + int(fields[12])) / _TICKS


def reaped_cpu_seconds(pid: int) -> float:
    """The user + system CPU time of a process's children that have ended and been waited
    for (/proc: cutime + cstime); 0 if it has ended. A PostgreSQL backend's time goes there
    when it ends, its server reaping it."""
    fields = _stat(pid)
    return 0.0 if fields is None else (int(fields[13]) + int(fields[14])) / _TICKS


_TICKS = os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> Optional[list[str]]:
    """A process's /proc stat fields after its name (the state first); None if it ended."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def service_pids(name: str) -> list[int]:
    """Every running process called `name` (e.g. the PostgreSQL backends, `postgres`)."""
    pids = []
    for status in Path("/proc").glob("[0-9]*/comm"):
        try:
            if status.read_text().strip() == name:
                pids.append(int(status.parent.name))
        except OSError:
            pass
    return pids


def services_cpu_seconds(*names: str) -> float:
    """CPU seconds used so far by every process of the named services, those that have
    ended included: a service's first process (PostgreSQL's server) reaps the backends that
    end, and their time is counted from there (`reaped_cpu_seconds`). Without it, a backend
    that ended between two readings took all its time with it."""
    return sum(own_cpu_seconds(pid) + (reaped_cpu_seconds(pid) if first else 0.0)
               for name in names for pid, first in _service_processes(name))


def _service_processes(name: str) -> list[tuple[int, bool]]:
    """Every running process called `name`, each with whether it is the service's first
    (its parent is not one of them)."""
    pids = service_pids(name)
    parents = {pid: (_stat(pid) or ["", "0"])[1] for pid in pids}
    return [(pid, int(parents[pid]) not in parents) for pid in pids]


def database_backends(database_url: str) -> dict[int, bool]:
    """The PostgreSQL backends connected to that database now, each with whether it is an
    autovacuum worker: on a shared machine, the part of PostgreSQL's work that is this
    benchmark's (`services_cpu_seconds("postgres")` counts every database's). Autovacuum
    workers are named apart because the benchmark database keeps every game ever
    benchmarked: when one runs depends on that history, not on the phase it lands in."""
    import psycopg
    from urllib.parse import urlparse

    parts = urlparse(database_url)
    with psycopg.connect(host=parts.hostname, port=parts.port or 5432, user=parts.username,
                         password=parts.password, dbname="postgres", autocommit=True) as conn:
        rows = conn.execute("SELECT pid, backend_type = 'autovacuum worker' "
                            "FROM pg_stat_activity WHERE datname = %s",
                            [parts.path.lstrip("/")]).fetchall()
    return {pid: bool(autovacuum) for pid, autovacuum in rows}


def redis_pid_on_port(port: int) -> int:
    """The redis-server serving that port on this machine (0 if none is found)."""
    for pid in service_pids("redis-server"):
        try:
            if f":{port}" in Path(f"/proc/{pid}/cmdline").read_text():
                return pid
        except OSError:
            pass
    return 0


class OwnServicesMeter:
    """CPU seconds of the PostgreSQL backends on one database and of one (private) Redis
    between `start()` and `stop()`: a backend that appears meanwhile counts from zero, and
    one that ends meanwhile is counted through the server that reaps it
    (`reaped_cpu_seconds`), less what it had used before `start()`. Before that a backend
    that ended took its time with it: a connection pool that replaced its connections
    during a phase read as PostgreSQL doing nothing. A backend of another database that
    ends meanwhile counts too (this module's own look at pg_stat_activity: a few
    milliseconds). An autovacuum worker still running at `stop()` is among them, its share
    also in `last_autovacuum`."""

    last_autovacuum = 0.0  # of the last `stop()`'s PostgreSQL seconds, autovacuum's

    def __init__(self, database_url: str, redis_pid: int) -> None:
        self.database_url, self.redis_pid = database_url, redis_pid

    def start(self) -> None:
        self.redis0 = own_cpu_seconds(self.redis_pid)
        self.pg0 = {pid: own_cpu_seconds(pid) for pid in database_backends(self.database_url)}
        self.server = next((pid for pid, first in _service_processes("postgres") if first), 0)
        self.reaped0 = reaped_cpu_seconds(self.server)

    def stop(self) -> dict:
        redis = own_cpu_seconds(self.redis_pid) - self.redis0
        used = {pid: (own_cpu_seconds(pid) - self.pg0.get(pid, 0.0), autovacuum)
                for pid, autovacuum in database_backends(self.database_url).items()}
        ended = (reaped_cpu_seconds(self.server) - self.reaped0
                 - sum(cpu for pid, cpu in self.pg0.items() if pid not in used))
        self.last_autovacuum = sum(cpu for cpu, autovacuum in used.values() if autovacuum)
        return {"postgres": sum(cpu for cpu, _ in used.values()) + max(0.0, ended),
                "redis": redis}


def cpu_ticks() -> tuple[int, int]:
    """(all CPU time, time stolen by the hypervisor), in ticks since boot (/proc/stat)."""
    fields = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return sum(fields[:8]), fields[7]


def steal_share(before: tuple[int, int], after: tuple[int, int]) -> float:
    """The share of CPU time the hypervisor took between two `cpu_ticks()` readings: on a
    virtual machine, time this machine's processes were ready to run and could not."""
    total = after[0] - before[0]
    return (after[1] - before[1]) / total if total else 0.0
