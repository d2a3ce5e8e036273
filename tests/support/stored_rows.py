"""Rows of games stored by an earlier commit, put back in the test database as they were
(the stored-games tests of each game: tests/site/test_stored_games.py,
tests/defenders_site/test_defenders_site_stored.py)."""
from __future__ import annotations

import gzip
from pathlib import Path

from django.core import serializers
from django.core.management.color import no_style
from django.db import connection


def load_rows(path: Path) -> None:
    """Save every row of a gzipped JSON dump (`serializers.serialize("json", ...)`) with its
    own id, then move PostgreSQL's id sequences past them, as `loaddata` does, so the next
    row a test stores gets a fresh id."""
    with gzip.open(path, "rt") as f:
        objects = list(serializers.deserialize("json", f.read()))
    for obj in objects:
        obj.save()
    statements = connection.ops.sequence_reset_sql(no_style(), list({type(o.object) for o in objects}))
    with connection.cursor() as cursor:
        for sql in statements:
            cursor.execute(sql)
