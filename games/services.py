"""The writer of games: starting a game, applying commands, running the Ancients' turn.
Every change to a game is one transaction: with the game row locked, or as one statement
that writes only if the row is still at the version the change was built on. The site's
other writes have their own modules: `lobby` (creating and joining), `campaigns`,
`campaign_progress` (what a finished game gives its campaign), `presence`.

The one writer per game: the row lock (`select_for_update`) or the conditional statement
serialises commands, the expected version turns a command built on an old view into a
`stale_version` rejection, and the version, events and command log are stored together
(with the snapshot of the whole state when `history.snapshot_due`; between snapshots the
state is the last one with the commands since replayed). Broadcasting to the game's
sockets and starting the Ancients' turn happen only after commit, so nobody ever hears
about a change that was rolled back; the game consumer broadcasts a command's change
itself and only then starts the next turn (`ApplyResult.tasks`).

Two ways in for a command: `game_apply_command` (any thread: views, tests, the database
thread of the web process) and `game_apply_command_on_loop`, which the game consumer tries
first and which stores a command from the event loop when the process holds what it needs
(games.pipeline.loop_database says why). Their answers are the same: whatever the loop's way is not
sure of, it hands to the other.

What the site decides for people when a game starts: `first_state`.
"""
from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hashlib
import json
import logging
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, AsyncIterator, Callable, Mapping, Optional, Sequence

import psycopg
from django.db import transaction
from django.utils import timezone

from games import bot_seats, history, selectors
from games.pipeline import broadcast, json_text, loop_database, step_sql, task_sender
from games.campaign_progress import campaign_record_result
from games.content.factions import load_faction
from games.content.maps import load_map
from games.first_state import assignment_chooser, first_state
from games.models import Game, GameCommand, GameEvent, Seat
from games.rules import engine
from games.rules.board import Board
from games.rules.commands import parse_command
from games.rules.errors import RuleError
from games.rules.frames import has_deferred_work
from games.rules.serialize import state_to_data
from games.rules.state import GameState

logger = logging.getLogger(__name__)



class ServiceError(Exception):
    """A request the site refuses (not a rule of the game): stable code, readable message."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"


@dataclass(frozen=True)
class ApplyResult:
    """What one accepted command (or Ancients' step) stored."""

    game_id: str
    version: int
    first_seq: int  # seq of the first stored event (last_seq + 1 when there were none)
    last_seq: int
    events: list = field(default_factory=list)  # [{"seq", "kind", "data", "visible_to"}]
    finished: bool = False
    deferred: bool = False  # the Ancients' turn is waiting for a worker
    deliveries: list = field(default_factory=list)  # broadcast.Delivery: each seat's update
    tasks: tuple = ()  # with publish off: what the caller starts once it has sent deliveries


# --- content: a bad choice is the chooser's mistake, answered as such ---------------------------
def load_board(map_name: str) -> Board:
    try:
        return load_map(map_name)
    except (KeyError, ValueError) as error:
        raise ServiceError("invalid_choice", f"unknown map {map_name!r}: {error}") from None


def load_factions(faction_ids: Sequence[str]) -> list:
    try:
        return [load_faction(fid) for fid in faction_ids]
    except ValueError as error:
        raise ServiceError("invalid_choice", str(error)) from None


# --- starting: the first stored step ----------------------------------------------------------
def game_start(*, game: Game) -> None:
    """Build the engine state from the seats (inside the caller's transaction) and store it."""
    seats = list(game.seats.order_by("seat"))
    board = load_board(game.map_name)
    factions = load_factions([s.faction for s in seats])
    state = first_state(game, seats, board, factions)
    data = state_to_data(state)
    game.initial_snapshot = data
    game.content = {**data["catalog"].get("content", {}), "map": game.map_name,
                    "factions": [s.faction for s in seats], "scenarios": list(game.scenario_ids)}
    game.content_version = _digest(data["catalog"])
    game.status = Game.Status.PLAYING
    game.started_at = timezone.now()
    steps: list[Step] = []
    chooser = assignment_chooser(game)
    if chooser is not None:  # auto assignment (v1): every seat's secret choice made for it
        from games.rules.setup import auto_assignment

        for seat in [s.seat for s in seats]:
            command = {"do": "assign", "spaces": auto_assignment(state, seat, chooser)}
            state, new_events = engine.apply(state, seat, command)
            steps.append(Step(seat, command, state.version, new_events))
    _store(game, state, steps, starting=True)


def _digest(data: Any) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True, separators=(",", ":"),
                                     default=str).encode()).hexdigest()[:16]


