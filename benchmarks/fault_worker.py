"""A real `celery -A wildlands_site worker` for fault tests and the Ancients' benchmark.

    python benchmarks/fault_worker.py [celery worker options...]

It is the project's worker (same app, same settings, same task) with three optional
changes, each set by an environment variable so that the test that starts it says what it
changed:

* FAULT_PAUSE=<seconds> and FAULT_MARKER=<path>: the first Ancients' turn this process runs
  writes the marker (its pid) and then sleeps before the rules run, inside the task's
  transaction with the game row locked: the moment a test kills it with SIGKILL.
* FAULT_VISIBILITY_TIMEOUT=<seconds>: Redis hands a message that was taken but never
  acknowledged to another worker only after this long (kombu's default is one hour); with
  it, a test can watch a killed worker's task be delivered again within seconds.
"""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _pause_first_turn(marker: str, pause: float) -> None:
    from wildlands.rules import engine

    real = engine.advance
    fired = []

    def advance(state):
        if not fired:
            fired.append(True)
            if marker:
                Path(marker).write_text(str(os.getpid()))
            time.sleep(pause)
        return real(state)

    engine.advance = advance  # games.services calls engine.advance through the module


def main(argv: list[str]) -> None:
    sys.path.insert(0, str(ROOT))
    os.chdir(ROOT)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wildlands_site.settings")
    from wildlands_site.celery import app

    pause = float(os.environ.get("FAULT_PAUSE", "0") or 0)
    if pause > 0:
        _pause_first_turn(os.environ.get("FAULT_MARKER", ""), pause)
    timeout = os.environ.get("FAULT_VISIBILITY_TIMEOUT")
    if timeout:
        app.conf.broker_transport_options = {
            **(app.conf.broker_transport_options or {}),
            "visibility_timeout": float(timeout), "unacked_restore_interval": 1}
    app.worker_main(["worker", *argv])


if __name__ == "__main__":
    main(sys.argv[1:])
