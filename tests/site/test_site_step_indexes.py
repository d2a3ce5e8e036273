"""The indexes of the tables every stored step writes: the game row, its commands, its events.

A stored step updates the game row and inserts a command and its events. PostgreSQL updates
a row in place, touching none of its indexes (a heap-only update), only while no indexed
column changes; with `updated` in an index, every step added the game row to all ten of the
table's indexes again. And each index of the insert-only tables is one more insert a row.
Read from the migrated database, so these hold for the tables as they are, on SQLite and
PostgreSQL alike (docs/performance.md).
"""
from __future__ import annotations

import pytest
from django.db import connection

from games.models import Game, GameCommand, GameEvent
from games.pipeline import steps

pytestmark = pytest.mark.django_db


def _indexed_columns(model) -> list[list[str]]:
    with connection.cursor() as cursor:
        found = connection.introspection.get_constraints(cursor, model._meta.db_table)
    return [info["columns"] for info in found.values()
            if (info["index"] or info["unique"] or info["primary_key"]) and info["columns"]]


def test_a_stored_step_changes_no_indexed_column_of_the_game_row():
    written = {Game._meta.get_field(name).column
               for name in [*steps.STEP_FIELDS, "snapshot"]}
    for columns in _indexed_columns(Game):
        assert not written & set(columns), f"an index of the game row holds {columns}"


def test_the_sweeps_still_find_games_by_status_through_an_index():
    assert ["status"] in _indexed_columns(Game)


@pytest.mark.parametrize("model", [Game, GameCommand, GameEvent])
def test_no_index_of_a_stepped_table_is_the_start_of_another(model):
    indexes = _indexed_columns(model)
    for shorter in indexes:
        for longer in indexes:
            assert not (len(shorter) < len(longer) and longer[:len(shorter)] == shorter), \
                f"{model._meta.db_table}: the index on {shorter} repeats the start of {longer}"


@pytest.mark.parametrize("model, leading", [(GameCommand, ["game_id", "version"]),
                                            (GameEvent, ["game_id", "seq"])])
def test_a_games_commands_and_events_are_found_by_their_unique_index(model, leading):
    assert leading in _indexed_columns(model)


def test_a_snapshot_is_compressed_by_lz4_where_postgresql_has_it():
    """pglz took six times lz4's CPU for a co-op snapshot (migration 0011)."""
    if connection.vendor != "postgresql":
        pytest.skip("a PostgreSQL column setting")
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' "
                       "AND 'lz4' = ANY(enumvals)")
        if cursor.fetchone() is None:
            pytest.skip("this PostgreSQL was built without lz4")
        cursor.execute("SELECT attname, attcompression FROM pg_attribute "
                       "WHERE attrelid = %s::regclass AND attname = ANY(%s)",
                       [Game._meta.db_table, ["snapshot", "initial_snapshot"]])
        assert dict(cursor.fetchall()) == {"snapshot": "l", "initial_snapshot": "l"}
