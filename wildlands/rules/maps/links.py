"""Map rules that join spaces or change who sees whom, applied once when a board is built.

Stairs, portals and thorns make spaces adjacent that the drawn `open` boundaries do not
(so moves, flights, rallies and area attacks, which all ask `Board.neighbours`, use them);
stairs and thorns also take away the line of sight between their two spaces, and a tower
sees every space. Doing it at build time keeps the rest of the engine unaware of them: the
board's adjacency, distance and sight tables already hold the map's rules, for players and
monsters alike.
"""
from __future__ import annotations

from itertools import combinations

from games.platform.content_common import ContentError
from wildlands.rules.maps.features import Features


def extra_links(features: Features) -> list[tuple[int, int]]:
    """Pairs of spaces adjacent by a map rule: each stair, every two portals, each thorn edge."""
    links: set[tuple[int, int]] = set()
    for a, b in features.get("stairs", []):
        links.add((a, b))
    for a, b in combinations(features.get("portals", []), 2):
        links.add((min(a, b), max(a, b)))
    for a, b in features.get("thorns", []):
        links.add((a, b))
    return sorted(links)


def check_thorns(features: Features, shared: set[frozenset[int]], opened: list[tuple[int, int]],
                 source: str) -> None:
    """A thorn edge is a boundary the two spaces share, drawn as thorns, so not also `open`."""
    open_pairs = {frozenset(p) for p in opened}
    for a, b in features.get("thorns", []):
        item = f"features.thorns [{a}, {b}]"
        if frozenset((a, b)) not in shared:
            raise ContentError(source, item, f"spaces {a} and {b} do not share a boundary")
        if frozenset((a, b)) in open_pairs:
            raise ContentError(source, item, f"the boundary between {a} and {b} is also listed in "
                                             "open: a thorn edge is not a white line")


def adjust_sight(gap: dict[int, dict[int, int]], features: Features,
                 dist: dict[int, dict[int, int]]) -> None:
    """Change the line-of-sight table in place for the map's rules.

    A stair's or a thorn edge's two spaces never see each other. The tower sees every space:
    where no drawn line of sight exists, the spaces counted in between (for heavy ranged
    range) are those on the shortest way there, or every other space when there is none.
    """
    for a, b in [*features.get("stairs", []), *features.get("thorns", [])]:
        gap[a].pop(b, None)
        gap[b].pop(a, None)
    tower = features.get("tower")
    if tower is not None:
        others = len(gap) - 1
        for n in gap:
            if n not in gap[tower]:
                steps = dist[tower].get(n)
                gap[tower][n] = others if steps is None else max(steps - 1, 0)
