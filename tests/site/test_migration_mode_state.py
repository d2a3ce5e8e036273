"""Games stored while the mode's own part of a state was called `awoken` still load, replay
and play on after migration 0007 renames the key to `mode_state` in every stored state.

The games are real (an Awoken game with moves played, a Wrath game); their rows are put back
in the old shape by the migration's own reverse, then the forward runs as `migrate` would.
"""
from __future__ import annotations

import importlib

import pytest
from django.apps import apps

from games import selectors
from games.history import history_problems
from games.pipeline.caches import clear_caches
from games.models import Game
from wildlands.rules.serialize import state_from_data
from support.replays import play_moves, short_awoken_game
from support.site import _fresh_state_cache, map_name  # noqa: F401  (fixture)

pytestmark = pytest.mark.django_db

migration = importlib.import_module("games.migrations.0007_snapshot_mode_state")


def _wrath_game(owner) -> Game:
    from games import lobby
    return lobby.game_create(user=owner, mode="wrath", map_name=map_name(),
                             faction="guild", players=2, bots=1, seed=7)


def _stored(game: Game) -> Game:
    clear_caches()  # read back from the database, not from this process's held states
    return Game.objects.get(pk=game.pk)


def test_old_snapshots_are_renamed_and_replay_to_the_same_game(owner):
    awoken = short_awoken_game(owner)
    play_moves(awoken, owner, 2)
    wrath = _wrath_game(owner)
    before = {g.pk: (g.snapshot, g.initial_snapshot) for g in map(_stored, (awoken, wrath))}

    migration.snapshots_to_awoken(apps, None)  # the rows as they were stored before 0007
    for game in map(_stored, (awoken, wrath)):
        for data in (game.snapshot, game.initial_snapshot):
            assert "awoken" in data and "mode_state" not in data
            assert data["awoken"] is not None  # both modes keep a part of their own
        with pytest.raises(KeyError):  # one way to read a state: the new key only
            state_from_data(game.snapshot)

    migration.snapshots_to_mode_state(apps, None)
    for game in map(_stored, (awoken, wrath)):
        assert (game.snapshot, game.initial_snapshot) == before[game.pk]
        assert list(game.snapshot) == list(before[game.pk][0])  # the key keeps its place
        assert history_problems(game) == []  # the log replays to the stored snapshot

    state = selectors.game_state(_stored(awoken))
    assert state.mode == "awoken" and state.mode_state.scenarios
    assert play_moves(_stored(awoken), owner, 1)  # and the game plays on


def test_rows_without_a_state_or_already_renamed_are_left_alone(owner):
    assert migration.renamed(None, "awoken", "mode_state") is None
    new_shape = {"mode": "skirmish", "mode_state": None}
    assert migration.renamed(new_shape, "awoken", "mode_state") is new_shape
    old_shape = {"mode": "skirmish", "awoken": None, "map_state": {}}
    assert list(migration.renamed(old_shape, "awoken", "mode_state")) == [
        "mode", "mode_state", "map_state"]
