"""How the serving processes (web, Celery worker) run Python's cycle collector.

Each web process holds the parsed state of every game it serves (`games.pipeline.states.STATES`),
hundreds of thousands of objects under load, and every command replaces one. With
CPython's default thresholds that turnover set off a full collection every few seconds,
each walking every object in the process with the event loop stopped: 200-400 ms in which
no socket of the process was answered. Those pauses were the load benchmark's p99
(docs/performance.md). The fix is the usual one for long-lived servers:

* `gc.freeze()` once everything imported at startup is loaded: Django, the rules and the
  content are never garbage, so a full collection need not walk them;
* higher thresholds: the first generation collected every 10,000 net allocations instead
  of 700, a full collection after 100 of the second instead of 10. Garbage without cycles
  (nearly all of it: old game states) is still freed at once by reference counting; only
  cyclic garbage waits longer, and little is made (a full collection under load found a
  few hundred objects).
"""
from __future__ import annotations

import gc

THRESHOLDS = (10_000, 20, 100)


def settle_after_startup() -> None:
    """Collect what starting up left, freeze what survived, raise the thresholds."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
