"""The `map_effects` frame: a queue of map rules to apply, one at a time, each of which
may stop for a person. The hooks that queue them are in `hooks.py`; importing this
module registers the frame and every rule's effect (the engine and `legal` import it)."""
from __future__ import annotations

from wildlands.rules.maps import belts, slippery  # noqa: F401  (register effects)
from wildlands.rules.maps import thin_ice, tombs  # noqa: F401
from wildlands.rules.commands import Command
from wildlands.rules.errors import RuleError
from wildlands.rules.events import EventLog
from wildlands.rules.frames import register_frame_handler
from wildlands.rules.maps.hooks import EFFECTS, MapEffectsFrame
from wildlands.rules.state import GameState


class MapEffectsHandler:
    def step(self, state: GameState, frame: MapEffectsFrame, events: EventLog) -> None:
        if not frame["queue"]:
            state.frames.pop()
            return
        entry = frame["queue"].pop(0)
        EFFECTS[entry["rule"]].run(state, frame, entry, events)

    def respond(self, state: GameState, frame: MapEffectsFrame, seat: str, command: Command,
                events: EventLog) -> None:
        entry = frame["asking"]
        if entry is None:
            raise RuleError("action_not_allowed", "there is no map rule question waiting")
        EFFECTS[entry["rule"]].respond(state, frame, entry, seat, command, events)
        frame["asking"] = None


register_frame_handler("map_effects", MapEffectsHandler())

