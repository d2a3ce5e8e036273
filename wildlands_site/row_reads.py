"""Model instances from rows a plain statement read, for the reads made most often: a socket's
opening (the session, its user, the seats, the greeting), a page's session, and the commands a
process replays to catch a game up.

A queryset builds its SQL anew at every call: for a one-row read by key that was two thirds
of its CPU (0.3-0.5 ms of 0.5 in process, against 0.15 for the same statement written once;
docs/performance.md). A statement written once per database and its rows made into
instances here, with the database backend's and the fields' converters applied as a
queryset applies them, gives the callers the same objects for less.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, Optional, Sequence, TypeVar

from django.db import connections, models
from django.db.backends.base.base import BaseDatabaseWrapper

M = TypeVar("M", bound=models.Model)

Converter = Callable[[Any, Any, Any], Any]


_BACKENDS: dict[str, BaseDatabaseWrapper] = {}


def backend(using: str) -> BaseDatabaseWrapper:
    """The database `using` as statements are written for it and values converted to and
    from its columns (its operations, features, vendor and time zone): never a connection
    to run anything on, which stays `connections[using]`, the calling thread's. That lookup
    goes through asgiref's Local, and on the event loop each socket's task has a context of
    its own in which the first lookup makes a new wrapper: 6 % of a web process's CPU in the
    peer benchmark went to those lookups (docs/performance.md). One wrapper an alias, made
    once and never connected, serves every thread and task."""
    found = _BACKENDS.get(using)
    if found is None:
        found = _BACKENDS[using] = connections.create_connection(using)
    return found


def instance(model: type[M], names: tuple[str, ...], values: Sequence[Any], using: str) -> M:
    """`model` as the queryset `.only(*names)` would have made it from `values` (the columns
    in the order of `names`, attribute names such as "user_id" for a foreign key)."""
    in_order: list[Any] = [None] * len(names)
    for place, value in zip(_places(model, names), python_values(model, names, values, using)):
        in_order[place] = value
    return model.from_db(using, _in_model_order(model, names), in_order)


def python_values(model: type[models.Model], names: tuple[str, ...], values: Sequence[Any],
                  using: str) -> list[Any]:
    """`values` (columns of `model` in the order of `names`) as the model's fields hold them:
    what a queryset's `values_list(*names)` would have given."""
    connection = backend(using)
    out = []
    for value, (expression, converters) in zip(values, _converters(model, names, using)):
        for convert in converters:
            value = convert(value, expression, connection)
        out.append(value)
    return out


@lru_cache(maxsize=None)
def _in_model_order(model: type[models.Model], names: tuple[str, ...]) -> list[str]:
    """`names` in the order of the model's concrete fields, the order `from_db` takes the
    values of a partial row in."""
    return [field.attname for field in model._meta.concrete_fields if field.attname in names]


@lru_cache(maxsize=None)
def _places(model: type[models.Model], names: tuple[str, ...]) -> list[int]:
    """Where each of `names` goes in the model's order."""
    order = _in_model_order(model, names)
    return [order.index(name) for name in names]


@lru_cache(maxsize=None)
def _converters(model: type[models.Model], names: tuple[str, ...],
                using: str) -> list[tuple[Any, list[Converter]]]:
    """For each of `names`: its column and the converters a queryset would apply to it."""
    connection = backend(using)
    out = []
    for name in names:
        column = model._meta.get_field(name).get_col(model._meta.db_table)
        out.append((column, connection.ops.get_db_converters(column)
                    + column.get_db_converters(connection)))
    return out


@lru_cache(maxsize=None)
def columns(model: type[models.Model], names: tuple[str, ...], alias: str, using: str) -> str:
    """`alias.column, ...` for `names` (attribute names), quoted for the database."""
    quote = backend(using).ops.quote_name
    return ", ".join(f"{alias}.{quote(model._meta.get_field(name).column)}" for name in names)


def key(model: type[models.Model], value: Any, using: str) -> Any:
    """A primary key as its column stores it, for a plain statement's parameter (SQLite keeps
    a UUID as 32 hex digits, PostgreSQL as a uuid)."""
    field = model._meta.pk
    return field.get_db_prep_value(field.to_python(value), backend(using))


def one_row(sql: str, params: Sequence[Any], using: str) -> Optional[tuple]:
    """The first row `sql` reads (None: none)."""
    with connections[using].cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchone()


def instances(model: type[M], names: tuple[str, ...], sql: str, params: Sequence[Any],
              using: str) -> list[M]:
    """Every row `sql` reads (the columns `names` of `model`, in that order) as an instance."""
    with connections[using].cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    return [instance(model, names, row, using) for row in rows]
