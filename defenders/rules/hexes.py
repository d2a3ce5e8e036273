"""Hex geometry on axial coordinates (q, r): neighbours, edges, corners and the scan line.

The board is the radius-3 hexagon around the machine core at (0, 0). Directions are
numbered 0-5 clockwise on screen (pointy-top hexes, y growing downwards): 0 east,
1 south-east, 2 south-west, 3 west, 4 north-west, 5 north-east. Corner k of a hex lies
between its sides k and k+1, at 60k + 30 degrees; a factory's arrow points at a corner.
"Right" (the machine direction with one gear) turns clockwise, "left" counter-clockwise.

An edge is the sorted pair of the two hexes it separates (one may be off the board: a
perimeter edge), so the same edge always has the same key.
"""
from __future__ import annotations

import math
from typing import Iterable, Optional

Hex = tuple[int, int]
Edge = tuple[Hex, Hex]

CORE: Hex = (0, 0)
RADIUS = 3
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
TURN = {"right": 1, "left": -1}


def step(hex_: Hex, direction: int) -> Hex:
    dq, dr = DIRECTIONS[direction % 6]
    return hex_[0] + dq, hex_[1] + dr


def neighbours(hex_: Hex) -> list[Hex]:
    """The six neighbours in direction order (some may be off the board)."""
    return [step(hex_, d) for d in range(6)]


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def ring(hex_: Hex) -> int:
    return distance(hex_, CORE)


def on_board(hex_: Hex) -> bool:
    """A habitat hex or the core: inside the perimeter."""
    return ring(hex_) <= RADIUS


def board_hexes() -> list[Hex]:
    """The 36 habitat hexes, ring by ring, in (q, r) order within a ring."""
    cells = [(q, r) for q in range(-RADIUS, RADIUS + 1) for r in range(-RADIUS, RADIUS + 1)
             if on_board((q, r)) and (q, r) != CORE]
    return sorted(cells, key=lambda h: (ring(h), h))


def edge(a: Hex, b: Hex) -> Edge:
    """The canonical key of the edge between two adjacent hexes."""
    return (a, b) if a < b else (b, a)


def direction_to(a: Hex, b: Hex) -> Optional[int]:
    """The direction from `a` to its neighbour `b`, or None when they are not adjacent."""
    delta = (b[0] - a[0], b[1] - a[1])
    return DIRECTIONS.index(delta) if delta in DIRECTIONS else None


def side(hex_: Hex, direction: int) -> Edge:
    return edge(hex_, step(hex_, direction))


def edges_of(hex_: Hex) -> list[Edge]:
    return [side(hex_, d) for d in range(6)]


def is_perimeter(e: Edge) -> bool:
    """An edge along the board's outer border (one side off the board)."""
    return on_board(e[0]) != on_board(e[1])


def common_neighbours(a: Hex, b: Hex) -> list[Hex]:
    """The two hexes touching both ends of the edge a|b (its two corners' third hexes)."""
    na = set(neighbours(a))
    return [h for h in neighbours(b) if h in na]


def other_corner(a: Hex, b: Hex, not_this: Hex) -> Hex:
    """The third hex at the corner of edge a|b that is not `not_this`."""
    first, second = common_neighbours(a, b)
    return second if first == not_this else first


def spoke(centre: Hex, corner: int) -> tuple[Hex, Hex, Hex]:
    """The edge radiating from `centre`'s corner: (left hex, right hex, hex ahead) for an
    engine standing on it with its back to `centre` and its front facing out."""
    left, right = step(centre, corner), step(centre, corner + 1)
    return left, right, other_corner(left, right, centre)


def is_right_handed(left: Hex, right: Hex, ahead: Hex) -> bool:
    """Does an engine facing the corner of left|right it shares with `ahead` have `right`
    on its right-hand side? (False also when the three hexes share no corner.)"""
    if ahead not in common_neighbours(left, right):
        return False
    (lx, ly), (rx, ry), (ax, ay) = _point(left), _point(right), _point(ahead)
    mx, my = (lx + rx) / 2, (ly + ry) / 2
    hx, hy = (lx + rx + ax) / 3 - mx, (ly + ry + ay) / 3 - my
    return (rx - mx) * -hy + (ry - my) * hx > 0


def _point(hex_: Hex) -> tuple[float, float]:
    q, r = hex_
    return math.sqrt(3) * (q + r / 2), 1.5 * r


def angle_of(point: tuple[float, float]) -> float:
    """Degrees clockwise from east, in [0, 360), rounded so equal angles compare equal."""
    return round(math.degrees(math.atan2(point[1], point[0])) % 360.0, 6) % 360.0


def hex_angle(hex_: Hex) -> float:
    return angle_of(_point(hex_))


def edge_angle(e: Edge) -> float:
    (ax, ay), (bx, by) = _point(e[0]), _point(e[1])
    return angle_of(((ax + bx) / 2, (ay + by) / 2))


def corner_angle(corner: int) -> float:
    return (60.0 * corner + 30.0) % 360.0


def scan_key(angle: float, arrow: int, direction: str) -> float:
    """How far the scan line, starting on the arrow's corner and turning in the machine
    direction, turns before it reaches `angle` (0 for a point right on the arrow)."""
    start = corner_angle(arrow)
    turned = (angle - start) if direction == "right" else (start - angle)
    return round(turned % 360.0, 6) % 360.0


def scan_order(hexes: Iterable[Hex], arrow: int, direction: str) -> list[Hex]:
    """Hexes in the order the scan line hits their centres; on one line, nearer the core first."""
    return sorted(hexes, key=lambda h: (scan_key(hex_angle(h), arrow, direction), ring(h), h))


def parse_hex(value: object) -> Hex:
    """A hex from a command or a case: [q, r] (a list or tuple of two ints)."""
    if (isinstance(value, (list, tuple)) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        return int(value[0]), int(value[1])
    raise ValueError(f"a hex is [q, r] with two whole numbers, not {value!r}")


def parse_edge(value: object) -> Edge:
    """An edge from a command or a case: [[q, r], [q, r]] of two adjacent hexes, or
    {hex: [q, r], side: 0-5}."""
    if isinstance(value, dict) and set(value) == {"hex", "side"}:
        s = value["side"]
        if not isinstance(s, int) or isinstance(s, bool) or not 0 <= s <= 5:
            raise ValueError(f"an edge's side is 0-5, not {s!r}")
        return side(parse_hex(value["hex"]), s)
    if isinstance(value, (list, tuple)) and len(value) == 2:
        a, b = parse_hex(value[0]), parse_hex(value[1])
        if direction_to(a, b) is None:
            raise ValueError(f"{list(a)} and {list(b)} are not adjacent, so share no edge")
        return edge(a, b)
    raise ValueError(f"an edge is [[q, r], [q, r]] or {{hex: [q, r], side: n}}, not {value!r}")


def hex_data(hex_: Hex) -> list[int]:
    return [hex_[0], hex_[1]]


def edge_data(e: Edge) -> list[list[int]]:
    return [hex_data(e[0]), hex_data(e[1])]
