"""A game's snapshots compressed with lz4 instead of PostgreSQL's own pglz.

A co-op snapshot is about 28 KB of JSON, written whole every sixteenth step; PostgreSQL
compresses it on the way to storage, and pglz took 0.46 ms of the database's CPU a
snapshot against 0.07 for lz4 (1,000 co-op snapshots written in a loop; stored 13 KB
instead of 10); under co-op play a step's statement that writes a snapshot took 0.72 ms
with pglz and 0.29 with lz4 (docs/performance.md). Snapshots written before keep pglz and
read as ever; only new values take lz4. A server built without lz4 keeps pglz: the change
is skipped there. SQLite has no such setting.

A schema operation of its own, not `RunPython`: it touches no rows, so the stored-games
test, which runs the data migrations over old rows, has nothing to run here.
"""
from django.db import migrations

COLUMNS = ("snapshot", "initial_snapshot")


class SetSnapshotCompression(migrations.operations.base.Operation):
    reversible = True
    reduces_to_sql = False

    def __init__(self, method: str, before: str) -> None:
        self.method, self.before = method, before

    def state_forwards(self, app_label, state) -> None:
        pass  # a storage setting: the models are unchanged

    def database_forwards(self, app_label, schema_editor, from_state, to_state) -> None:
        self._set(app_label, schema_editor, to_state, self.method)

    def database_backwards(self, app_label, schema_editor, from_state, to_state) -> None:
        self._set(app_label, schema_editor, to_state, self.before)

    def describe(self) -> str:
        return f"Compress the game's snapshots with {self.method} (PostgreSQL)"

    @staticmethod
    def _set(app_label, schema_editor, state, method: str) -> None:
        if schema_editor.connection.vendor != "postgresql":
            return
        quote = schema_editor.quote_name
        table = quote(state.apps.get_model(app_label, "Game")._meta.db_table)
        alters = ", ".join(f"ALTER COLUMN {quote(column)} SET COMPRESSION {method}"
                           for column in COLUMNS)
        schema_editor.execute(f"DO $$ BEGIN ALTER TABLE {table} {alters}; "
                              f"EXCEPTION WHEN feature_not_supported THEN NULL; END $$")


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0010_step_rows_leaner_indexes'),
    ]

    operations = [
        SetSnapshotCompression("lz4", before="pglz"),
    ]