# --- applying commands ------------------------------------------------------------------------
def game_apply_command(*, game_id: Any, user, expected_version: int,
                       command: Mapping[str, Any], publish: bool = True) -> ApplyResult:
    """Apply one command from the seat `user` holds.

    Most commands take the short way (`_apply_short_way`): this process already holds the
    game at the expected version, so one conditional statement stores the step. Otherwise,
    or when that statement finds the game has moved on, the game row is locked, with the
    seat found by the same statement, and the command is checked against the stored game.
    With `publish` off the caller sends `result.deliveries` itself (`broadcast.send`): the
    game consumer does, from its own event loop, once the step is committed.

    :raises ServiceError: not_seated, game_not_started.
    :raises RuleError: stale_version, game_over, or the rules' own refusal; nothing changes.
    """
    if user is None or not user.is_authenticated:
        raise ServiceError("not_seated", "you do not have a seat in this game")
    if isinstance(command, Mapping) and command.get("do") == "undo":
        from games.undo import game_undo  # it stores through this module's `_store`
        return game_undo(game_id=game_id, user=user, expected_version=expected_version,
                         command=command, publish=publish)
    result = _apply_short_way(game_id, user, expected_version, command, publish)
    if result is not None:
        return result
    with transaction.atomic():
        game, seat = lock_for_command(game_id, user, expected_version)
        parsed = parse_command(command)
        state = selectors.game_state(game)
        new, events = engine.apply(state, seat, parsed)
        return _store(game, new, [Step(seat, parsed.to_data(), new.version, events)],
                      publish=publish)


def seat_for_socket(*, game_id: Any, user) -> Optional[Seat]:
    """The seat `user` holds in the game, read as a socket opens. For a started game the
    seat and the game's bot seats are kept for this process (a seat is fixed once its game
    starts), so even a socket's first command can be stored from the event loop
    (`game_apply_command_on_loop` needs both) instead of queueing for the database thread
    with every other socket's first command."""
    seat = selectors.seat_for_user(game_id=game_id, user=user)
    if seat is not None and seat.game.status != Game.Status.SETUP:
        selectors.SEATS.put((str(seat.game_id), user.pk), seat.seat)
        bot_seats.bot_seats_of(seat.game_id)
    return seat


def lock_for_command(game_id: Any, user, expected_version: Any) -> tuple[Game, str]:
    """The game row locked for a command from `user`'s seat, and the seat; or the refusal."""
    game = step_sql.lock_game_for_seat(game_id, user.pk)
    if game is None:
        raise ServiceError("not_seated", "you do not have a seat in this game")
    seat = game.my_seat
    if game.status != Game.Status.SETUP:  # a seat is fixed once its game has started
        selectors.SEATS.put((str(game.id), user.pk), seat)
    check_playable(game, expected_version)
    return game, seat


def check_playable(game: Game, expected_version: Any) -> None:
    """Refuse a command for a game (its row locked) that is not being played or is no
    longer at the version the command was built on."""
    if game.status == Game.Status.SETUP:
        raise ServiceError("game_not_started", "the game is waiting for players")
    if game.status == Game.Status.FINISHED:
        raise RuleError("game_over", "the game is over")
    if type(expected_version) is not int or expected_version != game.version:
        raise _moved_on(game.version, expected_version)


def _moved_on(version: int, expected_version: Any) -> RuleError:
    return RuleError("stale_version",
                     f"the game has moved on (now at version {version}, your command was "
                     f"for {expected_version!r}); refresh and try again")


