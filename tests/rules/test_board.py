"""Board geometry: cells, walls, movement and line of sight on small inline boards."""
from __future__ import annotations

import math
import random

import pytest

from games.platform.content_common import ContentError
from wildlands.rules import geometry as geo
from wildlands.rules.board import Board, board_from_data
from wildlands.rules.line_of_sight import LOS_SAMPLES


def row(*kinds: str, open_pairs=None, radius: float = 0.5) -> Board:
    """Spaces 1..n in a row, 10 units apart, each a 10x10 square; kinds: '', 'cover', 'high'."""
    spaces = []
    for i, kind in enumerate(kinds, start=1):
        entry = {"n": i, "at": [10 * i - 5, 5]}
        for flag in kind.split():
            entry[flag] = True
        spaces.append(entry)
    if open_pairs is None:
        open_pairs = [[i, i + 1] for i in range(1, len(kinds))]
    return board_from_data({"bounds": [0, 0, 10 * len(kinds), 10], "core_radius": radius, "spaces": spaces, "open": open_pairs})


def area(poly) -> float:
    return abs(geo.signed_area(poly))


# ---------------------------------------------------------------- cells


def test_voronoi_cells_split_the_bounds_between_cores():
    board = board_from_data({
        "bounds": [0, 0, 20, 10],
        "spaces": [{"n": 1, "at": [5, 5]}, {"n": 2, "at": [15, 5]}],
        "open": [[1, 2]],
    })
    assert set(board.cell(1)) == {(0, 0), (10, 0), (10, 10), (0, 10)}
    assert set(board.cell(2)) == {(10, 0), (20, 0), (20, 10), (10, 10)}
    assert board.boundaries() == [{"a": 1, "b": 2, "segment": [[10.0, 0.0], [10.0, 10.0]], "open": True, "climb_into": None}]


def test_voronoi_cells_tile_the_bounds_and_contain_their_cores():
    board = board_from_data({
        "bounds": [0, 0, 30, 20],
        "spaces": [{"n": n, "at": at} for n, at in enumerate([[4, 4], [15, 3], [26, 5], [6, 15], [16, 12], [25, 16]], 1)],
        "open": [],
    })
    assert sum(area(board.cell(n)) for n in board.spaces) == pytest.approx(600)
    for n in board.spaces:
        assert geo.point_in_polygon(board.space(n).at, board.cell(n))
    # the bisector of 1 and 2 is a shared boundary, so is the one of 2 and 5
    pairs = {(e["a"], e["b"]) for e in board.boundaries()}
    assert {(1, 2), (2, 5), (4, 5)} <= pairs
    assert all(not e["open"] for e in board.boundaries())


# ---------------------------------------------------------------- movement


def test_adjacent_only_across_open_boundaries():
    board = row("", "", "", open_pairs=[[1, 2]])
    assert board.neighbours(2) == frozenset({1})
    assert board.is_adjacent(1, 2) and board.is_adjacent(2, 1)
    assert not board.is_adjacent(2, 3)  # they share a wall
    assert not board.is_adjacent(1, 3)  # they do not touch
    assert board.distance(1, 3) is None
    assert board.within(1, 5) == frozenset({1, 2})


def test_distance_and_within():
    board = row("", "", "", "", "")
    assert board.distance(1, 1) == 0
    assert board.distance(1, 5) == 4
    assert board.distance(5, 2) == 3
    assert board.within(1, 0) == frozenset({1})
    assert board.within(1, 2) == frozenset({1, 2, 3})
    assert board.within(3, 1) == frozenset({2, 3, 4})
    assert board.within(1, 99) == frozenset(board.spaces)
    assert board.within(1, -1) == frozenset()


def test_climbs_go_into_high_ground():
    board = row("", "high", "high")
    assert board.is_climb(1, 2)
    assert not board.is_climb(2, 1)
    assert not board.is_climb(2, 3)  # high to high is level
    assert board.distance(1, 3) == 2  # distance ignores the extra cost of climbing
    climbs = {(e["a"], e["b"]): e["climb_into"] for e in board.boundaries()}
    assert climbs == {(1, 2): 2, (2, 3): None}


