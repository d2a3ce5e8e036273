"""The shipped maps load, are whole, and have the character each one promises."""
from __future__ import annotations

import pytest

from games.platform.content_common import ContentError
from wildlands.content.maps import load_map, map_names
from wildlands.rules.board import Board


def test_both_maps_are_shipped():
    assert {"dungeon", "ruins"} <= set(map_names())


@pytest.mark.parametrize("name", ["dungeon", "ruins"])
def test_map_loads_with_42_connected_spaces(name):
    board = load_map(name)
    assert isinstance(board, Board)
    assert board.name == name
    assert board.title and board.description
    assert board.spaces == tuple(range(1, 43))
    assert board.within(1, 99) == frozenset(board.spaces)  # every space reachable
    for n in board.spaces:
        assert board.neighbours(n), f"space {n} has no neighbour"
        assert len(board.visible_from(n)) > 1, f"space {n} sees nothing"
    assert load_map(name) is board  # built once


@pytest.mark.parametrize("name", ["dungeon", "ruins"])
def test_map_has_walls_and_open_boundaries_and_cover(name):
    board = load_map(name)
    edges = board.boundaries()
    opened = sum(e["open"] for e in edges)
    assert 0.6 <= opened / len(edges) <= 0.8
    assert 6 <= sum(board.has_cover(n) for n in board.spaces) <= 10
    # some long lanes and some blocked ones
    sights = [len(board.visible_from(n)) for n in board.spaces]
    assert max(sights) >= 10
    assert min(sights) < 10


def test_dungeon_has_no_high_ground():
    board = load_map("dungeon")
    assert not any(board.is_high(n) for n in board.spaces)
    assert all(e["climb_into"] is None for e in board.boundaries())


def test_ruins_has_climbs_onto_high_ground():
    board = load_map("ruins")
    high = [n for n in board.spaces if board.is_high(n)]
    assert 10 <= len(high) <= 12
    climbs = [e for e in board.boundaries() if e["climb_into"] is not None]
    assert climbs
    # the high spaces form 2-3 clusters, each climbed into from the low ground around it
    clusters: list[set[int]] = []
    for n in high:
        if any(n in c for c in clusters):
            continue
        cluster, todo = set(), [n]
        while todo:
            m = todo.pop()
            if m not in cluster:
                cluster.add(m)
                todo.extend(k for k in board.neighbours(m) if board.is_high(k))
        clusters.append(cluster)
    assert 2 <= len(clusters) <= 3
    for cluster in clusters:
        assert any(board.is_climb(m, n) for n in cluster for m in board.neighbours(n)), cluster
    a, b = climbs[0]["a"], climbs[0]["b"]
    up = climbs[0]["climb_into"]
    down = b if up == a else a
    assert board.is_climb(down, up) and not board.is_climb(up, down)
    assert not board.has_los(down, up) and board.has_los(up, down)


def test_unknown_map_is_a_content_error():
    with pytest.raises(ContentError, match="no such map"):
        load_map("moon")
    with pytest.raises(ContentError):
        load_map("../secrets")
