"""The rules-case runner: YAML positions + commands + expectations (docs/rules-cases.md).

A case that cannot be loaded, or an engine that raises, is reported as a FAIL with a
readable reason; the runner itself never crashes on a case.
"""
from __future__ import annotations

import json
import traceback
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Optional

import yaml

from games.content.common import ContentError
from games.rules.board import board_from_data
from games.rules.engine import apply
from games.rules.errors import RuleError
from games.rules.serialize import state_to_data
from games.rules.state import Catalog, Character, GameState, Player, Turn
from games.rules.rng import seed_state

CASE_KEYS = {"name", "seed", "mode", "board", "map", "players", "awoken", "active", "options",
             "steps", "description", "turn"}
# mode -> function(state, awoken_section, source) that adds that mode's part to a case state
MODE_SETUP: dict[str, Callable] = {}
# mode -> function(state, key, expected) -> mismatch text or None, for mode-specific expectations
MODE_EXPECT: dict[str, Callable] = {}


class CaseError(Exception):
    """The case file itself is wrong (not the engine)."""


@dataclass
class CaseResult:
    name: str
    passed: bool
    reason: str = ""

    def line(self) -> str:
        return f"PASS {self.name}" if self.passed else f"FAIL {self.name}: {self.reason}"


def _load_modes() -> None:
    if "awoken" not in MODE_SETUP:
        try:
            import ancients_ai.engine.cases  # noqa: F401  (registers the Awoken)
        except ImportError:
            pass


# -- building the position --------------------------------------------------------------------
def build_state(case: dict, source: str) -> GameState:
    from games.content.factions import card_from_data, load_faction

    unknown = set(case) - CASE_KEYS
    if unknown:
        raise CaseError(f"unknown field(s) {', '.join(sorted(unknown))}")
    mode = case.get("mode", "skirmish")
    if mode not in ("skirmish", "awoken"):
        raise CaseError(f"mode must be skirmish or awoken, not {mode!r}")
    if "board" in case:
        board = board_from_data(case["board"], name="inline", source=source)
    elif "map" in case:
        from games.content.maps import load_map
        board = load_map(case["map"])
    else:
        raise CaseError("a case needs `board` or `map`")
    players, characters, cards = [], {}, {}
    raw_players = case.get("players") or []
    if not isinstance(raw_players, list) or not raw_players:
        raise CaseError("`players` must be a non-empty list")
    for raw in raw_players:
        if not isinstance(raw, dict) or "id" not in raw:
            raise CaseError("each player needs an `id`")
        pid = str(raw["id"])
        if any(p.id == pid for p in players):
            raise CaseError(f"player id {pid} is used twice")
        extra = set(raw) - {"id", "faction", "colour", "characters", "hand", "deck", "discard",
                            "shards", "score"}
        if extra:
            raise CaseError(f"player {pid}: unknown field(s) {', '.join(sorted(extra))}")
        piles = {}
        for pile in ("hand", "deck", "discard"):
            piles[pile] = []
            for i, raw_card in enumerate(raw.get(pile) or []):
                card = card_from_data(raw_card, source=source, item=f"player {pid} {pile} card {i + 1}")
                if card.id in cards:
                    raise CaseError(f"card id {card.id} is used twice")
                cards[card.id] = card
                piles[pile].append(card.id)
        shards = raw.get("shards") or []
        if not isinstance(shards, list) or any(n not in board.spaces for n in shards):
            raise CaseError(f"player {pid}: shards must be a list of space numbers on the board")
        players.append(Player(id=pid, faction=str(raw.get("faction", pid)),
                              colour=str(raw.get("colour", "")), hand=piles["hand"],
                              deck=piles["deck"], discard=piles["discard"],
                              shards=list(shards), score=int(raw.get("score", 0))))
        raw_chars = raw.get("characters")
        if raw_chars is None:
            faction = load_faction(str(raw.get("faction")))
            raw_chars = [{"id": c.id, "health": c.health, "name": c.name} for c in faction.characters]
        for rc in raw_chars:
            extra = set(rc) - {"id", "name", "health", "space", "assigned", "knocked_out", "damage",
                               "carried", "ensnared", "treasures"}
            if extra:
                raise CaseError(f"character {rc.get('id')}: unknown field(s) {', '.join(sorted(extra))}")
            cid = str(rc["id"])
            if cid in characters:
                raise CaseError(f"character id {cid} is used twice")
            space = rc.get("space")
            if space is not None and space not in board.spaces:
                raise CaseError(f"character {cid}: there is no space {space}")
            if rc.get("assigned") is not None and rc["assigned"] not in board.spaces:
                raise CaseError(f"character {cid}: there is no space {rc['assigned']} to assign")
            characters[cid] = Character(
                id=cid, player=pid, name=str(rc.get("name", cid)), health=int(rc.get("health", 3)),
                space=None if rc.get("knocked_out") else space, assigned=rc.get("assigned"),
                damage=int(rc.get("damage", 0)), knocked_out=bool(rc.get("knocked_out", False)),
                carried=list(rc.get("carried") or []), ensnared=rc.get("ensnared"),
                treasures=list(rc.get("treasures") or []))
    options = case.get("options") or {}
    if not isinstance(options, dict):
        raise CaseError("`options` must be a mapping")
    catalog = Catalog(board=board, cards=cards, options=dict(options))
    ids = [p.id for p in players]
    active = case.get("active", ids[0])
    if active not in ids:
        raise CaseError(f"active player {active!r} is not listed")
    turn = Turn(phase="play", active=active, actor=active)
    for key, value in (case.get("turn") or {}).items():
        if key not in ("revealed", "last", "round"):
            raise CaseError(f"turn: unknown field {key}")
        setattr(turn, key, value)
    state = GameState(mode=mode, catalog=catalog, players=players, characters=characters,
                      turn=turn, rng=seed_state(int(case.get("seed", 0))))
    if mode == "awoken":
        _load_modes()
        if "awoken" not in MODE_SETUP:
            raise CaseError("The Awoken is not available in this build")
        MODE_SETUP["awoken"](state, case.get("awoken") or {}, source)
    elif "awoken" in case:
        raise CaseError("an `awoken` section needs mode: awoken")
    return state


