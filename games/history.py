"""A stored game's history, checked whole: what the durability promise of the site means.

A command is acknowledged only after its transaction committed, and every stored step
writes its command, its events and the new snapshot together. So for every game: each
version after the start was stored by exactly one command, each event seq exactly once,
and replaying the command log from the initial snapshot gives the stored snapshot. The
load benchmark checks this after its runs and the fault tests after theirs.
"""
from __future__ import annotations

from games.models import Game, GameCommand, GameEvent
from games.rules import engine
from games.rules.serialize import state_from_data, state_to_data
from games.rules.state import GameState


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
    for row in commands:
        state = replay_step(state, row)
        if state.version != row.version:
            problems.append(f"game {game.id}: command {row.version} replays to version "
                            f"{state.version}")
            return problems
    if state_to_data(state) != game.snapshot:
        problems.append(f"game {game.id}: the log does not replay to the stored state")
    return problems


def replay_step(state: GameState, row: GameCommand) -> GameState:
    """The state after one stored step: a seat's command, or the Ancients' (seat ""). An
    undo is the game at an earlier version, replayed from this same log (`games.undo`)."""
    if row.seat and row.command.get("do") == "undo":
        from games.undo import replay_undo  # it replays through this module's `state_at`
        return replay_undo(state, row)
    new, _ = engine.apply(state, row.seat, row.command) if row.seat else engine.advance(state)
    return new


def state_at(game: Game, version: int) -> GameState:
    """The game as it was at `version`, replayed from its initial snapshot (only the latest
    snapshot is stored)."""
    state = state_from_data(game.initial_snapshot)
    for row in GameCommand.objects.filter(game=game, version__lte=version).order_by("version"):
        state = replay_step(state, row)
    return state


def _span(numbers: list[int]) -> str:
    if not numbers:
        return "(none)"
    return f"{numbers[0]}..{numbers[-1]} ({len(numbers)} rows)"
