"""Race to 21 without the house, the peer benchmark's game on this site (benchmarks/peer_bench.py).

p1 and p2 add 1, 2 or 3 to a shared total in turn; whoever brings it to 21 wins. It is the
example game (examples/, its declaration) with its house taken out, so the site
plays exactly what boardgame.io plays in benchmarks/peer/race.js: no worker, no opponent,
nothing but two people's commands stored, viewed and sent. Registered only in the
benchmark's own processes (benchmarks/bare_asgi.py with BENCH_PEER_GAME=1).
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, ClassVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from examples.race21.game import RaceGame  # noqa: E402

KEY = "race21peer"


class PeerRace(RaceGame):
    key: ClassVar[str] = KEY
    title: ClassVar[str] = "Race to 21 (two people, no house)"
    offered_in_lobby: ClassVar[bool] = False
    opponent: ClassVar[str] = ""

    def stored_options(self, choices) -> dict:
        return {"target": 21}

    def apply(self, state: dict, seat: str, command: Any) -> tuple[dict, list]:
        new, events = super().apply(state, seat, command)
        return dict(new, house_due=False), events

    def legal_commands(self, state: dict, seat: str) -> list[dict]:
        """Additions only: boardgame.io's race (benchmarks/peer/race.js) has no take-back,
        and the throughput benchmark's clients, which choose from this list, would
        otherwise send the example's undo, the database thread's way."""
        return [c for c in super().legal_commands(state, seat) if c.get("do") != "undo"]


def register() -> None:
    """Make the game known to this process's registry (idempotent)."""
    from games.platform import registry

    try:
        registry.get(KEY)
    except registry.UnknownGame:
        registry.register(PeerRace())
