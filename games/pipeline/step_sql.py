"""The statements of a stored step (a command or an Ancients' step), in as few round trips
as the database allows.

Every accepted command locks its game row, finds the sender's seat and writes its command,
its events and the game row. Through the ORM that was four statements whose compiling cost
more than the database's own work (docs/performance.md: about 1 ms of Python per query).
Here the lock and the seat are one SELECT, and the writes are one statement on PostgreSQL
(data-modifying WITH clauses) or three on SQLite, which has no such clauses. Values are
prepared by the models' own fields, so what is stored is exactly what the ORM would store.

On PostgreSQL a step may also be written without the lock (`if_version`): the row is
updated only while it is still at the version the step was built on and playing, and the
inserts take their rows from that update, so either all of it is written or nothing is.
Run in autocommit, that statement is a whole transaction in one round trip.
"""
from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Optional, Sequence

from django.db import DEFAULT_DB_ALIAS, connections, models
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Field, JSONField, Model
from django.db.backends.utils import CursorWrapper
from django.utils import timezone
from psycopg import Cursor as ServerBindingCursor
from psycopg.types.json import Jsonb

from games.models import Game, GameCommand, GameEvent, Seat
from games.pipeline import json_text
from wildlands_site import row_reads

# The columns of the game row a step reads (the snapshots are read only on a cache miss).
_GAME_COLUMNS = ("id", "mode", "status", "version", "last_seq", "awaiting", "campaign_id",
                 "campaign_chapter", "seed")
# Runs of one statement text after which PostgreSQL is asked to keep its plan (psycopg's
# prepare threshold) on the worker's step statements (`_bound_cursor`); the event loop's
# are prepared the first time they run on a connection (loop_database._Statements).
PREPARE_AFTER = 5
# The game-row reads' SQL, made once per database vendor and kind of read.
_ROW_SQL: dict[tuple, str] = {}


def _db() -> BaseDatabaseWrapper:
    """This thread's connection, looked up once per statement: every attribute read through
    Django's `connection` proxy looks the connection up again (a tenth of a step's Python)."""
    return connections[DEFAULT_DB_ALIAS]


def _described() -> BaseDatabaseWrapper:
    """The database as a statement is written for it, for the statements the event loop runs
    too (`row_reads.backend`: no lookup of a connection by the task's context)."""
    return row_reads.backend(DEFAULT_DB_ALIAS)


def lock_game(game_id: Any, *, user_id: Any = None) -> Optional[Game]:
    """The game row (snapshots unread), locked until the transaction ends: the one way a
    writer locks a game. With `user_id`, `my_seat` is the seat that user holds, found by
    the same statement, and None is returned when the user holds none; else None only when
    there is no such game. One prepared statement per kind, not an ORM query compiled each
    time."""
    if user_id is not None:
        return _game_for_seat(game_id, user_id, lock=True)
    db = _db()
    key = (db.vendor, "lock")
    if key not in _ROW_SQL:
        quote = db.ops.quote_name
        columns = ", ".join(quote(c) for c in _GAME_COLUMNS)
        _ROW_SQL[key] = (f"SELECT {columns} FROM {quote(Game._meta.db_table)} "
                          f"WHERE {quote('id')} = %s"
                          + (" FOR UPDATE" if db.features.has_select_for_update else ""))
    found = _read_game(db, _ROW_SQL[key], [Game._meta.pk.get_db_prep_value(game_id, db)],
                       _GAME_COLUMNS)
    return None if found is None else found[0]


def _read_game(db: BaseDatabaseWrapper, sql: str, params: list,
               names: tuple[str, ...]) -> Optional[tuple[Game, tuple]]:
    """The game row a statement read (its first columns `names`) and the row's other values;
    made into the instance by `wildlands_site.row_reads`, which costs half what a
    `Game.objects.raw` does."""
    row = row_reads.one_row(sql, params, db.alias)
    if row is None:
        return None
    return row_reads.instance(Game, names, row[:len(names)], db.alias), row[len(names):]


