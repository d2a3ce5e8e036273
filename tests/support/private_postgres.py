"""A PostgreSQL cluster of one test's own, for the tests that stop and restart the database
mid-game: the shared server is used by everyone else and must never be restarted.

`initdb` and `pg_ctl` from Debian's /usr/lib/postgresql/*/bin make a cluster in a temporary
directory, listening on 127.0.0.1 on a free port (no durability: fsync off). PostgreSQL
refuses to run as root, so as root every command runs as the `postgres` system user.
Everything started here is stopped by `close()` (pg_ctl reads the postmaster's own pid).
"""
from __future__ import annotations

import glob
import os
import shutil
import signal
import subprocess
import tempfile
from pathlib import Path
from typing import Optional

from support.sockets import child_pids

USER, PASSWORD = "wildlands", "wildlands"


def postgres_bin() -> Optional[Path]:
    """The newest installed PostgreSQL's bin directory (None: not installed)."""
    found = [Path(p).parent for p in glob.glob("/usr/lib/postgresql/*/bin/initdb")]
    found.sort(key=lambda bin_: int(bin_.parent.name) if bin_.parent.name.isdigit() else 0)
    return found[-1] if found else None


def why_not() -> Optional[str]:
    """Why a private cluster cannot be made here, or None."""
    if postgres_bin() is None:
        return "needs PostgreSQL's initdb and pg_ctl (/usr/lib/postgresql/*/bin)"
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        return "running as root needs runuser to start PostgreSQL as another user"
    if os.geteuid() == 0:
        try:
            import pwd
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root needs a `postgres` system user to run PostgreSQL"
    return None


class PrivateCluster:
    """One cluster: `start()`, `stop(mode)` (a restart is a stop and a start), `freeze()` and
    `thaw()`, `close()`."""

    def __init__(self, port: int, database: str = "wl_private") -> None:
        self.port, self.database = port, database
        self.bin = postgres_bin()
        self.root = Path(tempfile.mkdtemp(prefix="wl-private-pg-"))
        self.data = self.root / "data"
        self.log = self.root / "postgres.log"
        self.as_user: list[str] = []
        if os.geteuid() == 0:
            shutil.chown(self.root, "postgres", "postgres")
            self.as_user = ["runuser", "-u", "postgres", "--"]

    def _run(self, tool: str, *args: str, timeout: float = 120) -> None:
        assert self.bin is not None
        done = subprocess.run([*self.as_user, str(self.bin / tool), *args], cwd=self.root,
                              capture_output=True, text=True, timeout=timeout)
        if done.returncode != 0:
            raise RuntimeError(f"{tool} {' '.join(args)} failed ({done.returncode}):\n"
                               f"{done.stdout}{done.stderr}\n{self.log_tail()}")

    def create(self) -> "PrivateCluster":
        self._run("initdb", "-D", str(self.data), "-U", USER, "--auth=trust", "-E", "UTF8",
                  "--no-sync")
        self.start()
        self._run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", USER, self.database)
        return self

    def start(self) -> None:
        options = (f"-p {self.port} -c listen_addresses=127.0.0.1 "
                   f"-c unix_socket_directories={self.root} -c fsync=off "
                   f"-c full_page_writes=off -c max_connections=100")
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-o", options, "-w",
                  "-t", "60", "start")

    def stop(self, mode: str = "fast") -> None:
        """`immediate` is a crash: every backend dies, recovery runs at the next start."""
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "-t", "60", "stop")

    def freeze(self) -> None:
        """Every process of the cluster stopped where it stands (SIGSTOP), the postmaster
        first so that it forks no more: the server as a hung host would leave it, its
        sockets open and every answer withheld. `thaw` lets it go on."""
        self._signal(self._processes(), signal.SIGSTOP)

    def thaw(self) -> None:
        self._signal(reversed(self._processes()), signal.SIGCONT)

    @staticmethod
    def _signal(pids, signal_number: int) -> None:
        for pid in pids:
            try:
                os.kill(pid, signal_number)
            except ProcessLookupError:  # a backend that ended since it was listed
                pass

    def _processes(self) -> list[int]:
        """The postmaster (from its pid file), then its children (every one is named
        "postgres: ..." on its command line)."""
        postmaster = int((self.data / "postmaster.pid").read_text().split()[0])
        return [postmaster, *child_pids(postmaster, marker="postgres")]

    def running(self) -> bool:
        return (self.data / "postmaster.pid").exists()

    def close(self) -> None:
        try:
            if self.running():
                self.thaw()  # a frozen postmaster would not hear pg_ctl
                self.stop("immediate")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def settings(self) -> dict:
        """Django's DATABASES entry fields that point at this cluster."""
        return {"HOST": "127.0.0.1", "PORT": str(self.port), "NAME": self.database,
                "USER": USER, "PASSWORD": PASSWORD}

    def url(self) -> str:
        return f"postgres://{USER}:{PASSWORD}@127.0.0.1:{self.port}/{self.database}"

    def log_tail(self, chars: int = 3000) -> str:
        try:
            return self.log.read_text()[-chars:]
        except OSError:
            return ""
