"""The Awoken's own part of a game state (`GameState.mode_state`).

Two kinds of data live here. What never changes during a game (card definitions, track
effects, special actions, treasure texts) is held in frozen `ScenarioRules` and
`TreasureDef` objects that every clone shares. What changes (decks, discards, supply, track
positions, objects) is copied by `clone()`, which `apply` calls once per command, so it
copies lists and small objects only, never the definitions.

Minions and Ancients are not here: they are `wildlands.rules.state.Monster`s in
`state.monsters` (kind "minion" or "ancient", `scenario` = the scenario number).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, Mapping, Optional


_new = object.__new__
OBJECT_KINDS = ("crystal", "treasure", "blank", "pit_trap", "explosive_trap", "stasis_trap")
TRAPS = ("pit_trap", "explosive_trap", "stasis_trap")


# -- definitions (shared, immutable) -----------------------------------------------------------
@dataclass(frozen=True)
class MinionCard:
    """A minion card: actions for the minions of two types, a scenario effect, a reaction.

    Actions are card-action data as written in content: a name (`"move"`, a special action)
    or `{"heal": [types]}`. `effect` is `{"summon": type}`, `{"advance": n}` or None.
    """

    id: str
    top_type: str
    top_actions: tuple
    bottom_type: str
    bottom_actions: tuple
    effect: Optional[Mapping[str, Any]]
    prevents: frozenset

    def to_data(self) -> dict:
        """The card as data (built once: revealed cards go into events and views often)."""
        return self._data

    @cached_property
    def _data(self) -> dict:
        return {"id": self.id,
                "top": {"type": self.top_type, "actions": _plain(self.top_actions)},
                "bottom": {"type": self.bottom_type, "actions": _plain(self.bottom_actions)},
                "effect": _plain(self.effect) if self.effect else "none",
                "reaction": {"prevents": sorted(self.prevents)} if self.prevents else "none"}


@dataclass(frozen=True)
class AncientCard:
    """An Ancient card: the Ancient's actions (top to bottom, left to right, flattened)."""

    id: str
    actions: tuple
    prevents: frozenset

    def to_data(self) -> dict:
        return self._data

    @cached_property
    def _data(self) -> dict:
        return {"id": self.id, "actions": _plain(self.actions),
                "reaction": {"prevents": sorted(self.prevents)} if self.prevents else "none"}


@dataclass(frozen=True)
class TreasureDef:
    id: str
    name: str
    text: str
    use: str  # once | always
    when: str  # players_turn | defence | any
    effect: tuple  # steps

    def to_data(self) -> dict:
        return {"id": self.id, "name": self.name, "text": self.text, "use": self.use,
                "when": self.when, "effect": _plain(self.effect)}


@dataclass(frozen=True)
class ScenarioRules:
    """Everything about one scenario in play that the game never changes."""

    number: int
    id: str
    title: str
    side: str
    ancient_id: str
    ancient_name: str
    minion_health: Mapping[str, int]
    minion_cards: Mapping[str, MinionCard]
    ancient_cards: Mapping[str, AncientCard]
    track_length: int
    track_spaces: Mapping[int, tuple]  # track space -> steps
    special_actions: Mapping[str, tuple]  # name -> steps

    @cached_property
    def track_view(self) -> dict:
        """The track's spaces as plain data, for every view of the game (built once: the
        views show it at every change; shared by them, so never to be changed)."""
        return {str(k): [_plain(step) for step in v] for k, v in self.track_spaces.items()}

    def to_data(self) -> dict:
        return {"number": self.number, "id": self.id, "title": self.title, "side": self.side,
                "ancient_id": self.ancient_id, "ancient_name": self.ancient_name,
                "minion_health": dict(self.minion_health),
                "minion_cards": [c.to_data() for c in self.minion_cards.values()],
                "ancient_cards": [c.to_data() for c in self.ancient_cards.values()],
                "track_length": self.track_length,
                "track_spaces": {str(k): _plain(v) for k, v in self.track_spaces.items()},
                "special_actions": {k: _plain(v) for k, v in self.special_actions.items()}}


