"""The one entry point that changes a game: `apply(state, seat, command)`.

Validation runs in a fixed order (malformed → game over → prompt → turn → the action's own
conditions). The command runs on a clone, so a refusal at any depth leaves the caller's state
exactly as it was.
"""
from __future__ import annotations

from typing import Any, Callable

from wildlands.rules import claims, combat, movement, turns  # noqa: F401  (registers frames)
from wildlands.rules import skirmish  # noqa: F401  (registers the skirmish mode)
from wildlands.rules.maps import effects  # noqa: F401  (registers the map rules' frame)
from wildlands.rules.commands import ATTACKS, Command, parse_command
from wildlands.rules.errors import RuleError
from wildlands.rules.events import Event, EventLog
from wildlands.rules.frames import has_deferred_work, resolve, respond
from wildlands.rules.modes import mode_of
from wildlands.rules.state import GameState


def _claim(state, seat, command, events):
    mode_of(state).claim(state, seat, command, events)


def _end_turn(state, seat, command, events):
    mode_of(state).end_turn(state, seat, events)


def _interrupt(state, seat, command, events):
    mode_of(state).interrupt(state, seat, command, events)


def _extra(state, seat, command, events):
    mode_of(state).extra_action(state, seat, command, events)


ACTION_HANDLERS: dict[str, Callable] = {
    "reveal": turns.reveal,
    "move": movement.move,
    "fly": movement.fly,
    "rally": movement.rally,
    "claim": _claim,
    "draw_two": turns.draw_two,
    "interrupt": _interrupt,
    "end_turn": _end_turn,
    **{attack: combat.player_attack for attack in ATTACKS},
}
# what an action counts as for interrupt timing
_LAST = {"reveal": "reveal", "interrupt": "interrupt"}


class _Unrecorded(EventLog):
    """An event log that keeps nothing (no rule reads the events it has written)."""

    def add(self, kind: str, *, visible_to=None, **data: Any) -> None:
        return None


def apply(state: GameState, seat: str, command: Any, *, in_place: bool = False,
          quiet: bool = False) -> tuple[GameState, list[Event]]:
    """Apply one command from `seat`; return the new state and the events it caused.

    `in_place=True` runs the command on `state` itself instead of a copy, for a caller that
    drops the old state anyway (headless games: `wildlands.simulation`), saving the copy; the
    result is the same state. A refused command may then leave `state` half-changed, so
    such a caller must not use it again (a simulation reports the game as broken).
    `quiet=True` records no events (the list returned is empty) for a caller that never
    reads them; the state is the same.

    :raises RuleError: the command is refused; `state` is untouched (unless `in_place`).
    """
    command = parse_command(command)
    if state.outcome is not None:
        raise RuleError("game_over", "the game is over")
    if seat not in state.player_ids():
        raise RuleError("invalid_command", f"{seat!r} is not a player in this game")
    before, version = state.prompt, state.version  # prompts are replaced, never changed
    mode = mode_of(state)
    mark = mode.before_command(state)
    new = state if in_place else state.clone()
    events = _Unrecorded() if quiet else EventLog()
    if command.is_response:
        respond(new, seat, command, events)
    else:
        _act(new, seat, command, events)
    mode.after_command(new, seat, command, mark, version, events)
    new.version = version + 1
    if new.prompt is not None and (before is None or new.prompt != before):
        events.add("prompted", to_seat=new.prompt.to, prompt_kind=new.prompt.kind)
    return new, list(events)


def _act(state: GameState, seat: str, command: Command, events: EventLog) -> None:
    mode = mode_of(state)
    prompt = state.prompt
    window_interrupt = (command.name == "interrupt" and prompt is not None
                        and prompt.kind == "interrupt_window")
    during_prompt = prompt is not None and mode.allowed_during_prompt(state, seat, command)
    if prompt is not None and not window_interrupt and not during_prompt:
        raise RuleError("prompt_pending",
                        f"waiting for {prompt.to} to answer a {prompt.kind.replace('_', ' ')} question")
    if state.turn.phase == "setup" and command.name != "assign":
        raise RuleError("action_not_allowed", "the game is still being set up")
    if command.name == "assign":
        from wildlands.rules.setup import assign
        assign(state, seat, command, events)
        return
    if command.name != "interrupt" and not during_prompt:
        mode.check_actor(state, seat, command)
        if command.name not in ("reveal", "end_turn") and mode.must_reveal_first(state, seat):
            raise RuleError("action_not_allowed",
                            "reveal at least one character before anything else this turn")
    handler = ACTION_HANDLERS.get(command.name, _extra)
    handler(state, seat, command, events)
    resolve(state, events)  # settle what the action set going (a map rule's effects)
    if command.name not in ("end_turn", "finish"):
        state.turn.last = _LAST.get(command.name, "action")


def advance(state: GameState, *, in_place: bool = False,
            quiet: bool = False) -> tuple[GameState, list[Event]]:
    """Run deferred work (the Ancients' turn) until it ends or a prompt waits for a person.

    Returns the state unchanged (same version) when there is nothing to do, so a retried
    worker task is harmless. `in_place` and `quiet` as for `apply`.
    """
    if not has_deferred_work(state):
        return state, []
    new = state if in_place else state.clone()
    events = _Unrecorded() if quiet else EventLog()
    resolve(new, events, run_deferred=True)
    new.version = state.version + 1
    if new.prompt is not None:
        events.add("prompted", to_seat=new.prompt.to, prompt_kind=new.prompt.kind)
    return new, list(events)
