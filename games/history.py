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
"""
from __future__ import annotations

from typing import Any, Iterable, Optional

from games.models import Game, GameCommand, GameEvent
from games.rules import engine
from games.rules.serialize import state_from_data, state_to_data
from games.rules.state import GameState

# A snapshot is written when a step crosses a multiple of this many versions (docs/performance.md).
SNAPSHOT_EVERY = 16


def snapshot_due(old_version: int, new_version: int, *, starting: bool = False,
                 finished: bool = False) -> bool:
    """Whether the step from `old_version` to `new_version` writes the whole snapshot: at
    the start, at the end, and whenever it crosses a multiple of SNAPSHOT_EVERY (so no
    reader replays more than SNAPSHOT_EVERY - 1 commands)."""
    return (starting or finished
            or new_version // SNAPSHOT_EVERY > old_version // SNAPSHOT_EVERY)


def catch_up(game_id: Any, state: GameState, version: int) -> GameState:
    """`state` brought to `version` by replaying the stored commands after it. The commands
    up to a version the game row showed are committed with that row, so they are all there."""
    if state.version >= version:
        return state
    rows = (GameCommand.objects.filter(game_id=game_id, version__gt=state.version,
                                       version__lte=version)
            .order_by("version").only("version", "seat", "command"))
    return replay_commands(game_id, state, rows, version)


def replay_commands(game_id: Any, state: GameState, rows: Iterable[GameCommand],
                    version: int) -> GameState:
    """`state` with the stored commands `rows` (in order) replayed, which must reach
    `version`: a log that does not is a broken history, never a state to serve."""
    for row in rows:
        state = replay_step(state, row)
    if state.version != version:
        raise ValueError(f"game {game_id}: the log reaches version {state.version}, "
                         f"not {version}")
    return state


def stored_state(game_id: Any, snapshot: Optional[dict], version: int) -> GameState:
    """The game at `version` from its stored snapshot (at that version or before it)."""
    if snapshot is None:
        raise ValueError(f"game {game_id} has not started")
    state = state_from_data(snapshot)
    if state.version > version:
        raise ValueError(f"game {game_id}: snapshot version {state.version} is past "
                         f"version {version}")
    return catch_up(game_id, state, version)


def history_problems(game: Game) -> list[str]:
    """What is wrong with the game's stored history ([] when it is whole)."""
    if game.initial_snapshot is None:
        return []  # still waiting for players: nothing stored yet
    problems = []
    # Only up to the game row as read: a step committed since then (an Ancients' turn still
    # running) is checked next time, not mistaken for a gap.
    commands = list(GameCommand.objects.filter(game=game, version__lte=game.version)
                    .order_by("version"))
    state = state_from_data(game.initial_snapshot)
    versions = [c.version for c in commands]
    if versions != list(range(state.version + 1, game.version + 1)):
        problems.append(f"game {game.id}: versions {_span(versions)} are not "
                        f"{state.version + 1}..{game.version} each once")
    seqs = list(GameEvent.objects.filter(game=game, seq__lte=game.last_seq).order_by("seq")
                .values_list("seq", flat=True))
    if seqs != list(range(1, game.last_seq + 1)):
        problems.append(f"game {game.id}: event seqs {_span(seqs)} are not 1..{game.last_seq} "
                        "each once")
    snapshot_version = (game.snapshot or {}).get("version")
    if snapshot_version == state.version and state_to_data(state) != game.snapshot:
        problems.append(f"game {game.id}: the stored snapshot is not the initial state")
    for row in commands:
        state = replay_step(state, row)
        if state.version != row.version:
            problems.append(f"game {game.id}: command {row.version} replays to version "
                            f"{state.version}")
            return problems
        if state.version == snapshot_version and state_to_data(state) != game.snapshot:
            problems.append(f"game {game.id}: the log does not replay to the stored snapshot "
                            f"(version {snapshot_version})")
    if snapshot_version is None or snapshot_version > game.version:
        problems.append(f"game {game.id}: the stored snapshot's version {snapshot_version} "
                        f"is not within 0..{game.version}")
    return problems


def replay_step(state: GameState, row: GameCommand) -> GameState:
    """The state after one stored step: a seat's command, or the Ancients' (seat ""). An
    undo is the game at an earlier version, replayed from this same log (`games.undo`)."""
    if is_undo(row):
        from games.undo import replay_undo  # it replays through this module's `state_at`
        return replay_undo(state, row)
    new, _ = engine.apply(state, row.seat, row.command) if row.seat else engine.advance(state)
    return new


def is_undo(row: GameCommand) -> bool:
    """Whether a stored command is a seat's undo (replayed from further back in the log)."""
    return bool(row.seat) and row.command.get("do") == "undo"


def state_at(game: Game, version: int) -> GameState:
    """The game as it was at `version`, replayed from the stored snapshot when it is not
    later than `version`, else from the initial snapshot (only the latest is stored)."""
    latest = game.snapshot
    if latest is not None and latest["version"] <= version:
        return catch_up(game.pk, state_from_data(latest), version)
    state = state_from_data(game.initial_snapshot)
    for row in GameCommand.objects.filter(game=game, version__lte=version).order_by("version"):
        state = replay_step(state, row)
    return state


def _span(numbers: list[int]) -> str:
    if not numbers:
        return "(none)"
    return f"{numbers[0]}..{numbers[-1]} ({len(numbers)} rows)"
