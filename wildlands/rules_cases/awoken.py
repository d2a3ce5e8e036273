"""The Awoken's part of the rules cases (docs/rules-cases.md, section `awoken`).

`build_awoken` turns a case's `awoken:` section into the Awoken state of the case, with the
same checks as shipped content (unknown minion types, bad actions and steps are refused
with a message naming the item). The players' shared turn is under way when a case starts
(`turn.active` and `turn.actor` are None).

Fields of the section, all optional except `scenarios`:

    map_deck: [12, 5, 7]            # top first; map_discard: [...] likewise
    crystals_to_win: 5
    objects: [{id, kind, space, revealed: false, removed: false}]
    treasure_deck: [{id, name, text, use, when, effect}, ...]   # top first; or shipped ids
    treasure_discard: [...]; treasures: [...]   # more definitions (cards held by characters)
    scenarios:
      - number: 3
        player: p1
        id: magus; title: ...        # optional, for views
        ancient: {id, health, space, immortal, damage, knocked_out}
        minion_types: {type: {health}}
        minions: [{id, type, space, damage, knocked_out}]
        supply: {type: n}            # counters off the board
        minion_deck: [cards]; minion_discard: [cards]   # top first
        ancient_deck: [cards]; ancient_discard: [cards]
        track: {length, position, spaces: {n: steps}}   # `{effect: name}` = `{special: name}`
        special_actions: {name: [steps]}

Expectation keys added here: `minion_count` ({type: n} on the board), `crystals` (carried
by the party), `carried` ({character: [crystal ids]}), `objects` ({id: {revealed, removed,
space, kind}}), `track` ({scenario number: position}), `supply` ({number: {type: n}}),
`deck_sizes` ({number: {minion_deck, minion_discard, ancient_deck, ancient_discard}}),
`phase` (play | ancients), `treasures` ({character: [ids]}).
"""
from __future__ import annotations

from typing import Any, Mapping, Optional

from games.platform.content_common import ContentError
from wildlands.rules.state import GameState, Monster

from ancients_ai import engine as awoken_engine
from ancients_ai.engine import vocabulary as vocab
from ancients_ai.engine.outcome import carried_crystals
from ancients_ai.engine.state import (OBJECT_KINDS, AncientCard, AwokenState, GameObject,
                                      MinionCard, ScenarioInPlay, ScenarioRules, _frozen,
                                      treasure_from_data)

SECTION_KEYS = {"map_deck", "map_discard", "crystals_to_win", "objects", "treasure_deck",
                "treasure_discard", "treasures", "scenarios"}
SCENARIO_KEYS = {"number", "player", "id", "title", "ancient", "minion_types", "minions",
                 "supply", "minion_deck", "minion_discard", "ancient_deck", "ancient_discard",
                 "track", "special_actions"}


def _need(cond: bool, source: str, item: str, problem: str) -> None:
    if not cond:
        raise ContentError(source, item, problem)


def _keys(raw: Any, allowed: set, source: str, item: str) -> Mapping:
    _need(isinstance(raw, Mapping), source, item, "must be a mapping")
    extra = set(raw) - allowed
    _need(not extra, source, item, f"unknown field(s) {', '.join(sorted(map(str, extra)))}")
    return raw


def _checked(problems: list, source: str, item: str) -> None:
    _need(not problems, source, item, problems[0] if problems else "")


def _actions(raw: Any, words, source: str, item: str) -> tuple:
    _need(isinstance(raw, list) and bool(raw), source, item, "actions must be a non-empty list")
    flat = []
    for entry in raw:
        flat.extend(entry if isinstance(entry, list) else [entry])
    for action in flat:
        problem = vocab.check_card_action(action, words)
        _need(problem is None, source, item, problem or "")
    return _frozen(flat)


def _prevents(raw: Any, source: str, item: str) -> frozenset:
    if raw in (None, "none"):
        return frozenset()
    raw = _keys(raw, {"prevents"}, source, f"{item} reaction")
    kinds = raw.get("prevents") or []
    _need(all(k in vocab.DAMAGE_KINDS for k in kinds), source, f"{item} reaction",
          f"prevents lists damage kinds: {', '.join(vocab.DAMAGE_KINDS)}")
    return frozenset(kinds)


