"""Rules cases for Defenders of the Wild (`mode: defenders`): the adapter the shared runner
calls, `build_state(case) -> state` and `check_expect(state, expect, events) -> problem or
None`, plus `run_case` for running one case here. The format is described in
docs/rules-cases-extensions-defenders.md.

A step is a command (`{as: seat, do: ..., ...}`, optionally `expect_error: CODE`), an
`{advance: machines}` (the machines' turn, `engine.advance`) or an `expect:`.
"""
from __future__ import annotations

import json
from typing import Any, Optional

from defenders.rules.content import Content, DefenderDef, TrackSide, _ability
from defenders.rules.engine import advance, apply
from defenders.rules.hexes import CORE, is_right_handed, parse_edge
from defenders.rules.serialize import state_to_data
from defenders.rules.rng_util import Seeded
from defenders.rules.setup import TRACK_SIDE, deal_board
from defenders.rules.state import Catalog, Engine, Faction, GameState, Seat, Turn
from defenders.rules_cases_expect import check_expect
from defenders.rules_cases_read import CaseError, _hex, hex_counts
from defenders.rules.errors import RuleError
from games.platform.rng import seed_state

# the case `mode:` values run here besides the key: none (a Defenders case says `mode: defenders`)
CASE_MODES: tuple = ()

CASE_KEYS = {"name", "rule", "mode", "seed", "board", "machines", "players", "turn", "tier",
             "deaths", "defenders", "track", "die", "steps", "description"}


def _content() -> Content:
    from defenders.content_loader import load_content
    return load_content()


def _edge(value: Any, where: str):
    try:
        return parse_edge(value)
    except ValueError as exc:
        raise CaseError(f"{where}: {exc}") from None


def _habitats(case: dict, holder: Seeded, content: Content) -> tuple[dict, tuple]:
    board = case.get("board") or {"deal": True}
    if board.get("deal"):
        return deal_board(holder, content)
    default = board.get("default", "plains")
    from defenders.rules.hexes import board_hexes
    habitats = {h: default for h in board_hexes()}
    for habitat in ("forest", "plains", "marsh", "mountain"):
        for raw in board.get(habitat, []):
            h = _hex(raw, f"board {habitat}")
            if h not in habitats:
                raise CaseError(f"board {habitat}: {list(h)} is not a habitat hex")
            habitats[h] = habitat
    return habitats, ()


def build_state(case: dict, source: str = "case") -> GameState:
    if not isinstance(case, dict):
        raise CaseError("a case is a mapping")
    unknown = set(case) - CASE_KEYS
    if unknown:
        raise CaseError(f"unknown field(s) {', '.join(sorted(unknown))}")
    if case.get("mode", "defenders") != "defenders":
        raise CaseError("this adapter reads `mode: defenders` cases")
    content = _content()
    holder = Seeded(seed_state(int(case.get("seed", 0))))
    habitats, layout = _habitats(case, holder, content)
    defenders = dict(content.defenders)
    for raw in case.get("defenders") or []:
        ability = _ability(raw.get("ability"), source, f"defender {raw.get('id')}")
        d = DefenderDef(str(raw["id"]), str(raw.get("name", raw["id"])), str(raw["faction"]),
                        str(raw["habitat"]), int(raw.get("ap", 3)), None, ability)
        defenders[d.id] = d
    raw_players = case.get("players")
    if not isinstance(raw_players, list) or not raw_players:
        raise CaseError("`players` must be a non-empty list")
    order = [str(f["id"]) for p in raw_players for f in p.get("factions") or []]
    if len(set(order)) != len(order) or any(f not in content.factions for f in order):
        raise CaseError("each faction (order, council, coven, sect) once, at one seat")
    track_raw = case.get("track")
    track = (TrackSide(tuple(track_raw["spaces"]), int(track_raw["first_camp"]),
                       int(track_raw["camps"])) if track_raw
             else content.tracks[TRACK_SIDE[len(raw_players)]])
    catalog = Catalog(habitats=habitats, layout=layout, mech_icons=content.mech_icons,
                      pollution_icons=content.pollution_icons,
                      die=tuple(case.get("die") or content.die), chutes=content.chutes,
                      track=track, cards=content.cards,
                      factions={f: content.factions[f] for f in order}, defenders=defenders)
    state = GameState(catalog=catalog, seats=[], factions={}, tier=str(case.get("tier", "base")),
                      rng=holder.rng)
    for raw in raw_players:
        _player(state, raw, order, defenders)
    _machines(state, case.get("machines") or {}, content)
    _turn(state, case.get("turn") or {})
    state.deaths = {str(k): list(v) for k, v in (case.get("deaths") or {}).items()}
    return state


