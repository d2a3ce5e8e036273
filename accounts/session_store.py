"""The site's session engine (settings.SESSION_ENGINE): Django's database sessions, read by a
statement written once instead of a queryset built at every request and socket.

Every page and every game socket reads its session first; the queryset's own work was two
thirds of that read's CPU (docs/performance.md). What is read, when a session counts as
expired and what an unknown key does are Django's: only the read is plain.
"""
from __future__ import annotations

from typing import Any

from django.contrib.sessions.backends import db
from django.db import connections, router
from django.utils import timezone

from wildlands_site.row_reads import one_row

_LOAD_SQL: dict[str, str] = {}


class SessionStore(db.SessionStore):
    def load(self) -> dict[str, Any]:
        row = None
        if self.session_key is not None:  # None for a missing or malformed cookie
            using = router.db_for_read(self.model)
            ops = connections[using].ops
            row = one_row(_load_sql(self.model, using),
                          [self.session_key, ops.adapt_datetimefield_value(timezone.now())],
                          using)
        if row is None:  # unknown or expired: a new session, as Django's own store does
            self._session_key = None
            return {}
        return self.decode(row[0])


def _load_sql(model: Any, using: str) -> str:
    if using not in _LOAD_SQL:
        quote = connections[using].ops.quote_name
        field = model._meta.get_field
        _LOAD_SQL[using] = (
            f"SELECT {quote(field('session_data').column)} FROM {quote(model._meta.db_table)} "
            f"WHERE {quote(field('session_key').column)} = %s "
            f"AND {quote(field('expire_date').column)} > %s")
    return _LOAD_SQL[using]