def _minion_card(raw: Any, words, source: str) -> MinionCard:
    item = f"minion card {raw.get('id') if isinstance(raw, Mapping) else raw}"
    raw = _keys(raw, {"id", "top", "bottom", "effect", "reaction"}, source, item)
    halves = []
    for half in ("top", "bottom"):
        part = _keys(raw.get(half), {"type", "actions"}, source, f"{item} {half}")
        _need(part.get("type") in words.minion_types, source, item,
              f"{part.get('type')!r} is not a minion type of this scenario")
        halves.append((part["type"], _actions(part.get("actions"), words, source, f"{item} {half}")))
    effect = raw.get("effect", "none")
    if effect in (None, "none"):
        effect = None
    else:
        effect = _keys(effect, {"summon", "advance"}, source, f"{item} effect")
        _need(len(effect) == 1, source, f"{item} effect", "is none, {summon: type} or {advance: n}")
        _need("summon" not in effect or effect["summon"] in words.minion_types, source,
              f"{item} effect", f"{effect.get('summon')!r} is not a minion type of this scenario")
        effect = _frozen(effect)
    return MinionCard(str(raw["id"]), halves[0][0], halves[0][1], halves[1][0], halves[1][1],
                      effect, _prevents(raw.get("reaction"), source, item))


def _ancient_card(raw: Any, words, source: str) -> AncientCard:
    item = f"ancient card {raw.get('id') if isinstance(raw, Mapping) else raw}"
    raw = _keys(raw, {"id", "actions", "reaction"}, source, item)
    return AncientCard(str(raw["id"]), _actions(raw.get("actions"), words, source, item),
                       _prevents(raw.get("reaction"), source, item))


def _track_steps(raw: Any) -> Any:
    if isinstance(raw, Mapping) and set(raw) == {"effect"}:
        return [{"special": raw["effect"]}]
    return raw


def _scenario(state: GameState, raw: Any, source: str) -> ScenarioInPlay:
    raw = _keys(raw, SCENARIO_KEYS, source, "scenario")
    number = raw.get("number")
    item = f"scenario {number}"
    _need(isinstance(number, int), source, item, "needs a number")
    player = raw.get("player", state.players[0].id)
    _need(player in state.player_ids(), source, item, f"player {player!r} is not in the case")
    ancient = _keys(raw.get("ancient") or {}, {"id", "health", "space", "immortal", "damage",
                                               "knocked_out", "name"}, source, f"{item} ancient")
    ancient_id = str(ancient.get("id", f"ancient{number}"))
    types = {}
    for mtype, spec in (raw.get("minion_types") or {}).items():
        spec = _keys(spec, {"health", "supply"}, source, f"{item} minion type {mtype}")
        types[str(mtype)] = int(spec.get("health", 1))
    specials_raw = raw.get("special_actions") or {}
    words = vocab.Words(types, ancient_id, specials_raw)
    specials = {}
    for name, steps in specials_raw.items():
        _checked(vocab.check_steps(steps, words), source, f"{item} special action {name}")
        specials[name] = _frozen(vocab.as_steps(steps))
    minion_cards = [_minion_card(c, words, source)
                    for c in (raw.get("minion_deck") or []) + (raw.get("minion_discard") or [])]
    ancient_cards = [_ancient_card(c, words, source)
                     for c in (raw.get("ancient_deck") or []) + (raw.get("ancient_discard") or [])]
    track = _keys(raw.get("track") or {}, {"length", "position", "spaces"}, source, f"{item} track")
    spaces = {}
    for n, effect in (track.get("spaces") or {}).items():
        effect = _track_steps(effect)
        _checked(vocab.check_steps(effect, words), source, f"{item} track space {n}")
        spaces[int(n)] = _frozen(vocab.as_steps(effect))
    rules = ScenarioRules(
        number=number, id=str(raw.get("id", ancient_id)), title=str(raw.get("title", item)),
        side="case", ancient_id=ancient_id, ancient_name=str(ancient.get("name", ancient_id)),
        minion_health=types, minion_cards={c.id: c for c in minion_cards},
        ancient_cards={c.id: c for c in ancient_cards},
        track_length=int(track.get("length", 99)), track_spaces=spaces, special_actions=specials)
    board = state.board
    if ancient:
        space = ancient.get("space")
        _need(space is None or space in board.spaces, source, f"{item} ancient",
              f"there is no space {space}")
        knocked = bool(ancient.get("knocked_out", False))
        state.monsters[ancient_id] = Monster(
            ancient_id, "ancient", ancient_id, number, int(ancient.get("health", 6)),
            None if knocked else space, int(ancient.get("damage", 0)), knocked,
            bool(ancient.get("immortal", False)))
    for m in raw.get("minions") or []:
        m = _keys(m, {"id", "type", "space", "damage", "knocked_out"}, source, f"{item} minion")
        mid = str(m.get("id"))
        _need(m.get("type") in types, source, f"{item} minion {mid}",
              f"{m.get('type')!r} is not a minion type of this scenario")
        _need(mid not in state.monsters and mid not in state.characters, source,
              f"{item} minion {mid}", "id is used twice")
        space = m.get("space")
        _need(space is None or space in board.spaces, source, f"{item} minion {mid}",
              f"there is no space {space}")
        knocked = bool(m.get("knocked_out", False))
        state.monsters[mid] = Monster(mid, "minion", m["type"], number, types[m["type"]],
                                      None if knocked else space, int(m.get("damage", 0)), knocked)
    supply = {t: 0 for t in types}
    for mtype, n in (raw.get("supply") or {}).items():
        _need(mtype in types, source, f"{item} supply", f"{mtype!r} is not a minion type")
        supply[mtype] = int(n)
    return ScenarioInPlay(rules, player, ancient_id, supply,
                          [c["id"] for c in raw.get("minion_deck") or []],
                          [c["id"] for c in raw.get("minion_discard") or []],
                          [c["id"] for c in raw.get("ancient_deck") or []],
                          [c["id"] for c in raw.get("ancient_discard") or []],
                          int(track.get("position", 0)))


