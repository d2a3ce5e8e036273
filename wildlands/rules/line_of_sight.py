"""Line of sight between spaces, computed once per board (`board.py` keeps the table).

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

import math
from collections import deque

from wildlands.rules import geometry as geo
from wildlands.rules.board_definition import Point, SpaceDef

LOS_SAMPLES = 12  # points around each core rim, besides its centre (the cheap first pass)
LOS_CLEARANCE = 1e-7  # relative to the board's size: lines closer than this to a corner may be missed



def line_of_sight(
    defs: dict[int, SpaceDef], sub: geo.Subdivision, radius: float, clearance: float,
    *, high_ignores_low_cover: bool = False,
) -> dict[int, dict[int, int]]:
    """For every ordered pair with line of sight, the fewest other spaces crossed.

    `high_ignores_low_cover` (a map rule): between two high spaces, cover in low spaces
    does not block the line.

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
    high = frozenset(n for n in numbers if defs[n].high)
    cover_or_high = cover | high
    high_to_high = cover & high if high_ignores_low_cover else cover
    open_edges: dict[int, list[tuple[int, Point, Point]]] = {n: [] for n in numbers}
    for e in sub.shared:
        if e.open:
            open_edges[e.a].append((e.b, e.p, e.q))
            open_edges[e.b].append((e.a, e.p, e.q))

    gap: dict[int, dict[int, int]] = {n: {n: 0} for n in numbers}
    for ia, a in enumerate(numbers):
        for b in numbers[ia + 1:]:
            high_a, high_b = defs[a].high, defs[b].high
            forbidden = high_to_high if (high_a and high_b) else cover_or_high
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
