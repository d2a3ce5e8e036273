"""A socket's update read from the database: its greeting, a resync, the catch-up after a
missed change. On PostgreSQL it is read on the event loop's own connection.

Read on the database thread (`selectors.update_payload`, `game_log.greeting`), a greeting
crossed threads and ran two or three statements through Django's cursors: a game's two
sockets opened for about 5 ms more CPU with their greetings than with a constant in their
place (docs/performance.md), a third of an opening. Here one statement reads the game row
with the events the update and its log need, and the state is the one this process holds
at that version, or else is caught up on the loop (the stored commands since the version
held, or the stored snapshot and the commands after it). The payload is built by the same
functions as the thread's (`updates.seat_update`, `game_log.log_from_events`), so the two
ways give the same answer.

The thread's way still reads whenever the loop's cannot: not PostgreSQL, a statement that
failed on the loop, an undo among the commands to replay, or the game moving on between
two of the loop's reads.
"""
from __future__ import annotations

from typing import Any, Optional

from channels.db import database_sync_to_async
from django.db import DEFAULT_DB_ALIAS

from games import game_log, selectors
from games.models import Game, GameEvent
from games.pipeline import json_text, states, step_sql, updates
from games.pipeline.commands import replay_caught_up
from games.pipeline.on_loop import rows_on_loop
from games.platform import registry
from games.platform.definition import GameDefinition
from wildlands_site import row_reads

GAME_TABLE, EVENT_TABLE = Game._meta.db_table, GameEvent._meta.db_table
_EVENT_COLUMNS = ", ".join(f"e.{GameEvent._meta.get_field(name).column}"
                           for name in selectors.EVENT_NAMES)
# The game row and, in order, its events from the lower of the update's first seq and the
# log's (the last LOG_PAGE_SIZE seqs, or none when the update has no log) up to the row's
# last seq: one row with NULL event columns when there are none.
UPDATE_SQL = (
    f"SELECT g.version, g.last_seq, g.status, g.mode, {_EVENT_COLUMNS} "
    f"FROM {GAME_TABLE} g LEFT JOIN {EVENT_TABLE} e ON e.game_id = g.id "
    "AND e.seq >= LEAST(%s, g.last_seq - %s + 1) AND e.seq <= g.last_seq "
    "WHERE g.id = %s ORDER BY e.seq")
SNAPSHOT_SQL = f"SELECT snapshot FROM {GAME_TABLE} WHERE id = %s"
_NO_EVENTS_AFTER = 2 ** 62  # a first seq past every game's last one


class _OnThread(Exception):
    """The loop cannot read this update: the database thread's way reads it."""


async def socket_update(*, game_id: Any, seat: Optional[str], after: Optional[int],
                        log: bool) -> Optional[dict]:
    """The seat's `update`: the events after seq `after` (none when None) and its view, and
    with `log` the recent history (`game_log.greeting`); None while the game has not
    started."""
    try:
        return await _read_on_loop(game_id, seat, after, log)
    except _OnThread:  # also not PostgreSQL: `on_loop.rows_on_loop` runs nothing then
        pass
    read = game_log.greeting if log else selectors.update_payload
    return await database_sync_to_async(read)(game_id=game_id, seat=seat, after=after)


async def _read_on_loop(game_id: Any, seat: Optional[str], after: Optional[int],
                        log: bool) -> Optional[dict]:
    key = selectors.game_key(game_id)
    first_wanted = _NO_EVENTS_AFTER if after is None else after + 1
    rows = await _rows(UPDATE_SQL, [first_wanted, game_log.LOG_PAGE_SIZE if log else 0, key])
    if not rows or rows[0][2] == Game.Status.SETUP:
        return None
    version, last_seq, _, mode = rows[0][:4]
    definition = registry.get(mode)
    state = await _state_at(definition, game_id, key, version, last_seq)
    events = [row_reads.instance(GameEvent, selectors.EVENT_NAMES, row[4:], DEFAULT_DB_ALIAS)
              for row in rows if row[4] is not None]
    payload = updates.seat_update(definition, state, seat,
                                  [e for e in events if e.seq >= first_wanted], last_seq)
    if log:
        first, top = game_log.log_window(last_seq, None)
        payload["log"] = game_log.log_from_events(
            definition, state, seat, [e for e in events if e.seq >= first], first, top)
    return payload


async def _state_at(definition: GameDefinition, game_id: Any, key: Any, version: int,
                    last_seq: int) -> Any:
    """The game's state at `version` (`states.state_for`'s answer, read on the loop): the
    state held, caught up by the commands since it, or the stored snapshot's."""
    found = states.held(game_id)
    if found is not None and found.version == version:
        return found.state
    if found is not None and found.version < version:
        return await _caught_up(definition, game_id, found.state, found.version, version)
    rows = await _rows(SNAPSHOT_SQL, [key])
    if not rows or rows[0][0] is None:
        raise _OnThread  # the game moved back to set-up since: never, but not guessed at
    state = definition.state_from_data(json_text.loads(rows[0][0]))
    stored = definition.version(state)
    if stored > version:
        raise _OnThread  # the game moved on between the two reads
    if stored < version:
        return await _caught_up(definition, game_id, state, stored, version)
    states.hold(game_id, definition, state, last_seq)
    return state


async def _caught_up(definition: GameDefinition, game_id: Any, state: Any, from_version: int,
                     version: int) -> Any:
    """`state` (at `from_version`) with the stored commands up to `version` replayed and
    held (`commands.replay_caught_up`)."""
    stored = step_sql.caught_up(await _rows(*step_sql.catch_up_statement(game_id, from_version)))
    if stored is None or stored.version != version:
        raise _OnThread  # the game moved on between the two reads
    state = replay_caught_up(definition, game_id, state, stored)
    if state is None:
        raise _OnThread  # an undo among them: replayed from further back
    return state


async def _rows(sql: str, params: list) -> list[tuple]:
    rows = await rows_on_loop(sql, params)
    if rows is None:
        raise _OnThread
    return rows