# -- expectations ------------------------------------------------------------------------------
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
            problem = _outcome_mismatch(state, want)
        elif key == "events":
            kinds = [e.kind for e in events_since]
            if not _subsequence(list(want), kinds):
                problem = f"events: expected {want} in order, got {kinds}"
        elif key == "actor":
            if state.turn.actor != want:
                problem = f"actor: expected {want}, got {state.turn.actor}"
        elif key in MODE_EXPECT.get(state.mode, {}):
            problem = MODE_EXPECT[state.mode][key](state, want)
        else:
            problem = f"unknown expectation {key!r}"
        if problem:
            return problem
    return None


def _outcome_mismatch(state: GameState, want: Any) -> Optional[str]:
    got = state.outcome
    if want == "ongoing":
        return None if got is None else f"outcome: expected ongoing, got {got}"
    if got is None:
        return f"outcome: expected {want}, got ongoing"
    if isinstance(want, dict):
        for field, value in want.items():
            if got.get(field) != value:
                return f"outcome.{field}: expected {value!r}, got {got.get(field)!r}"
        return None
    if got.get("result") != want:
        return f"outcome: expected {want}, got {got.get('result')}"
    return None


# -- running -----------------------------------------------------------------------------------
def run_case(case: Any, source: str) -> CaseResult:
    name = case.get("name", source) if isinstance(case, dict) else source
    try:
        if not isinstance(case, dict):
            raise CaseError("a case is a mapping")
        try:
            state = build_state(case, source)
        except (KeyError, ValueError, TypeError, AttributeError) as exc:
            # build_state only reads the case: a Python error here is a malformed case
            raise CaseError(f"malformed case ({type(exc).__name__}: {exc})") from None
        events_since: list = []
        for number, step in enumerate(case.get("steps") or [], start=1):
            if not isinstance(step, dict):
                raise CaseError(f"step {number} is not a mapping")
            if "expect" in step:
                try:
                    problem = check_expect(state, step["expect"] or {}, events_since)
                except (KeyError, ValueError, TypeError, AttributeError) as exc:
                    raise CaseError(f"step {number}: malformed expectation "
                                    f"({type(exc).__name__}: {exc})") from None
                if problem:
                    return CaseResult(name, False, f"step {number}: {problem}")
                events_since = []
                continue
            seat = step.get("as")
            expected_error = step.get("expect_error")
            before = json.dumps(state_to_data(state), sort_keys=True) if expected_error else None
            try:
                state, events = apply(state, seat, step)
            except RuleError as exc:
                if expected_error is None:
                    return CaseResult(name, False, f"step {number}: refused: {exc}")
                if expected_error not in ("any", exc.code):
                    return CaseResult(name, False, f"step {number}: expected error "
                                                   f"{expected_error}, got {exc.code} ({exc.message})")
                if json.dumps(state_to_data(state), sort_keys=True) != before:
                    return CaseResult(name, False, f"step {number}: a refused command changed the state")
                continue
            if expected_error is not None:
                return CaseResult(name, False, f"step {number}: expected error {expected_error}, "
                                               "but the command was applied")
            events_since.extend(events)
        return CaseResult(name, True)
    except (CaseError, ContentError) as exc:
        return CaseResult(name, False, f"cannot load case: {exc}")
    except Exception as exc:  # an engine bug must show as a failure, not stop the run
        where = traceback.extract_tb(exc.__traceback__)[-1]
        return CaseResult(name, False, f"crash: {type(exc).__name__}: {exc} "
                                       f"({Path(where.filename).name}:{where.lineno})")


def case_files(paths: Iterable[str]) -> list:
    files = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files.extend(sorted(path.rglob("*.yaml")))
        else:
            files.append(path)
    return files


def run_file(path: Path) -> list:
    """A file holds one case, or several as a YAML list or as separate documents."""
    try:
        docs = list(yaml.safe_load_all(path.read_text(encoding="utf-8")))
    except (OSError, yaml.YAMLError) as exc:
        return [CaseResult(str(path), False, f"cannot load case: {exc}")]
    cases = []
    for doc in docs:
        cases.extend(doc if isinstance(doc, list) else [doc])
    return [run_case(case, str(path)) for case in cases if case is not None]


def run_paths(paths: Iterable[str]) -> list:
    results = []
    for path in case_files(paths):
        results.extend(run_file(path))
    return results
