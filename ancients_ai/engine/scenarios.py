"""Scenario sheets and the treasure deck: loading and checking content (SCHEMA.md).

Content is checked completely on load and refused with a `ContentError(source, item,
problem)` that names the file, the item (a card, a side, a step) and what is wrong, so a
designer can fix a file from the message alone. The same checks serve the shipped YAML and
anything the admin stores, through `scenario_from_data` / `treasures_from_data`.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from games.platform.content_common import ContentError, read_yaml

from ancients_ai.engine import vocabulary as vocab
from ancients_ai.engine.state import (OBJECT_KINDS, AncientCard, MinionCard, ScenarioRules,
                                      TreasureDef, _frozen)

CONTENT_DIR = Path(__file__).resolve().parent.parent / "content"
SCENARIOS_DIR = CONTENT_DIR / "scenarios"
TREASURES_FILE = CONTENT_DIR / "treasures.yaml"
REPO_ROOT = CONTENT_DIR.parent.parent
MIN_TREASURES = 12
CRYSTALS_TO_WIN = 5


@dataclass(frozen=True)
class Side:
    """One side of a scenario sheet: A for two players, B for one."""

    name: str
    ancient_health: int
    minion_types: Mapping[str, tuple]  # type -> (health, supply)
    starting_minions: tuple
    objects: Mapping[str, int]
    track_length: int
    track_spaces: Mapping[int, tuple]
    special_rules: str


@dataclass(frozen=True)
class Scenario:
    id: str
    number: int
    title: str
    blurb: str
    ancient_id: str
    ancient_name: str
    immortal: bool
    sides: Mapping[str, Side]
    minion_cards: tuple
    ancient_cards: tuple
    special_actions: Mapping[str, tuple]

    def rules_for(self, side: str) -> ScenarioRules:
        """The fixed part of this scenario as played on one side."""
        s = self.sides[side]
        return ScenarioRules(
            number=self.number, id=self.id, title=self.title, side=side,
            ancient_id=self.ancient_id, ancient_name=self.ancient_name,
            minion_health={t: h for t, (h, _) in s.minion_types.items()},
            minion_cards={c.id: c for c in self.minion_cards},
            ancient_cards={c.id: c for c in self.ancient_cards},
            track_length=s.track_length, track_spaces=s.track_spaces,
            special_actions=self.special_actions)


# -- small checks ------------------------------------------------------------------------------
def _fail(source: str, item: str, problem: str) -> ContentError:
    return ContentError(source, item, problem)


def _mapping(value: Any, source: str, item: str, *, required=(), optional=None) -> Mapping:
    """A mapping with these keys; with neither `required` nor `optional`, any keys."""
    if not isinstance(value, Mapping):
        raise _fail(source, item, "must be a mapping")
    missing = [k for k in required if k not in value]
    if missing:
        raise _fail(source, item, f"missing {', '.join(missing)}")
    if optional is None:
        if not required:
            return value
        optional = ()
    extra = [str(k) for k in value if k not in required and k not in optional]
    if extra:
        raise _fail(source, item, f"unknown field(s) {', '.join(sorted(extra))}")
    return value


def _count(value: Any, source: str, item: str, low: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise _fail(source, item, f"must be a whole number of at least {low}, not {value!r}")
    return value


def _text(value: Any, source: str, item: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise _fail(source, item, "must be some text")
    return value.strip()


def _ident(value: Any, source: str, item: str) -> str:
    if not isinstance(value, str) or not value.replace("_", "").isalnum() or not value.islower():
        raise _fail(source, item, f"{value!r} must be a lower-case identifier (a-z, 0-9, _)")
    return value


def _steps(raw: Any, words: vocab.Words, source: str, item: str) -> tuple:
    problems = vocab.check_steps(raw, words)
    if problems:
        raise _fail(source, item, problems[0])
    return _frozen(vocab.as_steps(raw))


def _actions(raw: Any, words: vocab.Words, source: str, item: str) -> tuple:
    if not isinstance(raw, list) or not raw:
        raise _fail(source, item, "actions must be a non-empty list")
    flat = []
    for entry in raw:  # rows of an Ancient card may be nested lists
        flat.extend(entry if isinstance(entry, list) else [entry])
    for action in flat:
        problem = vocab.check_card_action(action, words)
        if problem:
            raise _fail(source, item, problem)
    return _frozen(flat)


def _reaction(raw: Any, source: str, item: str) -> frozenset:
    if raw in (None, "none"):
        return frozenset()
    raw = _mapping(raw, source, f"{item} reaction", required=("prevents",))
    kinds = raw["prevents"]
    if not isinstance(kinds, list) or any(k not in vocab.DAMAGE_KINDS for k in kinds):
        raise _fail(source, f"{item} reaction",
                    f"prevents lists damage kinds: {', '.join(vocab.DAMAGE_KINDS)}")
    return frozenset(kinds)


# -- a scenario --------------------------------------------------------------------------------
def _side(name: str, raw: Any, words: vocab.Words, default_health: int | None,
          source: str) -> Side:
    item = f"side {name}"
    raw = _mapping(raw, source, item,
                   required=("minion_types", "starting_minions", "objects", "track"),
                   optional=("ancient_health", "special_rules"))
    health = raw.get("ancient_health", default_health)
    if health is None:
        raise _fail(source, item, "the Ancient needs a health (ancient.health or ancient_health)")
    health = _count(health, source, f"{item} ancient_health", 1)
    types = {}
    for mtype, spec in _mapping(raw["minion_types"], source, f"{item} minion_types").items():
        what = f"{item} minion type {mtype}"
        _ident(mtype, source, what)
        spec = _mapping(spec, source, what, required=("health", "supply"))
        types[mtype] = (_count(spec["health"], source, f"{what} health", 1),
                        _count(spec["supply"], source, f"{what} supply", 1))
    if set(types) != words.minion_types:
        raise _fail(source, f"{item} minion_types",
                    f"lists {sorted(types)}, but the scenario's minion types are "
                    f"{sorted(words.minion_types)} (both sides need the same types)")
    starting = raw["starting_minions"]
    if not isinstance(starting, list):
        raise _fail(source, f"{item} starting_minions", "must be a list of minion types")
    for mtype in starting:
        if mtype not in types:
            raise _fail(source, f"{item} starting_minions",
                        f"{mtype!r} is not a minion type of this scenario")
        if starting.count(mtype) > types[mtype][1]:
            raise _fail(source, f"{item} starting_minions",
                        f"asks for {starting.count(mtype)} {mtype} but the supply is {types[mtype][1]}")
    objects = _mapping(raw["objects"], source, f"{item} objects", optional=OBJECT_KINDS)
    objects = {k: _count(objects.get(k, 0), source, f"{item} objects {k}") for k in OBJECT_KINDS}
    if objects["crystal"] < CRYSTALS_TO_WIN:
        raise _fail(source, f"{item} objects",
                    f"needs at least {CRYSTALS_TO_WIN} crystals, since five crystals win")
    track = _mapping(raw["track"], source, f"{item} track", required=("length",),
                     optional=("spaces",))
    length = _count(track["length"], source, f"{item} track length", 2)
    spaces = {}
    for n, effect in (track.get("spaces") or {}).items():
        what = f"{item} track space {n}"
        if not isinstance(n, int) or not 1 <= n < length:
            raise _fail(source, what, f"track spaces are numbered 1 to {length - 1}")
        spaces[n] = _steps(effect, words, source, what)
    rules = raw.get("special_rules", "")
    return Side(name, health, types, tuple(starting), objects, length, spaces,
                rules.strip() if isinstance(rules, str) else "")


def scenario_from_data(data: Any, source: str) -> Scenario:
    """Check one scenario sheet completely and build it.

    :raises ContentError: naming `source`, the item and the problem.
    """
    data = _mapping(data, source, "scenario",
                    required=("id", "number", "title", "ancient", "sides", "minion_deck",
                              "ancient_deck"),
                    optional=("blurb", "special_actions"))
    sid = _ident(data["id"], source, "id")
    number = _count(data["number"], source, "number", 1)
    if number > 5:
        raise _fail(source, "number", "scenario numbers run from 1 to 5")
    ancient = _mapping(data["ancient"], source, "ancient", required=("id", "name"),
                       optional=("health", "immortal"))
    ancient_id = _ident(ancient["id"], source, "ancient id")
    default_health = ancient.get("health")
    if default_health is not None:
        _count(default_health, source, "ancient health", 1)
    immortal = ancient.get("immortal", False)
    if not isinstance(immortal, bool):
        raise _fail(source, "ancient immortal", "must be true or false")
    raw_specials = data.get("special_actions") or {}
    _mapping(raw_specials, source, "special_actions")
    for name in raw_specials:
        _ident(name, source, f"special action {name}")
        if name in vocab.CARD_ACTIONS or name == "heal":
            raise _fail(source, f"special action {name}", "is the name of a standard action")
    sides_raw = _mapping(data["sides"], source, "sides", required=("A", "B"))
    first_types = _mapping(_mapping(sides_raw["A"], source, "side A").get("minion_types"),
                           source, "side A minion_types")
    words = vocab.Words(first_types, ancient_id, raw_specials)
    if ancient_id in words.minion_types:
        raise _fail(source, "ancient id", f"{ancient_id!r} is also a minion type")
    specials = {name: _steps(steps, words, source, f"special action {name}")
                for name, steps in raw_specials.items()}
    sides = {name: _side(name, sides_raw[name], words, default_health, source)
             for name in ("A", "B")}
    seen: set = set()

    def deck(key, kind):
        """(id, item name, raw card) of each card of a deck; ids unique across both decks."""
        if not isinstance(data[key], list) or not data[key]:
            raise _fail(source, key, "must be a non-empty list of cards")
        for i, raw in enumerate(data[key], start=1):
            item = f"{kind} card {i}"
            if not isinstance(raw, Mapping) or "id" not in raw:
                raise _fail(source, item, "needs an id")
            cid = _ident(raw["id"], source, item)
            if cid in seen:
                raise _fail(source, f"{kind} card {cid}", "id is used twice")
            seen.add(cid)
            yield cid, f"{kind} card {cid}", raw

    minion_cards = []
    for cid, item, raw in deck("minion_deck", "minion"):
        _mapping(raw, source, item, required=("id", "top", "bottom"),
                 optional=("effect", "reaction"))
        halves = []
        for half in ("top", "bottom"):
            part = _mapping(raw[half], source, f"{item} {half}", required=("type", "actions"))
            if part["type"] not in words.minion_types:
                raise _fail(source, item, f"{part['type']!r} is not a minion type of this scenario")
            halves.append((part["type"], _actions(part["actions"], words, source, f"{item} {half}")))
        effect = raw.get("effect", "none")
        if effect not in (None, "none"):
            effect = _mapping(effect, source, f"{item} effect", optional=("summon", "advance"))
            if len(effect) != 1:
                raise _fail(source, f"{item} effect", "is none, {summon: type} or {advance: 1}")
            if "summon" in effect and effect["summon"] not in words.minion_types:
                raise _fail(source, f"{item} effect",
                            f"{effect['summon']!r} is not a minion type of this scenario")
            if "advance" in effect:
                _count(effect["advance"], source, f"{item} effect advance", 1)
            effect = _frozen(effect)
        else:
            effect = None
        minion_cards.append(MinionCard(cid, halves[0][0], halves[0][1], halves[1][0],
                                       halves[1][1], effect,
                                       _reaction(raw.get("reaction"), source, item)))
    ancient_cards = []
    for cid, item, raw in deck("ancient_deck", "ancient"):
        _mapping(raw, source, item, required=("id", "actions"), optional=("reaction",))
        ancient_cards.append(AncientCard(cid, _actions(raw["actions"], words, source, item),
                                         _reaction(raw.get("reaction"), source, item)))
    _check_special_cycles(specials, source)
    blurb = data.get("blurb", "")
    return Scenario(sid, number, _text(data["title"], source, "title"),
                    blurb.strip() if isinstance(blurb, str) else "", ancient_id,
                    _text(ancient["name"], source, "ancient name"), immortal, sides,
                    tuple(minion_cards), tuple(ancient_cards), specials)


def _check_special_cycles(specials: Mapping[str, tuple], source: str) -> None:
    """A special action may run another, but never (through others) itself."""
    def calls(steps):
        for step in steps:
            if isinstance(step, str) and step in specials:
                yield step
            elif isinstance(step, Mapping):
                if "special" in step:
                    yield step["special"]
                if "repeat" in step:
                    yield from calls(step["steps"])

    def visit(name, path):
        if name in path:
            raise _fail(source, f"special action {path[0]}",
                        f"runs itself in a loop ({' -> '.join(path + (name,))})")
        for callee in calls(specials[name]):
            visit(callee, path + (name,))

    for name in specials:
        visit(name, ())


# -- treasures ---------------------------------------------------------------------------------
def treasures_from_data(data: Any, source: str, *, minimum: int = MIN_TREASURES) -> dict:
    """Check a treasure deck; return id -> TreasureDef in file order."""
    data = _mapping(data, source, "treasures file", required=("treasures",))
    cards = data["treasures"]
    if not isinstance(cards, list):
        raise _fail(source, "treasures", "must be a list of cards")
    found: dict = {}
    for i, raw in enumerate(cards, start=1):
        item = f"treasure {raw.get('id', i) if isinstance(raw, Mapping) else i}"
        raw = _mapping(raw, source, item, required=("id", "name", "text", "use", "when", "effect"))
        tid = _ident(raw["id"], source, item)
        if tid in found:
            raise _fail(source, item, "id is used twice")
        if raw["use"] not in vocab.TREASURE_USE:
            raise _fail(source, item, "use must be once or always")
        if raw["when"] not in vocab.TREASURE_WHEN:
            raise _fail(source, item, f"when must be one of {', '.join(vocab.TREASURE_WHEN)}")
        steps = vocab.as_steps(raw["effect"])
        for j, step in enumerate(steps, start=1):
            problem = vocab.check_treasure_step(step)
            if problem:
                raise _fail(source, item, f"effect step {j}: {problem}")
        kinds = {next(k for k in vocab.TREASURE_CHECKS if k in step) for step in steps}
        if "prevent" in kinds and (raw["when"] == "players_turn" or len(steps) > 1):
            raise _fail(source, item, "a prevent effect is used when defending "
                                      "(when: defence or any) and stands alone")
        if raw["when"] == "defence" and kinds != {"prevent"}:
            raise _fail(source, item, "a defence treasure's effect is a prevent step")
        if raw["when"] == "any" and kinds & {"move", "damage"}:
            raise _fail(source, item, "a treasure used at any moment may heal, draw or prevent, "
                                      "not move or attack (that waits for the players' turn)")
        found[tid] = TreasureDef(tid, _text(raw["name"], source, f"{item} name"),
                                 _text(raw["text"], source, f"{item} text"), raw["use"],
                                 raw["when"], _frozen(steps))
    if len(found) < minimum:
        raise _fail(source, "treasures", f"the deck needs at least {minimum} cards, has {len(found)}")
    return found


# -- shipped files -----------------------------------------------------------------------------
def _display(path: Path) -> str:
    try:
        return path.resolve().relative_to(REPO_ROOT).as_posix()
    except ValueError:
        return str(path)


def scenario_ids() -> list:
    """Ids of the shipped scenarios, sorted."""
    return sorted(p.stem for p in SCENARIOS_DIR.glob("*.yaml"))


@functools.lru_cache(maxsize=None)
def load_scenario(scenario_id: str) -> Scenario:
    """A shipped scenario, checked once and cached.

    :raises ContentError: no such scenario, or its file is invalid.
    """
    known = scenario_ids()
    if scenario_id not in known:
        raise _fail(_display(SCENARIOS_DIR), f"scenario {scenario_id!r}",
                    f"no such scenario (known: {', '.join(known)})")
    path = SCENARIOS_DIR / f"{scenario_id}.yaml"
    source = _display(path)
    try:
        data = read_yaml(path)
    except ContentError as error:
        raise _fail(source, error.item, error.problem) from None
    scenario = scenario_from_data(data, source)
    if scenario.id != scenario_id:
        raise _fail(source, "id", f"{scenario.id!r} does not match the file name {path.name!r}")
    return scenario


def load_all_scenarios() -> dict:
    """Every shipped scenario, checking that numbers and card ids are unique across them."""
    scenarios = {sid: load_scenario(sid) for sid in scenario_ids()}
    numbers: dict = {}
    cards: dict = {}
    for scenario in scenarios.values():
        source = _display(SCENARIOS_DIR / f"{scenario.id}.yaml")
        other = numbers.setdefault(scenario.number, scenario.id)
        if other != scenario.id:
            raise _fail(source, "number", f"{scenario.number} is also scenario {other!r}'s number")
        for card in scenario.minion_cards + scenario.ancient_cards:
            other = cards.setdefault(card.id, scenario.id)
            if other != scenario.id:
                raise _fail(source, f"card {card.id}", f"id is also used by scenario {other!r}")
    return scenarios


@functools.lru_cache(maxsize=None)
def load_treasures() -> dict:
    """The shipped treasure deck (id -> TreasureDef), checked once and cached."""
    source = _display(TREASURES_FILE)
    try:
        data = read_yaml(TREASURES_FILE)
    except ContentError as error:
        raise _fail(source, error.item, error.problem) from None
    return treasures_from_data(data, source)
