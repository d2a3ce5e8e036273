"""A map's own rules, as data: the `features` mapping of a board definition.

The special-rule maps (frozen lakes, conveyor belts, stairs between two boards, portals,
thorns, cursed tombs...) are not branches in the rules code. Each rule is a *primitive*: a
key of `features` whose value the engine interprets wherever the rule applies, so a
designer can combine primitives on a new map in the admin. Every primitive has one parser
here, registered in `_PARSERS`; a parser checks its value against the board's spaces and
returns it in a normalised, JSON-ready form (so the board's digest and `to_data` are
stable). An unknown key, or a value that does not fit, is a `ContentError` naming the
source and the item.

    features:
      players: [2]                 # the player counts the map allows (default: any)
      modes: [skirmish]            # the modes the map allows (default: every mode)
      stairs: [[4, 31], ...]       # pairs adjacent for moves and area attacks, never in sight
      portals: [3, 9, 14, 20]      # all adjacent to each other; sight only as drawn
      tower: 20                    # a numberless portal that sees every space
      thorns: [[5, 6], ...]        # boundaries crossed for 1 damage (cover prevents); no sight
      numberless: [20, 21]         # no map card: nothing starts there
      second_numbers: [[7, 40]]    # space 7 also carries number 40: two map cards
      high_ignores_low_cover: true # high-to-high sight ignores cover in low spaces

      slippery: true               # or [spaces]: maps/slippery.py
      thin_ice: [4, 9]             # maps/thin_ice.py
      belts: [{name: north, path: [3, 4, 9]}]   # maps/belts.py
      tombs: [2, 7, 11, 15, 20]    # maps/tombs.py

(The canyons' "no shot from low to high ground" is the base high-ground rule, so it needs
no primitive: `high: true` on most spaces does it.) What each primitive does in play lives
in `maps/links.py` (adjacency and sight), `maps/thorns.py` and
`maps/numbers.py`.

`Board.features` holds the parsed mapping (`Features`); ask it with `.get(key)`.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.platform.content_common import ContentError

# The modes a map may name: the rules' mode names (`GameState.mode`, `Game.Mode`).
KNOWN_MODES = ("skirmish", "awoken", "wrath", "war")

Parser = Callable[[Any, frozenset[int], str, str], Any]


class Features:
    """The parsed, immutable `features` of one board: primitive name -> normalised value."""

    __slots__ = ("_values",)
    _values: dict[str, Any]

    def __init__(self, values: dict[str, Any]) -> None:
        object.__setattr__(self, "_values", dict(values))

    def __setattr__(self, key: str, value: Any) -> None:
        raise AttributeError("Features are immutable")

    def get(self, key: str, default: Any = None) -> Any:
        return self._values.get(key, default)

    def __contains__(self, key: object) -> bool:
        return key in self._values

    def to_data(self) -> dict[str, Any]:
        """The normalised mapping, as written back into the board definition."""
        return {key: self._values[key] for key in sorted(self._values)}

    def __bool__(self) -> bool:
        return bool(self._values)

    def __repr__(self) -> str:
        return f"Features({self.to_data()!r})"


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# --- helpers for parsers ----------------------------------------------------------------------
def space_list(value: Any, spaces: frozenset[int], source: str, item: str) -> list[int]:
    """A list of distinct spaces of this board, sorted."""
    if not isinstance(value, (list, tuple)) or not all(_is_int(v) for v in value):
        raise ContentError(source, item, f"must be a list of space numbers, got {value!r}")
    for n in value:
        if n not in spaces:
            raise ContentError(source, item, f"there is no space {n}")
    if len(set(value)) != len(value):
        raise ContentError(source, item, "lists a space twice")
    return sorted(value)


def space_pairs(value: Any, spaces: frozenset[int], source: str, item: str) -> list[list[int]]:
    """A list of distinct pairs [a, b] of different spaces of this board, each sorted."""
    if not isinstance(value, (list, tuple)):
        raise ContentError(source, item, f"must be a list of [a, b] pairs, got {value!r}")
    pairs: list[list[int]] = []
    for entry in value:
        shown = f"{item} {list(entry) if isinstance(entry, (list, tuple)) else entry!r}"
        if not (isinstance(entry, (list, tuple)) and len(entry) == 2 and all(_is_int(v) for v in entry)):
            raise ContentError(source, shown, "must be a pair of space numbers [a, b]")
        for n in entry:
            if n not in spaces:
                raise ContentError(source, shown, f"there is no space {n}")
        if entry[0] == entry[1]:
            raise ContentError(source, shown, "a space cannot be paired with itself")
        pair = sorted(entry)
        if pair in pairs:
            raise ContentError(source, shown, "the pair is listed twice")
        pairs.append(pair)
    return sorted(pairs)


# --- the primitives ---------------------------------------------------------------------------
def _players(value: Any, spaces: frozenset[int], source: str, item: str) -> list[int]:
    if (not isinstance(value, (list, tuple)) or not value
            or not all(_is_int(v) and 1 <= v <= 6 for v in value)):
        raise ContentError(source, item, f"must be a list of player counts (1-6), got {value!r}")
    return sorted(set(value))


def _modes(value: Any, spaces: frozenset[int], source: str, item: str) -> list[str]:
    if not isinstance(value, (list, tuple)) or not value or not all(isinstance(v, str) for v in value):
        raise ContentError(source, item, f"must be a list of mode names, got {value!r}")
    for mode in value:
        if mode not in KNOWN_MODES:
            raise ContentError(source, item, f"unknown mode {mode!r} (known: {', '.join(KNOWN_MODES)})")
    return sorted(set(value))


# --- links between spaces, sight and numbers (the Canyons, the Dark House, the Crypt, the Tower)
def _stairs(value: Any, spaces: frozenset[int], source: str, item: str) -> list[list[int]]:
    """Pairs of stair spaces; a space is on one stair at most, and a stair needs both ends."""
    if isinstance(value, (list, tuple)):
        for entry in value:
            if isinstance(entry, (list, tuple)) and len(entry) == 1:
                raise ContentError(source, f"{item} {list(entry)}",
                                   f"the stair on space {entry[0]} has no pair: give [a, b]")
    pairs = space_pairs(value, spaces, source, item)
    seen: set[int] = set()
    for pair in pairs:
        for n in pair:
            if n in seen:
                raise ContentError(source, f"{item} {pair}", f"space {n} is on two stairs")
            seen.add(n)
    return pairs


def _portals(value: Any, spaces: frozenset[int], source: str, item: str) -> list[int]:
    portals = space_list(value, spaces, source, item)
    if len(portals) < 2:
        raise ContentError(source, item, "a portal needs at least one other portal to lead to")
    return portals


def _tower(value: Any, spaces: frozenset[int], source: str, item: str) -> int:
    if not _is_int(value) or value not in spaces:
        raise ContentError(source, item, f"must be a space of this board, got {value!r}")
    return value


def _second_numbers(value: Any, spaces: frozenset[int], source: str, item: str) -> list[list[int]]:
    """[space, its second number] pairs: the second number is a map card for that space."""
    if not isinstance(value, (list, tuple)):
        raise ContentError(source, item, f"must be a list of [space, second number] pairs, got {value!r}")
    pairs: list[list[int]] = []
    used: set[int] = set()
    for entry in value:
        shown = f"{item} {list(entry) if isinstance(entry, (list, tuple)) else entry!r}"
        if not (isinstance(entry, (list, tuple)) and len(entry) == 2 and all(_is_int(v) for v in entry)):
            raise ContentError(source, shown, "must be a pair [space, second number]")
        space, number = entry
        if space not in spaces:
            raise ContentError(source, shown, f"there is no space {space}")
        if number < 1 or number in spaces:
            raise ContentError(source, shown, f"the second number {number} must be a positive number "
                                              "that no space already has")
        if space in used or number in used:
            raise ContentError(source, shown, "a space has two numbers at most, each used once")
        used.update((space, number))
        pairs.append([space, number])
    return sorted(pairs)


def _flag(value: Any, spaces: frozenset[int], source: str, item: str) -> bool:
    if not isinstance(value, bool):
        raise ContentError(source, item, f"must be true or false, got {value!r}")
    return value


def _check_links(values: dict[str, Any], source: str) -> None:
    """Checks across primitives: a tower is a numberless portal; a space with no number has
    no second one."""
    tower = values.get("tower")
    if tower is not None:
        if tower not in values.get("portals", []):
            raise ContentError(source, "features.tower", f"the tower (space {tower}) is not a portal: "
                                                         "list it in features.portals")
        if tower not in values.get("numberless", []):
            raise ContentError(source, "features.tower", f"the tower (space {tower}) has no number: "
                                                         "list it in features.numberless")
    numberless = set(values.get("numberless", []))
    for space, number in values.get("second_numbers", []):
        if space in numberless:
            raise ContentError(source, f"features.second_numbers [{space}, {number}]",
                               f"space {space} is numberless, so it cannot carry a second number")


_PARSERS: dict[str, Parser] = {
    "players": _players,
    "modes": _modes,
    "stairs": _stairs,
    "portals": _portals,
    "tower": _tower,
    "thorns": space_pairs,
    "numberless": space_list,
    "second_numbers": _second_numbers,
    "high_ignores_low_cover": _flag,
}
# checks that read several primitives at once, run after each has been parsed
_CROSS_CHECKS: list[Callable[[dict[str, Any], str], None]] = [_check_links]


# --- the lake, the factory and the maze (issue 15, part B) -------------------------------------
def _spaces_or_all(value: Any, spaces: frozenset[int], source: str, item: str) -> bool | list[int]:
    """`true` (every space) or a list of spaces: where a surface rule holds."""
    if value is True:
        return True
    return space_list(value, spaces, source, item)


def _tombs(value: Any, spaces: frozenset[int], source: str, item: str) -> list[int]:
    found = space_list(value, spaces, source, item)
    if not found:
        raise ContentError(source, item, "must list at least one tomb space")
    return found


def _belts(value: Any, spaces: frozenset[int], source: str, item: str) -> list[dict[str, Any]]:
    """Conveyor belts: `[{name: north, path: [3, 4, 9]}, ...]`, each path in the belt's
    direction (things move from each space to the next; the last space keeps what it holds)."""
    if not isinstance(value, (list, tuple)) or not value:
        raise ContentError(source, item, f"must be a list of belts like {{name: a, path: [1, 2]}}, got {value!r}")
    belts: list[dict[str, Any]] = []
    for index, belt in enumerate(value):
        if not isinstance(belt, dict) or set(belt) != {"name", "path"}:
            raise ContentError(source, f"{item}[{index}]", "must be a mapping with a name and a path")
        name = belt["name"]
        if not isinstance(name, str) or not name.strip():
            raise ContentError(source, f"{item}[{index}]", f"name must be text, got {name!r}")
        shown = f"{item} {name}"
        if any(other["name"] == name for other in belts):
            raise ContentError(source, shown, "the name is used by two belts")
        path = belt["path"]
        if not isinstance(path, (list, tuple)) or len(path) < 2 or not all(_is_int(v) for v in path):
            raise ContentError(source, shown, f"path must list two or more space numbers, got {path!r}")
        for a, b in zip(path, path[1:]):
            if b not in spaces or a not in spaces:
                gone = a if a not in spaces else b
                raise ContentError(source, f"{shown} step [{a}, {b}]",
                                   f"leaves the board: there is no space {gone}")
        if len(set(path)) != len(path):
            raise ContentError(source, shown, "its path passes a space twice")
        belts.append({"name": name, "path": list(path)})
    return sorted(belts, key=lambda belt: belt["name"])


def _check_belt_steps(value: list[dict[str, Any]], opened: frozenset[frozenset[int]],
                      source: str, item: str) -> None:
    for belt in value:
        path = belt["path"]
        for a, b in zip(path, path[1:]):
            if frozenset((a, b)) not in opened:
                raise ContentError(source, f"{item} {belt['name']} step [{a}, {b}]",
                                   f"spaces {a} and {b} are not neighbours (no open boundary "
                                   "between them)")


_PARSERS.update({
    "slippery": _spaces_or_all,   # a character that moved twice this turn may push another
    "thin_ice": space_list,       # entering one hurts the other characters there
    "belts": _belts,              # run by a player who scores a point
    "tombs": _tombs,              # each holds a curse at setup
})

# Checks that need the board's open boundaries (the parsers see only its spaces):
# primitive -> check(normalised value, open pairs, source, item).
_OPEN_CHECKS: dict[str, Callable[[Any, frozenset[frozenset[int]], str, str], None]] = {
    "belts": _check_belt_steps,
}


def check_against_open(features: Features, opened: list[tuple[int, int]], source: str) -> None:
    """Check the primitives that depend on which spaces are neighbours (a belt's steps)."""
    pairs = frozenset(frozenset(pair) for pair in opened)
    for key, check in _OPEN_CHECKS.items():
        value = features.get(key)
        if value is not None:
            check(value, pairs, source, f"features.{key}")


def parse_features(data: Any, spaces: frozenset[int], source: str) -> Features:
    """Check a definition's `features` mapping against its spaces; `None` means none."""
    if data is None:
        return Features({})
    if not isinstance(data, dict):
        raise ContentError(source, "features", "must be a mapping of map rules")
    unknown = sorted(set(data) - set(_PARSERS), key=str)
    if unknown:
        raise ContentError(source, "features",
                           f"unknown map rule(s): {', '.join(map(str, unknown))} "
                           f"(known: {', '.join(sorted(_PARSERS))})")
    values = {key: _PARSERS[key](value, spaces, source, f"features.{key}")
              for key, value in data.items()}
    for check in _CROSS_CHECKS:
        check(values, source)
    return Features(values)


def allows(features: Features, *, mode: str, players: int) -> str | None:
    """Why this map may not host a game of `mode` with `players` players, or None if it may."""
    modes = features.get("modes")
    if modes is not None and mode not in modes:
        return f"this map is not played in {mode} games (only {', '.join(modes)})"
    counts = features.get("players")
    if counts is not None and players not in counts:
        allowed = " or ".join(str(n) for n in counts)
        return f"this map is for {allowed} players only, not {players}"
    return None
