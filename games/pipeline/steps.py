"""Storing a step: the one path every change to a game takes (docs/command-pipeline.md).

A step is what one writer adds to a game: a person's command, the opponent's worker, a
bot, an undo or the table companion. Each builds its step here (`build_step`: the game
row's new values, its event and command rows, every seat's update), has it written with
the game row locked (`store_step`) or by one conditional statement (the short way and the
loop's way, `games.pipeline.commands`), and runs the same work once it has committed
(`after_commit`, in this order): the state held for this process, the updates sent, then
the opponent's turn and a bot's move started. Broadcasting and starting tasks only after
commit means nobody ever hears of a change that was rolled back.

Everything about the game is asked of its declaration (`games.platform`): the state's
version, who the table awaits, the outcome and its figures, the stored form of a state,
each seat's view and legal commands.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Optional, Sequence

from django.db import transaction
from django.utils import timezone

from games import history
from games.models import Game, GameCommand, GameEvent
from games.pipeline import broadcast, facts, json_text, states, step_sql, turns
from games.pipeline.updates import seat_updates
from games.platform.definition import GameDefinition
from games.platform.errors import RuleError

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
    """What one accepted command (or opponent's step) stored."""

    game_id: str
    version: int
    first_seq: int  # seq of the first stored event (last_seq + 1 when there were none)
    last_seq: int
    events: list = field(default_factory=list)  # [{"seq", "kind", "data", "visible_to"}]
    finished: bool = False
    deferred: bool = False  # the opponent's turn is waiting for a worker
    deliveries: list = field(default_factory=list)  # broadcast.Delivery: each seat's update
    tasks: tuple = ()  # with publish off: what the caller starts once it has sent deliveries


@dataclass(frozen=True)
class Step:
    """One accepted command (seat "" for the opponent) and what it produced: events with
    `kind`, `data` and `seats` (who may see it; None: everyone)."""

    seat: str
    command: dict  # as the log stores it
    version: int  # the version it produced
    events: Sequence

    @property
    def opponents(self) -> bool:
        """Whether this is the opponent's step (`opponent_step`): the one command that says
        nothing a seat may not know, so a process holding the game can replay it unread."""
        return not self.seat and self.command == OPPONENT_COMMAND


# What the log stores for an opponent's step (seat ""): replayed by the declaration's
# `advance`, it says nothing anyone may not know.
OPPONENT_COMMAND = {"advance": True}

# The columns every stored step changes (the snapshot too when `history.snapshot_due`, the
# outcome's when it finishes the game). None of them may be indexed, or the game row's
# update stops being heap-only (tests/site/test_site_step_indexes.py holds that).
STEP_FIELDS = ("version", "last_seq", "awaiting", "updated")
_START_FIELDS = ["initial_snapshot", "content", "content_version", "status", "started_at"]
_OUTCOME_FIELDS = ["status", "finished_at", "outcome", "result", "winner"]


@dataclass(frozen=True)
class BuiltStep:
    """A step ready to be written: the game row with its new values, the rows to insert,
    the columns to write, and what the caller is answered once it is stored."""

    game: Game
    definition: GameDefinition
    state: Any
    rows: list
    commands: list
    fields: list
    finished: bool
    result: ApplyResult
    advanced_from: Optional[int] = None  # the opponent's one step from this version


# --- refusals every writer gives alike ---------------------------------------------------------
def check_playable(game: Game, expected_version: Any) -> None:
    """Refuse a command for a game (its row locked) that is not being played or is no
    longer at the version the command was built on."""
    if game.status == Game.Status.SETUP:
        raise ServiceError("game_not_started", "the game is waiting for players")
    if game.status == Game.Status.FINISHED:
        raise RuleError("game_over", "the game is over")
    if type(expected_version) is not int or expected_version != game.version:
        raise moved_on(game.version, expected_version)


def moved_on(version: int, expected_version: Any) -> RuleError:
    return RuleError("stale_version",
                     f"the game has moved on (now at version {version}, your command was "
                     f"for {expected_version!r}); refresh and try again")


# --- the locked way -----------------------------------------------------------------------------
def lock_game(game_id: Any, *, user_id: Any = None) -> Optional[Game]:
    """The game row locked for the caller's transaction (`step_sql.lock_game`)."""
    return step_sql.lock_game(game_id, user_id=user_id)


def play_command(game: Game, definition: GameDefinition, seat: str, command: Any, *,
                 publish: bool = True, state: Any = None) -> ApplyResult:
    """One seat's command (prepared or as sent) played on the locked game (`state`: the
    game's state when the caller has read it) and stored: a person's, a bot's, the table's,
    an undo (whose earlier state is read from the log)."""
    prepared = definition.prepare(command)
    if state is None:
        state = states.game_state(game, definition)
    new, events = history.played(definition, state, seat, prepared,
                                 lambda version: history.state_at(game, version))
    step = Step(seat, definition.stored(prepared), definition.version(new), events)
    return store_step(game, definition, new, [step], publish=publish)


def opponent_step(definition: GameDefinition, state: Any) -> Optional[tuple[Any, Step]]:
    """The opponent's next step from `state` (`GameDefinition.advance`) and the state it
    leaves, or None when the opponent owes nothing there or its advance changes nothing."""
    if not definition.opponent_due(state):
        return None
    new, events = definition.advance(state)
    if definition.version(new) == definition.version(state):
        return None
    return new, Step("", dict(OPPONENT_COMMAND), definition.version(new), events)


def store_step(game: Game, definition: GameDefinition, state: Any, steps: Sequence[Step], *,
               publish: bool = True, starting: bool = False, enqueue: bool = True) -> ApplyResult:
    """Write the new state and the steps that made it (commands and their events, each
    event tagged with the version its command produced) in the caller's transaction with
    the game row locked; the work that follows is queued for its commit (`after_commit`).
    A finished game's result is recorded in the same transaction (`record_finished`: a
    campaign's progress)."""
    built = build_step(game, definition, state, steps, starting=starting)
    step_sql.write_step(built.game, built.rows, built.commands, built.fields)
    if built.finished:
        definition.record_finished(game, state)
    callbacks, result = after_commit(built, publish=publish, enqueue=enqueue)
    for callback, robust in callbacks:
        transaction.on_commit(callback, robust=robust)
    return result


# --- building ---------------------------------------------------------------------------------
def build_step(game: Game, definition: GameDefinition, state: Any, steps: Sequence[Step], *,
               starting: bool = False, updates: bool = True) -> BuiltStep:
    """Everything a stored step needs but the writing: the game row's new values (`game` is
    changed), its event and command rows, and each seat's update for the change (with
    `updates` false, none yet: `with_updates` adds them, while the step is being written)."""
    first = game.last_seq + 1
    before = game.version
    rows: list[GameEvent] = []
    for step in steps:
        for event in step.events:
            rows.append(GameEvent(game=game, seq=first + len(rows), version=step.version,
                                  kind=event.kind, data=_json_ready(event.data),
                                  visible_to=None if event.seats is None else sorted(event.seats)))
    commands = [GameCommand(game=game, version=step.version, seat=step.seat, command=step.command)
                for step in steps]
    outcome = definition.outcome(state)
    finished = outcome is not None and game.status != Game.Status.FINISHED
    version = definition.version(state)
    with_snapshot = history.snapshot_due(game.version, version, starting=starting,
                                         finished=finished)
    if with_snapshot:
        game.snapshot = definition.state_to_data(state)
    game.version = version
    game.last_seq = first + len(rows) - 1
    game.awaiting = definition.awaiting(state)
    outcome_fields = (_record_outcome(game, definition, state, outcome)
                      if finished and outcome is not None else [])
    fields = ([*STEP_FIELDS] + (["snapshot"] if with_snapshot else [])
              + (_START_FIELDS if starting else []) + outcome_fields)
    game_id = str(game.id)
    one_advance = not starting and outcome is None and len(steps) == 1 and steps[0].opponents
    advanced_from = before if one_advance else None
    result = ApplyResult(
        game_id=game_id, version=version, first_seq=first, last_seq=game.last_seq,
        events=[{"seq": r.seq, "kind": r.kind, "data": r.data, "visible_to": r.visible_to}
                for r in rows],
        finished=outcome is not None, deferred=definition.opponent_due(state),
        deliveries=_deliveries(definition, state, rows, game_id, version, first,
                               game.last_seq, advanced_from) if updates else [])
    return BuiltStep(game, definition, state, rows, commands, list(dict.fromkeys(fields)),
                     finished, result, advanced_from=advanced_from)


def with_updates(built: BuiltStep) -> BuiltStep:
    """The step with each seat's update for the change in its result's deliveries. The
    loop's way builds them while PostgreSQL runs the step's statement, so that a move's
    answer waits for the longer of the two rather than for both (docs/performance.md)."""
    result = built.result
    deliveries = _deliveries(built.definition, built.state, built.rows, result.game_id,
                             result.version, result.first_seq, result.last_seq,
                             built.advanced_from)
    return dataclasses.replace(built, result=dataclasses.replace(result, deliveries=deliveries))


def _deliveries(definition: GameDefinition, state: Any, rows: list, game_id: str,
                version: int, first_seq: int, last_seq: int,
                advanced_from: Optional[int]) -> list:
    return broadcast.changed(game_id, version, first_seq, last_seq,
                             seat_updates(definition, state, rows, last_seq),
                             advanced_from=advanced_from)


def _json_ready(data: Mapping[str, Any]) -> dict:
    return json_text.loads(json_text.dumps(dict(data), default=list))


def _record_outcome(game: Game, definition: GameDefinition, state: Any,
                    outcome: dict) -> list[str]:
    """The finished game's columns set on `game`; returns their names. Only the columns
    set: the short way's row holds only what a step writes, and reading another column of
    it would query (from the event loop, where no query may run)."""
    game.status = Game.Status.FINISHED
    game.finished_at = timezone.now()
    game.outcome = outcome
    game.result = str(outcome.get("result", ""))[:16]
    game.winner = str(outcome.get("winner") or "")[:8]
    record = definition.outcome_record(state)
    for name, value in record.items():
        setattr(game, name, value)
    return [*_OUTCOME_FIELDS, *(name for name in record if name not in _OUTCOME_FIELDS)]


def digest(data: Any) -> str:
    """A short fingerprint of JSON data (`Game.content_version`)."""
    return hashlib.sha256(json.dumps(data, sort_keys=True, separators=(",", ":"),
                                     default=str).encode()).hexdigest()[:16]


# --- after commit -------------------------------------------------------------------------------
Callback = tuple[Callable[[], None], bool]


def after_commit(built: BuiltStep, *, publish: bool, enqueue: bool = True,
                 bots: Optional[Mapping[str, str]] = None) -> tuple[list[Callback], ApplyResult]:
    """What follows a stored step once it has committed, in order, each with whether its
    failure is only logged (`robust`): the state held for this process, the updates sent
    (with `publish`), then the opponent's turn started when due (with `enqueue`) and a bot
    seat's move sent when the game waits on one; and the caller's answer. With `publish`
    off the caller sends the updates, so the tasks are left to it as well
    (`ApplyResult.tasks`, run by `start_tasks` once the updates are out): a worker's step
    must never reach the sockets before the change that started it, which they would then
    read from the database to fill the gap. `bots`: the game's bot seats as the caller
    already read them (the event loop's way must not query)."""
    game_id, state, result, definition = (built.result.game_id, built.state, built.result,
                                          built.definition)
    version, last_seq, awaiting = result.version, result.last_seq, built.game.awaiting
    callbacks: list[Callback] = [
        (lambda: states.hold(game_id, definition, state, last_seq), True)]
    tasks: list[Callable[[], None]] = []
    if result.deferred and enqueue:
        made_by = ([built.commands[0].seat, built.commands[0].command, last_seq]
                   if len(built.commands) == 1 else None)
        tasks.append(lambda: turns.send_opponent_turn(game_id, version, made_by))
    if publish:
        callbacks.append((lambda: broadcast.send_sync(result.deliveries), True))
        callbacks += [(task, True) for task in tasks]
        callbacks.append((lambda: turns.after_step(game_id, definition, version, awaiting), True))
        return callbacks, result
    if bots is None:
        bots = facts.facts_of(game_id, definition.key).bots  # once per game and process
    if facts.waits_on_a_bot(bots, awaiting):
        tasks.append(lambda: turns.send_bot_turn(game_id, version))
    if not tasks:
        return callbacks, result
    return callbacks, dataclasses.replace(result, tasks=tuple(tasks))


def run_committed(callback: Callable[[], None], robust: bool) -> None:
    """An after-commit callback, run at once (the step committed already), as
    `transaction.on_commit` would: a robust one's failure is logged, not raised."""
    if not robust:
        callback()
        return
    try:
        callback()
    except Exception:
        logger.exception("after-commit callback %r failed", callback)


def start_tasks(result: ApplyResult) -> None:
    """Start what a stored step left to its caller (`ApplyResult.tasks`), once its updates
    are sent. Safe on the event loop unless tasks run in the caller (`task_sender`)."""
    for task in result.tasks:
        run_committed(task, robust=True)
