"""Real Celery workers for the tests that need them: started from benchmarks/fault_worker.py
as other processes against the same PostgreSQL and Redis (DATABASE_URL, REDIS_URL), stopped
by their own process, and waited on with their log in the failure message."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Optional

from django.conf import settings

from benchmarks.live_site import database_url

ROOT = Path(settings.BASE_DIR)
DB = settings.DATABASES["default"]
REDIS_URL = os.environ.get("REDIS_URL", "").strip()
POSTGRES = DB["ENGINE"].endswith("postgresql")


def worker_env(**extra: str) -> dict:
    return {**os.environ, "DATABASE_URL": database_url(DB), "PYTHONUNBUFFERED": "1", **extra}


def start_worker(queue: str, log: Path, **extra: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, str(ROOT / "benchmarks" / "fault_worker.py"), "--pool=solo",
         "-Q", queue, "--without-heartbeat", "--without-gossip", "--without-mingle",
         "-l", "INFO", "-n", f"{queue}@%h"],
        cwd=ROOT, env=worker_env(**extra), stdout=log.open("ab"), stderr=subprocess.STDOUT)


def stop(process: Optional[subprocess.Popen], timeout: float = 30) -> None:
    """Stop a worker this test started (by its own process), killed if it will not go."""
    if process is not None and process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()


def wait_for(predicate, seconds: float, what: str, log: Path) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.1)
    raise AssertionError(f"{what} within {seconds}s; worker log:\n{log.read_text()[-3000:]}")