def read_game_for_seat(game_id: Any, user_id: Any, *, snapshot: bool) -> Optional[Game]:
    """The game row as it is now (no lock; with its snapshot if asked), with `my_seat` as
    above: what a command's short way needs when this process has not seen the game's
    latest version."""
    return _game_for_seat(game_id, user_id, lock=False, snapshot=snapshot)


def _game_for_seat(game_id: Any, user_id: Any, *, lock: bool,
                   snapshot: bool = False) -> Optional[Game]:
    db = _db()
    sql = _game_for_seat_sql(db, lock and db.features.has_select_for_update_of, snapshot)
    names = _GAME_COLUMNS + (("snapshot",) if snapshot else ())
    found = _read_game(db, sql, [Game._meta.pk.get_db_prep_value(game_id, db), user_id], names)
    if found is None:
        return None
    game, (seat,) = found
    game.my_seat = seat
    return game


def _game_for_seat_sql(db: BaseDatabaseWrapper, locking: bool, snapshot: bool) -> str:
    key = (db.vendor, locking, snapshot)
    if key not in _ROW_SQL:
        quote = db.ops.quote_name
        names = _GAME_COLUMNS + (("snapshot",) if snapshot else ())
        columns = ", ".join(f"g.{quote(c)}" for c in names)
        _ROW_SQL[key] = (
            f"SELECT {columns}, s.{quote('seat')} AS my_seat FROM {quote(Game._meta.db_table)} g "
            f"JOIN {quote(Seat._meta.db_table)} s ON s.{quote('game_id')} = g.{quote('id')} "
            f"WHERE g.{quote('id')} = %s AND s.{quote('user_id')} = %s"
            + (" FOR UPDATE OF g" if locking else ""))
    return _ROW_SQL[key]


def catch_up_statement(game_id: Any, after_version: int) -> tuple[str, list]:
    """One statement for the game row's version, last seq and status with, in order, every
    stored command after `after_version` up to that version (version, seat, command; the
    command as JSON text, as Django's adapters load it): what a process that holds the game
    at `after_version` replays to reach the stored game. One row with NULL command columns
    when there are none."""
    db = _described()
    key = (db.vendor, "catch_up")
    if key not in _ROW_SQL:
        quote = db.ops.quote_name
        _ROW_SQL[key] = (
            f"SELECT g.{quote('version')}, g.{quote('last_seq')}, g.{quote('status')}, "
            f"c.{quote('version')}, c.{quote('seat')}, c.{quote('command')} "
            f"FROM {quote(Game._meta.db_table)} g "
            f"LEFT JOIN {quote(GameCommand._meta.db_table)} c "
            f"ON c.{quote('game_id')} = g.{quote('id')} AND c.{quote('version')} > %s "
            f"AND c.{quote('version')} <= g.{quote('version')} "
            f"WHERE g.{quote('id')} = %s ORDER BY c.{quote('version')}")
    return _ROW_SQL[key], [after_version, Game._meta.pk.get_db_prep_value(game_id, db)]


def stored_command_statement(game_id: Any, version: int) -> tuple[str, list]:
    """One statement for when the command stored at `version` of the game was made (its
    `created`, which every row of one step shares and which its writer set): no row while
    that version is not stored."""
    db = _described()
    key = (db.vendor, "stored_command")
    if key not in _ROW_SQL:
        quote = db.ops.quote_name
        _ROW_SQL[key] = (f"SELECT {quote('created')} FROM {quote(GameCommand._meta.db_table)} "
                         f"WHERE {quote('game_id')} = %s AND {quote('version')} = %s")
    return _ROW_SQL[key], [Game._meta.pk.get_db_prep_value(game_id, db), version]


