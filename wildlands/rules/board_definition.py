"""A board's definition, as plain data: parsed, checked, and written back normalised.

Every problem is a `ContentError` naming the source, the item (a space, an `open` pair)
and what is wrong. The format is described in `board.py`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, TypeGuard

from games.platform.content_common import ContentError
from wildlands.rules import geometry as geo
from wildlands.rules.maps.features import check_against_open, parse_features

DEFAULT_CORE_RADIUS = 0.5
_TOP_KEYS = {"bounds", "core_radius", "spaces", "open", "name", "title", "description", "features"}
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



def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _point(value: Any, source: str, item: str, what: str) -> Point:
    if not (isinstance(value, (list, tuple)) and len(value) == 2 and all(_is_number(v) for v in value)):
        raise ContentError(source, item, f"{what} must be [x, y] with two numbers, got {value!r}")
    return (float(value[0]), float(value[1]))


def parse_definition(data: Any, source: str) -> dict:
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

    features = parse_features(data.get("features"), frozenset(seen), source)
    check_against_open(features, opened, source)

    return {
        "bounds": bounds,
        "core_radius": float(radius),
        "features": features,
        "spaces": defs,
        "open": sorted(opened),
        "open_as_given": as_given,
        "title": data.get("title", ""),
        "description": data.get("description", ""),
    }


def _is_int(value: Any) -> TypeGuard[int]:
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


def check_cores(defs: list[SpaceDef], bounds: tuple, radius: float, eps: float, source: str) -> None:
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


def check_cells(defs: list[SpaceDef], cells: dict[int, tuple[Point, ...]], radius: float, eps: float, source: str) -> None:
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


def normalised_data(spec: dict) -> dict:
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
    if spec["features"]:
        data["features"] = spec["features"].to_data()
    for key in ("title", "description"):
        if spec[key]:
            data[key] = spec[key]
    return data


def _num(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value
