"""Plugging The Wrath of the Ancients into the core: `register()`.

An explicit call, like `ancients_ai.engine.register()` and `war.register.register()`, so
importing a module of the mode changes no registry. Called by `GamesConfig.ready()`, by
`setup.new_wrath`, by the war's `register()`, by the simulations and by the rules cases.
Calling it again changes nothing.
"""
from __future__ import annotations

from wildlands.rules.events import register_event_kinds
from wildlands.rules.frames import register_frame_handler
from wildlands.rules.legal import register_legal_hook
from wildlands.rules.modes import register_mode
from wildlands.rules.serialize import EXTENSIONS
from wildlands.rules.wrath.actions import SpecialActionHandler
from wildlands.rules.wrath.legal import wrath_legal
from wildlands.rules.wrath.rules import WRATH_EVENT_KINDS, WRATH_RULES, DesperateMeasuresHandler
from wildlands.rules.wrath.state import WRATH, from_data, to_data


def register() -> None:
    """Plug The Wrath of the Ancients into the core; calling it again changes nothing."""
    register_event_kinds(*WRATH_EVENT_KINDS)
    register_mode(WRATH_RULES)
    EXTENSIONS[WRATH] = (to_data, from_data)
    register_frame_handler("desperate_measures", DesperateMeasuresHandler())
    register_frame_handler("special_action", SpecialActionHandler())
    register_legal_hook(WRATH, wrath_legal)