def _apply_short_way(game_id: Any, user, expected_version: Any, command: Mapping[str, Any],
                     publish: bool) -> Optional[ApplyResult]:
    """The short way: the command applied to the game at the expected version as this
    process holds it (or, if it does not, as one read without a lock finds it), stored by
    one statement that writes only if the game row is still at that version and playing.
    In autocommit that statement is its own transaction: one or two round trips to
    PostgreSQL instead of five. A command built on a version older than one this process
    holds is refused here (`stale_version`, read from nothing). None when the short way
    does not apply: the game has moved on, the command is refused or would end the game;
    the locked way then decides, against the stored game."""
    if type(expected_version) is not int or not step_sql.can_write_conditionally():
        return None
    held = _held_for_command(game_id, user, expected_version)
    if held is None:
        game = step_sql.read_game_for_seat(game_id, user.pk,
                                           snapshot=selectors.STATES.latest(game_id) is None)
        if game is None or game.status != Game.Status.PLAYING or game.version != expected_version:
            return None
        selectors.SEATS.put((str(game.id), user.pk), game.my_seat)
        entry = selectors.STATES.entry(game_id, expected_version)
        state = selectors.game_state(game) if entry is None else entry[0]
        held = (game.my_seat, state, game.last_seq)
    built = _short_way_step(game_id, held, expected_version, command)
    if built is None:
        return None
    try:
        step_sql.write_step(built.game, built.rows, built.commands, built.fields,
                            if_version=expected_version)
    except step_sql.GameMovedOn:
        return None
    callbacks, result = _after_commit(built, publish=publish)
    for callback, robust in callbacks:
        transaction.on_commit(callback, robust=robust)
    return result


async def game_apply_command_on_loop(*, game_id: Any, user, expected_version: Any,
                                     command: Mapping[str, Any]) -> Optional[ApplyResult]:
    """`game_apply_command` for the event loop (the game consumer), when this process holds
    the seat, the game's bot seats and the game at the expected version or an older one
    (brought up to date by one read on the loop, `_caught_up_on_loop`). The step is then
    stored by its one conditional statement on a connection of the loop's own
    (games.pipeline.loop_database), without the database thread (see that module for why). A
    game's commands are stored one at a time in each process, in the order they came.
    The caller sends `result.deliveries` and then starts `result.tasks` (as with `publish`
    off).

    None when the command needs the database thread (nothing held, an undo, the game has
    moved on in the database since it was read, the rules refuse it, or it ends the game):
    `game_apply_command` then decides, with the same answers as ever.

    :raises RuleError: stale_version, for a version older than one this process holds or
        the stored game has.
    """
    bots = bot_seats.cached(game_id)
    if (user is None or not user.is_authenticated or type(expected_version) is not int
            or not isinstance(command, Mapping) or command.get("do") == "undo"
            or not step_sql.can_write_conditionally() or bots is None):
        return None
    async with _GAME_TURNS.hold(str(game_id)):
        held = _held_for_command(game_id, user, expected_version)
        if held is None:
            held = await _caught_up_on_loop(game_id, user, expected_version)
        if held is None:
            return None
        built = _short_way_step(game_id, held, expected_version, command)
        if built is None:
            return None
        sql, params = step_sql.conditional_step(built.game, built.rows, built.commands,
                                                 built.fields, expected_version)
        try:
            rows = await loop_database.fetch(sql, params)
        except psycopg.Error:  # a kept connection PostgreSQL dropped, or the database is
            # away: the database thread's way tries again (the write is conditional, so
            # a step that did commit is then refused as stale, never stored twice)
            logger.warning("game %s: the loop's statement failed", game_id, exc_info=True)
            return None
        if not step_sql.wrote(rows):
            return None  # the game moved on in the database: the locked way says how
        callbacks, result = _after_commit(built, publish=False, bots=bots)
        for callback, robust in callbacks:
            _run_committed(callback, robust)
        return result


def _held_for_command(game_id: Any, user, expected_version: int
                      ) -> Optional[tuple[str, GameState, int]]:
    """(seat, state, last seq) of the game at `expected_version` as this process holds it,
    or None when it does not hold them all. A command built on a version older than one
    this process holds is refused (the locked way would read the row twice to say so)."""
    seat = selectors.SEATS.get((str(game_id), user.pk))
    held = selectors.STATES.latest(game_id)
    if seat is not None and held is not None and held[0].version > expected_version \
            and held[0].outcome is None:
        # this process holds a committed later version: the game has moved on
        raise _moved_on(held[0].version, expected_version)
    if seat is None or held is None or held[0].version != expected_version or held[1] is None:
        return None
    return seat, held[0], held[1]