def _cards(raw: Any, defenders: dict, where: str) -> list:
    cards = [str(c) for c in raw or []]
    for c in cards:
        if c not in defenders:
            raise CaseError(f"{where}: unknown defender {c!r}")
    return cards


def _player(state: GameState, raw: dict, order: list, defenders: dict) -> None:
    if not isinstance(raw, dict) or "id" not in raw:
        raise CaseError("each player needs an `id`")
    extra = set(raw) - {"id", "factions", "hand", "chosen"}
    if extra:
        raise CaseError(f"player {raw['id']}: unknown field(s) {', '.join(sorted(extra))}")
    seat = str(raw["id"])
    mine = []
    for f in raw.get("factions") or []:
        fid = str(f["id"])
        extra = set(f) - {"id", "organizer", "at", "camps", "camps_left", "support", "damage",
                          "breaches_left", "items", "exited", "top_live", "deck", "exhausted"}
        if extra:
            raise CaseError(f"faction {fid}: unknown field(s) {', '.join(sorted(extra))}")
        items = {state.catalog.factions[x].item: False for x in order}
        for item, gained in (f.get("items") or {}).items():
            if item not in items:
                raise CaseError(f"faction {fid}: {item!r} is not an item in play")
            items[item] = bool(gained)
        at = f.get("at")
        state.factions[fid] = Faction(
            id=fid, seat=seat,
            organizer=str(f.get("organizer") or next(iter(state.catalog.factions[fid].organizers))),
            at=None if at is None else _hex(at, f"faction {fid} at"),
            deck=_cards(f.get("deck"), defenders, f"{fid} deck"),
            exhausted=_cards(f.get("exhausted"), defenders, f"{fid} exhausted"),
            camps=[_hex(h, f"faction {fid} camps") for h in f.get("camps") or []],
            camps_left=int(f.get("camps_left", state.catalog.track.camps)),
            support=int(f.get("support", 0)), damage=int(f.get("damage", 0)),
            breaches_left=int(f.get("breaches_left", 6)), items=items,
            exited=bool(f.get("exited", False)), top_live=bool(f.get("top_live", False)))
        mine.append(fid)
    state.seats.append(Seat(seat, mine, _cards(raw.get("hand"), defenders, f"{seat} hand"),
                            raw.get("chosen")))


def _machines(state: GameState, raw: dict, content: Content) -> None:
    extra = set(raw) - {"direction", "core", "arrows", "factories", "walls", "breaches",
                        "engines", "mechs", "pollution", "toxic", "deck", "discard"}
    if extra:
        raise CaseError(f"machines: unknown field(s) {', '.join(sorted(extra))}")
    state.direction = str(raw.get("direction", "right"))
    if state.direction not in ("right", "left"):
        raise CaseError("machines.direction is right or left")
    state.core = [int(t) for t in raw.get("core", range(6))]
    built = [int(f["tile"]) for f in raw.get("factories") or []]
    state.arrows = {t: 0 for t in range(6)}
    for tile, corner in (raw.get("arrows") or {}).items():
        state.arrows[int(tile)] = int(corner) % 6
    for f in raw.get("factories") or []:
        state.factories[_hex(f["hex"], "machines.factories")] = [int(f["tile"]),
                                                                  bool(f.get("rewilded", False))]
    if sorted(state.core + built) != sorted(set(state.core + built)):
        raise CaseError("machines: a factory tile is both stacked and built (or built twice)")
    state.walls = {_edge(e, "machines.walls") for e in raw.get("walls") or []}
    for b in raw.get("breaches") or []:
        state.breaches[_edge(b["edge"], "machines.breaches")] = str(b.get("faction", "order"))
    for g in raw.get("engines", [None, None]):
        if g is None:
            state.engines.append(Engine())
            continue
        left, right = _hex(g["left"], "engine left"), _hex(g["right"], "engine right")
        ahead = _hex(g["ahead"], "engine ahead")
        if not is_right_handed(left, right, ahead):
            raise CaseError(f"engine {g}: facing the corner with `ahead`, `right` must be on "
                            "its right-hand side (and the three hexes must share a corner)")
        state.engines.append(Engine(left, right, ahead))
    state.mechs = hex_counts(raw.get("mechs"), "machines.mechs")
    state.pollution = hex_counts(raw.get("pollution"), "machines.pollution")
    state.toxic = {_hex(h, "machines.toxic") for h in raw.get("toxic") or []}
    for key in ("deck", "discard"):
        cards = [str(c) for c in raw.get(key) or []]
        if any(c not in content.cards for c in cards):
            raise CaseError(f"machines.{key}: unknown machine card")
        setattr(state, key, cards)
    if CORE in state.factories:
        raise CaseError("the machine core is not a place for a built factory")