def _treasures(section: Mapping, source: str) -> tuple[dict, list, list]:
    defs: dict = {}
    piles = {"treasure_deck": [], "treasure_discard": []}
    shipped = None
    for key in ("treasure_deck", "treasure_discard", "treasures"):
        for raw in section.get(key) or []:
            if isinstance(raw, str):  # a shipped card by id
                if shipped is None:
                    from ancients_ai.engine.scenarios import load_treasures
                    shipped = load_treasures()
                _need(raw in shipped, source, f"treasure {raw}", "no shipped treasure has this id")
                card = shipped[raw]
            else:
                raw = _keys(raw, {"id", "name", "text", "use", "when", "effect"}, source,
                            f"treasure {raw.get('id') if isinstance(raw, Mapping) else raw}")
                for step in vocab.as_steps(raw.get("effect")):
                    problem = vocab.check_treasure_step(step)
                    _need(problem is None, source, f"treasure {raw.get('id')}", problem or "")
                _need(raw.get("use", "once") in vocab.TREASURE_USE, source,
                      f"treasure {raw.get('id')}", "use must be once or always")
                _need(raw.get("when", "players_turn") in vocab.TREASURE_WHEN, source,
                      f"treasure {raw.get('id')}", "when must be players_turn, defence or any")
                card = treasure_from_data(raw)
            defs[card.id] = card
            if key in piles:
                piles[key].append(card.id)
    return defs, piles["treasure_deck"], piles["treasure_discard"]


