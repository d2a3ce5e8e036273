"""The board: spaces, walls, climbs, movement distances and line of sight.

A board is built once from its definition (a shipped map or a rules case's inline board)
and is immutable afterwards. Everything a game asks during play (who is adjacent, how far,
who sees whom, is a heavy ranged target close enough) is answered from tables computed at
build time, so a query is a dictionary lookup, never geometry.

The definition, as plain data::

    bounds: [x0, y0, x1, y1]          # the play area
    core_radius: 0.5                  # radius of every core disc (optional, 0.5)
    spaces:
      - {n: 1, at: [5, 5]}            # number and core centre
      - {n: 2, at: [15, 5], cover: true, high: true, polygon: [[x, y], ...]}
    open: [[1, 2], ...]               # boundaries that can be crossed (white lines)
    features: {players: [2], ...}     # the map's own rules as primitives (maps/features.py)

A space without `polygon` is the Voronoi cell of its core centre inside the bounds (the
points nearer to its core than to any other). Cells that share a boundary of positive
length are adjacent only if the pair is listed in `open`; any other shared boundary is a
wall.

Line of sight is computed once per board in `line_of_sight.py`; the definition is parsed
and checked in `board_definition.py`.
"""
from __future__ import annotations

import functools
import hashlib
import json
from collections import deque
from typing import Any

from games.platform.content_common import ContentError
from wildlands.rules import geometry as geo
from wildlands.rules.board_definition import (Point, SpaceDef, check_cells, check_cores,
                                          normalised_data, parse_definition)
from wildlands.rules.line_of_sight import LOS_CLEARANCE, line_of_sight
from wildlands.rules.maps.features import Features
from wildlands.rules.maps.links import adjust_sight, check_thorns, extra_links


class Board:
    """An immutable board. Build it with `board_from_data`; do not construct it directly.

    Queries about a space that is not on the board raise `KeyError`.
    """

    __slots__ = (
        "name", "title", "description", "digest", "bounds", "core_radius", "spaces", "features",
        "_defs", "_data", "_cells", "_neighbours", "_dist", "_within", "_gap", "_boundaries",
    )
    name: str
    title: str
    description: str
    digest: str
    bounds: tuple[float, float, float, float]
    core_radius: float
    spaces: tuple[int, ...]
    features: Features
    _defs: dict[int, SpaceDef]
    _data: str
    _cells: dict[int, tuple[Point, ...]]
    _neighbours: dict[int, frozenset[int]]
    _dist: dict[int, dict[int, int]]
    _within: dict[int, tuple[frozenset[int], ...]]
    _gap: dict[int, dict[int, int]]
    _boundaries: tuple[tuple[int, int, Point, Point, bool, int | None], ...]

    def __init__(self, **fields: Any) -> None:
        for key, value in fields.items():
            object.__setattr__(self, key, value)

    def __setattr__(self, key: str, value: Any) -> None:
        raise AttributeError(f"Board is immutable (tried to set {key!r})")

    def __repr__(self) -> str:
        return f"<Board {self.name!r}: {len(self.spaces)} spaces>"

    # ---- spaces

    def space(self, n: int) -> SpaceDef:
        try:
            return self._defs[n]
        except KeyError:
            raise KeyError(f"board {self.name!r} has no space {n!r}") from None

    def __contains__(self, n: object) -> bool:
        return n in self._defs

    def is_high(self, n: int) -> bool:
        return self.space(n).high

    def has_cover(self, n: int) -> bool:
        return self.space(n).cover

    def cell(self, n: int) -> tuple[Point, ...]:
        """The outline of the space, counter-clockwise."""
        self.space(n)
        return self._cells[n]

    # ---- movement

    def neighbours(self, n: int) -> frozenset[int]:
        """Spaces one move away: across an open boundary."""
        try:
            return self._neighbours[n]
        except KeyError:
            raise KeyError(f"board {self.name!r} has no space {n!r}") from None

    def is_adjacent(self, a: int, b: int) -> bool:
        return b in self.neighbours(a)

    def is_climb(self, a: int, b: int) -> bool:
        """Moving from a into adjacent b climbs onto high ground."""
        return self.is_adjacent(a, b) and self._defs[b].high and not self._defs[a].high

    def distance(self, a: int, b: int) -> int | None:
        """Fewest moves from a to b across open boundaries (climbs count once); None if unreachable."""
        row = self._row(self._dist, a)
        d = row.get(b)
        if d is None:
            self.space(b)
        return d

    def within(self, a: int, k: int) -> frozenset[int]:
        """Spaces at most k moves from a, a itself included (k >= 0)."""
        rings = self._row(self._within, a)
        if k < 0:
            return frozenset()
        return rings[min(k, len(rings) - 1)]

    # ---- line of sight

    def has_los(self, a: int, b: int) -> bool:
        """Line of sight from a to b (it can differ from b to a with high ground)."""
        if b in self._row(self._gap, a):
            return True
        self.space(b)
        return False

    def los_gap(self, a: int, b: int) -> int | None:
        """Fewest other spaces a line of sight from a to b passes through; None without LOS."""
        gap = self._row(self._gap, a).get(b)
        if gap is None:
            self.space(b)
        return gap

    def in_heavy_range(self, a: int, b: int) -> bool:
        """b is a heavy ranged target from a: in line of sight, at most one space in between."""
        gap = self._row(self._gap, a).get(b)
        if gap is None:
            self.space(b)
            return False
        return gap <= 1

    def visible_from(self, a: int) -> frozenset[int]:
        """Every space a has line of sight to, a included."""
        return frozenset(self._row(self._gap, a))

    # ---- drawing and data

    def boundaries(self) -> list[dict]:
        """Every shared boundary: the two spaces, the segment, open or wall, and which side is climbed into."""
        return [
            {"a": a, "b": b, "segment": [list(p), list(q)], "open": is_open, "climb_into": climb}
            for a, b, p, q, is_open, climb in self._boundaries
        ]

    def to_data(self) -> dict:
        """The definition this board was built from, normalised, as plain JSON-ready data."""
        return json.loads(self._data)

    def _row(self, table: dict, a: int) -> Any:
        try:
            return table[a]
        except KeyError:
            raise KeyError(f"board {self.name!r} has no space {a!r}") from None