@dataclass(frozen=True)
class CaughtUp:
    """What `catch_up_statement` read: the game row's version, last seq and status, and the
    commands stored after the version asked about, in order."""

    version: int
    last_seq: int
    status: str
    commands: list[GameCommand]

    @classmethod
    def one_step(cls, version: int, last_seq: int, seat: str, command: dict) -> "CaughtUp":
        """What the read finds when one step, known without reading (the opponent's step
        heard from the worker, a player's command sent with the opponent's turn), is all a
        process holding the version before lacks of a playing game."""
        return cls(version, last_seq, Game.Status.PLAYING,
                   [GameCommand(version=version, seat=seat, command=command)])


def caught_up(rows: Sequence[tuple]) -> Optional[CaughtUp]:
    """`catch_up_statement`'s rows read (None: no such game)."""
    if not rows:
        return None
    commands = [GameCommand(version=version, seat=seat, command=json_text.loads(text))
                for _, _, _, version, seat, text in rows if version is not None]
    return CaughtUp(rows[0][0], rows[0][1], rows[0][2], commands)


def read_catch_up(game_id: Any, after_version: int) -> Optional[CaughtUp]:
    """`catch_up_statement` run on this thread's connection: the worker's short way, so
    PostgreSQL only (`can_write_conditionally`)."""
    sql, params = catch_up_statement(game_id, after_version)
    with _bound_cursor(_db()) as cursor:
        cursor.execute(sql, params)
        return caught_up(cursor.fetchall())


def _bound_cursor(db: BaseDatabaseWrapper) -> CursorWrapper:
    """A cursor on this thread's PostgreSQL connection whose values the server binds, and
    whose statements are prepared once they have run `PREPARE_AFTER` times: the worker's
    per-step statements, as the web process's event loop runs its own. Django's cursors quote
    every value into the text, so each conditional step was parsed and planned afresh: a
    tenth of the worker's step went to psycopg's quoting, and PostgreSQL spent 0.33 ms of
    CPU a statement against 0.10 prepared (docs/performance.md). Django's own queries keep
    its cursors (its connections prepare nothing); this one is wrapped as Django wraps its
    own, so errors arrive as Django's and a test's query count sees it."""
    db.ensure_connection()
    connection = db.connection
    if connection.prepare_threshold is None:
        connection.prepare_threshold = PREPARE_AFTER
    with db.wrap_database_errors:
        cursor = ServerBindingCursor(connection)
    db.validate_thread_sharing()
    return db.make_debug_cursor(cursor) if db.queries_logged else db.make_cursor(cursor)


class GameMovedOn(Exception):
    """A conditional write found the game row no longer at the version it expected (or no
    longer playing); nothing was written."""


def can_write_conditionally() -> bool:
    """Whether `write_step(if_version=...)` is available: PostgreSQL only (SQLite has no
    data-modifying WITH clauses; the embedded mode always locks)."""
    return _described().vendor == "postgresql"


def write_step(game: Game, events: Sequence[GameEvent], commands: Sequence[GameCommand],
               fields: Sequence[str], *, if_version: Optional[int] = None) -> None:
    """Insert `commands` and `events` and write `fields` of the game row; with `if_version`,
    only if the row is still at that version and playing (else GameMovedOn)."""
    db = _db()
    if if_version is not None:
        return _write_if_version(db, game, events, commands, fields, if_version)
    statements = [_insert(db, GameCommand, commands), _insert(db, GameEvent, events),
                  _update(db, game, fields)]
    statements = [s for s in statements if s is not None]
    with db.cursor() as cursor:
        if db.vendor == "postgresql":
            *inserts, (update_sql, update_params) = statements
            head = ", ".join(f"w{i} AS ({sql})" for i, (sql, _) in enumerate(inserts))
            params = [p for _, ps in inserts for p in ps] + update_params
            cursor.execute(f"WITH {head} {update_sql}" if head else update_sql, params)
        else:
            for sql, params in statements:
                cursor.execute(sql, params)