def build_awoken(state: GameState, section: Any, source: str) -> None:
    awoken_engine.register()  # a case may run without Django, which registers it otherwise
    section = _keys(section, SECTION_KEYS, source, "awoken")
    _need(bool(section.get("scenarios")), source, "awoken", "needs at least one scenario")
    scenarios = sorted((_scenario(state, raw, source) for raw in section["scenarios"]),
                       key=lambda s: s.number)
    defs, deck, discard = _treasures(section, source)
    for c in state.characters.values():
        for t in c.treasures:
            if t not in defs:
                from ancients_ai.engine.scenarios import load_treasures
                shipped = load_treasures()
                _need(t in shipped, source, f"character {c.id}", f"unknown treasure {t!r}")
                defs[t] = shipped[t]
    awoken = AwokenState(scenarios, map_deck=list(section.get("map_deck") or []),
                         map_discard=list(section.get("map_discard") or []),
                         treasure_deck=deck, treasure_discard=discard, treasure_defs=defs,
                         crystals_to_win=int(section.get("crystals_to_win", 5)))
    for raw in section.get("objects") or []:
        raw = _keys(raw, {"id", "kind", "space", "revealed", "removed"}, source, "object")
        oid = str(raw.get("id"))
        _need(raw.get("kind") in OBJECT_KINDS, source, f"object {oid}",
              f"kind must be one of {', '.join(OBJECT_KINDS)}")
        _need(oid not in awoken.objects, source, f"object {oid}", "id is used twice")
        awoken.objects[oid] = GameObject(oid, raw["kind"], raw.get("space"),
                                         bool(raw.get("revealed", False)),
                                         bool(raw.get("removed", False)))
    for c in state.characters.values():
        if c.ensnared:
            _need(c.ensnared in awoken.objects, source, f"character {c.id}",
                  f"ensnared by unknown object {c.ensnared!r}")
            awoken.update_object(c.ensnared, revealed=True, space=None)
    state.mode_state = awoken
    state.turn.active = state.turn.actor = None


# -- expectations ------------------------------------------------------------------------------
def _minion_count(state: GameState, want: Mapping) -> Optional[str]:
    for mtype, n in want.items():
        got = sum(1 for m in state.monsters.values()
                  if m.kind == "minion" and m.type == mtype and m.on_board)
        if got != n:
            return f"minion_count.{mtype}: expected {n}, got {got}"
    return None


def _crystals(state: GameState, want: int) -> Optional[str]:
    got = carried_crystals(state)
    return None if got == want else f"crystals: expected {want}, got {got}"


def _listed(field: str):
    def check(state: GameState, want: Mapping) -> Optional[str]:
        for cid, ids in want.items():
            character = state.characters.get(cid)
            if character is None:
                return f"{field}: there is no character {cid}"
            got = getattr(character, field)
            if sorted(got) != sorted(ids or []):
                return f"{field}.{cid}: expected {sorted(ids or [])}, got {sorted(got)}"
        return None
    return check


def _objects(state: GameState, want: Mapping) -> Optional[str]:
    for oid, fields in want.items():
        obj = state.mode_state.objects.get(oid)
        if obj is None:
            return f"objects.{oid}: there is no such object"
        for key, value in (fields or {}).items():
            if not hasattr(obj, key):
                return f"objects.{oid}.{key}: not a field"
            if getattr(obj, key) != value:
                return f"objects.{oid}.{key}: expected {value!r}, got {getattr(obj, key)!r}"
    return None


def _track(state: GameState, want: Mapping) -> Optional[str]:
    for number, position in want.items():
        got = state.mode_state.scenario(int(number)).track_position
        if got != position:
            return f"track.{number}: expected {position}, got {got}"
    return None


def _supply(state: GameState, want: Mapping) -> Optional[str]:
    for number, types in want.items():
        supply = state.mode_state.scenario(int(number)).supply
        for mtype, n in types.items():
            if supply.get(mtype, 0) != n:
                return f"supply.{number}.{mtype}: expected {n}, got {supply.get(mtype, 0)}"
    return None


def _deck_sizes(state: GameState, want: Mapping) -> Optional[str]:
    for number, piles in want.items():
        scenario = state.mode_state.scenario(int(number))
        for pile, n in piles.items():
            got = len(getattr(scenario, pile))
            if got != n:
                return f"deck_sizes.{number}.{pile}: expected {n}, got {got}"
    return None


def _phase(state: GameState, want: str) -> Optional[str]:
    return None if state.turn.phase == want else f"phase: expected {want}, got {state.turn.phase}"


AWOKEN_EXPECT = {
    "minion_count": _minion_count, "crystals": _crystals, "carried": _listed("carried"),
    "treasures": _listed("treasures"), "objects": _objects, "track": _track,
    "supply": _supply, "deck_sizes": _deck_sizes, "phase": _phase,
}