# -- what changes ------------------------------------------------------------------------------
@dataclass(slots=True)
class ScenarioInPlay:
    """One scenario sheet on the table: its decks, supply and event track."""

    rules: ScenarioRules
    player: str  # whose shard walks the track
    ancient: str  # the Ancient's monster id
    supply: dict  # minion type -> counters off the board
    minion_deck: list = field(default_factory=list)  # top first
    minion_discard: list = field(default_factory=list)
    ancient_deck: list = field(default_factory=list)
    ancient_discard: list = field(default_factory=list)
    track_position: int = 0

    @property
    def number(self) -> int:
        return self.rules.number

    def clone(self) -> "ScenarioInPlay":
        new = _new(ScenarioInPlay)  # slots set directly: cheaper than the generated __init__
        new.rules = self.rules
        new.player = self.player
        new.ancient = self.ancient
        new.supply = dict(self.supply)
        new.minion_deck = self.minion_deck[:]
        new.minion_discard = self.minion_discard[:]
        new.ancient_deck = self.ancient_deck[:]
        new.ancient_discard = self.ancient_discard[:]
        new.track_position = self.track_position
        return new


@dataclass(frozen=True, slots=True)
class GameObject:
    """An object counter: face down until revealed; removed when taken off the map.

    Frozen, so that clones of a state share them: change one with `AwokenState.update_object`.
    """

    id: str
    kind: str
    space: Optional[int]
    revealed: bool = False
    removed: bool = False


@dataclass(slots=True)
class AwokenState:
    scenarios: list  # ScenarioInPlay, ascending number
    objects: dict = field(default_factory=dict)  # id -> GameObject
    map_deck: list = field(default_factory=list)  # space numbers, top first
    map_discard: list = field(default_factory=list)
    treasure_deck: list = field(default_factory=list)  # top first
    treasure_discard: list = field(default_factory=list)
    treasure_defs: Mapping[str, TreasureDef] = field(default_factory=dict)
    crystals_to_win: int = 5
    crystals_taken: list = field(default_factory=list)  # crystal ids, in claiming order
    next_id: int = 1  # numbering for summoned minions
    # the players' turn hand-off and undo (`hand_off.py`)
    done: list = field(default_factory=list)  # seats that have said they are done
    undo: list = field(default_factory=list)  # [seat, version before] of each undoable command
    undo_barrier: Optional[str] = None  # why nothing older may be taken back

    def scenario(self, number: int) -> ScenarioInPlay:
        for scenario in self.scenarios:
            if scenario.rules.number == number:
                return scenario
        raise KeyError(number)

    def objects_in(self, space: int) -> list:
        return [o for o in self.objects.values() if o.space == space and not o.removed]

    def update_object(self, object_id: str, **changes) -> GameObject:
        """Replace an object with a changed copy (objects are frozen and shared by clones)."""
        obj = replace(self.objects[object_id], **changes)
        self.objects[object_id] = obj
        return obj

    def clone(self) -> "AwokenState":
        new = _new(AwokenState)
        new.scenarios = [s.clone() for s in self.scenarios]
        new.objects = dict(self.objects)
        new.map_deck = self.map_deck[:]
        new.map_discard = self.map_discard[:]
        new.treasure_deck = self.treasure_deck[:]
        new.treasure_discard = self.treasure_discard[:]
        new.treasure_defs = self.treasure_defs
        new.crystals_to_win = self.crystals_to_win
        new.crystals_taken = self.crystals_taken[:]
        new.next_id = self.next_id
        new.done = self.done[:]
        new.undo = self.undo[:]  # its [seat, version] pairs are never changed, only replaced
        new.undo_barrier = self.undo_barrier
        return new


# -- data --------------------------------------------------------------------------------------
def _plain(value: Any) -> Any:
    """Definitions keep tuples and mappings; data wants lists and dicts."""
    kind = type(value)
    if kind is str or kind is int or value is None:  # most leaves: no ABC check (hot: steps)
        return value
    if kind is tuple or kind is list or isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if kind is dict or isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _frozen(value: Any) -> Any:
    """Lists become tuples so that shared definitions cannot be changed by accident."""
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, Mapping):
        return {k: _frozen(v) for k, v in value.items()}
    return value