def _write_if_version(db: BaseDatabaseWrapper, game: Game, events: Sequence[GameEvent],
                      commands: Sequence[GameCommand], fields: Sequence[str],
                      version: int) -> None:
    sql, params = conditional_step(game, events, commands, fields, version)
    with _bound_cursor(db) as cursor:
        cursor.execute(sql, params)
        if not wrote(cursor.fetchall()):
            raise GameMovedOn(f"game {game.pk} is no longer at version {version}")


def conditional_step(game: Game, events: Sequence[GameEvent], commands: Sequence[GameCommand],
                     fields: Sequence[str], version: int) -> tuple[str, list]:
    """The one statement (and its parameters) that writes a step only if the game row is
    still at `version` and playing; its one row says whether it wrote (`wrote`). Built
    without touching the connection, so the event loop's connections
    (games.pipeline.loop_database) can run it too.

    The command and event rows travel as one JSON array each (`_rows_from_json`), so the
    statement's text is the same however many events a step has: PostgreSQL keeps one plan
    for every step that writes the same columns of the game row, and the driver binds a
    dozen values rather than seven an event (docs/performance.md)."""
    db = _described()
    quote = db.ops.quote_name
    update_sql, params = _update(db, game, fields)
    update_sql += f" AND {quote('version')} = %s AND {quote('status')} = %s RETURNING 1"
    params += [version, Game.Status.PLAYING.value]
    parts = [f"u AS ({update_sql})"]
    for i, (model, objects) in enumerate(((GameCommand, commands), (GameEvent, events))):
        sql, insert_params = _rows_from_json(db, model, game, objects)
        parts.append(f"w{i} AS ({sql})")
        params += insert_params
    return f"WITH {', '.join(parts)} SELECT count(*) FROM u", params


def _rows_from_json(db: BaseDatabaseWrapper, model: type[Model], game: Game,
                    objects: Sequence[Model]) -> tuple[str, list]:
    """An INSERT of `objects` (rows of `game`) selected from the WITH clause `u`, so they
    are written only if `u` wrote: their game and creation time bound once, their other
    values one JSON array read by `jsonb_to_recordset` into the columns' own types. Each
    value is what its field prepares for the database, so the stored rows are the ORM's;
    the rows of one step share one creation time."""
    head, shared, own = _rows_from_json_sql(db, model)
    now = timezone.now()
    rows = []
    for obj in objects:
        for f in shared:
            if not f.is_relation:
                setattr(obj, f.attname, now)  # as Model.save's auto_now_add would
        rows.append({f.column: _json_value(db, f, getattr(obj, f.attname)) for f in own})
    params = [_prepared(db, f, game.pk if f.is_relation else now) for f in shared]
    return head, [*params, json_text.dumps(rows)]


_ROWS_FROM_JSON_SQL: dict[tuple, tuple[str, list[Field], list[Field]]] = {}


def _rows_from_json_sql(db: BaseDatabaseWrapper,
                        model: type[Model]) -> tuple[str, list[Field], list[Field]]:
    """`_rows_from_json`'s statement for `model`, made once: the fields bound once (the
    game, the creation time) and those read from the JSON array."""
    key = (db.vendor, model)
    if key not in _ROWS_FROM_JSON_SQL:
        quote = db.ops.quote_name
        fields = [f for f in model._meta.concrete_fields if not f.primary_key]
        shared = [f for f in fields if f.is_relation or getattr(f, "auto_now_add", False)]
        own = [f for f in fields if f not in shared]
        columns = ", ".join(quote(f.column) for f in fields)
        values = ", ".join(f"CAST(%s AS {f.db_type(db)})" if f in shared else f"r.{quote(f.column)}"
                           for f in fields)
        record = ", ".join(f"{quote(f.column)} {f.db_type(db)}" for f in own)
        head = (f"INSERT INTO {quote(model._meta.db_table)} ({columns}) SELECT {values} "
                f"FROM u, jsonb_to_recordset(CAST(%s AS jsonb)) AS r({record})")
        _ROWS_FROM_JSON_SQL[key] = (head, shared, own)
    return _ROWS_FROM_JSON_SQL[key]


