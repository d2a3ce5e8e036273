"""The loop's way: a command stored from the web process's event loop, and a socket's own
reads and writes as it opens, beats and closes.

When this process holds the seat, the game's facts (declaration and bot seats) and the
game at the expected version or an older one (brought up to date by one read on the loop,
`_caught_up`), the step's one conditional statement runs on a connection of the loop's own
(`games.pipeline.loop_database` says why), without the database thread. A game's commands
are stored one at a time in each process, in the order they came (`_GameTurns`).

A socket's seat and its presence (`games.presence`) are one statement each, so with
PostgreSQL they run on the loop's connections too (`rows_on_loop`): opening and closing a
game's two sockets crossed to the database thread twelve times, and those crossings with
Django's cursors were most of an opening's CPU (docs/performance.md).
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any, AsyncIterator, Mapping, Optional

import psycopg

from channels.db import database_sync_to_async

from games.models import Game, Seat
from games.pipeline import broadcast, facts, loop_database, states, step_sql, task_sender
from games.pipeline.commands import (Found, held_for_command, replay_caught_up, seat_for_socket,
                                     seats_from_rows, short_way_step, socket_seat,
                                     socket_seats_statement)
from games.pipeline.steps import (OPPONENT_COMMAND, ApplyResult, BuiltStep, after_commit,
                                  moved_on, run_committed, start_tasks, with_updates)
from games.platform.definition import GameDefinition

logger = logging.getLogger(__name__)


async def game_apply_command_on_loop(*, game_id: Any, user, expected_version: Any,
                                     command: Mapping[str, Any]) -> Optional[ApplyResult]:
    """`commands.game_apply_command` for the event loop (the game consumer). The caller
    sends `result.deliveries` and then starts `result.tasks` (as with `publish` off).

    None when the command needs the database thread (nothing held, an undo, the game has
    moved on in the database since it was read, the rules refuse it, or it ends a
    campaign's game):
    `game_apply_command` then decides, with the same answers as ever.

    :raises RuleError: stale_version, for a version older than one this process holds or
        the stored game has.
    """
    known = facts.known(game_id)
    if (known is None or user is None or not user.is_authenticated
            or type(expected_version) is not int or not isinstance(command, Mapping)
            or not step_sql.can_write_conditionally()):
        return None
    definition = known.definition
    async with _GAME_TURNS.hold(str(game_id)):
        found = held_for_command(game_id, user, expected_version, definition)
        if found is None:
            found = await _caught_up(game_id, user, expected_version, definition)
        if found is None:
            return None
        built = short_way_step(game_id, found, expected_version, command,
                               may_finish=not known.in_campaign, updates=False)
        if built is None:
            return None
        sql, params = step_sql.conditional_step(built.game, built.rows, built.commands,
                                                 built.fields, expected_version)
        sent = None
        try:  # the statement goes out, and the updates are built while PostgreSQL runs it
            sent = await loop_database.send(sql, params)
            built = _with_updates(built, game_id)
            rows = await sent.rows()
        except asyncio.CancelledError:  # the command's task: the answer is lost
            if sent is not None:
                _announce_if_stored(built, known.bots)
            raise
        except psycopg.Error as error:
            # a kept connection PostgreSQL dropped, or the database away: the database
            # thread's way tries again (the write is conditional, so a step that did commit
            # is then refused as stale, never stored twice), and a step whose answer was lost
            # is announced if it was stored (a refusal, a bad value say, stored nothing)
            if sent is not None and isinstance(error, psycopg.OperationalError):
                _announce_if_stored(built, known.bots)
            logger.warning("game %s: the loop's statement failed", game_id, exc_info=True)
            return None
        if not step_sql.wrote(rows):
            return None  # the game moved on in the database: the locked way says how
        return _committed(built, known.bots)


def _committed(built: BuiltStep, bots: Optional[Mapping[str, str]]) -> ApplyResult:
    """What follows the loop's stored step in this process (held, for one), and the answer
    whose updates and next turn the caller sends and starts."""
    callbacks, result = after_commit(built, publish=False, bots=bots)
    for callback, robust in callbacks:
        run_committed(callback, robust)
    return result


# How long a step whose answer was lost is looked for, once a second, until its version is
# stored (by it, or by another command, which then announces itself).
UNANSWERED_LOOK_SECONDS = 60
# The lookouts running (a task the loop holds no reference to may be collected unfinished).
_LOOKOUTS: set[asyncio.Task] = set()


def _announce_if_stored(built: BuiltStep, bots: Optional[Mapping[str, str]]) -> None:
    """Look out, in the background, for the step whose statement went out but whose answer
    was lost, and announce it if PostgreSQL stored it: the caller's answer is then a
    refusal (the database thread's way finds the game moved on) or an error, which sends
    the mover's page to read the board again, but no one else is told, and the next turn
    (the opponent's, a bot's) would not start."""
    task = asyncio.get_running_loop().create_task(_look_out(built, bots))
    _LOOKOUTS.add(task)
    task.add_done_callback(_LOOKOUTS.discard)


async def _look_out(built: BuiltStep, bots: Optional[Mapping[str, str]]) -> None:
    """Read, once a second, when the command at the step's version was made: if at the
    instant this step's own rows carry, it is this step, stored, and what follows a stored
    step runs as on the loop's way (held, every seat's update, the next turn); another
    command there means another writer stored the version (and announced it)."""
    game_id, command = built.result.game_id, built.commands[0]
    statement = step_sql.stored_command_statement(game_id, command.version)
    loop = asyncio.get_running_loop()
    give_up = loop.time() + UNANSWERED_LOOK_SECONDS
    while loop.time() < give_up:
        try:
            rows = await loop_database.fetch(*statement)
        except psycopg.Error:
            rows = []  # the database still away
        if rows:
            if rows[0][0] != command.created:
                return
            logger.warning("game %s: version %s was stored though its answer was lost: "
                           "announced", game_id, command.version)
            try:
                result = _committed(built, bots)
                await broadcast.send(result.deliveries)
                await start_next_turn(result)
            except Exception:  # the seats catch up at the next change or when they resync
                logger.exception("game %s: announcing version %s failed", game_id,
                                 command.version)
            return
        await asyncio.sleep(1.0)
    logger.warning("game %s: version %s not stored within %s s of its lost answer: left to "
                   "whichever command stores it", game_id, command.version,
                   UNANSWERED_LOOK_SECONDS)


async def start_next_turn(result: ApplyResult) -> None:
    """`steps.start_tasks` from the event loop, once the step's updates are out: through
    the database thread when the tasks run in the caller (database work)."""
    if not result.tasks:
        return
    if task_sender.runs_in_caller():
        await database_sync_to_async(start_tasks)(result)
    else:
        start_tasks(result)


def _with_updates(built: BuiltStep, game_id: Any) -> BuiltStep:
    """`steps.with_updates`, built while the step's statement runs. The statement is on its
    way and may commit, so a failure here must not turn the command's answer into a
    refusal: it is logged and the step goes without updates (the seats catch up at the
    next change or when they resync)."""
    try:
        return with_updates(built)
    except Exception:
        logger.exception("game %s: the seats' updates for version %s failed", game_id,
                         built.result.version)
        return built


async def _caught_up(game_id: Any, user, expected_version: int,
                     definition: GameDefinition) -> Optional[Found]:
    """The game at `expected_version` when this process holds the seat and an older
    version of the game (the usual case in co-op: the opponent's worker or the partner's
    process stored the steps since): the stored commands since are read with the game row
    in one statement on the loop's connection and replayed. None when the stored game is
    not at `expected_version` and playing, or the log since holds an undo (replayed from
    further back: the database thread's way)."""
    seat = states.seat_held(game_id, user.pk)
    found = states.held(game_id)
    if seat is None or found is None or found.version >= expected_version:
        return None
    try:
        rows = await loop_database.fetch(*step_sql.catch_up_statement(game_id, found.version))
    except psycopg.Error:
        logger.warning("game %s: the loop's catch-up read failed", game_id, exc_info=True)
        return None
    stored = step_sql.caught_up(rows)
    if stored is None or stored.status != Game.Status.PLAYING:
        return None
    if stored.version > expected_version:
        raise moved_on(stored.version, expected_version)
    if stored.version != expected_version:
        return None
    state = replay_caught_up(definition, game_id, found.state, stored)
    if state is None:
        return None
    return seat, definition, state, stored.last_seq


async def rows_on_loop(sql: str, params: list) -> Optional[list[tuple]]:
    """The rows of one statement run on the loop's connection in autocommit; None when it
    cannot run there (not PostgreSQL) or failed there (a kept connection PostgreSQL dropped,
    the database away: logged), and the caller's thread way should run instead. A write
    given to the thread after failing here may have committed all the same only if the
    connection broke after PostgreSQL committed it: the callers' writes are presence
    counts, which a seat's silence corrects (`selectors.PRESENCE_TIMEOUT`)."""
    if not step_sql.can_write_conditionally():
        return None
    try:
        return await loop_database.fetch(sql, params)
    except psycopg.Error:
        logger.warning("the loop's statement failed; the database thread tries it",
                       exc_info=True)
        return None


async def seat_for_socket_on_loop(*, game_id: Any, user) -> Optional[Seat]:
    """`commands.seat_for_socket` from the event loop: the same read, on the loop's
    connection when it can."""
    if user is None or not user.is_authenticated:
        return None
    rows = await rows_on_loop(*socket_seats_statement(game_id))
    if rows is None:
        return await database_sync_to_async(seat_for_socket)(game_id=game_id, user=user)
    return socket_seat(seats_from_rows(rows), user)


def opponent_stepped(game_id: Any, message: Mapping[str, Any]) -> None:
    """A socket heard a change (`game.changed`); when it is the opponent's step from a
    version this process holds (`broadcast.changed`'s `advanced_from`), the step is replayed
    here and held, so that the next command of the game in this process needs no catch-up
    read (in co-op, one for nearly every turn of the Ancients). The opponent's `advance` is
    a function of the state, so the replay is the stored step; one that does not reach the
    message's version is left for the catch-up read to mend."""
    from_version, version, last_seq = (message.get("advanced_from"), message.get("version"),
                                       message.get("last_seq"))
    if from_version is None:
        return
    known = facts.known(game_id)
    found = states.held(game_id)
    if (known is None or found is None or found.version != from_version
            or type(version) is not int or type(last_seq) is not int):
        return
    stored = step_sql.CaughtUp.one_step(version, last_seq, "", OPPONENT_COMMAND)
    try:
        replay_caught_up(known.definition, game_id, found.state, stored)
    except Exception:  # a broken replay: the catch-up read finds the stored game
        logger.warning("game %s: replaying the opponent's step to version %s failed", game_id,
                       version, exc_info=True)


class _GameTurns:
    """One asyncio lock per game with a command in progress in this process, dropped when
    nobody holds or waits for it."""

    def __init__(self) -> None:
        self._locks: dict[str, tuple[asyncio.Lock, int]] = {}

    @contextlib.asynccontextmanager
    async def hold(self, key: str) -> AsyncIterator[None]:
        lock, users = self._locks.get(key, (None, 0))
        if lock is None:
            lock = asyncio.Lock()
        self._locks[key] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._locks[key]
            if users == 1:
                del self._locks[key]
            else:
                self._locks[key] = (lock, users - 1)


_GAME_TURNS = _GameTurns()
