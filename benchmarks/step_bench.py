"""The CPU the store spends building one step, without a database: for A/B checks of the
command pipeline on a machine too busy for the site benchmarks.

    python benchmarks/step_bench.py [--rounds 7] [--repeat 200]

Two steps, each built as `games.pipeline` builds them (the game's declaration applies the
command, then `build_step` makes the event and command rows, the row's new values and
every seat's update as JSON text):
- a skirmish command as the loop's way takes it (`commands.short_way_step`: apply + build),
  six moves into the game;
- an Ancients' step of a co-op game (`steps.build_step` for the worker's `advance`).
Printed per step: microseconds of process CPU, best and median of `rounds` rounds of
`repeat` builds, and a digest of what was built (the seats' update texts, the events, the
commands and the row's new columns) to show two commits build the same bytes.

With `--cold`, each build follows work that evicts the processor's caches (32 MiB touched,
unrelated Python run), as a web process's commands do: there the same code runs four to
five times slower than in a loop over one step (docs/performance.md), and a change that
pays hot may not pay cold. Printed then: the p25 and median of single builds.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import sys
import time
import uuid
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]


def timed(build: Callable[[], Any], rounds: int, repeat: int) -> tuple[float, float]:
    for _ in range(repeat // 4):
        build()
    runs = []
    for _ in range(rounds):
        started = time.process_time()
        for _ in range(repeat):
            build()
        runs.append((time.process_time() - started) / repeat * 1e6)
    runs.sort()
    return runs[0], runs[len(runs) // 2]


def evict_caches(memory: bytearray, unrelated: list) -> None:
    """Touch every cache line of `memory` and run some unrelated Python on `unrelated`."""
    for i in range(0, len(memory), 64):
        memory[i] = (memory[i] + 1) & 255
    json.loads(json.dumps(unrelated))


def timed_cold(build: Callable[[], Any], rounds: int, repeat: int) -> tuple[float, float]:
    """Single builds, each after `evict_caches` (32 MiB touched): (p25, median)
    microseconds of this thread's CPU."""
    memory = bytearray(32 * 1024 * 1024)
    unrelated = [{f"k{i}": list(range(20))} for i in range(2000)]
    build()
    runs = []
    for _ in range(rounds * max(repeat // 20, 1)):
        evict_caches(memory, unrelated)
        started = time.thread_time()
        build()
        runs.append((time.thread_time() - started) * 1e6)
    runs.sort()
    return runs[len(runs) // 4], runs[len(runs) // 2]


def digest(built: Any) -> str:
    found = hashlib.sha256()
    for delivery in built.result.deliveries:
        found.update(delivery.message["update_text"].encode())
    for row in built.rows:
        found.update(json.dumps([row.seq, row.version, row.kind, row.data, row.visible_to],
                                sort_keys=True).encode())
    for command in built.commands:
        found.update(json.dumps([command.version, command.seat, command.command]).encode())
    found.update(json.dumps([built.game.version, built.game.last_seq, built.game.awaiting,
                             sorted(built.fields)]).encode())
    return found.hexdigest()[:12]


def known_row(**known: Any):
    from games.models import Game

    names = [f.attname for f in Game._meta.concrete_fields if f.attname in known]
    return Game.from_db("default", names, [known[name] for name in names])


def skirmish_step() -> Callable[[], Any]:
    from wildlands.content.factions import load_faction
    from wildlands.content.maps import load_map
    from games.pipeline.commands import short_way_step
    from games.platform import registry
    from wildlands.rules import engine
    from games.platform.rng import Rng, seed_state
    from wildlands.rules.setup import auto_assignment
    from wildlands.rules.wrath.setup import new_skirmish_or_wrath
    from support.site import scripted_command

    class Holder:
        rng = seed_state(7 ^ 0x5EED)

    chooser = Rng(Holder())
    state = new_skirmish_or_wrath(board=load_map("dungeon"),
                                  factions=[load_faction("guild"), load_faction("gnomads")],
                                  player_ids=["p1", "p2"], seed=7, colours=["purple", "green"])
    for seat in ("p1", "p2"):
        spaces = auto_assignment(state, seat, chooser)
        state, _ = engine.apply(state, seat, {"do": "assign", "spaces": spaces})
    for _ in range(6):
        state, _ = engine.apply(state, *scripted_command(state))
    seat, command = scripted_command(state)
    found = (seat, registry.get("skirmish"), state, 40)
    game_id = uuid.UUID(int=1)
    return lambda: short_way_step(game_id, found, state.version, command, may_finish=False)


def ancients_step() -> Callable[[], Any]:
    from ancients_ai.engine.scenarios import scenario_ids
    from ancients_ai.engine.setup import new_awoken
    from ancients_ai.modes import COOP_OPTIONS
    from wildlands.content.factions import load_faction
    from wildlands.content.maps import load_map
    from games.pipeline.steps import Step, build_step
    from games.platform import registry
    from wildlands.rules import engine
    from wildlands.rules.frames import has_deferred_work
    from wildlands.rules.legal import legal_commands

    state = new_awoken(board=load_map("dungeon"),
                       factions=[load_faction("guild"), load_faction("gnomads")],
                       player_ids=["p1", "p2"], scenario_ids=sorted(scenario_ids(), key=str)[:2],
                       seed=7, options=dict(COOP_OPTIONS))
    rng = random.Random(3)
    while not has_deferred_work(state):
        options = [(seat, command) for seat in state.player_ids()
                   for command in legal_commands(state, seat, verify=True)]
        seat, command = rng.choice(options)
        state, _ = engine.apply(state, seat, getattr(command, "to_data", lambda: command)())
    new, events = engine.advance(state)
    coop = registry.get("coop")
    game_id = uuid.UUID(int=2)
    return lambda: build_step(
        known_row(id=game_id, mode="coop", version=state.version, last_seq=40, status="playing"),
        coop, new, [Step("", {"advance": True}, new.version, events)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--cold", action="store_true", help="each build with cold caches")
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wildlands_site.settings")
    os.environ.setdefault("SECRET_KEY", "benchmark-only-not-a-secret")
    import django

    django.setup()
    for name, make in (("a skirmish command (loop's way: apply + build)", skirmish_step),
                       ("an Ancients' step (build)", ancients_step)):
        build = make()
        if args.cold:
            p25, median = timed_cold(build, args.rounds, args.repeat)
            print(f"{name}, cold: {p25:.0f} us p25, {median:.0f} us median; "
                  f"built {digest(build())}")
            continue
        best, median = timed(build, args.rounds, args.repeat)
        print(f"{name}: {best:.0f} us best, {median:.0f} us median; built {digest(build())}")


if __name__ == "__main__":
    main()
