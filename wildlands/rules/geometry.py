"""Plane geometry for boards: polygons, half-plane clipping and walking a segment across cells.

Everything here is plain floats and tuples; nothing knows about the game. `board.py` builds
the spaces of a map with these helpers and asks `Subdivision.walk` which cells a line of
sight passes through.

Polygons are tuples of `(x, y)` points. Functions that care about orientation say so;
`ccw` turns any simple polygon counter-clockwise.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

Point = tuple[float, float]
Polygon = tuple[Point, ...]


# --------------------------------------------------------------------------- basics


def signed_area(poly: Sequence[Point]) -> float:
    """Shoelace area: positive for counter-clockwise polygons (in a y-up frame)."""
    total = 0.0
    n = len(poly)
    for i in range(n):
        x0, y0 = poly[i]
        x1, y1 = poly[(i + 1) % n]
        total += x0 * y1 - x1 * y0
    return total / 2.0


def ccw(poly: Sequence[Point]) -> Polygon:
    """The same polygon, listed counter-clockwise."""
    pts = tuple((float(x), float(y)) for x, y in poly)
    return pts if signed_area(pts) >= 0 else tuple(reversed(pts))


def bbox(poly: Sequence[Point]) -> tuple[float, float, float, float]:
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    return min(xs), min(ys), max(xs), max(ys)


def bboxes_overlap(a: Sequence[float], b: Sequence[float], eps: float = 0.0) -> bool:
    return not (a[2] < b[0] - eps or b[2] < a[0] - eps or a[3] < b[1] - eps or b[3] < a[1] - eps)


def rectangle(x0: float, y0: float, x1: float, y1: float) -> Polygon:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def is_convex(poly: Sequence[Point], eps: float = 1e-12) -> bool:
    """True for a counter-clockwise polygon with no reflex vertex."""
    n = len(poly)
    for i in range(n):
        ax, ay = poly[i - 1]
        bx, by = poly[i]
        cx, cy = poly[(i + 1) % n]
        if (bx - ax) * (cy - by) - (by - ay) * (cx - bx) < -eps:
            return False
    return True


def clean_polygon(poly: Sequence[Point], eps: float) -> Polygon:
    """Drop repeated points and points lying on the straight line through their neighbours."""
    pts = list(poly)
    changed = True
    while changed and len(pts) >= 3:
        changed = False
        for i in range(len(pts)):
            prev = pts[i - 1]
            cur = pts[i]
            nxt = pts[(i + 1) % len(pts)]
            on_line = point_line_distance(cur, prev, nxt) <= eps and _between(cur, prev, nxt, eps)
            if math.dist(prev, cur) <= eps or on_line:
                del pts[i]
                changed = True
                break
    return tuple(pts)


def _between(p: Point, a: Point, b: Point, eps: float) -> bool:
    """p lies within the extent of segment ab (projected onto it)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    if length <= eps:
        return True
    s = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length
    return -eps <= s <= length + eps


# --------------------------------------------------------------------------- distances


def point_line_distance(p: Point, a: Point, b: Point) -> float:
    """Distance from p to the infinite line through a and b (to a if they coincide)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    if length == 0.0:
        return math.dist(p, a)
    return abs((p[0] - a[0]) * dy - (p[1] - a[1]) * dx) / length


def point_segment_distance(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    if length2 == 0.0:
        return math.dist(p, a)
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def _orient(a: Point, b: Point, c: Point) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Segments ab and cd cross at a single point interior to both (touching does not count)."""
    d1, d2 = _orient(c, d, a), _orient(c, d, b)
    d3, d4 = _orient(a, b, c), _orient(a, b, d)
    return ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4))


def segments_intersect(a: Point, b: Point, c: Point, d: Point, eps: float = 0.0) -> bool:
    """Segments ab and cd meet anywhere, endpoints and collinear overlaps included."""
    if segments_cross(a, b, c, d):
        return True
    return (
        point_segment_distance(a, c, d) <= eps
        or point_segment_distance(b, c, d) <= eps
        or point_segment_distance(c, a, b) <= eps
        or point_segment_distance(d, a, b) <= eps
    )


