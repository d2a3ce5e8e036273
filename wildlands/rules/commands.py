"""Commands as frozen values, parsed strictly from the dicts clients and rules cases send.

A command is `{"do": name, ...}` (an action) or `{"respond": name, ...}` (an answer to the
pending prompt). Anything malformed becomes `invalid_command` with a readable message before
the rules look at it, so no input can reach the rules half-understood.
"""
from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from typing import Any, Mapping

from wildlands.rules.errors import RuleError

# name -> (required fields, optional fields)
ACTIONS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "reveal": (("character",), ()),
    "move": (("character", "to", "cards"), ()),
    "fly": (("character", "to", "cards"), ("path",)),
    "rally": (("character", "with", "to", "cards"), ()),
    "claim": (("character", "cards"), ("object",)),
    "melee": (("character", "target", "cards"), ()),
    "heavy_melee": (("character", "target", "cards"), ()),
    "ranged": (("character", "target", "cards"), ()),
    "heavy_ranged": (("character", "target", "cards"), ()),
    "area": (("character", "space", "cards"), ()),
    "draw_two": (("cards",), ()),
    "interrupt": (("cards",), ()),
    "end_turn": ((), ()),
    "assign": (("spaces",), ()),
    # The Awoken
    "reveal_object": (("character", "object"), ("discard",)),
    "use_treasure": (("character", "treasure"), ("target", "to", "space")),
    "finish": ((), ()),  # this seat is done with the players' shared turn
    "undo": ((), ()),  # take back this seat's last command
    # table companion (ancients_ai.engine.companion): the table corrects the site
    "correct": (("figure",), ("space", "damage", "crystals")),
    # The Wrath of the Ancients: spend a claimed shard for that Ancient's special action
    "special": (("character",), ()),
}
RESPONSES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "defend": (("character", "cards"), ()),
    "pass": ((), ()),
    "choose": ((), ("character", "target", "space", "figure", "belt", "amount", "attack")),
    # The Wrath of the Ancients' desperate measures: cards thrown away before the end draw
    "discard": (("cards",), ()),
}
ATTACKS = ("melee", "heavy_melee", "ranged", "heavy_ranged", "area")

_FIELD_KINDS = {
    "character": "id", "target": "id", "with": "id", "object": "id", "discard": "id",
    "treasure": "id", "figure": "id", "belt": "id", "attack": "id", "amount": "number",
    "to": "space_or_map", "space": "space", "cards": "ids", "path": "spaces", "spaces": "map",
    "damage": "count", "crystals": "count",
}


@dataclass(frozen=True)
class Command:
    """One parsed command. `name` is the action or response; `is_response` tells which."""

    name: str
    is_response: bool = False
    character: str | None = None
    target: str | None = None
    with_: str | None = None
    object: str | None = None
    discard: str | None = None
    treasure: str | None = None
    figure: str | None = None
    belt: str | None = None  # a map's conveyor belt, by name (maps/belts.py)
    attack: str | None = None  # a choice among attacks (a Wrath special action)
    amount: int | None = None  # a chosen number (the Automaton's self-damage)
    to: Any = None  # a space, or for rally {character: space}
    space: int | None = None
    cards: tuple = ()
    path: tuple = ()
    spaces: Mapping[str, int] = field(default_factory=dict)
    damage: int | None = None  # a correction's damage count (companion)
    crystals: int | None = None  # a correction's count of crystals carried (companion)

    def to_data(self) -> dict:
        data: dict[str, Any] = {"respond" if self.is_response else "do": self.name}
        for key in ("character", "target", "object", "discard", "treasure", "figure", "space",
                    "belt", "damage", "crystals", "attack", "amount"):
            if getattr(self, key) is not None:
                data[key] = getattr(self, key)
        if self.with_ is not None:
            data["with"] = self.with_
        if self.to is not None:
            data["to"] = dict(self.to) if isinstance(self.to, Mapping) else self.to
        table = RESPONSES if self.is_response else ACTIONS
        if self.cards or "cards" in table.get(self.name, ((), ()))[0]:  # companion: `cards: []`
            data["cards"] = list(self.cards)
        if self.path:
            data["path"] = list(self.path)
        if self.spaces:
            data["spaces"] = dict(self.spaces)
        return data


