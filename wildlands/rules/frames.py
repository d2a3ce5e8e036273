"""The resumable work stack.

Anything that may stop to ask a person (an attack waiting for a defence, the Ancients' turn
waiting for an interrupt) is a frame: a plain dict on `state.frames`, typed per kind by a
`TypedDict` beside its handler (`combat.AttackFrame`, ...), all extending `state.Frame`. `resolve` runs the top
frame until the stack is empty or a prompt is pending; an answer to the prompt goes to the
frame that asked. Because frames are data, a game paused mid-attack serialises like any other.
"""
from __future__ import annotations

from typing import Any, Protocol

from wildlands.rules.commands import Command
from wildlands.rules.errors import RuleError
from wildlands.rules.events import EventLog
from wildlands.rules.state import Frame, GameState, Prompt

MAX_STEPS = 10_000


class FrameHandler(Protocol):
    # `frame` is the handler's own kind of Frame; a Protocol cannot say which, hence Any.
    def step(self, state: GameState, frame: Any, events: EventLog) -> None:
        """Advance the frame: pop it when done, or set `state.prompt` and return."""

    def respond(self, state: GameState, frame: Any, seat: str, command: Command,
                events: EventLog) -> None:
        """Take the answer to the prompt this frame raised."""


HANDLERS: dict[str, FrameHandler] = {}


def register_frame_handler(kind: str, handler: FrameHandler) -> None:
    """Let `resolve` and `respond` run frames of `kind` with `handler`: a plain call, so a
    mode outside the core (The Awoken) can register its frames when it is registered."""
    HANDLERS[kind] = handler


def push(state: GameState, frame: Frame) -> None:
    """Put a frame on top of the stack; `resolve` runs it next."""
    state.frames.append(frame)


def resolve(state: GameState, events: EventLog, *, run_deferred: bool = False) -> None:
    """Run frames until the stack is empty, a prompt waits, or the game is over.

    A frame marked `deferred` (the Ancients' turn on the site, run by a worker) stops the
    loop unless `run_deferred` is set: that is `engine.advance`'s job, not a player's command.
    """
    for _ in range(MAX_STEPS):
        if state.prompt is not None or not state.frames or state.outcome is not None:
            if state.outcome is not None:
                state.frames.clear()
                state.prompt = None
            return
        frame = state.frames[-1]
        if frame.get("deferred") and not run_deferred:
            return
        if frame.get("paused"):  # waiting for a player (an Awoken interrupt) to finish
            return
        HANDLERS[frame["kind"]].step(state, frame, events)
    raise RuntimeError("the rules engine did not settle (frame loop limit)")


def respond(state: GameState, seat: str, command: Command, events: EventLog) -> None:
    """Route an answer to the frame whose prompt is pending, then carry on."""
    prompt = state.prompt
    if prompt is None:
        raise RuleError("action_not_allowed", "there is no question waiting for an answer")
    if prompt.to != seat:
        raise RuleError("not_your_turn", f"the question is for {prompt.to}, not {seat}")
    frame = state.frames[-1]
    HANDLERS[frame["kind"]].respond(state, frame, seat, command, events)
    resolve(state, events)


def ask(state: GameState, kind: str, to: str, **data: Any) -> None:
    """Raise a prompt for the top frame."""
    state.prompt = Prompt(kind, to, data)


def has_deferred_work(state: GameState) -> bool:
    """Is there work waiting for `engine.advance` (and no prompt in the way)?"""
    return (state.outcome is None and state.prompt is None and bool(state.frames)
            and bool(state.frames[-1].get("deferred")) and not state.frames[-1].get("paused"))
