"""The site's session engine (settings.SESSION_ENGINE): Django's database sessions, read by a
statement written once instead of a queryset built at every request and socket.

Every page and every game socket reads its session first; the queryset's own work was two
thirds of that read's CPU (docs/performance.md). What is read, when a session counts as
expired and what an unknown key does are Django's: only the read is plain.
"""
from __future__ import annotations

from typing import Any, Optional

from django.contrib.sessions.backends import db
from django.db import router
from django.utils import timezone

from wildlands_site.row_reads import backend, one_row

_LOAD_SQL: dict[str, str] = {}


class SessionStore(db.SessionStore):
    def load(self) -> dict[str, Any]:
        row = None
        if self.session_key is not None:  # None for a missing or malformed cookie
            row = one_row(*self.load_statement(), router.db_for_read(self.model))
        return self.loaded(row)

    def load_statement(self) -> tuple[str, list]:
        """The statement `load` runs (for a session key that is not None): the session's
        data, unless it expired. A game socket's opening runs it on the event loop
        (wildlands_site.socket_auth)."""
        using = router.db_for_read(self.model)
        ops = backend(using).ops
        return (_load_sql(self.model, using),
                [self.session_key, ops.adapt_datetimefield_value(timezone.now())])

    def loaded(self, row: Optional[tuple]) -> dict[str, Any]:
        """The session's data from the row `load_statement` read (None: unknown or expired,
        so a new session, as Django's own store makes)."""
        if row is None:
            self._session_key = None
            return {}
        return self.decode(row[0])


def _load_sql(model: Any, using: str) -> str:
    if using not in _LOAD_SQL:
        quote = backend(using).ops.quote_name
        field = model._meta.get_field
        _LOAD_SQL[using] = (
            f"SELECT {quote(field('session_data').column)} FROM {quote(model._meta.db_table)} "
            f"WHERE {quote(field('session_key').column)} = %s "
            f"AND {quote(field('expire_date').column)} > %s")
    return _LOAD_SQL[using]
