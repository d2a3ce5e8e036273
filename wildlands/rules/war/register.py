"""Plugging War for the Crystals into the core: `register()`.

An explicit call, like `ancients_ai.engine.register()`, so importing a module of the mode
changes no registry. Called by `GamesConfig.ready()` (every Django process) and by the pure
callers that build a war without Django (`wildlands.simulation`, the rules cases' positions).
Calling it again changes nothing.
"""
from __future__ import annotations

from wildlands.rules.war import state as war_state
from wildlands.rules.events import register_event_kinds
from wildlands.rules.frames import register_frame_handler
from wildlands.rules.legal import register_legal_hook
from wildlands.rules.modes import register_mode
from wildlands.rules.serialize import EXTENSIONS
from wildlands.rules.setup import BEGIN_PLAY
from wildlands.rules.war.rules import TeamEndWindowHandler
from wildlands.rules.war.ancients import WAR_RULES, war_ancients_legal
from wildlands.rules.war.setup import begin_war
from wildlands.rules.wrath.register import register as register_wrath

WAR_EVENT_KINDS = ("teams_formed", "teammate_finished", "teammate_resumed",
                   "ancients_shards_placed")


def register() -> None:
    """The war's `ModeRules`, state part, legal hook, set-up start, frame and event kinds;
    and The Wrath's (five players: the Ancients faction's claims, special actions, events)."""
    register_wrath()
    register_event_kinds(*WAR_EVENT_KINDS)
    register_mode(WAR_RULES)
    EXTENSIONS[WAR_RULES.name] = (war_state.to_data, war_state.from_data)
    register_legal_hook(WAR_RULES.name, war_ancients_legal)
    register_frame_handler("war_end_window", TeamEndWindowHandler())
    BEGIN_PLAY[WAR_RULES.name] = begin_war