def _bad(message: str) -> RuleError:
    return RuleError("invalid_command", message)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_field(name: str, key: str, value: Any) -> Any:
    kind = _FIELD_KINDS[key]
    if kind == "id":
        if type(value) is str and 0 < len(value) <= 64:
            return value
        if not isinstance(value, str) or not value or len(value) > 64:
            raise _bad(f"'{name}': field '{key}' must be a non-empty name, not {value!r:.40}")
        return value
    if kind == "number":
        if not _is_int(value) or not 0 <= value <= 99:
            raise _bad(f"'{name}': field '{key}' must be a whole number, not {value!r:.40}")
        return value
    if kind == "space":
        if not _is_int(value):
            raise _bad(f"'{name}': field '{key}' must be a space number, not {value!r:.40}")
        return value
    if kind == "count":
        if not _is_int(value) or not 0 <= value <= 99:
            raise _bad(f"'{name}': field '{key}' must be a count from 0 to 99, not {value!r:.40}")
        return value
    if kind == "ids":
        if not isinstance(value, list) or len(value) > 10:
            raise _bad(f"'{name}': 'cards' must be a list of card ids")
        for v in value:
            if not isinstance(v, str) or not v or len(v) > 64:
                raise _bad(f"'{name}': 'cards' must be a list of card ids")
        if len(set(value)) != len(value):
            raise _bad(f"'{name}': the same card is named twice")
        return tuple(value)
    if kind == "spaces":
        if not isinstance(value, list) or len(value) > 4 or not all(_is_int(v) for v in value):
            raise _bad(f"'{name}': '{key}' must be a short list of space numbers")
        return tuple(value)
    if kind == "map":
        if not isinstance(value, Mapping) or len(value) > 10 or not all(
                isinstance(k, str) and _is_int(v) for k, v in value.items()):
            raise _bad(f"'{name}': '{key}' must map names to space numbers")
        return dict(value)
    if kind == "space_or_map":
        if _is_int(value):
            return value
        if name == "rally" or name == "use_treasure":
            return _check_field(name, "spaces", value)
        raise _bad(f"'{name}': field 'to' must be a space number, not {value!r:.40}")
    raise AssertionError(kind)


_IGNORED = frozenset(("do", "respond", "as", "expect_error"))
# every field's default, for building a Command without its generated (frozen) __init__
_DEFAULTS = {f.name: f.default for f in fields(Command) if f.default is not MISSING}
_new = object.__new__


def _command(values: dict) -> Command:
    """`Command(**values)` at a third of the cost: the frozen dataclass's __init__ sets each
    of its fifteen fields through `object.__setattr__`; this fills the instance dict at once
    (same fields, same defaults, a fresh `spaces` dict), so the value is identical."""
    command = _new(Command)
    attributes = command.__dict__
    attributes.update(_DEFAULTS)
    attributes["spaces"] = {}
    attributes.update(values)
    return command


def parse_command(data: Any) -> Command:
    """Parse a command dict; raise RuleError('invalid_command') for anything malformed."""
    if type(data) is not dict:
        if isinstance(data, Command):
            return data
        if not isinstance(data, Mapping):
            raise _bad("a command must be an object with 'do' or 'respond'")
    is_response = "respond" in data
    if ("do" in data) == is_response:
        raise _bad("a command needs exactly one of 'do' or 'respond'")
    name = data["respond"] if is_response else data["do"]
    table = RESPONSES if is_response else ACTIONS
    if not isinstance(name, str) or name not in table:
        known = ", ".join(sorted(table))
        raise _bad(f"unknown {'response' if is_response else 'action'} {name!r:.40}; known: {known}")
    required, optional = table[name]
    values: dict[str, Any] = {"name": name, "is_response": is_response}
    for key, value in data.items():
        if key in _IGNORED:
            continue
        if key not in required and key not in optional:
            raise _bad(f"'{name}' takes no field {key!r:.40}")
        values[key] = _check_field(name, key, value)
    for key in required:
        if key not in values:
            missing = [k for k in required if k not in values]
            raise _bad(f"'{name}' needs {', '.join(missing)}")
    if "with" in values:
        values["with_"] = values.pop("with")
    return _command(values)
