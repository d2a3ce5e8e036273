"""Defenders of the Wild's event kinds, in a registry of its own with who sees them (the
shared `EventLog` checks each kind against its class's `kinds`; Wildlands keeps its own).

Kinds are past tense. Most are public; a seat's own draws (`cards_received`) and its own
secret choice (`defender_chosen_privately`) are for that seat only. Shared kinds that mean
the same here (`cards_drawn`, `cards_received`, `deck_reshuffled`, `turn_started`,
`turn_ended`, `game_ended`) are reused as they are.
"""
from __future__ import annotations

from games.platform.events import Audience, register_event_kinds
from games.platform.events import EventLog as _EventLog

KINDS: dict[str, Audience] = {}  # Defenders' kinds, apart from Wildlands'

PUBLIC = (
    # set-up and rounds
    "game_set_up", "starting_camp_placed", "round_started", "defender_chosen",
    "defenders_revealed", "first_player_passed", "ability_resolved", "ability_fizzled",
    "round_ended",
    # a player's turn
    "organizer_moved", "organizer_regrouped", "organizer_relocated", "camp_built",
    "camp_relocated", "faction_exited", "pollution_cleared", "toxic_site_cleared",
    "damage_healed", "mech_destroyed", "wall_breached", "factory_rewilded", "item_gained",
    "item_used", "defender_teamed_up", "support_gained", "damage_rolled", "defender_damaged",
    "defender_killed", "action_points_gained",
    # the machines' turn
    "machines_turn_started", "machine_card_drawn", "machine_deck_reshuffled",
    "machine_turn_skipped", "engine_advanced", "wall_built", "engine_reset",
    "engine_deployed", "engine_stuck", "factory_landed", "snipers_deployed",
    "pollution_spread", "toxic_site_formed", "machine_direction_toggled", "mech_deployed",
    "mech_moved", "machines_turn_ended",
)
PRIVATE = ("defender_chosen_privately",)

register_event_kinds("cards_drawn", "deck_reshuffled", "turn_started", "turn_ended",
                     "game_ended", "command_undone", *PUBLIC, registry=KINDS)
register_event_kinds("cards_received", *PRIVATE, audience=Audience.SEATS, registry=KINDS)


class EventLog(_EventLog):
    """The events of one Defenders command: only Defenders' kinds."""

    kinds = KINDS

__all__ = ["EventLog", "KINDS", "PUBLIC", "PRIVATE"]
