"""Which process holds which socket, read from Linux's /proc: for the fault tests that kill
one of uvicorn's worker processes and must know whose clients it served."""
from __future__ import annotations

import os
from pathlib import Path


def child_pids(parent: int, marker: str = "spawn_main") -> list[int]:
    """The children of `parent` whose command line holds `marker` (uvicorn's workers are
    multiprocessing children; its resource tracker is not one of them)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes().decode(errors="replace")
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        if ppid == parent and marker in cmdline:
            found.append(int(entry.name))
    return sorted(found)


def _inodes(pid: int) -> set[str]:
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[8:-1])
    return inodes


def peers_of(pid: int, port: int) -> set[int]:
    """The remote ports of the TCP connections that process `pid` accepted on `port`."""
    inodes, peers = _inodes(pid), set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            local, remote, inode = fields[1], fields[2], fields[9]
            if inode in inodes and int(local.rsplit(":", 1)[1], 16) == port:
                peers.add(int(remote.rsplit(":", 1)[1], 16))
    return peers
