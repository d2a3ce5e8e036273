"""The read of a session's user by primary key, as a statement written once
(`wildlands_site.row_reads`) instead of the queryset ModelBackend builds at every request
and socket (0.46 against 0.15 ms of CPU in process, docs/performance.md)."""
from __future__ import annotations

from typing import Any, Optional

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import connections, router

from wildlands_site.row_reads import columns, instance, one_row

_SQL: dict[str, tuple[str, tuple[str, ...]]] = {}


def user_by_pk(user_id: Any) -> Optional[Any]:
    """The user whose primary key is `user_id` (as a session stores it), or None."""
    model = get_user_model()
    try:
        pk = model._meta.pk.to_python(user_id)
    except ValidationError:
        return None
    using = router.db_for_read(model)
    sql, names = _sql(model, using)
    row = one_row(sql, [model._meta.pk.get_db_prep_value(pk, connections[using])], using)
    return None if row is None else instance(model, names, row, using)


def _sql(model: Any, using: str) -> tuple[str, tuple[str, ...]]:
    if using not in _SQL:
        names = tuple(field.attname for field in model._meta.concrete_fields)
        quote = connections[using].ops.quote_name
        _SQL[using] = (f"SELECT {columns(model, names, 'u', using)} FROM "
                       f"{quote(model._meta.db_table)} u WHERE u.{quote(model._meta.pk.column)} = %s",
                       names)
    return _SQL[using]
