"""Writes tests/js/defenders/fixtures.json from the real Defenders core, so the board's unit
tests read true views, events and legal lists (run it again when the core's shapes change:
`.venv/bin/python tests/js/defenders/make_fixtures.py`)."""
from __future__ import annotations

import json
from pathlib import Path

from defenders import bots
from defenders.content_loader import load_content
from defenders.rules.engine import advance, apply
from defenders.rules.legal import legal_commands
from defenders.rules.setup import new_game
from defenders.rules.turns import awaiting
from defenders.rules.view import view_for
from games.platform.rng import Rng, seed_state


class _Holder:
    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)


def _data(events: list, seat: str | None) -> list:
    return [e.to_data() for e in events if e.visible_to(seat)]


BOARD = ("core", "arrows", "direction", "factories", "walls", "breaches", "engines",
         "mechs", "pollution", "toxic", "factions", "turn", "machine_deck_size", "machine_discard")


# the players' events that change the board (the player steps' fixtures keep one of each)
BOARD_KINDS = {"starting_camp_placed", "organizer_moved", "organizer_regrouped",
               "organizer_relocated", "camp_built", "camp_relocated", "faction_exited",
               "pollution_cleared", "toxic_site_cleared", "mech_destroyed", "wall_breached",
               "factory_rewilded"}


def _board(view: dict) -> dict:
    """The parts of a view the board draws (the machine turns' fixtures keep only these)."""
    return {k: view[k] for k in BOARD}


def main() -> None:
    content = load_content()
    out: dict = {"machine_turns": [], "player_steps": [], "player_kinds": set(), "kinds": {}}
    for seed in (7, 11, 12):
        _play(content, seed, out)
    out["player_kinds"] = sorted(out["player_kinds"])
    path = Path(__file__).with_name("fixtures.json")
    path.write_text(json.dumps(out, separators=(",", ":")) + "\n")
    print(f"wrote {path} ({path.stat().st_size // 1024} KiB, {len(out['kinds'])} event kinds, "
          f"{len(out['machine_turns'])} machine turns)")


def _play(content, seed: int, out: dict) -> None:
    factions = {"p1": ["order"], "p2": ["sect"]}
    state, _ = new_game(content, ["p1", "p2"], factions, tier="expert", seed=seed)
    rng = Rng(_Holder(seed))
    out.setdefault("camps", {"view": view_for(state, "p1"), "legal": legal_commands(state, "p1")})
    steps = 0
    while state.outcome is None and steps < 4000:
        steps += 1
        waiting = awaiting(state)
        if state.turn.stage == "organize" and "organize" not in out and len(waiting) == 1:
            out["organize"] = {"picked": "p1" if "p2" in waiting else "p2",
                               "views": {s: view_for(state, s) for s in ("p1", "p2")},
                               "legal": {s: legal_commands(state, s) for s in ("p1", "p2")}}
        if state.turn.stage == "action" and state.turn.ap > 0 and "action" not in out:
            seat = state.turn.active
            out["action"] = {"seat": seat, "view": view_for(state, seat),
                             "legal": legal_commands(state, seat)}
        before = view_for(state, "p1")
        if waiting == ["machines"]:
            state, events = advance(state)
            if len(out["machine_turns"]) < 25:
                out["machine_turns"].append({"before": _board(before), "events": _data(events, "p1"),
                                             "after": _board(view_for(state, "p1"))})
        else:
            seat = waiting[0]
            state, events = apply(state, seat, bots.choose(state, seat, legal_commands(state, seat), rng))
            fresh = {e.kind for e in events} - out["player_kinds"]
            if fresh & BOARD_KINDS:  # a command showing a kind of board change not kept yet
                out["player_kinds"] |= fresh
                out["player_steps"].append({"before": _board(before), "events": _data(events, "p1"),
                                            "after": _board(view_for(state, "p1"))})
        for e in events:
            out["kinds"].setdefault(e.kind, e.to_data())
    out.setdefault("end", view_for(state, "p1"))


if __name__ == "__main__":
    main()