def test_unknown_space_raises_key_error():
    board = row("", "")
    with pytest.raises(KeyError, match="no space 9"):
        board.neighbours(9)
    with pytest.raises(KeyError):
        board.has_los(1, 9)
    with pytest.raises(KeyError):
        board.distance(9, 1)


# ---------------------------------------------------------------- line of sight


def test_a_space_sees_itself():
    board = row("cover", "high")
    for n in board.spaces:
        assert board.has_los(n, n)
        assert board.los_gap(n, n) == 0


def test_walls_block_line_of_sight():
    open_row = row("", "", "")
    assert open_row.has_los(1, 3)
    walled = row("", "", "", open_pairs=[[1, 2]])
    assert walled.has_los(1, 2)
    assert not walled.has_los(1, 3)
    assert not walled.has_los(2, 3)  # a wall between neighbours blocks too


def test_cover_between_blocks_but_cover_at_either_end_does_not():
    middle = row("", "cover", "")
    assert not middle.has_los(1, 3)
    assert middle.has_los(1, 2) and middle.has_los(2, 3)  # shooting into and out of cover
    ends = row("cover", "", "cover")
    assert ends.has_los(1, 3) and ends.has_los(3, 1)


def test_high_ground_sees_other_high_ground_across_low_ground():
    board = row("high", "", "high")
    assert board.has_los(1, 3) and board.has_los(3, 1)
    assert board.has_los(1, 2)  # high to low, nothing high in between
    assert not board.has_los(2, 1)  # low never sees high


def test_high_ground_sees_low_ground_unless_through_other_high_ground():
    through_high = row("high", "high", "")
    assert through_high.has_los(1, 2)
    assert through_high.has_los(2, 3)
    assert not through_high.has_los(1, 3)
    through_low = row("high", "", "")
    assert through_low.has_los(1, 3)


def test_low_ground_never_sees_high_ground():
    board = row("", "high")
    assert board.has_los(2, 1)
    assert not board.has_los(1, 2)  # even next door
    assert board.los_gap(1, 2) is None and board.los_gap(2, 1) == 0


def test_high_ground_between_low_spaces_blocks():
    board = row("", "high", "")
    assert not board.has_los(1, 3) and not board.has_los(3, 1)


def _split_middle(radius: float) -> Board:
    """a | c (cover, below) + d (above) | b: the centre line runs through cover c."""
    return board_from_data({
        "bounds": [0, 0, 12, 4],
        "core_radius": radius,
        "spaces": [
            {"n": 1, "at": [2, 2], "polygon": [[0, 0], [4, 0], [4, 4], [0, 4]]},
            {"n": 2, "at": [10, 2], "polygon": [[8, 0], [12, 0], [12, 4], [8, 4]]},
            {"n": 3, "at": [6, 1], "cover": True, "polygon": [[4, 0], [8, 0], [8, 2.2], [4, 2.2]]},
            {"n": 4, "at": [6, 3.1], "polygon": [[4, 2.2], [8, 2.2], [8, 4], [4, 4]]},
        ],
        "open": [[1, 3], [1, 4], [2, 3], [2, 4], [3, 4]],
    })


def test_line_of_sight_may_start_and_end_anywhere_on_the_cores():
    wide = _split_middle(0.5)  # a line from the top of one core to the top of the other clears the cover
    assert wide.has_los(1, 2) and wide.has_los(2, 1)
    assert wide.los_gap(1, 2) == 1
    narrow = _split_middle(0.1)  # with small cores every line crosses the cover space
    assert not narrow.has_los(1, 2)


def test_a_line_cannot_slip_through_a_corner():
    def square(cover: bool) -> Board:
        spaces = [{"n": 1, "at": [2.5, 2.5]}, {"n": 2, "at": [7.5, 2.5]}, {"n": 3, "at": [2.5, 7.5]}, {"n": 4, "at": [7.5, 7.5]}]
        if cover:
            spaces[1]["cover"] = spaces[2]["cover"] = True
        return board_from_data({"bounds": [0, 0, 10, 10], "spaces": spaces, "open": [[1, 2], [1, 3], [2, 4], [3, 4]]})

    # 1 and 4 meet only at the centre point: only lines through 2 or 3 can join them
    assert not square(True).has_los(1, 4)
    assert square(False).has_los(1, 4) and square(False).los_gap(1, 4) == 1


