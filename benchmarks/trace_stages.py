"""Where a move's time goes inside the web process: the stages of the marks a traced server
writes (`BENCH_TRACE`, benchmarks/bare_asgi.py), from the socket's `receive` to the end of
its `_command` (the ack, both seats' updates and the next turn sent).

    python benchmarks/trace_stages.py <trace file> [--skip 30]

For each pair of consecutive marks, in the order a typical move passes them: how many moves
passed it, the wall time between the two (p50) and the CPU of the event loop's thread in it
(p50). Wall well above CPU is time the loop did not run: waiting for PostgreSQL, or made to
wait for a core (docs/performance.md).
"""
from __future__ import annotations

import argparse
import statistics
from collections import Counter, defaultdict
from pathlib import Path

Mark = tuple[float, str, float]  # wall seconds, mark, thread CPU seconds


def read_marks(path: Path) -> list[Mark]:
    marks = []
    for line in path.read_text().splitlines():
        wall, what, cpu = line.split(" ")[:3]
        marks.append((float(wall), what, float(cpu)))
    return marks


def moves(marks: list[Mark]) -> list[list[Mark]]:
    """Each move's marks: the socket's `receive` before its `_command`, up to its end."""
    found = []
    for i, (_, what, _) in enumerate(marks):
        if what != "_command:start":
            continue
        end = next((j for j in range(i, len(marks)) if marks[j][1] == "_command:end"), None)
        if end is not None:
            found.append(marks[max(i - 1, 0):end + 1])
    return found


def stages(traced: list[list[Mark]]) -> list[tuple[str, str, int, float, float]]:
    """(from, to, moves, wall p50 ms, CPU p50 ms) for each pair of consecutive marks."""
    gaps: dict[tuple[str, str], list[tuple[float, float]]] = defaultdict(list)
    for move in traced:
        for (w0, a, c0), (w1, b, c1) in zip(move, move[1:]):
            gaps[(a, b)].append(((w1 - w0) * 1000, (c1 - c0) * 1000))
    shapes = Counter(tuple(what for _, what, _ in move) for move in traced)
    if not shapes:
        return []
    typical = shapes.most_common(1)[0][0]
    rows = []
    for pair in dict.fromkeys(zip(typical, typical[1:])):
        found = gaps[pair]
        rows.append((*pair, len(found), statistics.median(w for w, _ in found),
                     statistics.median(c for _, c in found)))
    return rows


def report(path: Path, skip: int = 30) -> list[str]:
    traced = moves(read_marks(path))[skip:]
    lines = [f"a move's stages in the web process ({len(traced)} moves; p50 ms, wall and the "
             f"event loop thread's CPU):"]
    for a, b, count, wall, cpu in stages(traced):
        lines.append(f"  {a:>34} -> {b:<34} n={count:4d}  wall {wall:6.3f}  cpu {cpu:6.3f}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("trace", type=Path)
    parser.add_argument("--skip", type=int, default=30, help="moves left out at the start")
    args = parser.parse_args()
    print("\n".join(report(args.trace, args.skip)))


if __name__ == "__main__":
    main()
