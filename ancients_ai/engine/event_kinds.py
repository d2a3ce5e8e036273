"""The Awoken's own event kinds, registered beside the core's (`games.rules.events`).

Imported first by the package, so any module of this core can add them.
"""
from games.rules.events import register_event_kinds

register_event_kinds(
    # the Ancients' turn and their decks
    "ancients_turn_started", "ancients_turn_ended", "minion_card_revealed",
    "ancient_card_revealed", "card_discarded", "deck_ran_out", "map_card_drawn",
    "interrupt_passed", "minion_order_chosen",
    # monsters
    "minion_moved", "ancient_moved", "monster_acted", "monster_idled", "monster_healed",
    "minion_summoned", "summon_failed", "reaction_revealed", "special_fizzled",
    # the event track
    "track_advanced", "track_effect_applied",
    # objects, treasures, crystals
    "object_revealed", "pit_trap_cards_turned", "character_ensnared", "stasis_released",
    "treasure_found", "treasure_deck_ran_out", "treasure_used", "character_healed",
    "crystal_claimed", "crystals_passed", "crystals_lost",
)