def segment_segment_distance(a: Point, b: Point, c: Point, d: Point) -> float:
    if segments_cross(a, b, c, d):
        return 0.0
    return min(
        point_segment_distance(a, c, d),
        point_segment_distance(b, c, d),
        point_segment_distance(c, a, b),
        point_segment_distance(d, a, b),
    )


def point_polygon_boundary_distance(p: Point, poly: Sequence[Point]) -> float:
    n = len(poly)
    return min(point_segment_distance(p, poly[i], poly[(i + 1) % n]) for i in range(n))


# --------------------------------------------------------------------------- lines


Line = tuple[float, float, float]  # (nx, ny, c): the points with nx*x + ny*y == c, |(nx, ny)| == 1


def common_tangents(c1: Point, r1: float, c2: Point, r2: float) -> list[Line]:
    """Every line tangent to both circles (centre, radius): up to four, fewer when they overlap.

    A radius of 0 stands for a point. Each line is (nx, ny, c) with a unit normal; the
    signed distance of a point p from it is nx*p.x + ny*p.y - c.
    """
    dx, dy = c1[0] - c2[0], c1[1] - c2[1]
    d2 = dx * dx + dy * dy
    if d2 == 0.0:
        return []
    lines: list[Line] = []
    # distance r1 from c1 on the positive side, and +-r2 from c2: n . (c1 - c2) == r1 -+ r2
    for k in (r1 - r2, r1 + r2):
        h2 = d2 - k * k
        if h2 < 0.0:
            continue
        h = math.sqrt(h2)
        for side in ((1.0,) if h == 0.0 else (1.0, -1.0)):
            nx = (k * dx - side * h * dy) / d2
            ny = (k * dy + side * h * dx) / d2
            lines.append((nx, ny, nx * c1[0] + ny * c1[1] - r1))
    return lines


# --------------------------------------------------------------------------- containment


def point_in_polygon(p: Point, poly: Sequence[Point]) -> bool:
    """Even-odd test; a point exactly on the boundary may go either way."""
    x, y = p
    inside = False
    n = len(poly)
    for i in range(n):
        x0, y0 = poly[i]
        x1, y1 = poly[(i + 1) % n]
        if (y0 > y) != (y1 > y):
            xc = x0 + (y - y0) * (x1 - x0) / (y1 - y0)
            if xc > x:
                inside = not inside
    return inside


def is_simple_polygon(poly: Sequence[Point], eps: float) -> bool:
    """No two non-neighbouring edges meet, neighbouring edges meet only at their shared vertex."""
    n = len(poly)
    if n < 3:
        return False
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        if math.dist(a, b) <= eps:
            return False
        for j in range(i + 1, n):
            c, d = poly[j], poly[(j + 1) % n]
            if j == i + 1 or (i == 0 and j == n - 1):
                # neighbours share one vertex; they must not fold back onto each other
                shared, end_i, end_j = (b, a, d) if j == i + 1 else (a, b, c)
                if point_segment_distance(end_j, shared, end_i) <= eps or point_segment_distance(end_i, shared, end_j) <= eps:
                    return False
                continue
            if segments_intersect(a, b, c, d, eps):
                return False
    return True


def polygons_overlap(p: Sequence[Point], q: Sequence[Point], eps: float) -> bool:
    """The interiors of two simple polygons share some area (sharing edges is fine)."""
    if not bboxes_overlap(bbox(p), bbox(q), -eps):
        return False
    np_, nq = len(p), len(q)
    for i in range(np_):
        a, b = p[i], p[(i + 1) % np_]
        for j in range(nq):
            if segments_cross(a, b, q[j], q[(j + 1) % nq]):
                return True
    # no proper crossing: one is inside the other, or they only touch
    for poly, other in ((p, q), (q, p)):
        for i in range(len(poly)):
            a, b = poly[i], poly[(i + 1) % len(poly)]
            for probe in (a, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)):
                if point_polygon_boundary_distance(probe, other) > eps and point_in_polygon(probe, other):
                    return True
    cp = _inner_point(p)
    return cp is not None and point_in_polygon(cp, q) and point_polygon_boundary_distance(cp, q) > eps


def _inner_point(poly: Sequence[Point]) -> Point | None:
    """Some point strictly inside a simple polygon (the centroid of an ear)."""
    n = len(poly)
    for i in range(n):
        a, b, c = poly[i - 1], poly[i], poly[(i + 1) % n]
        g = ((a[0] + b[0] + c[0]) / 3, (a[1] + b[1] + c[1]) / 3)
        if point_in_polygon(g, poly):
            return g
    return None


