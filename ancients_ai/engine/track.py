"""The event track: each scenario's shard moves along it one space at a time, and each
space it reaches may hold an effect (a list of steps, run by `steps.py`). Reaching the last
space loses the game (`outcome.check_outcome`)."""
from __future__ import annotations

from wildlands.rules.events import EventLog
from wildlands.rules.frames import push
from wildlands.rules.state import GameState

from ancients_ai.engine.frames import AdvanceFrame
from ancients_ai.engine.monster_actions import ancients_deferred, push_steps
from ancients_ai.engine.outcome import check_outcome


def push_advance(state: GameState, scenario: int, count: int) -> None:
    push(state, AdvanceFrame(kind="awoken_advance", scenario=scenario, left=count,
                             deferred=ancients_deferred(state)))


class AdvanceHandler:
    """The shard moves along its event track one space at a time; each space reached
    resolves its effect before the next move. Reaching the last space loses the game."""

    def step(self, state: GameState, frame: AdvanceFrame, events: EventLog) -> None:
        if frame["left"] <= 0:
            state.frames.pop()
            return
        frame["left"] -= 1
        scenario = state.mode_state.scenario(frame["scenario"])
        scenario.track_position += 1
        position = scenario.track_position
        events.add("track_advanced", scenario=scenario.number, position=position,
                   length=scenario.rules.track_length)
        if position >= scenario.rules.track_length:
            check_outcome(state, events)
            return
        effect = scenario.rules.track_spaces.get(position)
        if effect:
            ancient = state.monsters.get(scenario.ancient)
            actor = scenario.ancient if ancient is not None and ancient.on_board else None
            events.add("track_effect_applied", scenario=scenario.number, position=position)
            push_steps(state, effect, actor=actor, scenario=scenario.number)

    def respond(self, state, frame, seat, command, events) -> None:
        raise AssertionError("awoken_advance frames do not ask questions")