def _arrow_slit(aim: float, width: float = 0.0008, window: bool = False) -> Board:
    """Two rooms behind a thick wall, pierced by one straight slit a hair wide.

    The wall (x from 10 to 12) is off the board except for the slit, which belongs to
    room 1 (core at (5, 6)) and opens into room 2 (core at (17, 4)). The slit's middle line
    passes through (11, 5), half way between the cores, with slope `aim`; `width` is
    measured across x = 10 and x = 12. With `window`, space 3 is a wide opening in the
    wall above the slit, open to both rooms.
    """
    h = width / 2
    slit = [[10, 5 - aim - h], [12, 5 + aim - h], [12, 5 + aim + h], [10, 5 - aim + h]]
    spaces = [
        {"n": 1, "at": [5, 6], "polygon": [[0, 0], [10, 0], *slit, [10, 10], [0, 10]]},
        {"n": 2, "at": [17, 4], "polygon": [[12, 0], [22, 0], [22, 10], [12, 10]]},
    ]
    opened = [[1, 2]]
    if window:
        spaces.append({"n": 3, "at": [11, 7.5], "polygon": [[10, 5.2], [12, 5.2], [12, 10], [10, 10]]})
        opened += [[1, 3], [2, 3]]
    return board_from_data({"bounds": [0, 0, 22, 10], "spaces": spaces, "open": opened})


def _grazing_aim() -> float:
    """The least steep slope a line through (11, 5) can have and still touch both cores.

    By symmetry it touches them both at once: its distance from (5, 6) is the radius,
    |1 + 6 s| = 0.5 * sqrt(1 + s * s); the shallower root.
    """
    a, b, c = 36 - 0.25, 12.0, 1 - 0.25
    return (-b + math.sqrt(b * b - 4 * a * c)) / (2 * a)


def test_a_slit_a_hair_wide_gives_line_of_sight_that_sampled_lines_miss():
    board = _arrow_slit(aim=-0.125)  # lines along the slit pass well inside both cores
    assert board.has_los(1, 2) and board.has_los(2, 1)
    assert board.los_gap(1, 2) == 0
    # the best line keeps only 0.0004 from the slit's corners: no segment between the
    # centres and rim points of the cores gets through
    assert _reference_gap(board, 1, 2) is None


def test_a_slit_turned_a_hair_past_the_cores_gives_no_line_of_sight():
    limit = _grazing_aim() + 0.0008 / 2  # the steepest lines through the slit just touch both cores
    grazing = _arrow_slit(aim=limit - 0.0002)  # a hair short of the limit, lines still graze both cores
    assert grazing.has_los(1, 2) and grazing.has_los(2, 1)
    closed = _arrow_slit(aim=limit + 0.0002)  # a hair beyond it, every line through the slit misses a core
    assert not closed.has_los(1, 2) and not closed.has_los(2, 1)
    assert closed.los_gap(1, 2) is None


def test_the_gap_is_the_fewest_spaces_over_all_lines_even_a_hair_wide_one():
    board = _arrow_slit(aim=-0.125, window=True)
    assert _reference_gap(board, 1, 2) == 1  # the sampled lines all go through the window
    assert board.los_gap(1, 2) == 0 and board.los_gap(2, 1) == 0  # the slit crosses no other space
    assert board.in_heavy_range(1, 2)


def test_los_gap_and_heavy_range_count_spaces_along_the_line():
    board = row("", "", "", "", "")
    assert [board.los_gap(1, n) for n in (1, 2, 3, 4, 5)] == [0, 0, 1, 2, 3]
    assert board.in_heavy_range(1, 2)
    assert board.in_heavy_range(1, 3)
    assert not board.in_heavy_range(1, 4)
    blocked = row("", "cover", "")
    assert not blocked.in_heavy_range(1, 3)


def test_non_convex_space_with_a_boundary_in_two_pieces():
    board = board_from_data({
        "bounds": [0, 0, 10, 10],
        "spaces": [
            {"n": 1, "at": [2, 2], "polygon": [[0, 0], [10, 0], [10, 4], [4, 4], [4, 10], [0, 10]]},
            {"n": 2, "at": [7, 7], "polygon": [[4, 4], [10, 4], [10, 10], [4, 10]]},
        ],
        "open": [[1, 2]],
    })
    assert sorted(e["segment"] for e in board.boundaries()) == [[[4.0, 4.0], [4.0, 10.0]], [[4.0, 4.0], [10.0, 4.0]]]
    assert board.has_los(1, 2) and board.los_gap(1, 2) == 0
    walled = board_from_data({**board.to_data(), "open": []})
    assert not walled.has_los(1, 2)