def _turn(state: GameState, raw: dict) -> None:
    seats = state.seat_ids()
    t = Turn(stage=str(raw.get("stage", "action")), round=int(raw.get("round", 1)),
             first=raw.get("first", seats[0] if len(seats) > 1 else None))
    if t.stage not in ("camps", "organize", "reveal", "action", "machines"):
        raise CaseError(f"turn.stage {t.stage!r} is not a stage")
    t.active = raw.get("active", seats[0] if t.stage in ("action", "machines") else None)
    seat = state.seat(t.active) if t.active in seats else None
    t.faction = raw.get("faction", seat.factions[0] if seat else None)
    t.defender = raw.get("defender", seat.chosen if seat else None)
    if t.stage in ("action", "machines") and t.defender is None:
        raise CaseError("an action-phase case names the active `defender`")
    if t.defender is not None and t.defender not in state.catalog.defenders:
        raise CaseError(f"turn.defender: unknown defender {t.defender!r}")
    if seat is not None and seat.chosen is None:
        seat.chosen = t.defender
    t.ap = int(raw.get("ap", state.defender(t.defender).ap if t.defender else 0))
    t.teamed, t.done = list(raw.get("teamed") or []), list(raw.get("done") or [])
    t.skip_machine = bool(raw.get("skip_machine", False))
    state.turn = t
    if t.faction is not None:
        f = state.factions[t.faction]
        if t.defender and (not f.exhausted or f.exhausted[-1] != t.defender):
            f.exhausted.append(t.defender)
        f.top_live = True if "top_live" not in raw else bool(raw["top_live"])


def run_case(case: dict, source: str = "case") -> Optional[str]:
    """Run one case; None when it passes, else the first problem."""
    state = build_state(case, source)
    since: list = []
    for number, step in enumerate(case.get("steps") or [], start=1):
        if not isinstance(step, dict):
            raise CaseError(f"step {number} is not a mapping")
        if "expect" in step:
            problem = check_expect(state, step["expect"] or {}, since)
            if problem:
                return f"step {number}: {problem}"
            since = []
            continue
        if "advance" in step:
            state, events = advance(state)
            if not events:
                return f"step {number}: the machines had nothing to do"
            since.extend(events)
            continue
        wanted = step.get("expect_error")
        before = json.dumps(state_to_data(state), sort_keys=True)
        try:
            state, events = apply(state, str(step.get("as")), step)
        except RuleError as exc:
            if wanted is None:
                return f"step {number}: refused: {exc}"
            if wanted not in ("any", exc.code):
                return f"step {number}: expected {wanted}, got {exc.code} ({exc.message})"
            if json.dumps(state_to_data(state), sort_keys=True) != before:
                return f"step {number}: a refused command changed the state"
            continue
        if wanted is not None:
            return f"step {number}: expected error {wanted}, but the command was applied"
        since.extend(events)
    return None


__all__ = ["CaseError", "build_state", "check_expect", "run_case"]