async def _caught_up_on_loop(game_id: Any, user, expected_version: int
                             ) -> Optional[tuple[str, GameState, int]]:
    """(seat, state, last seq) of the game at `expected_version` when this process holds
    the seat and an older version of the game (the usual case in co-op: the Ancients'
    worker or the partner's process stored the steps since): the stored commands since are
    read with the game row in one statement on the loop's connection and replayed. None
    when the stored game is not at `expected_version` and playing, or the log since holds
    an undo (replayed from further back: the database thread's way)."""
    seat = selectors.SEATS.get((str(game_id), user.pk))
    held = selectors.STATES.latest(game_id)
    if seat is None or held is None or held[0].version >= expected_version:
        return None
    try:
        rows = await loop_database.fetch(*step_sql.catch_up_statement(game_id, held[0].version))
    except psycopg.Error:
        logger.warning("game %s: the loop's catch-up read failed", game_id, exc_info=True)
        return None
    if not rows or rows[0][2] != Game.Status.PLAYING:
        return None
    if rows[0][0] > expected_version:
        raise _moved_on(rows[0][0], expected_version)
    if rows[0][0] != expected_version:
        return None
    commands = [GameCommand(version=version, seat=command_seat, command=json_text.loads(text))
                for _, _, _, version, command_seat, text in rows if version is not None]
    if any(history.is_undo(command) for command in commands):
        return None
    state = history.replay_commands(game_id, held[0], commands, expected_version)
    last_seq = rows[0][1]
    selectors.STATES.put(game_id, state, last_seq)
    return seat, state, last_seq


def _short_way_step(game_id: Any, held: tuple[str, GameState, int], expected_version: int,
                    command: Mapping[str, Any]) -> Optional["_BuiltStep"]:
    """The command applied to the held state and its step built, or None when the rules
    refuse it as of that state or it would end the game (both decided under the lock)."""
    seat, state, last_seq = held
    if state.outcome is not None:
        return None
    try:
        parsed = parse_command(command)
        new, events = engine.apply(state, seat, parsed)
    except RuleError:
        return None  # refused as of this process's state: the stored game says why
    if new.outcome is not None:
        return None  # the end of a game is recorded under the lock
    game = _known_row(id=Game._meta.pk.to_python(game_id), version=expected_version,
                      last_seq=last_seq, status=Game.Status.PLAYING)
    return _build_step(game, new, [Step(seat, parsed.to_data(), new.version, events)])


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


def _run_committed(callback: Callable[[], None], robust: bool) -> None:
    """An after-commit callback, run at once (the step committed already), as
    `transaction.on_commit` would: a robust one's failure is logged, not raised."""
    if not robust:
        callback()
        return
    try:
        callback()
    except Exception:
        logger.exception("after-commit callback %r failed", callback)


def _known_row(**known: Any) -> Game:
    """The game row as far as a step needs it, other columns left unread. (`from_db`, not
    `Game(...)`: a new instance would draw a fresh invite token for nothing.)"""
    names = [f.attname for f in Game._meta.concrete_fields if f.attname in known]
    return Game.from_db("default", names, [known[name] for name in names])


def game_advance(*, game_id: Any, version: int, enqueue_next: bool = True) -> Optional[ApplyResult]:
    """Run the Ancients' deferred work on the game at `version`. Does nothing (returns None)
    when the game has moved past that version, is not being played or has nothing
    deferred: a task delivered twice, or late, is harmless. With `enqueue_next` off, a step
    that leaves more deferred work does not start a task for it: the caller runs it."""
    with transaction.atomic():
        game = step_sql.lock_game(game_id)
        if game is None or game.status != Game.Status.PLAYING or game.version != version:
            return None
        state = selectors.game_state(game)
        if not has_deferred_work(state):
            return None
        new, events = engine.advance(state)
        if new.version == state.version:
            return None
        return _store(game, new, [Step("", {"advance": True}, new.version, events)],
                      enqueue=enqueue_next)


@dataclass(frozen=True)
class Step:
    """One accepted command (seat "" for the Ancients) and what it produced."""

    seat: str
    command: dict
    version: int  # the version it produced
    events: Sequence


# The columns a stored step changes (the snapshot only when `history.snapshot_due`, the
# outcome's only when it finishes the game).
_STEP_FIELDS = ["version", "last_seq", "awaiting", "updated"]
_START_FIELDS = ["initial_snapshot", "content", "content_version", "status", "started_at"]
_OUTCOME_FIELDS = ["status", "finished_at", "outcome", "result", "winner", "rounds", "crystals",
                   "knockouts", "characters_lost"]


