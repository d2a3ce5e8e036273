"""Plugging War for the Crystals into the core: `register()`.

An explicit call, like `ancients_ai.engine.register()`, so importing a module of the mode
changes no registry. Called by `GamesConfig.ready()` (every Django process) and by the pure
callers that build a war without Django (`games.simulation`, the rules cases' positions).
Calling it again changes nothing.
"""
from __future__ import annotations

from games.rules import war_state
from games.rules.events import register_event_kinds
from games.rules.frames import register_frame_handler
from games.rules.legal import register_legal_hook
from games.rules.modes import register_mode
from games.rules.serialize import EXTENSIONS
from games.rules.setup import BEGIN_PLAY
from games.rules.war import WAR, TeamEndWindowHandler
from games.rules.war_legal import war_legal
from games.rules.war_setup import begin_war

WAR_EVENT_KINDS = ("teams_formed", "teammate_finished", "teammate_resumed")


def register() -> None:
    """The war's `ModeRules`, state part, legal hook, set-up start, frame and event kinds."""
    register_event_kinds(*WAR_EVENT_KINDS)
    register_mode(WAR)
    EXTENSIONS[WAR.name] = (war_state.to_data, war_state.from_data)
    register_legal_hook(WAR.name, war_legal)
    register_frame_handler("war_end_window", TeamEndWindowHandler())
    BEGIN_PLAY[WAR.name] = begin_war