# ---------------------------------------------------------------- cross-check against brute force


def _reference_gap(board: Board, a: int, b: int) -> int | None:
    """The rule, the slow way: clip every sampled segment against every cell."""
    if a == b:
        return 0
    r = board.core_radius
    opened = {frozenset((e["a"], e["b"])) for e in board.boundaries() if e["open"]}
    corners = {p for n in board.spaces for p in board.cell(n)}

    def rim(n):
        cx, cy = board.space(n).at
        steps = [2 * math.pi * k / LOS_SAMPLES for k in range(LOS_SAMPLES)]
        return [(cx, cy)] + [(cx + r * math.cos(t), cy + r * math.sin(t)) for t in steps]

    best = None
    for p in rim(a):
        for q in rim(b):
            d = (q[0] - p[0], q[1] - p[1])
            pieces = []
            for n in board.spaces:
                for lo, hi in _clip(board.cell(n), p, d):
                    if hi - lo > 1e-9:
                        pieces.append((lo, hi, n))
            pieces.sort()
            ok = bool(pieces) and pieces[0][2] == a and pieces[-1][2] == b
            for (_, end, m), (start, _, k) in zip(pieces, pieces[1:]):
                x, y = p[0] + end * d[0], p[1] + end * d[1]
                if abs(end - start) > 1e-7 or frozenset((m, k)) not in opened:
                    ok = False
                elif any(abs(x - cx) < 1e-6 and abs(y - cy) < 1e-6 for cx, cy in corners):
                    ok = False
            between = {n for _, _, n in pieces} - {a, b}
            if not ok or any(board.has_cover(n) for n in between):
                continue
            high_between = any(board.is_high(n) for n in between)
            if board.is_high(a) and board.is_high(b):
                pass
            elif board.is_high(b) or high_between:
                continue
            best = len(between) if best is None else min(best, len(between))
    return best


def _clip(poly, p, d):
    """The stretches (lo, hi) of p + t d, 0 <= t <= 1, inside a simple polygon (convex or not)."""
    cuts = {0.0, 1.0}
    for i in range(len(poly)):
        (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % len(poly)]
        ex, ey = x1 - x0, y1 - y0
        den = d[0] * ey - d[1] * ex
        if den == 0:
            continue  # parallel to the edge: it is met at the ends of neighbouring edges
        t = ((x0 - p[0]) * ey - (y0 - p[1]) * ex) / den
        u = ((x0 - p[0]) * d[1] - (y0 - p[1]) * d[0]) / den
        if 0 < t < 1 and -1e-12 <= u <= 1 + 1e-12:
            cuts.add(t)
    cuts = sorted(cuts)
    spans = []
    for lo, hi in zip(cuts, cuts[1:]):
        mid = (lo + hi) / 2
        if geo.point_in_polygon((p[0] + mid * d[0], p[1] + mid * d[1]), poly):
            if spans and spans[-1][1] == lo:
                spans[-1] = (spans[-1][0], hi)
            else:
                spans.append((lo, hi))
    return spans


@pytest.mark.parametrize("seed", [1, 2])
def test_line_of_sight_tables_match_a_brute_force_reference(seed):
    rng = random.Random(seed)
    spaces = []
    while len(spaces) < 10:
        at = [round(rng.uniform(1, 29), 1), round(rng.uniform(1, 19), 1)]
        if all(math.dist(at, s["at"]) > 3 for s in spaces):
            spaces.append({"n": len(spaces) + 1, "at": at, "cover": rng.random() < 0.2, "high": rng.random() < 0.3})
    probe = board_from_data({"bounds": [0, 0, 30, 20], "spaces": spaces, "open": []})
    pairs = [[e["a"], e["b"]] for e in probe.boundaries() if rng.random() < 0.75]
    board = board_from_data({"bounds": [0, 0, 30, 20], "spaces": spaces, "open": pairs})
    for a in board.spaces:
        for b in board.spaces:
            assert board.los_gap(a, b) == _reference_gap(board, a, b), (a, b)