@dataclass(frozen=True)
class _BuiltStep:
    """A step ready to be written: the game row with its new values, the rows to insert,
    the columns to write, and what the caller is answered once it is stored."""

    game: Game
    state: GameState
    rows: list
    commands: list
    fields: list
    finished: bool
    result: ApplyResult


def _store(game: Game, state: GameState, steps: Sequence[Step], *, publish: bool = True,
           starting: bool = False, enqueue: bool = True) -> ApplyResult:
    """Write the new state and the steps that made it (commands and their events, each
    event tagged with the version its command produced) in the caller's transaction with
    the game row locked, and build every seat's update for the change. On commit: the
    parsed state is cached, the updates are sent (unless the caller sends them) and the
    Ancients' worker is started when their turn is due."""
    built = _build_step(game, state, steps, starting=starting)
    step_sql.write_step(built.game, built.rows, built.commands, built.fields)
    if built.finished and game.campaign_id is not None:
        campaign_record_result(game=game, state=state)
    callbacks, result = _after_commit(built, publish=publish, enqueue=enqueue)
    for callback, robust in callbacks:
        transaction.on_commit(callback, robust=robust)
    return result


def _build_step(game: Game, state: GameState, steps: Sequence[Step], *,
                starting: bool = False) -> _BuiltStep:
    """Everything a stored step needs but the writing: the game row's new values (`game` is
    changed), its event and command rows, and each seat's update for the change."""
    first = game.last_seq + 1
    rows: list[GameEvent] = []
    for step in steps:
        for event in step.events:
            data, visible_to = _split_visibility(event)
            rows.append(GameEvent(game=game, seq=first + len(rows), version=step.version,
                                  kind=event.kind, data=data, visible_to=visible_to))
    commands = [GameCommand(game=game, version=step.version, seat=step.seat, command=step.command)
                for step in steps]
    finished = state.outcome is not None and game.status != Game.Status.FINISHED
    with_snapshot = history.snapshot_due(game.version, state.version, starting=starting,
                                         finished=finished)
    if with_snapshot:
        game.snapshot = state_to_data(state)
    game.version = state.version
    game.last_seq = first + len(rows) - 1
    game.awaiting = _awaiting(state)
    if finished:
        _record_outcome(game, state)
    fields = (_STEP_FIELDS + (["snapshot"] if with_snapshot else [])
              + (_START_FIELDS if starting else []) + (_OUTCOME_FIELDS if finished else []))
    game_id = str(game.id)
    deliveries = broadcast.changed(
        game_id, state.version, first, game.last_seq,
        {p.id: selectors.seat_update(state, p.id, rows, game.last_seq) for p in state.players})
    result = ApplyResult(
        game_id=game_id, version=state.version, first_seq=first, last_seq=game.last_seq,
        events=[{"seq": r.seq, "kind": r.kind, "data": r.data, "visible_to": r.visible_to}
                for r in rows],
        finished=state.outcome is not None, deferred=has_deferred_work(state),
        deliveries=deliveries)
    return _BuiltStep(game, state, rows, commands, list(dict.fromkeys(fields)), finished, result)


def _after_commit(built: _BuiltStep, *, publish: bool, enqueue: bool = True,
                  bots: Optional[Mapping[str, str]] = None
                  ) -> tuple[list[tuple[Callable[[], None], bool]], ApplyResult]:
    """What follows a stored step once it has committed, in order, each with whether its
    failure is only logged (`robust`): the parsed state cached for this process, the
    updates sent (with `publish`), then the Ancients' turn started when due (with
    `enqueue`) and a bot seat's move sent when the game waits on one; and the caller's
    answer. With `publish` off the caller sends the updates, so the tasks are left to it
    as well (`ApplyResult.tasks`, run by `start_tasks` once the updates are out): a
    worker's step must never reach the sockets before the change that started it, which
    they would then read from the database to fill the gap. `bots`: the game's bot seats as
    the caller already read them (the event loop's way must not query)."""
    game_id, state, result = built.result.game_id, built.state, built.result
    version, last_seq, awaiting = result.version, result.last_seq, built.game.awaiting
    callbacks: list[tuple[Callable[[], None], bool]] = [  # all robust: a step stored is
        (lambda: selectors.STATES.put(game_id, state, last_seq), True)]  # always announced
    tasks: list[Callable[[], None]] = []
    if result.deferred and enqueue:
        tasks.append(lambda: _enqueue_ancients(game_id, version))
    if publish:
        callbacks.append((lambda: broadcast.send_sync(result.deliveries), True))
        callbacks += [(task, True) for task in tasks]
        callbacks.append((lambda: bot_seats.after_step(game_id, version, awaiting), True))
        return callbacks, result
    if bots is None:
        bots = bot_seats.bot_seats_of(game_id)  # once per game and process
    if bot_seats.waits_on_a_bot(bots, awaiting):
        tasks.append(lambda: bot_seats.send_bot_turn(game_id, version))
    if not tasks:
        return callbacks, result
    return callbacks, dataclasses.replace(result, tasks=tuple(tasks))


