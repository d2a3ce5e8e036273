"""The record of shipped content loads is the platform's now (one table for every game): a
database that kept it in The Awoken's table keeps every row, Defenders' included, through
migration ancients_ai 0003, and gets them back if the migration is undone. Run as
`migrate` runs it, on the real schema."""
from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games.platform.content_models import ShippedLoad

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("ancients_ai", "0002_map_features")]
AFTER = [("ancients_ai", "0003_shipped_loads_to_the_platform")]
LOADED_AT = datetime.datetime(2026, 1, 2, 3, 4, 5, tzinfo=datetime.timezone.utc)


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def _rows(model) -> list:
    return sorted((r.kind, r.key, r.path, r.source_digest, r.loaded_digest, r.loaded_at)
                  for r in model.objects.all())


def test_the_rows_move_to_the_platform_and_back():
    old_apps = _migrate(BEFORE)
    try:
        old = old_apps.get_model("ancients_ai", "ShippedLoad")
        old.objects.create(kind="scenario", key="magus", path="scenarios/magus.yaml",
                           source_digest="a" * 64, loaded_digest="b" * 64)
        old.objects.create(kind="defenders", key="coven", path="defenders/coven.yaml",
                           source_digest="c" * 64, loaded_digest="d" * 64)
        old.objects.update(loaded_at=LOADED_AT)
        kept = _rows(old)

        new_apps = _migrate(AFTER)
        assert _rows(new_apps.get_model("games", "ShippedLoad")) == kept  # when loaded too
        assert "ancients_ai_shippedload" not in connection.introspection.table_names()

        old_apps = _migrate(BEFORE)
        assert _rows(old_apps.get_model("ancients_ai", "ShippedLoad")) == kept
        assert _rows(ShippedLoad) == []  # moved back, not copied
    finally:
        _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