# ---------------------------------------------------------------- data, cache, validation


def test_identical_definitions_share_one_board_and_round_trip():
    data = {"bounds": [0, 0, 20, 10], "spaces": [{"n": 1, "at": [5, 5]}, {"n": 2, "at": [15, 5], "high": True}], "open": [[2, 1]]}
    first = board_from_data(data)
    assert board_from_data(dict(data)) is first
    again = board_from_data(first.to_data())
    assert again.to_data() == first.to_data()
    assert again.boundaries() == first.boundaries()
    assert again.digest == first.digest
    assert first.to_data()["open"] == [[1, 2]]
    with pytest.raises(AttributeError):
        first.name = "other"


BASE = {
    "bounds": [0, 0, 30, 10],
    "spaces": [{"n": 1, "at": [5, 5]}, {"n": 2, "at": [15, 5]}, {"n": 3, "at": [25, 5]}],
    "open": [[1, 2]],
}


@pytest.mark.parametrize(
    "change, item, problem",
    [
        ({"spaces": [{"n": 1, "at": [5, 5]}, {"n": 1, "at": [15, 5]}]}, "space 1", "the number is used twice"),
        ({"spaces": [{"n": 1, "at": [5, 5]}, {"n": 2, "at": [35, 5]}]}, "space 2", "outside the bounds"),
        ({"spaces": [{"n": 1, "at": [5, 5]}, {"n": 2, "at": [5.6, 5]}]}, "space 1", "overlaps the core of space 2"),
        ({"spaces": [{"n": 1, "at": [0.2, 5]}]}, "space 1", "sticks out of the bounds"),
        ({"open": [[1, 9]]}, "open [1, 9]", "there is no space 9"),
        ({"open": [[1, 3]]}, "open [1, 3]", "spaces 1 and 3 do not share a boundary"),
        ({"open": [[1, 2], [2, 1]]}, "open [2, 1]", "listed twice"),
        ({"open": [[2, 2]]}, "open [2, 2]", "cannot be open to itself"),
        ({"bounds": [0, 0, -5, 10]}, "bounds", "x0 < x1"),
        ({"core_radius": 0}, "core_radius", "positive"),
        ({"walls": []}, "board", "unknown field(s): walls"),
        ({"spaces": [{"n": 1, "at": [5, 5], "colour": "red"}]}, "space 1", "unknown field(s): colour"),
        ({"spaces": [{"n": 1, "at": [5, 5], "cover": "yes"}]}, "space 1", "cover must be true or false"),
        ({"spaces": [{"n": "one", "at": [5, 5]}]}, "spaces[0]", "positive whole number"),
        (
            {"spaces": [{"n": 1, "at": [5, 5], "polygon": [[4.8, 4.8], [5.2, 4.8], [5.2, 5.2]]}]},
            "space 1", "does not fit inside its polygon",
        ),
        (
            {"spaces": [{"n": 1, "at": [5, 5], "polygon": [[0, 0], [10, 10], [10, 0], [0, 10]]}]},
            "space 1", "its polygon crosses itself",
        ),
        (
            {"spaces": [{"n": 1, "at": [5, 5], "polygon": [[0, 0], [20, 0], [20, 10], [0, 10]]}, {"n": 2, "at": [25, 5]}]},
            "space 1", "overlaps the cell of space 2",
        ),
    ],
)
def test_validation_names_the_item(change, item, problem):
    data = {**BASE, **change}
    if "spaces" in change and "open" not in change:
        data["open"] = []
    with pytest.raises(ContentError) as caught:
        board_from_data(data, source="case.yaml")
    assert caught.value.source == "case.yaml"
    assert caught.value.item == item
    assert problem in caught.value.problem
    assert str(caught.value).startswith(f"case.yaml: {item}: ")


def test_rules_core_imports_no_django_and_no_random():
    import wildlands.rules.board as board_module
    import wildlands.rules.geometry as geometry_module

    for module in (board_module, geometry_module):
        source = open(module.__file__, encoding="utf-8").read()
        assert "django" not in source.lower()
        assert "import random" not in source
