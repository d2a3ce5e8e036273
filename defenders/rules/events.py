"""Defenders of the Wild's event kinds, registered in the shared registry with who sees them.

Kinds are past tense. Most are public; a seat's own draws (`cards_received`) and its own
secret choice (`defender_chosen_privately`) are for that seat only. Shared kinds that mean
the same here (`cards_drawn`, `cards_received`, `deck_reshuffled`, `turn_started`,
`turn_ended`, `game_ended`) are reused as they are.
"""
from __future__ import annotations

from games.rules.events import Audience, EventLog, register_event_kinds

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
                     "game_ended", *PUBLIC)
register_event_kinds("cards_received", *PRIVATE, audience=Audience.SEATS)

__all__ = ["EventLog", "PUBLIC", "PRIVATE"]
