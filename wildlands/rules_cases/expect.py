"""A rules case's `expect:` step: what must be true of the state, and the events since
the last expectation, at that point (docs/rules-cases.md)."""
from __future__ import annotations

from collections import Counter
from typing import Any, Callable, Optional

from games.platform.case_checks import outcome_problem
from wildlands.rules.maps.hooks import public as map_public
from wildlands.rules.state import GameState
from wildlands.rules_cases.awoken import AWOKEN_EXPECT
from wildlands.rules_cases.setup_phase import SETUP_EXPECT
from wildlands.rules_cases.war import WAR_EXPECT
from wildlands.rules_cases.wrath import WRATH_EXPECT

# mode -> {key: function(state, expected) -> mismatch text or None}: a mode's own expectations
MODE_EXPECT: dict[str, dict[str, Callable]] = {"awoken": AWOKEN_EXPECT,
                                               "war": {**WAR_EXPECT, **WRATH_EXPECT},
                                               "wrath": WRATH_EXPECT, "skirmish": SETUP_EXPECT}


def _figure_mismatch(kind: str, figure, expected: dict) -> Optional[str]:
    if figure is None:
        return f"{kind} does not exist"
    if not isinstance(expected, dict):
        return f"{kind}: expectation must be a mapping"
    for key, want in expected.items():
        if not hasattr(figure, key):
            return f"{kind}.{key}: not a field"
        got = getattr(figure, key)
        if isinstance(got, bool) or isinstance(want, bool):
            ok = bool(got) == bool(want) if key == "ensnared" else got == want
        elif isinstance(got, list) and isinstance(want, list):
            ok = sorted(map(str, got)) == sorted(map(str, want))
        else:
            ok = got == want
        if not ok:
            return f"{kind}.{key}: expected {want!r}, got {got!r}"
    return None


def _subsequence(wanted: list, kinds: list) -> bool:
    it = iter(kinds)
    return all(any(kind == want for kind in it) for want in wanted)


def check_expect(state: GameState, expect: dict, events_since: list) -> Optional[str]:
    for key, want in expect.items():
        problem = None
        if key == "characters":
            for cid, fields in want.items():
                problem = _figure_mismatch(f"character {cid}", state.characters.get(cid), fields)
                if problem:
                    break
        elif key in ("minions", "ancients"):
            for mid, fields in want.items():
                figure = state.monsters.get(mid)
                if figure is not None and figure.kind != key[:-1]:
                    figure = None
                problem = _figure_mismatch(f"{key[:-1]} {mid}", figure, fields)
                if problem:
                    break
        elif key == "active":
            if state.turn.active != want:
                problem = f"active: expected {want}, got {state.turn.active}"
        elif key == "hands":
            for pid, cards in want.items():
                got = state.player(pid).hand
                if Counter(got) != Counter(cards or []):
                    problem = f"hand of {pid}: expected {sorted(cards or [])}, got {sorted(got)}"
                    break
        elif key == "hand_size":
            for pid, size in want.items():
                if len(state.player(pid).hand) != size:
                    problem = f"hand size of {pid}: expected {size}, got {len(state.player(pid).hand)}"
                    break
        elif key in ("deck_size", "discard_size"):
            pile = key.split("_")[0]
            for pid, size in want.items():
                got = len(getattr(state.player(pid), pile))
                if got != size:
                    problem = f"{pile} size of {pid}: expected {size}, got {got}"
                    break
        elif key == "score":
            for pid, score in want.items():
                if state.player(pid).score != score:
                    problem = f"score of {pid}: expected {score}, got {state.player(pid).score}"
                    break
        elif key == "shards":
            for pid, spaces in want.items():
                if sorted(state.player(pid).shards) != sorted(spaces):
                    problem = f"shards of {pid}: expected {sorted(spaces)}, got {sorted(state.player(pid).shards)}"
                    break
        elif key == "prompt":
            got = state.prompt
            if want is None:
                if got is not None:
                    problem = f"prompt: expected none, got {got.kind} to {got.to}"
            elif got is None:
                problem = f"prompt: expected {want}, got none"
            else:
                data = got.to_data()
                for field, value in want.items():
                    if data.get(field) != value:
                        problem = f"prompt.{field}: expected {value!r}, got {data.get(field)!r}"
                        break
        elif key == "outcome":
            problem = outcome_problem(state.outcome, want)
        elif key == "events":
            kinds = [e.kind for e in events_since]
            if not _subsequence(list(want), kinds):
                problem = f"events: expected {want} in order, got {kinds}"
        elif key == "actor":
            if state.turn.actor != want:
                problem = f"actor: expected {want}, got {state.turn.actor}"
        elif key == "map_rules":  # a map's own memory, as every seat sees it (maps.hooks.public)
            shown = map_public(state)
            for field, value in want.items():
                got = shown.get(field, {} if field == "curses" else None)
                if got != value:
                    problem = f"map_rules.{field}: expected {value!r}, got {got!r}"
                    break
        elif key in MODE_EXPECT.get(state.mode, {}):
            problem = MODE_EXPECT[state.mode][key](state, want)
        else:
            problem = f"unknown expectation {key!r}"
        if problem:
            return problem
    return None