# --------------------------------------------------------------------------- clipping, Voronoi


def clip_half_plane(poly: Sequence[Point], a: float, b: float, c: float) -> Polygon:
    """The part of a convex polygon where a*x + b*y <= c."""
    out: list[Point] = []
    n = len(poly)
    for i in range(n):
        p = poly[i]
        q = poly[(i + 1) % n]
        fp = a * p[0] + b * p[1] - c
        fq = a * q[0] + b * q[1] - c
        if fp <= 0.0:
            out.append(p)
        if (fp < 0.0 < fq) or (fq < 0.0 < fp):
            t = fp / (fp - fq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return tuple(out)


def voronoi_cell(centre: Point, others: Iterable[Point], clip: Sequence[Point]) -> Polygon:
    """The points of convex polygon `clip` at least as close to `centre` as to any of `others`.

    Sites are visited nearest first; once a site is more than twice as far as the farthest
    vertex of the cell so far, neither it nor any later site can cut the cell any more.
    """
    cx, cy = centre
    cell: Polygon = tuple(clip)
    sites = sorted(others, key=lambda o: (o[0] - cx) ** 2 + (o[1] - cy) ** 2)
    for ox, oy in sites:
        d2 = (ox - cx) ** 2 + (oy - cy) ** 2
        reach2 = max((x - cx) ** 2 + (y - cy) ** 2 for x, y in cell) if cell else 0.0
        if d2 > 4.0 * reach2:
            break
        # |x - centre|^2 <= |x - other|^2  <=>  2 (other - centre) . x <= |other|^2 - |centre|^2
        cell = clip_half_plane(cell, 2 * (ox - cx), 2 * (oy - cy), ox * ox + oy * oy - cx * cx - cy * cy)
        if not cell:
            break
    return cell


def collinear_overlap(a: Point, b: Point, c: Point, d: Point, eps: float) -> tuple[Point, Point] | None:
    """The common stretch (of positive length) of two segments lying on one line, if any."""
    if point_line_distance(c, a, b) > eps or point_line_distance(d, a, b) > eps:
        return None
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    if length <= eps:
        return None
    ux, uy = dx / length, dy / length
    sc = (c[0] - a[0]) * ux + (c[1] - a[1]) * uy
    sd = (d[0] - a[0]) * ux + (d[1] - a[1]) * uy
    lo, hi = max(0.0, min(sc, sd)), min(length, max(sc, sd))
    if hi - lo <= eps:
        return None
    return (a[0] + lo * ux, a[1] + lo * uy), (a[0] + hi * ux, a[1] + hi * uy)


# --------------------------------------------------------------------------- subdivision walk


@dataclass(frozen=True)
class SharedEdge:
    """A stretch of boundary shared by cells `a` and `b`."""

    a: int
    b: int
    p: Point
    q: Point
    open: bool


class Subdivision:
    """Cells that tile (part of) the plane, with which shared edges may be crossed.

    `walk` follows a segment from a cell to where it ends and reports the cells it passes
    through, refusing to cross a closed edge, to leave the cells, or to pass exactly through
    a point where edges meet (a corner of several cells cannot be slipped through).
    """

    def __init__(self, cells: Mapping[int, Sequence[Point]], open_pairs: Iterable[tuple[int, int]], eps: float) -> None:
        self.eps = eps
        self.cells: dict[int, Polygon] = {k: ccw(v) for k, v in cells.items()}
        opened = {frozenset(p) for p in open_pairs}
        keys = list(self.cells)
        boxes = {k: bbox(self.cells[k]) for k in keys}
        # pieces[k][i] = list of (s0, s1, other, open) along edge i of cell k
        pieces: dict[int, list[list[tuple[float, float, int, bool]]]] = {
            k: [[] for _ in self.cells[k]] for k in keys
        }
        shared: list[SharedEdge] = []
        for ia, ka in enumerate(keys):
            pa = self.cells[ka]
            for kb in keys[ia + 1:]:
                if not bboxes_overlap(boxes[ka], boxes[kb], eps):
                    continue
                pb = self.cells[kb]
                is_open = frozenset((ka, kb)) in opened
                for i in range(len(pa)):
                    a0, a1 = pa[i], pa[(i + 1) % len(pa)]
                    for j in range(len(pb)):
                        b0, b1 = pb[j], pb[(j + 1) % len(pb)]
                        common = collinear_overlap(a0, a1, b0, b1, eps)
                        if common is None:
                            continue
                        p, q = common
                        shared.append(SharedEdge(ka, kb, p, q, is_open))
                        pieces[ka][i].append(_piece_on(a0, a1, p, q, kb, is_open))
                        pieces[kb][j].append(_piece_on(b0, b1, p, q, ka, is_open))
        self.shared: tuple[SharedEdge, ...] = tuple(shared)
        # compact per-cell edge records for the hot loop of `walk`
        self._convex = {k: is_convex(self.cells[k]) for k in keys}
        self._edges: dict[int, tuple[tuple, ...]] = {}
        for k in keys:
            poly = self.cells[k]
            recs = []
            for i in range(len(poly)):
                (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % len(poly)]
                length = math.hypot(x1 - x0, y1 - y0)
                ux, uy = (x1 - x0) / length, (y1 - y0) / length
                nx, ny = uy, -ux  # outward normal of a counter-clockwise polygon
                recs.append((nx, ny, nx * x0 + ny * y0, x0, y0, ux, uy, length, tuple(sorted(pieces[k][i], key=lambda r: r[0]))))
            self._edges[k] = tuple(recs)

    def walk(self, p: Point, q: Point, start: int, goal: int, forbidden: frozenset | set = frozenset()) -> int:
        """Follow segment p->q from cell `start`; it must end in cell `goal`.

        Returns the number of distinct cells other than `start` and `goal` passed through,
        or -1 when the segment is blocked: it crosses a closed edge, leaves the cells, passes
        through a corner, enters a cell of `forbidden` (other than start and goal), or does
        not end in `goal`. Touching a cell at a single point is not entering it.
        """
        px, py = p
        dx, dy = q[0] - px, q[1] - py
        seg_len = math.hypot(dx, dy)
        eps = self.eps
        teps = eps / seg_len if seg_len > 0 else 0.0
        cur = start
        t = 0.0
        passed: set = set()
        edges_of = self._edges
        convex = self._convex
        for _ in range(4 * len(edges_of) + 4):
            best_t = math.inf
            best = None
            check_extent = not convex[cur]
            for rec in edges_of[cur]:
                nd = rec[0] * dx + rec[1] * dy
                if nd <= 1e-15:
                    continue
                te = (rec[2] - rec[0] * px - rec[1] * py) / nd
                if check_extent:
                    if te < t - teps:
                        continue
                    s = (px + te * dx - rec[3]) * rec[5] + (py + te * dy - rec[4]) * rec[6]
                    if s < -eps or s > rec[7] + eps:
                        continue
                if te < best_t:
                    best_t = te
                    best = rec
            if best is None or best_t >= 1.0 - teps:
                return len(passed) if cur == goal else -1
            # where along the exit edge, and who is on the other side
            s = (px + best_t * dx - best[3]) * best[5] + (py + best_t * dy - best[4]) * best[6]
            if s <= eps or s >= best[7] - eps:
                return -1  # through a corner of the cell
            nxt = None
            for s0, s1, other, is_open in best[8]:
                if s0 + eps < s < s1 - eps:
                    if not is_open:
                        return -1
                    nxt = other
                    break
                if s0 - eps <= s <= s1 + eps:
                    return -1  # at the end of a shared stretch: a corner of several cells
            if nxt is None:
                return -1  # off the board
            if nxt != goal and nxt != start:
                if nxt in forbidden:
                    return -1
                passed.add(nxt)
            cur = nxt
            t = best_t
        return -1


def _piece_on(e0: Point, e1: Point, p: Point, q: Point, other: int, is_open: bool) -> tuple[float, float, int, bool]:
    length = math.dist(e0, e1)
    ux, uy = (e1[0] - e0[0]) / length, (e1[1] - e0[1]) / length
    sp = (p[0] - e0[0]) * ux + (p[1] - e0[1]) * uy
    sq = (q[0] - e0[0]) * ux + (q[1] - e0[1]) * uy
    return (min(sp, sq), max(sp, sq), other, is_open)
