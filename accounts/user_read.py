"""The read of a session's user by primary key, as a statement written once
(`wildlands_site.row_reads`) instead of the queryset ModelBackend builds at every request
and socket (0.46 against 0.15 ms of CPU in process, docs/performance.md)."""
from __future__ import annotations

from typing import Any, Optional

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import router

from wildlands_site.row_reads import backend, columns, instance, one_row

_SQL: dict[str, tuple[str, tuple[str, ...]]] = {}


def user_by_pk(user_id: Any) -> Optional[Any]:
    """The user whose primary key is `user_id` (as a session stores it), or None."""
    statement = user_statement(user_id)
    if statement is None:
        return None
    model = get_user_model()
    return user_from_row(one_row(*statement, router.db_for_read(model)))


def user_statement(user_id: Any) -> Optional[tuple[str, list]]:
    """The statement `user_by_pk` runs (None: `user_id` is no key of the user model). A
    game socket's opening runs it on the event loop (wildlands_site.socket_auth)."""
    model = get_user_model()
    try:
        pk = model._meta.pk.to_python(user_id)
    except ValidationError:
        return None
    using = router.db_for_read(model)
    sql, _ = _sql(model, using)
    return sql, [model._meta.pk.get_db_prep_value(pk, backend(using))]


def user_from_row(row: Optional[tuple]) -> Optional[Any]:
    """The user from the row `user_statement` read (None: no such user)."""
    if row is None:
        return None
    model = get_user_model()
    using = router.db_for_read(model)
    return instance(model, _sql(model, using)[1], row, using)


def _sql(model: Any, using: str) -> tuple[str, tuple[str, ...]]:
    if using not in _SQL:
        names = tuple(field.attname for field in model._meta.concrete_fields)
        quote = backend(using).ops.quote_name
        _SQL[using] = (f"SELECT {columns(model, names, 'u', using)} FROM "
                       f"{quote(model._meta.db_table)} u WHERE u.{quote(model._meta.pk.column)} = %s",
                       names)
    return _SQL[using]
