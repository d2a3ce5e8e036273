"""A person's command, stored one of three ways with the same answers.

- The loop's way (`games.pipeline.on_loop`): the game consumer tries it first; this
  process holds the seat, the game's facts and the game at (or before) the expected
  version, and the step's one conditional statement runs on the event loop's own
  connection.
- The short way (`_apply_short_way`): the same conditional statement from any thread, on
  the state this process holds (or one read without a lock).
- The locked way: the game row locked with the seat found by the same statement, the
  command checked against the stored game.

The first two only ever store what the locked way would: a command they are not sure of
(refused by the rules as of the held state, ending the game, an undo, a game moved on in
the database) goes on to the next way, which decides. All three build the step, run its
after-commit work and answer through `games.pipeline.steps`.
"""
from __future__ import annotations

from typing import Any, Mapping, Optional, Sequence

from django.db import DEFAULT_DB_ALIAS, connections, transaction

from games import history
from games.models import Game, Seat
from games.pipeline import facts, states, step_sql
from games.pipeline.steps import (ApplyResult, BuiltStep, ServiceError, Step, after_commit,
                                  build_step, check_playable, moved_on, opponent_step,
                                  play_command)
from games.platform.definition import GameDefinition
from games.platform.errors import RuleError
from wildlands_site import row_reads

# What the short way and the loop's way hold for a command: the seat, the game's
# declaration, the state at the expected version and its last event seq.
Found = tuple[str, GameDefinition, Any, int]


def game_apply_command(*, game_id: Any, user, expected_version: int,
                       command: Mapping[str, Any], publish: bool = True) -> ApplyResult:
    """Apply one command from the seat `user` holds: the short way when it can, else the
    locked way. With `publish` off the caller sends `result.deliveries` itself
    (`broadcast.send`) and then starts `result.tasks`: the game consumer does, from its own
    event loop.

    :raises ServiceError: not_seated, game_not_started.
    :raises RuleError: invalid_command, stale_version, game_over, or the game's own refusal
        (an undo's among them); nothing changes.
    """
    if user is None or not user.is_authenticated:
        raise ServiceError("not_seated", "you do not have a seat in this game")
    result = _apply_short_way(game_id, user, expected_version, command, publish)
    if result is not None:
        return result
    with transaction.atomic():
        game, seat = lock_for_command(game_id, user, expected_version)
        return play_command(game, facts.facts_of(game.id, game.mode).definition, seat, command,
                            publish=publish)


def lock_for_command(game_id: Any, user, expected_version: Any) -> tuple[Game, str]:
    """The game row locked for a command from `user`'s seat, and the seat; or the refusal."""
    game = step_sql.lock_game(game_id, user_id=user.pk)
    if game is None:
        raise ServiceError("not_seated", "you do not have a seat in this game")
    seat = game.my_seat
    if game.status != Game.Status.SETUP:  # a seat is fixed once its game has started
        states.hold_seat(game.id, user.pk, seat)
    check_playable(game, expected_version)
    return game, seat


# The game's columns a socket needs as it opens: whether it started, its declaration and
# campaign (its facts), and whether it has waited long on its opponent (presence.seat_connect).
SOCKET_GAME_FIELDS = ("status", "mode", "campaign", "awaiting", "updated")


def seat_for_socket(*, game_id: Any, user) -> Optional[Seat]:
    """The seat `user` holds in the game, read as a socket opens (`socket_seat` says what is
    kept). One read of every seat with the few game columns above: the game row's snapshots
    and content (tens of kilobytes of JSON) are not read, and the facts need no read of their
    own. The event loop reads the same rows on its own connection
    (`on_loop.seat_for_socket_on_loop`)."""
    if user is None or not user.is_authenticated:
        return None
    using = DEFAULT_DB_ALIAS
    with connections[using].cursor() as cursor:
        cursor.execute(*socket_seats_statement(game_id))
        return socket_seat(seats_from_rows(cursor.fetchall()), user)


def socket_seat(seats: list[Seat], user) -> Optional[Seat]:
    """`user`'s seat among the game's seats. For a started game the seat and the game's facts
    are kept for this process (a seat is fixed once its game starts), so even a socket's
    first command can be stored from the event loop (`on_loop.game_apply_command_on_loop`
    needs both) instead of queueing for the database thread with every other socket's first
    command."""
    seat = next((s for s in seats if s.user_id == user.pk), None)
    if seat is not None and seat.game.status != Game.Status.SETUP:
        states.hold_seat(seat.game_id, user.pk, seat.seat)
        facts.facts_from_seats(seat.game, seats)
    return seat


_SOCKET_SEAT_NAMES = ("id", "seat", "user_id", "bot", "game_id")
_SOCKET_GAME_NAMES = ("id", *(Game._meta.get_field(name).attname for name in SOCKET_GAME_FIELDS))
_SOCKET_SQL: dict[str, str] = {}