def _json_value(db: BaseDatabaseWrapper, field: Any, value: Any) -> Any:
    """A value of a row read from JSON (`_rows_from_json`): a JSON field's as it is (the
    array is encoded whole; a JSON null is SQL NULL), any other's as `_prepared` makes it."""
    return value if isinstance(field, JSONField) else _prepared(db, field, value)


def wrote(rows: Sequence[tuple]) -> bool:
    """Whether the rows a `conditional_step` statement returned say the step was written."""
    return bool(rows) and rows[0][0] == 1


def _insert(db: BaseDatabaseWrapper, model: type[Model],
            objects: Sequence[Model]) -> Optional[tuple[str, list]]:
    """An INSERT of `objects`."""
    if not objects:
        return None
    fields, head, row = _insert_sql(db, model)
    for obj in objects:
        for f in fields:  # auto_now_add and defaults, as Model.save would set them
            f.pre_save(obj, add=True)
    rows = ", ".join([row] * len(objects))
    sql = f"{head} VALUES {rows}"
    params = [_prepared(db, f, getattr(obj, f.attname)) for obj in objects for f in fields]
    return sql, params


_INSERT_SQL: dict[tuple, tuple[list[Field], str, str]] = {}


def _insert_sql(db: BaseDatabaseWrapper, model: type[Model]) -> tuple[list[Field], str, str]:
    """The model's columns, the INSERT's head and one row's placeholders, made once per
    model: they depend only on the model and the database."""
    key = (db.vendor, model)
    if key not in _INSERT_SQL:
        quote = db.ops.quote_name
        fields = [f for f in model._meta.concrete_fields if not f.primary_key]
        columns = ", ".join(quote(f.column) for f in fields)
        head = f"INSERT INTO {quote(model._meta.db_table)} ({columns})"
        row = "(" + ", ".join(["%s"] * len(fields)) + ")"
        _INSERT_SQL[key] = (fields, head, row)
    return _INSERT_SQL[key]


def _update(db: BaseDatabaseWrapper, instance: Model, names: Sequence[str]) -> tuple[str, list]:
    meta = instance._meta
    quote = db.ops.quote_name
    sets, params = [], []
    for name in names:
        f = meta.get_field(name)
        value = f.pre_save(instance, add=False)  # auto_now fields take the time here
        sets.append(f"{quote(f.column)} = %s")
        params.append(_prepared(db, f, value))
    params.append(meta.pk.get_db_prep_value(instance.pk, db))
    return (f"UPDATE {quote(meta.db_table)} SET {', '.join(sets)} "
            f"WHERE {quote(meta.pk.column)} = %s", params)


# Values PostgreSQL's driver takes as they are, by the class of their field: Django's own
# preparation returns them unchanged there (it was a tenth of building a step's statement).
_AS_IS: dict[type, type] = {models.PositiveIntegerField: int, models.CharField: str,
                            models.UUIDField: uuid.UUID, models.ForeignKey: uuid.UUID}


def _prepared(db: BaseDatabaseWrapper, field: Any, value: Any) -> Any:
    """The value as the field would store it; JSON on PostgreSQL encoded by orjson (a
    snapshot is 12-30 KB of JSON per command; the standard encoder took ten times longer)."""
    if db.vendor == "postgresql" and value is not None:
        if isinstance(field, JSONField):
            return Jsonb(value, dumps=json_text.dumps)
        if type(value) is _AS_IS.get(type(field)) or (
                type(value) is datetime and type(field) is models.DateTimeField
                and value.tzinfo is not None):
            return value
    return field.get_db_prep_save(value, db)