def _prevents(raw: Any) -> frozenset:
    if raw in (None, "none"):
        return frozenset()
    return frozenset(raw.get("prevents") or ())


def minion_card_from_data(d: Mapping) -> MinionCard:
    effect = d.get("effect")
    return MinionCard(d["id"], d["top"]["type"], _frozen(d["top"]["actions"]),
                      d["bottom"]["type"], _frozen(d["bottom"]["actions"]),
                      None if effect in (None, "none") else _frozen(effect),
                      _prevents(d.get("reaction")))


def ancient_card_from_data(d: Mapping) -> AncientCard:
    return AncientCard(d["id"], _frozen(d["actions"]), _prevents(d.get("reaction")))


def treasure_from_data(d: Mapping) -> TreasureDef:
    effect = d["effect"]
    steps = effect if isinstance(effect, (list, tuple)) else [effect]
    return TreasureDef(d["id"], d.get("name", d["id"]), d.get("text", ""), d.get("use", "once"),
                       d.get("when", "players_turn"), _frozen(steps))


def scenario_rules_from_data(d: Mapping) -> ScenarioRules:
    return ScenarioRules(
        number=d["number"], id=d["id"], title=d["title"], side=d["side"],
        ancient_id=d["ancient_id"], ancient_name=d["ancient_name"],
        minion_health=dict(d["minion_health"]),
        minion_cards={c["id"]: minion_card_from_data(c) for c in d["minion_cards"]},
        ancient_cards={c["id"]: ancient_card_from_data(c) for c in d["ancient_cards"]},
        track_length=d["track_length"],
        track_spaces={int(k): _frozen(v) for k, v in d["track_spaces"].items()},
        special_actions={k: _frozen(v) for k, v in d["special_actions"].items()})


def to_data(awoken: AwokenState) -> dict:
    return {
        "scenarios": [{"rules": s.rules.to_data(), "player": s.player, "ancient": s.ancient,
                       "supply": dict(s.supply), "minion_deck": list(s.minion_deck),
                       "minion_discard": list(s.minion_discard),
                       "ancient_deck": list(s.ancient_deck),
                       "ancient_discard": list(s.ancient_discard),
                       "track_position": s.track_position} for s in awoken.scenarios],
        "objects": [{"id": o.id, "kind": o.kind, "space": o.space, "revealed": o.revealed,
                     "removed": o.removed} for o in awoken.objects.values()],
        "map_deck": list(awoken.map_deck), "map_discard": list(awoken.map_discard),
        "treasure_deck": list(awoken.treasure_deck),
        "treasure_discard": list(awoken.treasure_discard),
        "treasure_defs": [t.to_data() for t in awoken.treasure_defs.values()],
        "crystals_to_win": awoken.crystals_to_win,
        "crystals_taken": list(awoken.crystals_taken),
        "next_id": awoken.next_id,
        "done": list(awoken.done),
        "undo": [list(entry) for entry in awoken.undo],
        "undo_barrier": awoken.undo_barrier,
    }


def from_data(d: Mapping) -> AwokenState:
    scenarios = [ScenarioInPlay(scenario_rules_from_data(s["rules"]), s["player"], s["ancient"],
                                dict(s["supply"]), list(s["minion_deck"]),
                                list(s["minion_discard"]), list(s["ancient_deck"]),
                                list(s["ancient_discard"]), s["track_position"])
                 for s in d["scenarios"]]
    objects = {o["id"]: GameObject(o["id"], o["kind"], o["space"], o["revealed"], o["removed"])
               for o in d["objects"]}
    return AwokenState(scenarios, objects, list(d["map_deck"]), list(d["map_discard"]),
                       list(d["treasure_deck"]), list(d["treasure_discard"]),
                       {t["id"]: treasure_from_data(t) for t in d["treasure_defs"]},
                       d["crystals_to_win"], list(d["crystals_taken"]), d["next_id"],
                       # snapshots stored before the hand-off and undo have neither
                       list(d.get("done", [])), [list(e) for e in d.get("undo", [])],
                       d.get("undo_barrier"))