# --------------------------------------------------------------------------- building


def board_from_data(data: dict, *, name: str | None = None, source: str = "<inline>") -> Board:
    """Validate a board definition and build it; identical definitions share one Board.

    `name` defaults to the definition's own `name` key, else "inline". `source` names the
    file or case in error messages.

    :raises ContentError: naming the source, the item and the problem.
    """
    try:
        canonical = json.dumps(data, sort_keys=True, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise ContentError(source, "board", f"is not plain data: {exc}") from None
    if name is None:
        given = data.get("name") if isinstance(data, dict) else None
        name = given if isinstance(given, str) and given else "inline"
    return _build_cached(canonical, name, source)


@functools.lru_cache(maxsize=128)
def _build_cached(canonical: str, name: str, source: str) -> Board:
    return _build(json.loads(canonical), name, source)


def _build(data: Any, name: str, source: str) -> Board:
    spec = parse_definition(data, source)
    bounds, radius, defs, opened = spec["bounds"], spec["core_radius"], spec["spaces"], spec["open"]
    x0, y0, x1, y1 = bounds
    eps = 1e-9 * max(x1 - x0, y1 - y0)
    check_cores(defs, bounds, radius, eps, source)

    rect = geo.rectangle(x0, y0, x1, y1)
    centres = [d.at for d in defs]
    cells: dict[int, tuple[Point, ...]] = {}
    for i, d in enumerate(defs):
        if d.polygon is not None:
            poly = geo.ccw(d.polygon)
        else:
            poly = geo.voronoi_cell(d.at, centres[:i] + centres[i + 1:], rect)
        cells[d.n] = geo.clean_polygon(geo.ccw(poly), eps)
    check_cells(defs, cells, radius, eps, source)

    sub = geo.Subdivision(cells, opened, eps)
    shared = {frozenset((e.a, e.b)) for e in sub.shared}
    for a, b in spec["open_as_given"]:
        if frozenset((a, b)) not in shared:
            raise ContentError(source, f"open [{a}, {b}]", f"spaces {a} and {b} do not share a boundary")

    features = spec["features"]
    check_thorns(features, shared, opened, source)
    by_n = {d.n: d for d in defs}
    numbers = tuple(sorted(by_n))
    neighbours: dict[int, set[int]] = {n: set() for n in numbers}
    for a, b in [*opened, *extra_links(features)]:
        neighbours[a].add(b)
        neighbours[b].add(a)
    frozen_neighbours = {n: frozenset(v) for n, v in neighbours.items()}
    dist = {n: _bfs(n, frozen_neighbours) for n in numbers}
    within = {}
    for n in numbers:
        rings: list[frozenset[int]] = []
        for k in range(max(dist[n].values()) + 1):
            rings.append(frozenset(m for m, d in dist[n].items() if d <= k))
        within[n] = tuple(rings)

    gap = line_of_sight(by_n, sub, radius, LOS_CLEARANCE * max(x1 - x0, y1 - y0),
                        high_ignores_low_cover=bool(features.get("high_ignores_low_cover")))
    adjust_sight(gap, features, dist)

    bounds_list = []
    for e in sub.shared:
        a, b = min(e.a, e.b), max(e.a, e.b)
        climb = None
        crossable = e.open or [a, b] in features.get("thorns", [])  # thorns are crossed too
        if crossable and by_n[a].high != by_n[b].high:
            climb = a if by_n[a].high else b
        p, q = sorted((_round_pt(e.p), _round_pt(e.q)))
        bounds_list.append((a, b, p, q, e.open, climb))
    bounds_list.sort()

    normalised = normalised_data(spec)
    text = json.dumps(normalised, separators=(",", ":"))
    digest = hashlib.sha256(json.dumps(normalised, sort_keys=True).encode()).hexdigest()[:16]
    return Board(
        name=name,
        title=spec["title"],
        description=spec["description"],
        digest=digest,
        bounds=tuple(bounds),
        core_radius=radius,
        spaces=numbers,
        features=spec["features"],
        _defs=by_n,
        _data=text,
        _cells={n: tuple(_round_pt(p) for p in cells[n]) for n in numbers},
        _neighbours=frozen_neighbours,
        _dist=dist,
        _within=within,
        _gap=gap,
        _boundaries=tuple(bounds_list),
    )


def _round_pt(p: Point) -> Point:
    return (round(p[0], 6) + 0.0, round(p[1], 6) + 0.0)


def _bfs(start: int, neighbours: dict[int, frozenset[int]]) -> dict[int, int]:
    dist = {start: 0}
    queue = deque([start])
    while queue:
        cur = queue.popleft()
        for nxt in neighbours[cur]:
            if nxt not in dist:
                dist[nxt] = dist[cur] + 1
                queue.append(nxt)
    return dist
