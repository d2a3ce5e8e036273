"""A Defenders rules case's `expect:` step: what must be true of the state, and the events
since the previous expectation (docs/rules-cases-extensions-defenders.md lists the keys)."""
from __future__ import annotations

from typing import Any, Callable, Optional

from defenders.rules.hexes import parse_edge, parse_hex
from defenders.rules.state import GameState
from defenders.rules.turns import awaiting
from defenders.rules_cases_read import hex_counts
from games.platform.case_checks import outcome_problem


def _counts(raw: Any) -> dict:
    return hex_counts(raw, "expect")


def _show(counts: dict) -> dict:
    return {f"{h[0]},{h[1]}": n for h, n in sorted(counts.items())}


def _hexes(raw: Any) -> list:
    return sorted(parse_hex(h) for h in raw or [])


def _edges(raw: Any) -> set:
    return {parse_edge(e) for e in raw or []}


def _faction(state: GameState, want: dict) -> Optional[str]:
    for fid, fields in want.items():
        f = state.factions.get(fid)
        if f is None:
            return f"faction {fid} is not in play"
        for key, value in fields.items():
            if key == "at":
                got: Any = None if f.at is None else list(f.at)
            elif key == "camps":
                got, value = sorted(f.camps), _hexes(value)
            elif key == "deck_size":
                got = len(f.deck)
            elif key == "exhausted_size":
                got = len(f.exhausted)
            elif key == "top":
                got = f.top
            elif hasattr(f, key):
                got = getattr(f, key)
            else:
                return f"faction {fid}.{key}: not a field"
            if got != value:
                return f"faction {fid}.{key}: expected {value!r}, got {got!r}"
    return None


def _outcome(state: GameState, want: Any) -> Optional[str]:
    return outcome_problem(None if state.outcome is None else state.outcome.to_data(), want)


def _engines(state: GameState, want: list) -> Optional[str]:
    got = [None if g.in_core else {"left": list(g.left), "right": list(g.right),
                                   "ahead": list(g.ahead)} for g in state.engines]
    norm = [None if w is None else {k: list(parse_hex(w[k])) for k in ("left", "right", "ahead")}
            for w in want]
    return None if got == norm else f"engines: expected {norm}, got {got}"


def _subsequence(wanted: list, kinds: list) -> bool:
    it = iter(kinds)
    return all(any(kind == want for kind in it) for want in wanted)


def _simple(getter: Callable[[GameState], Any]) -> Callable[[GameState, Any], Optional[str]]:
    def check(state: GameState, want: Any) -> Optional[str]:
        got = getter(state)
        return None if got == want else f"expected {want!r}, got {got!r}"
    return check


def _walls_include(state: GameState, want: Any) -> Optional[str]:
    missing = _edges(want) - state.walls
    return f"no wall on {sorted(missing)}" if missing else None


def _walls_exclude(state: GameState, want: Any) -> Optional[str]:
    there = _edges(want) & state.walls
    return f"a wall stands on {sorted(there)}" if there else None


def _at(want: dict) -> list:
    """{"q,r": n} as [(hex, n)], zeros kept (a hex expected to be empty)."""
    return [(parse_hex([int(x) for x in str(k).split(",")]), int(n)) for k, n in want.items()]


def _mechs_at(state: GameState, want: dict) -> Optional[str]:
    for h, n in _at(want):
        if state.mechs_at(h) != n:
            return f"mechs at {list(h)}: expected {n}, got {state.mechs_at(h)}"
    return None


def _pollution_at(state: GameState, want: dict) -> Optional[str]:
    for h, n in _at(want):
        if state.pollution.get(h, 0) != n:
            return f"pollution at {list(h)}: expected {n}, got {state.pollution.get(h, 0)}"
    return None


def _factories(state: GameState, want: Any) -> Optional[str]:
    got = sorted([list(h), t, r] for h, (t, r) in state.factories.items())
    norm = sorted([list(parse_hex(f["hex"])), int(f["tile"]), bool(f.get("rewilded", False))]
                  for f in want)
    return None if got == norm else f"factories: expected {norm}, got {got}"


def _hands(state: GameState, want: dict) -> Optional[str]:
    for seat, cards in want.items():
        got = sorted(state.seat(seat).hand)
        if got != sorted(cards):
            return f"hand of {seat}: expected {sorted(cards)}, got {got}"
    return None


def _hand_size(state: GameState, want: dict) -> Optional[str]:
    for seat, n in want.items():
        if len(state.seat(seat).hand) != n:
            return f"hand size of {seat}: expected {n}, got {len(state.seat(seat).hand)}"
    return None


CHECKS: dict[str, Callable[[GameState, Any], Optional[str]]] = {
    "factions": _faction,
    "outcome": _outcome,
    "engines": _engines,
    "walls": lambda s, w: None if s.walls == _edges(w) else
    f"walls: expected {sorted(_edges(w))}, got {sorted(s.walls)}",
    "walls_include": _walls_include,
    "walls_exclude": _walls_exclude,
    "wall_count": _simple(lambda s: len(s.walls)),
    "breaches": lambda s, w: None if set(s.breaches) == _edges(w) else
    f"breaches: expected {sorted(_edges(w))}, got {sorted(s.breaches)}",
    "mechs": lambda s, w: None if s.mechs == _counts(w) else
    f"mechs: expected {_show(_counts(w))}, got {_show(s.mechs)}",
    "mechs_at": _mechs_at,
    "pollution": lambda s, w: None if s.pollution == _counts(w) else
    f"pollution: expected {_show(_counts(w))}, got {_show(s.pollution)}",
    "pollution_at": _pollution_at,
    "toxic": lambda s, w: None if sorted(s.toxic) == _hexes(w) else
    f"toxic: expected {_hexes(w)}, got {sorted(s.toxic)}",
    "factories": _factories,
    "core": _simple(lambda s: list(s.core)),
    "direction": _simple(lambda s: s.direction),
    "stage": _simple(lambda s: s.turn.stage),
    "active": _simple(lambda s: s.turn.active),
    "first": _simple(lambda s: s.turn.first),
    "ap": _simple(lambda s: s.turn.ap),
    "round": _simple(lambda s: s.turn.round),
    "awaiting": _simple(awaiting),
    "pending": _simple(lambda s: len(s.turn.pending)),
    "hands": _hands,
    "hand_size": _hand_size,
    "deaths": _simple(lambda s: {k: list(v) for k, v in s.deaths.items() if v}),
    "machine_deck": _simple(lambda s: list(s.deck)),
    "machine_deck_size": _simple(lambda s: len(s.deck)),
    "machine_discard": _simple(lambda s: list(s.discard)),
}


def check_expect(state: GameState, expect: dict, events: list) -> Optional[str]:
    """The first mismatch between the state (and the events since the last expectation)
    and `expect`, or None."""
    for key, want in expect.items():
        if key == "events":
            kinds = [e.kind for e in events]
            if not _subsequence(list(want), kinds):
                return f"events: expected {want} in order, got {kinds}"
            continue
        if key == "no_events":
            kinds = [e.kind for e in events]
            found = [k for k in want if k in kinds]
            if found:
                return f"events: none of {found} should have happened"
            continue
        check = CHECKS.get(key)
        if check is None:
            return f"unknown expectation {key!r}"
        problem = check(state, want)
        if problem:
            return problem if key in ("factions", "outcome", "engines") or ":" in problem \
                else f"{key}: {problem}"
    return None