def socket_seats_statement(game_id: Any) -> tuple[str, list]:
    """One statement, written once, for every seat of the game, each with the game row's
    SOCKET_GAME_FIELDS: the queryset with its join cost most of this read's CPU (1.1-1.4 ms
    in process, docs/performance.md)."""
    using = DEFAULT_DB_ALIAS
    if using not in _SOCKET_SQL:
        quote = row_reads.backend(using).ops.quote_name
        _SOCKET_SQL[using] = (
            f"SELECT {row_reads.columns(Seat, _SOCKET_SEAT_NAMES, 's', using)}, "
            f"{row_reads.columns(Game, _SOCKET_GAME_NAMES, 'g', using)} "
            f"FROM {quote(Seat._meta.db_table)} s JOIN {quote(Game._meta.db_table)} g "
            f"ON g.{quote('id')} = s.{quote('game_id')} WHERE s.{quote('game_id')} = %s")
    return _SOCKET_SQL[using], [row_reads.key(Game, game_id, using)]


def seats_from_rows(rows: list) -> list[Seat]:
    """`socket_seats_statement`'s rows as seats sharing one game instance."""
    if not rows:
        return []
    using = DEFAULT_DB_ALIAS
    split = len(_SOCKET_SEAT_NAMES)
    game = row_reads.instance(Game, _SOCKET_GAME_NAMES, rows[0][split:], using)
    seats = []
    for row in rows:
        seat = row_reads.instance(Seat, _SOCKET_SEAT_NAMES, row[:split], using)
        seat.game = game
        seats.append(seat)
    return seats


# --- the short way --------------------------------------------------------------------------------
def _apply_short_way(game_id: Any, user, expected_version: Any, command: Any,
                     publish: bool) -> Optional[ApplyResult]:
    """The command applied to the game at the expected version as this process holds it
    (or, if it does not, as one read without a lock finds it), stored by one statement
    that writes only if the game row is still at that version and playing. In autocommit
    that statement is its own transaction: one or two round trips to PostgreSQL instead of
    five. A command built on a version older than one this process holds is refused here
    (`stale_version`, read from nothing). None when the short way does not apply."""
    if type(expected_version) is not int or not step_sql.can_write_conditionally():
        return None
    known = facts.known(game_id)
    found = None if known is None else held_for_command(game_id, user, expected_version,
                                                        known.definition)
    if found is None:
        game = step_sql.read_game_for_seat(game_id, user.pk,
                                           snapshot=states.held(game_id) is None)
        if game is None or game.status != Game.Status.PLAYING or game.version != expected_version:
            return None
        states.hold_seat(game.id, user.pk, game.my_seat)
        known = facts.facts_of(game.id, game.mode)
        definition = known.definition
        found = (game.my_seat, definition, states.game_state(game, definition), game.last_seq)
    built = short_way_step(game_id, found, expected_version, command,
                           may_finish=not known.in_campaign)
    if built is None:
        return None
    try:
        step_sql.write_step(built.game, built.rows, built.commands, built.fields,
                            if_version=expected_version)
    except step_sql.GameMovedOn:
        return None
    callbacks, result = after_commit(built, publish=publish)
    for callback, robust in callbacks:
        transaction.on_commit(callback, robust=robust)
    return result


def advance_short_way(game_id: Any, version: int, *, enqueue: bool,
                      made_by: Optional[Sequence] = None) -> tuple[bool, Optional[ApplyResult]]:
    """The opponent's step (`GameDefinition.advance`) on the game at `version` as this
    process holds it, stored by the conditional statement `_apply_short_way` uses: one round
    trip in autocommit instead of a transaction with the row locked and read. A worker keeps
    the state of the games whose turns it runs, and a turn's steps follow one another in one
    task, so after the first step nothing is read at all; a process holding an older
    version is caught up by one read (`step_sql.read_catch_up`), or with none when it holds
    the version just before and the task brought the step that made `version` (`made_by`,
    `told_catch_up`). Nothing is lost by not reading: the step is written only if the game
    is still at `version` and playing, as the read would have checked.

    (True, result) when decided here, the result None when there was nothing to do (the
    game moved past `version`, is not being played, or owes its opponent nothing), as the
    locked way would say; (False, None) when the locked way must decide: nothing held, an
    undo in the log since, or a step that would end a campaign's game."""
    if not step_sql.can_write_conditionally():
        return False, None
    found = states.held(game_id)
    if found is None or found.version > version:
        return False, None
    try:
        known = facts.facts_of(game_id)
    except Game.DoesNotExist:
        return True, None
    definition, state, last_seq = known.definition, found.state, found.last_seq
    if found.version < version or last_seq is None:
        stored = (told_catch_up(found.version, version, made_by)
                  or step_sql.read_catch_up(game_id, found.version))
        if stored is None or stored.status != Game.Status.PLAYING or stored.version != version:
            return True, None
        state = replay_caught_up(definition, game_id, state, stored)
        if state is None:
            return False, None
        last_seq = stored.last_seq
    stepped = opponent_step(definition, state)
    if stepped is None:
        return True, None
    new, step = stepped
    if known.in_campaign and definition.outcome(new) is not None:
        return False, None  # a campaign's game ends under the lock
    game = _known_row(id=Game._meta.pk.to_python(game_id), mode=definition.key,
                      version=version, last_seq=last_seq, status=Game.Status.PLAYING)
    built = build_step(game, definition, new, [step])
    try:
        step_sql.write_step(built.game, built.rows, built.commands, built.fields,
                            if_version=version)
    except step_sql.GameMovedOn:
        return True, None
    callbacks, result = after_commit(built, publish=True, enqueue=enqueue)
    for callback, robust in callbacks:
        transaction.on_commit(callback, robust=robust)
    return True, result


