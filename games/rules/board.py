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

A space without `polygon` is the Voronoi cell of its core centre inside the bounds (the
points nearer to its core than to any other). Cells that share a boundary of positive
length are adjacent only if the pair is listed in `open`; any other shared boundary is a
wall.

Line of sight from space a to space b exists when some straight segment from a point of
a's core disc to a point of b's core disc crosses only open boundaries, stays on the board,
enters no cover space other than a and b, and respects high ground: from a high space the
line may reach any high space, and a low space only without passing through another high
space; from a low space the line may not enter any high space at all. A segment that passes
exactly through a corner where cells meet counts as blocked.

The search for such a segment is exact up to a tolerance of `LOS_CLEARANCE` (relative to
the size of the board), not a sampling. A cheap first pass tries segments between the
centre and `LOS_SAMPLES` rim points of each core; when that does not already reach the
fewest spaces any line could cross, the critical lines are tried as well. Why they are
enough: a free line that keeps the tolerance clear of every corner and reaches twice the
tolerance into both cores can be slid and turned, staying so, until it can turn no
further; it then touches two of these circles: the two cores shrunk by twice the
tolerance, and circles of the tolerance around the cell corners near the cores. So every
line tangent to two of the circles is tried, and the fewest spaces crossed is the minimum
over them and the first pass. Only a line of sight that exists solely closer than the
tolerance to a corner, or solely within twice the tolerance of a core's rim, can be
missed; one exactly through a corner is blocked by the rule anyway.
"""
from __future__ import annotations

import functools
import hashlib
import json
import math
from collections import deque
from dataclasses import dataclass
from typing import Any

from games.content.common import ContentError
from games.rules import geometry as geo

DEFAULT_CORE_RADIUS = 0.5
LOS_SAMPLES = 12  # points around each core rim, besides its centre (the cheap first pass)
LOS_CLEARANCE = 1e-7  # relative to the board's size: lines closer than this to a corner may be missed
_TOP_KEYS = {"bounds", "core_radius", "spaces", "open", "name", "title", "description"}
_SPACE_KEYS = {"n", "at", "cover", "high", "polygon"}

Point = tuple[float, float]


@dataclass(frozen=True)
class SpaceDef:
    """One space as defined: its number, core centre, cover and high ground, explicit polygon."""

    n: int
    at: Point
    cover: bool = False
    high: bool = False
    polygon: tuple[Point, ...] | None = None


class Board:
    """An immutable board. Build it with `board_from_data`; do not construct it directly.

    Queries about a space that is not on the board raise `KeyError`.
    """

    __slots__ = (
        "name", "title", "description", "digest", "bounds", "core_radius", "spaces",
        "_defs", "_data", "_cells", "_neighbours", "_dist", "_within", "_gap", "_boundaries",
    )

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
    spec = _parse(data, source)
    bounds, radius, defs, opened = spec["bounds"], spec["core_radius"], spec["spaces"], spec["open"]
    x0, y0, x1, y1 = bounds
    eps = 1e-9 * max(x1 - x0, y1 - y0)
    _check_cores(defs, bounds, radius, eps, source)

    rect = geo.rectangle(x0, y0, x1, y1)
    centres = [d.at for d in defs]
    cells: dict[int, tuple[Point, ...]] = {}
    for i, d in enumerate(defs):
        if d.polygon is not None:
            poly = geo.ccw(d.polygon)
        else:
            poly = geo.voronoi_cell(d.at, centres[:i] + centres[i + 1:], rect)
        cells[d.n] = geo.clean_polygon(geo.ccw(poly), eps)
    _check_cells(defs, cells, radius, eps, source)

    sub = geo.Subdivision(cells, opened, eps)
    shared = {frozenset((e.a, e.b)) for e in sub.shared}
    for a, b in spec["open_as_given"]:
        if frozenset((a, b)) not in shared:
            raise ContentError(source, f"open [{a}, {b}]", f"spaces {a} and {b} do not share a boundary")

    by_n = {d.n: d for d in defs}
    numbers = tuple(sorted(by_n))
    neighbours = {n: set() for n in numbers}
    for a, b in opened:
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

    gap = _line_of_sight(by_n, sub, radius, LOS_CLEARANCE * max(x1 - x0, y1 - y0))

    bounds_list = []
    for e in sub.shared:
        a, b = min(e.a, e.b), max(e.a, e.b)
        climb = None
        if e.open and by_n[a].high != by_n[b].high:
            climb = a if by_n[a].high else b
        p, q = sorted((_round_pt(e.p), _round_pt(e.q)))
        bounds_list.append((a, b, p, q, e.open, climb))
    bounds_list.sort()

    normalised = _normalised_data(spec)
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


# --------------------------------------------------------------------------- line of sight


def _line_of_sight(
    defs: dict[int, SpaceDef], sub: geo.Subdivision, radius: float, clearance: float,
) -> dict[int, dict[int, int]]:
    """For every ordered pair with line of sight, the fewest other spaces crossed.

    Sampled segments first (most pairs are settled there, at the lower bound of
    `_least_crossings`), then the critical lines of `_critical_gap` for the rest.
    """
    numbers = sorted(defs)
    rims = [(math.cos(2 * math.pi * k / LOS_SAMPLES), math.sin(2 * math.pi * k / LOS_SAMPLES)) for k in range(LOS_SAMPLES)]
    samples = {
        n: [defs[n].at] + [(defs[n].at[0] + radius * c, defs[n].at[1] + radius * s) for c, s in rims]
        for n in numbers
    }
    count = LOS_SAMPLES + 1
    # centre to centre first, then parallel lines (the widest spread), then the rest
    first = [(0, 0)] + [(k, k) for k in range(1, count)]
    order = first + [(i, j) for i in range(count) for j in range(count) if i != j]
    corners = _corners(sub, clearance)

    cover = frozenset(n for n in numbers if defs[n].cover)
    cover_or_high = cover | frozenset(n for n in numbers if defs[n].high)
    open_edges: dict[int, list[tuple[int, Point, Point]]] = {n: [] for n in numbers}
    for e in sub.shared:
        if e.open:
            open_edges[e.a].append((e.b, e.p, e.q))
            open_edges[e.b].append((e.a, e.p, e.q))

    gap: dict[int, dict[int, int]] = {n: {n: 0} for n in numbers}
    for ia, a in enumerate(numbers):
        for b in numbers[ia + 1:]:
            high_a, high_b = defs[a].high, defs[b].high
            forbidden = cover if (high_a and high_b) else cover_or_high
            least = _least_crossings(a, b, defs[a].at, defs[b].at, radius, open_edges, forbidden, sub.eps)
            if least is None:
                continue  # no chain of crossable boundaries fits between the two cores
            best = -1
            sa, sb = samples[a], samples[b]
            for i, j in order:
                g = sub.walk(sa[i], sb[j], a, b, forbidden)
                if g >= 0 and (best < 0 or g < best):
                    best = g
                    if best <= least:
                        break
            if best < 0 or best > least:
                best = _critical_gap(sub, a, b, defs[a].at, defs[b].at, radius, clearance, corners, forbidden, least, best)
            if best < 0:
                continue
            if high_a or not high_b:
                gap[a][b] = best
            if high_b or not high_a:
                gap[b][a] = best
    return gap


def _corners(sub: geo.Subdivision, clearance: float) -> list[Point]:
    """Every corner of every cell, once (corners closer than a quarter of the clearance merge)."""
    grid = clearance / 4
    found: dict[tuple[int, int], Point] = {}
    for poly in sub.cells.values():
        for p in poly:
            found.setdefault((round(p[0] / grid), round(p[1] / grid)), p)
    return list(found.values())


def _critical_gap(
    sub: geo.Subdivision, a: int, b: int, ca: Point, cb: Point, radius: float, clearance: float,
    corners: list[Point], forbidden: frozenset, least: int, best: int,
) -> int:
    """Improve `best` (-1: none yet) with the critical lines between the cores of a and b.

    The lines that keep `clearance` away from every corner near the cores and reach
    2 * `clearance` into both cores form a closed set, and the spaces a line crosses only
    change where it meets a corner, so they are the same across each connected part of
    that set. The directions of lines meeting both (disjoint) cores span less than a half
    turn, so each part has a line of extreme direction, and it rests against two of the
    circles (a shrunk core, or a corner's circle of radius `clearance`): a line held by
    one circle only could still turn further. So the common tangents of every two circles
    meet every part. Each is walked from its point nearest a's centre to its point nearest
    b's centre, both inside the cores. Only corners within `radius` of the segment joining
    the centres can come that close to a line between the two cores.
    """
    core = radius - 2 * clearance
    near = [v for v in corners if geo.point_segment_distance(v, ca, cb) <= radius]
    circles = [(ca, core), (cb, core)] + [(v, clearance) for v in near]
    reach = core + clearance
    for i, (c1, r1) in enumerate(circles):
        for c2, r2 in circles[i + 1:]:
            for nx, ny, c in geo.common_tangents(c1, r1, c2, r2):
                ha = nx * ca[0] + ny * ca[1] - c
                hb = nx * cb[0] + ny * cb[1] - c
                if abs(ha) > reach or abs(hb) > reach:
                    continue  # misses a core
                g = sub.walk((ca[0] - ha * nx, ca[1] - ha * ny), (cb[0] - hb * nx, cb[1] - hb * ny), a, b, forbidden)
                if g >= 0 and (best < 0 or g < best):
                    best = g
                    if best <= least:
                        return best
    return best


def _least_crossings(
    a: int, b: int, ca: Point, cb: Point, radius: float,
    open_edges: dict[int, list[tuple[int, Point, Point]]], forbidden: frozenset, eps: float,
) -> int | None:
    """A lower bound on the spaces between a and b along any line of sight, or None if none can exist.

    Every segment between the two core discs lies within `radius` of the segment joining
    the centres, so it can only cross open boundaries that come that close. A breadth-first
    search over those boundaries, avoiding spaces a line may not pass through, gives the
    fewest spaces such a line could cross.
    """
    reach = radius + eps
    lo_x, hi_x = min(ca[0], cb[0]) - reach, max(ca[0], cb[0]) + reach
    lo_y, hi_y = min(ca[1], cb[1]) - reach, max(ca[1], cb[1]) + reach
    steps = {a: 0}
    queue = deque([a])
    while queue:
        cur = queue.popleft()
        for other, p, q in open_edges[cur]:
            if other in steps or (other != b and other in forbidden):
                continue
            if max(p[0], q[0]) < lo_x or min(p[0], q[0]) > hi_x or max(p[1], q[1]) < lo_y or min(p[1], q[1]) > hi_y:
                continue
            if geo.segment_segment_distance(p, q, ca, cb) > reach:
                continue
            if other == b:
                return steps[cur]
            steps[other] = steps[cur] + 1
            queue.append(other)
    return None


# --------------------------------------------------------------------------- parsing and validation


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _point(value: Any, source: str, item: str, what: str) -> Point:
    if not (isinstance(value, (list, tuple)) and len(value) == 2 and all(_is_number(v) for v in value)):
        raise ContentError(source, item, f"{what} must be [x, y] with two numbers, got {value!r}")
    return (float(value[0]), float(value[1]))


def _parse(data: Any, source: str) -> dict:
    if not isinstance(data, dict):
        raise ContentError(source, "board", "must be a mapping with bounds, spaces and open")
    unknown = sorted(set(data) - _TOP_KEYS, key=str)
    if unknown:
        raise ContentError(source, "board", f"unknown field(s): {', '.join(map(str, unknown))}")
    for key in ("name", "title", "description"):
        if key in data and not isinstance(data[key], str):
            raise ContentError(source, key, "must be text")

    raw = data.get("bounds")
    if not (isinstance(raw, (list, tuple)) and len(raw) == 4 and all(_is_number(v) for v in raw)):
        raise ContentError(source, "bounds", f"must be [x0, y0, x1, y1] with four numbers, got {raw!r}")
    bounds = tuple(float(v) for v in raw)
    if not (bounds[0] < bounds[2] and bounds[1] < bounds[3]):
        raise ContentError(source, "bounds", f"need x0 < x1 and y0 < y1, got {list(raw)}")

    radius = data.get("core_radius", DEFAULT_CORE_RADIUS)
    if not _is_number(radius) or radius <= 0:
        raise ContentError(source, "core_radius", f"must be a positive number, got {radius!r}")

    raw_spaces = data.get("spaces")
    if not isinstance(raw_spaces, (list, tuple)) or not raw_spaces:
        raise ContentError(source, "spaces", "must be a non-empty list of spaces")
    defs: list[SpaceDef] = []
    seen: set[int] = set()
    for index, entry in enumerate(raw_spaces):
        defs.append(_parse_space(entry, index, bounds, seen, source))

    raw_open = data.get("open", [])
    if not isinstance(raw_open, (list, tuple)):
        raise ContentError(source, "open", "must be a list of [a, b] pairs")
    opened: list[tuple[int, int]] = []
    as_given: list[tuple[int, int]] = []
    pairs_seen: set[frozenset[int]] = set()
    for entry in raw_open:
        item = f"open {_show(entry)}"
        if not (isinstance(entry, (list, tuple)) and len(entry) == 2 and all(_is_int(v) for v in entry)):
            raise ContentError(source, item, "must be a pair of space numbers [a, b]")
        a, b = entry
        for n in (a, b):
            if n not in seen:
                raise ContentError(source, item, f"there is no space {n}")
        if a == b:
            raise ContentError(source, item, "a space cannot be open to itself")
        if frozenset((a, b)) in pairs_seen:
            raise ContentError(source, item, "the pair is listed twice")
        pairs_seen.add(frozenset((a, b)))
        as_given.append((a, b))
        opened.append((min(a, b), max(a, b)))

    return {
        "bounds": bounds,
        "core_radius": float(radius),
        "spaces": defs,
        "open": sorted(opened),
        "open_as_given": as_given,
        "title": data.get("title", ""),
        "description": data.get("description", ""),
    }


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _show(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(map(str, value)) + "]"
    return repr(value)


def _parse_space(entry: Any, index: int, bounds: tuple, seen: set[int], source: str) -> SpaceDef:
    if not isinstance(entry, dict):
        raise ContentError(source, f"spaces[{index}]", "must be a mapping like {n: 1, at: [x, y]}")
    n = entry.get("n")
    if not _is_int(n) or n < 1:
        raise ContentError(source, f"spaces[{index}]", f"n must be a positive whole number, got {n!r}")
    item = f"space {n}"
    unknown = sorted(set(entry) - _SPACE_KEYS, key=str)
    if unknown:
        raise ContentError(source, item, f"unknown field(s): {', '.join(map(str, unknown))}")
    if n in seen:
        raise ContentError(source, item, "the number is used twice")
    seen.add(n)
    at = _point(entry.get("at"), source, item, "at")
    x0, y0, x1, y1 = bounds
    if not (x0 <= at[0] <= x1 and y0 <= at[1] <= y1):
        raise ContentError(source, item, f"core {_show(at)} is outside the bounds {_show(bounds)}")
    flags = {}
    for key in ("cover", "high"):
        value = entry.get(key, False)
        if not isinstance(value, bool):
            raise ContentError(source, item, f"{key} must be true or false, got {value!r}")
        flags[key] = value
    polygon = None
    if "polygon" in entry:
        raw = entry["polygon"]
        if not isinstance(raw, (list, tuple)) or len(raw) < 3:
            raise ContentError(source, item, "polygon must list at least three [x, y] points")
        polygon = tuple(_point(p, source, item, "each polygon point") for p in raw)
        for p in polygon:
            if not (x0 <= p[0] <= x1 and y0 <= p[1] <= y1):
                raise ContentError(source, item, f"polygon point {_show(p)} is outside the bounds {_show(bounds)}")
    return SpaceDef(n=n, at=at, cover=flags["cover"], high=flags["high"], polygon=polygon)


def _check_cores(defs: list[SpaceDef], bounds: tuple, radius: float, eps: float, source: str) -> None:
    x0, y0, x1, y1 = bounds
    for d in defs:
        x, y = d.at
        if min(x - x0, x1 - x, y - y0, y1 - y) < radius - eps:
            raise ContentError(source, f"space {d.n}", f"its core (radius {radius:g}) sticks out of the bounds")
    ordered = sorted(defs, key=lambda d: d.at)
    for i, d in enumerate(ordered):
        for other in ordered[i + 1:]:
            if other.at[0] - d.at[0] >= 2 * radius:
                break
            gap = math.dist(d.at, other.at)
            if gap < 2 * radius - eps:
                first, second = sorted((d.n, other.n))
                raise ContentError(
                    source, f"space {first}",
                    f"its core overlaps the core of space {second} (centres {gap:g} apart, cores need {2 * radius:g})",
                )


def _check_cells(defs: list[SpaceDef], cells: dict[int, tuple[Point, ...]], radius: float, eps: float, source: str) -> None:
    for d in defs:
        item = f"space {d.n}"
        poly = cells[d.n]
        what = "polygon" if d.polygon is not None else "cell"
        if d.polygon is not None and len(poly) >= 3 and not geo.is_simple_polygon(poly, eps):
            raise ContentError(source, item, "its polygon crosses itself")
        if len(poly) < 3 or abs(geo.signed_area(poly)) <= eps:
            raise ContentError(source, item, f"its {what} has no area")
        if not geo.point_in_polygon(d.at, poly) and geo.point_polygon_boundary_distance(d.at, poly) > eps:
            raise ContentError(source, item, f"its core {_show(d.at)} is not inside its {what}")
        if geo.point_polygon_boundary_distance(d.at, poly) < radius - eps:
            raise ContentError(source, item, f"its core (radius {radius:g}) does not fit inside its {what}")
    explicit = [d for d in defs if d.polygon is not None]
    for d in explicit:
        for other in defs:
            if other.n == d.n or (other.polygon is not None and other.n < d.n):
                continue
            if geo.polygons_overlap(cells[d.n], cells[other.n], eps):
                raise ContentError(source, f"space {d.n}", f"its polygon overlaps the {'polygon' if other.polygon else 'cell'} of space {other.n}")


def _normalised_data(spec: dict) -> dict:
    spaces = []
    for d in sorted(spec["spaces"], key=lambda d: d.n):
        entry: dict[str, Any] = {"n": d.n, "at": [_num(d.at[0]), _num(d.at[1])]}
        if d.cover:
            entry["cover"] = True
        if d.high:
            entry["high"] = True
        if d.polygon is not None:
            entry["polygon"] = [[_num(x), _num(y)] for x, y in d.polygon]
        spaces.append(entry)
    data: dict[str, Any] = {
        "bounds": [_num(v) for v in spec["bounds"]],
        "core_radius": _num(spec["core_radius"]),
        "spaces": spaces,
        "open": [list(p) for p in spec["open"]],
    }
    for key in ("title", "description"):
        if spec[key]:
            data[key] = spec[key]
    return data


def _num(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value
