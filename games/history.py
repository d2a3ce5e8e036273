"""A stored game's history: the command log is the truth, the snapshot a shortcut.

A command is acknowledged only after its transaction committed, and every stored step
writes its command and its events with the game row. The snapshot of the whole state
(12-30 KB of JSON) is written only every `SNAPSHOT_EVERY` versions and when a game starts
or ends (`snapshot_due`): the state at any later version is the snapshot with the commands
since replayed (`catch_up`), which the engine does in well under a millisecond a command.
So for every game: each version after the start was stored by exactly one command, each
event seq exactly once, and replaying the command log from the initial snapshot gives the
stored snapshot at its version and reaches the row's version. The load benchmark checks
this after its runs and the fault tests after theirs (`history_problems`).

Everything is asked of the game's declaration (`games.platform`): how a stored state is
read, how a command or the opponent's step is applied, and a seat's undo, which is the only
step whose state comes from further back in the log (`played`).
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Optional

from django.db import DEFAULT_DB_ALIAS

from games.models import Game, GameCommand, GameEvent
from games.platform import registry
from games.platform.definition import GameDefinition
from wildlands_site import row_reads

# A snapshot is written when a step crosses a multiple of this many versions (docs/performance.md).
SNAPSHOT_EVERY = 16

# The game at an earlier version, for a seat's undo (`played`).
Earlier = Callable[[int], Any]


class NeedsHistory(Exception):
    """An undo's earlier state is needed, and only the game's stored log holds it (the event
    loop's way hands such a command to the database thread)."""


def no_history(version: int) -> Any:
    """`Earlier` for a caller that cannot read the log: any undo raises NeedsHistory."""
    raise NeedsHistory(f"the game at version {version} is in the log")


def played(definition: GameDefinition, state: Any, seat: str, command: Any,
           earlier: Earlier) -> tuple[Any, list]:
    """(state, events) of one seat's command: `definition.apply`, except for an undo, which
    is the game at the version `undo_target` names (`earlier`) taken back by `take_back`.
    :raises RuleError: the game refuses it. :raises NeedsHistory: from `earlier`."""
    if definition.is_take_back(command):
        return definition.take_back(state, seat, earlier(definition.undo_target(state, seat)))
    return definition.apply(state, seat, command)


def snapshot_due(old_version: int, new_version: int, *, starting: bool = False,
                 finished: bool = False) -> bool:
    """Whether the step from `old_version` to `new_version` writes the whole snapshot: at
    the start, at the end, and whenever it crosses a multiple of SNAPSHOT_EVERY (so no
    reader replays more than SNAPSHOT_EVERY - 1 commands)."""
    return (starting or finished
            or new_version // SNAPSHOT_EVERY > old_version // SNAPSHOT_EVERY)


def catch_up(definition: GameDefinition, game_id: Any, state: Any, version: int) -> Any:
    """`state` brought to `version` by replaying the stored commands after it. The commands
    up to a version the game row showed are committed with that row, so they are all there."""
    if definition.version(state) >= version:
        return state
    return replay_commands(definition, game_id, state,
                           commands_between(game_id, definition.version(state) + 1, version),
                           version)


_COMMAND_NAMES = ("id", "game_id", "version", "seat", "command")


def commands_between(game_id: Any, first: int, last: int) -> list[GameCommand]:
    """The stored commands that made versions `first` to `last`, in order. A worker that
    takes a game's next turn and a web process that missed a change read these, so a plain
    statement (`wildlands_site.row_reads`: the queryset's own work was most of the read)."""
    using = DEFAULT_DB_ALIAS
    return row_reads.instances(
        GameCommand, _COMMAND_NAMES,
        f"SELECT {row_reads.columns(GameCommand, _COMMAND_NAMES, 'c', using)} FROM "
        f"{GameCommand._meta.db_table} c WHERE c.game_id = %s AND c.version >= %s "
        "AND c.version <= %s ORDER BY c.version",
        [row_reads.key(Game, game_id, using), first, last], using)


def replay_commands(definition: GameDefinition, game_id: Any, state: Any,
                    rows: Iterable[GameCommand], version: int,
                    earlier: Optional[Earlier] = None) -> Any:
    """`state` with the stored commands `rows` (in order) replayed, which must reach
    `version`: a log that does not is a broken history, never a state to serve. An undo
    among them is replayed from the game's log (or `earlier`, when given)."""
    for row in rows:
        state = replay_step(definition, state, row, earlier)
    if definition.version(state) != version:
        raise ValueError(f"game {game_id}: the log reaches version {definition.version(state)}, "
                         f"not {version}")
    return state


def stored_state(definition: GameDefinition, game_id: Any, snapshot: Optional[dict],
                 version: int) -> Any:
    """The game at `version` from its stored snapshot (at that version or before it)."""
    if snapshot is None:
        raise ValueError(f"game {game_id} has not started")
    state = definition.state_from_data(snapshot)
    if definition.version(state) > version:
        raise ValueError(f"game {game_id}: snapshot version {definition.version(state)} is "
                         f"past version {version}")
    return catch_up(definition, game_id, state, version)


def history_problems(game: Game) -> list[str]:
    """What is wrong with the game's stored history ([] when it is whole)."""
    if game.initial_snapshot is None:
        return []  # still waiting for players: nothing stored yet
    definition = registry.get(game.mode)
    problems = []
    # Only up to the game row as read: a step committed since then (an Ancients' turn still
    # running) is checked next time, not mistaken for a gap.
    commands = list(GameCommand.objects.filter(game=game, version__lte=game.version)
                    .order_by("version"))
    state = definition.state_from_data(game.initial_snapshot)
    first = definition.version(state)
    versions = [c.version for c in commands]
    if versions != list(range(first + 1, game.version + 1)):
        problems.append(f"game {game.id}: versions {_span(versions)} are not "
                        f"{first + 1}..{game.version} each once")
    seqs = list(GameEvent.objects.filter(game=game, seq__lte=game.last_seq).order_by("seq")
                .values_list("seq", flat=True))
    if seqs != list(range(1, game.last_seq + 1)):
        problems.append(f"game {game.id}: event seqs {_span(seqs)} are not 1..{game.last_seq} "
                        "each once")
    snapshot_version = (game.snapshot or {}).get("version")
    if snapshot_version == first and definition.state_to_data(state) != game.snapshot:
        problems.append(f"game {game.id}: the stored snapshot is not the initial state")
    for row in commands:
        state = replay_step(definition, state, row, lambda version: state_at(game, version))
        if definition.version(state) != row.version:
            problems.append(f"game {game.id}: command {row.version} replays to version "
                            f"{definition.version(state)}")
            return problems
        if row.version == snapshot_version and definition.state_to_data(state) != game.snapshot:
            problems.append(f"game {game.id}: the log does not replay to the stored snapshot "
                            f"(version {snapshot_version})")
    if snapshot_version is None or snapshot_version > game.version:
        problems.append(f"game {game.id}: the stored snapshot's version {snapshot_version} "
                        f"is not within 0..{game.version}")
    return problems


def replay_step(definition: GameDefinition, state: Any, row: GameCommand,
                earlier: Optional[Earlier] = None) -> Any:
    """The state after one stored step: a seat's command (`played`, so an undo is worked
    out again from the log: the game at an earlier version, by `earlier` or else read
    through `row.game`), or the opponent's (seat "")."""
    if not row.seat:
        return definition.advance(state)[0]
    if earlier is None:
        earlier = lambda version: state_at(row.game, version)  # noqa: E731 (read only for an undo)
    return played(definition, state, row.seat, row.command, earlier)[0]


def state_at(game: Game, version: int) -> Any:
    """The game as it was at `version`, replayed from the stored snapshot when it is not
    later than `version`, else from the initial snapshot (only the latest is stored)."""
    definition = registry.get(game.mode)
    latest = game.snapshot
    if latest is not None and latest["version"] <= version:
        return catch_up(definition, game.pk, definition.state_from_data(latest), version)
    state = definition.state_from_data(game.initial_snapshot)
    for row in GameCommand.objects.filter(game=game, version__lte=version).order_by("version"):
        state = replay_step(definition, state, row, lambda at: state_at(game, at))
    return state


def _span(numbers: list[int]) -> str:
    if not numbers:
        return "(none)"
    return f"{numbers[0]}..{numbers[-1]} ({len(numbers)} rows)"