def told_catch_up(held_version: int, version: int,
                  made_by: Optional[Sequence]) -> Optional[step_sql.CaughtUp]:
    """What a catch-up read would find for a process holding `held_version` when the game is
    at `version`, from the step that made `version` as its writer stored it ([seat, command,
    last seq], sent with the opponent's turn by `steps.after_commit`): None when that step
    is not the only one missing (the read then finds them). A co-op turn of the Ancients
    follows one player's command four times in five, and the worker holds the version its
    own step made: reading that command back cost the worker's turn a round trip and
    PostgreSQL a statement (docs/performance.md)."""
    if made_by is None or held_version != version - 1:
        return None
    seat, command, last_seq = made_by
    return step_sql.CaughtUp.one_step(version, last_seq, seat, command)


def replay_caught_up(definition: GameDefinition, game_id: Any, state: Any,
                     stored: step_sql.CaughtUp) -> Optional[Any]:
    """`state` with the commands a catch-up read found (`step_sql.caught_up`) replayed, up to
    the stored version, and held for this process; None when they hold an undo (replayed
    from further back: the locked way's work)."""
    try:
        state = history.replay_commands(definition, game_id, state, stored.commands,
                                        stored.version, earlier=history.no_history)
    except history.NeedsHistory:
        return None
    states.hold(game_id, definition, state, stored.last_seq)
    return state


def held_for_command(game_id: Any, user, expected_version: int,
                     definition: GameDefinition) -> Optional[Found]:
    """What this process holds of the game at `expected_version` for `user`'s command, or
    None when it does not hold it all. A command built on a version older than one this
    process holds is refused (the locked way would read the row twice to say so)."""
    seat = states.seat_held(game_id, user.pk)
    found = states.held(game_id)
    if seat is None or found is None:
        return None
    if found.version > expected_version and definition.outcome(found.state) is None:
        raise moved_on(found.version, expected_version)  # this process holds a later version
    if found.version != expected_version or found.last_seq is None:
        return None
    return seat, definition, found.state, found.last_seq


def short_way_step(game_id: Any, found: Found, expected_version: int, command: Any, *,
                   may_finish: bool, updates: bool = True) -> Optional[BuiltStep]:
    """The command applied to the held state and its step built, or None when the rules
    refuse it as of that state, it needs the log (an undo) or it would end a game that may
    not end here (`may_finish` false: a campaign's game, whose result the campaign records
    under the lock). A game that ends this way is written by the same conditional
    statement, with its outcome: nothing else is recorded at a game's end."""
    seat, definition, state, last_seq = found
    if definition.outcome(state) is not None:
        return None
    try:
        prepared = definition.prepare(command)
        new, events = history.played(definition, state, seat, prepared, history.no_history)
    except (RuleError, history.NeedsHistory):
        return None  # refused as of this process's state, or an undo: the stored game says
    if not may_finish and definition.outcome(new) is not None:
        return None  # a campaign's game ends under the lock
    game = _known_row(id=Game._meta.pk.to_python(game_id), mode=definition.key,
                      version=expected_version, last_seq=last_seq, status=Game.Status.PLAYING)
    step = Step(seat, definition.stored(prepared), definition.version(new), events)
    return build_step(game, definition, new, [step], updates=updates)


def _known_row(**known: Any) -> Game:
    """The game row as far as a step needs it, other columns left unread. (`from_db`, not
    `Game(...)`: a new instance would draw a fresh invite token for nothing.)"""
    names = [f.attname for f in Game._meta.concrete_fields if f.attname in known]
    return Game.from_db("default", names, [known[name] for name in names])
