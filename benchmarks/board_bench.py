"""How long a map takes to build, and how fast the board answers during play.

    python benchmarks/board_bench.py [--queries N]

Builds each shipped map several times without the cache, then times lookups of line of
sight, LOS gap, heavy range, adjacency and distance over N random pairs. Times are CPU
seconds of this process, so a busy machine disturbs them less than wall time would. For
the build it also reports how many pairs of spaces needed the exact line-of-sight search
(the critical lines, after the sampled pass) and the time spent there.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.platform.content_common import read_yaml  # noqa: E402
from wildlands.content.maps import MAPS_DIR, map_names  # noqa: E402
from wildlands.rules import line_of_sight as board_module  # noqa: E402
from wildlands.rules.board import _build  # noqa: E402  (uncached build, on purpose)

clock = time.process_time


def time_build(name: str, runs: int) -> tuple[float, float, object]:
    data = read_yaml(MAPS_DIR / f"{name}.yaml")
    times = []
    board = None
    for _ in range(runs):
        start = clock()
        board = _build(data, name, name)
        times.append(clock() - start)
    return min(times), statistics.median(times), board


def time_exact_search(name: str) -> tuple[int, float] | None:
    """Pairs that needed the critical lines in one build, and the time spent on them."""
    search = getattr(board_module, "_critical_gap", None)
    if search is None:
        return None  # a board module without the exact search
    spent = [0, 0.0]

    def timed(*args, **kwargs):
        start = clock()
        try:
            return search(*args, **kwargs)
        finally:
            spent[0] += 1
            spent[1] += clock() - start

    board_module._critical_gap = timed
    try:
        _build(read_yaml(MAPS_DIR / f"{name}.yaml"), name, name)
    finally:
        board_module._critical_gap = search
    return spent[0], spent[1]


def rate(fn, pairs) -> float:
    start = clock()
    for a, b in pairs:
        fn(a, b)
    return len(pairs) / (clock() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=int, default=500_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    rng = random.Random(1)
    print(f"Python {sys.version.split()[0]}")
    for name in map_names():
        best, median, board = time_build(name, args.runs)
        edges = board.boundaries()
        opened = sum(e["open"] for e in edges)
        print(
            f"\n{name}: {len(board.spaces)} spaces, {len(edges)} boundaries ({opened} open, {len(edges) - opened} walls), "
            f"{sum(board.is_high(n) for n in board.spaces)} high, {sum(board.has_cover(n) for n in board.spaces)} cover"
        )
        print(f"  build: best {best * 1000:.1f} ms, median {median * 1000:.1f} ms over {args.runs} runs")
        exact = time_exact_search(name)
        if exact is not None:
            print(f"  exact LOS search: {exact[0]} pairs of spaces, {exact[1] * 1000:.1f} ms of one build")
        spaces = board.spaces
        pairs = [(rng.choice(spaces), rng.choice(spaces)) for _ in range(args.queries)]
        for label, fn in (
            ("has_los", board.has_los),
            ("los_gap", board.los_gap),
            ("in_heavy_range", board.in_heavy_range),
            ("is_adjacent", board.is_adjacent),
            ("distance", board.distance),
        ):
            print(f"  {label:15s} {rate(fn, pairs) / 1e6:6.2f} M queries/s")
        visible = sum(len(board.visible_from(n)) - 1 for n in spaces)
        print(f"  ordered pairs with line of sight: {visible} of {len(spaces) * (len(spaces) - 1)}")


if __name__ == "__main__":
    main()
