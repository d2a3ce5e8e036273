"""What every site benchmark needs first: the production shape (PostgreSQL, Redis), Django
set up in this process against the benchmark database, and the facts of the machine.

The database and Redis come from BENCH_DATABASE_URL / BENCH_REDIS_URL, else DATABASE_URL /
REDIS_URL, else the loopback services `.ci/run` starts (role `wildlands`, database
`wl_bench`, Redis db 11), so `make bench` works on a CI-shaped machine as it is. The
benchmark database is created if missing and migrated; games the benchmarks create are
left in it rather than flushing anything. They add up (a whole `make bench` leaves some
30,000 games, most of them the peer table's, and the load steps' durability check reads
only their own): after a week of runs, 2.7 GB of them measured no slower at 1,000 load
tables than a fresh database, and at 9.7 GB the peer table's figures were still within
their spread, though a run of it took nearly three times as long, making its games
(docs/performance.md). Every site benchmark prints what the database holds
(`database_held`). Point BENCH_DATABASE_URL at a new name to start empty.
"""
from __future__ import annotations

import datetime
import os
import platform
import statistics
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any, Optional, Sequence

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
        database_held(),
    ]


def database_held() -> str:
    """The line that says what the benchmark database holds. Its games stay from run to run
    (the module's docstring), so its size is part of what a figure was measured on: grown
    to 9.7 GB, it made the benchmarks' set-up nearly three times as slow
    (docs/performance.md)."""
    import psycopg
    from urllib.parse import urlparse

    database = urls()[0]
    name = urlparse(database).path.lstrip("/")
    try:
        with psycopg.connect(database, connect_timeout=5) as conn:
            size, games = conn.execute(
                "SELECT pg_database_size(current_database()), "
                "(SELECT reltuples FROM pg_class WHERE relname = 'games_game')").fetchone()
    except psycopg.Error as error:
        return f"benchmark database {name}: not read ({type(error).__name__})"
    held = "no games yet" if games is None or games < 0 else f"about {games:,.0f} games"
    return f"benchmark database {name}: {size / 2 ** 30:.1f} GiB, {held}"


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
    between `start()` and `stop()`. A backend that appears meanwhile counts from zero; one
    that ends meanwhile counts up to its last reading, a thread reading every backend of the
    database every `EVERY` seconds while the meter runs, so at most that much of an ended
    backend's work is lost. Read only at the two ends, an ended backend took all its time
    with it (a site phase's PostgreSQL read 0.00 to 0.38 ms a command from one run to the
    next); the server's own count of its ended children (/proc cutime) counts every
    database's, boardgame.io's pool among them, and was not kept. An autovacuum worker is
    among them, its share also in `last_autovacuum`."""

    EVERY = 0.2
    last_autovacuum = 0.0  # of the last `stop()`'s PostgreSQL seconds, autovacuum's

    def __init__(self, database_url: str, redis_pid: int) -> None:
        self.database_url, self.redis_pid = database_url, redis_pid

    def start(self) -> None:
        self.redis0 = own_cpu_seconds(self.redis_pid)
        from urllib.parse import urlparse

        self._connection = _activity_connection(self.database_url)
        self._database = urlparse(self.database_url).path.lstrip("/")
        self.pg0 = self._backends()
        self._last = dict(self.pg0)
        self._stopping = threading.Event()
        self._watcher = threading.Thread(target=self._watch, name="pg-meter", daemon=True)
        self._watcher.start()

    def stop(self) -> dict:
        redis = own_cpu_seconds(self.redis_pid) - self.redis0
        self._stopping.set()
        self._watcher.join()
        self._last.update(self._backends())
        self._connection.close()
        used = {pid: (cpu - self.pg0.get(pid, (0.0, False))[0], autovacuum)
                for pid, (cpu, autovacuum) in self._last.items()}
        self.last_autovacuum = sum(cpu for cpu, autovacuum in used.values() if autovacuum)
        return {"postgres": sum(cpu for cpu, _ in used.values()), "redis": redis}

    def _watch(self) -> None:
        while not self._stopping.wait(self.EVERY):
            self._last.update(self._backends())

    def _backends(self) -> dict[int, tuple[float, bool]]:
        """Each backend on the database now: its CPU seconds so far, whether autovacuum's
        (one that ended between the query and its reading is left out). The watching thread
        is the connection's one user between `start()` and `stop()`."""
        rows = self._connection.execute(_BACKENDS_SQL, [self._database]).fetchall()
        readings = {pid: (own_cpu_seconds(pid), bool(autovacuum)) for pid, autovacuum in rows}
        return {pid: reading for pid, reading in readings.items() if reading[0] > 0}


_BACKENDS_SQL = ("SELECT pid, backend_type = 'autovacuum worker' FROM pg_stat_activity "
                 "WHERE datname = %s")


def _activity_connection(database_url: str) -> Any:
    """A connection to the server's `postgres` database, for reading pg_stat_activity."""
    import psycopg
    from urllib.parse import urlparse

    parts = urlparse(database_url)
    return psycopg.connect(host=parts.hostname, port=parts.port or 5432, user=parts.username,
                           password=parts.password, dbname="postgres", autocommit=True)


def cpu_ticks() -> tuple[int, int]:
    """(all CPU time, time stolen by the hypervisor), in ticks since boot (/proc/stat)."""
    fields = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return sum(fields[:8]), fields[7]


def steal_share(before: tuple[int, int], after: tuple[int, int]) -> float:
    """The share of CPU time the hypervisor took between two `cpu_ticks()` readings: on a
    virtual machine, time this machine's processes were ready to run and could not."""
    total = after[0] - before[0]
    return (after[1] - before[1]) / total if total else 0.0