def start_tasks(result: ApplyResult) -> None:
    """Start what a stored step left to its caller (`ApplyResult.tasks`), once its updates
    are sent. Safe on the event loop unless tasks run in the caller (`task_sender`)."""
    for task in result.tasks:
        _run_committed(task, robust=True)


def _split_visibility(event) -> tuple[dict, Optional[list]]:
    """(JSON-ready data, seats that may see it or None for everyone)."""
    data = _json_ready(event.data)
    return data, None if event.seats is None else sorted(event.seats)


def _json_ready(data: Mapping[str, Any]) -> dict:
    return json_text.loads(json_text.dumps(dict(data), default=list))


def _awaiting(state: GameState) -> list[str]:
    if state.outcome is not None:
        return []
    if state.prompt is not None:
        return [state.prompt.to]
    if has_deferred_work(state):
        return ["ancients"]
    turn = state.turn
    if turn.phase == "setup":
        return [p.id for p in state.players
                if any(c.assigned is None and c.space is None for c in state.characters_of(p.id))]
    if turn.actor is not None:
        return [turn.actor]
    if state.mode == "war":  # the team's turn: who must reveal, or teammates not done
        from games.rules.war.state import seats_to_act
        return seats_to_act(state)
    return [p.id for p in state.players if not p.eliminated]


def _record_outcome(game: Game, state: GameState) -> None:
    outcome = dict(state.outcome)
    game.status = Game.Status.FINISHED
    game.finished_at = timezone.now()
    game.outcome = outcome
    game.result = str(outcome.get("result", ""))[:16]
    game.winner = str(outcome.get("winner") or "")[:8]
    game.rounds = state.turn.round
    game.crystals = sum(len(c.carried) for c in state.characters.values())
    if state.mode in ("skirmish", "wrath", "war"):
        game.knockouts = sum(1 for c in state.characters.values() if c.knocked_out)
        game.characters_lost = None
    else:
        game.knockouts = sum(1 for m in state.monsters.values() if m.knocked_out)
        game.characters_lost = sum(1 for c in state.characters.values() if c.knocked_out)


# --- after commit -----------------------------------------------------------------------------
def _enqueue_ancients(game_id: str, version: int) -> None:
    from games.tasks import run_ancients_turn

    task_sender.send(run_ancients_turn, (game_id, version))


# A table that has waited this long for the Ancients has most likely lost their task.
STALLED_AFTER_SECONDS = 30


def ancients_requeue_stalled(*, game_id: Any = None,
                             older_than: float = STALLED_AFTER_SECONDS) -> list[tuple[str, int]]:
    """Send the Ancients' turn again to every game (or just `game_id`) that has been waiting
    on it for more than `older_than` seconds; return the (game, version) pairs sent.

    The turn's task is published after commit, once. If the broker was unreachable at that
    moment (the publish error is only logged) or lost its queue (a Redis restart without
    persistence), nothing else would ever send it and the table would wait forever. The
    task is keyed by version, so a copy of one that is merely slow does nothing."""
    cutoff = timezone.now() - timedelta(seconds=older_than)
    games = Game.objects.filter(status=Game.Status.PLAYING, awaiting=["ancients"],
                                updated__lt=cutoff)
    if game_id is not None:
        games = games.filter(pk=game_id)
    stalled = [(str(pk), version) for pk, version in games.values_list("pk", "version")]
    for pk, version in stalled:
        logger.warning("game %s waited over %ss for the Ancients at version %s: sending their "
                       "turn again", pk, older_than, version)
        try:
            _enqueue_ancients(pk, version)
        except Exception:  # the broker is still down: the next sweep tries again
            logger.warning("could not send the Ancients' turn of game %s", pk, exc_info=True)
    return stalled
