"""The Awoken's own event kinds, all seen by everyone; `ancients_ai.engine.register()` adds
them to the core's registry (`wildlands.rules.events.EVENT_KINDS`) beside the core's own.
"""

AWOKEN_EVENT_KINDS = (
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
    # the players' turn handed off, and moves taken back
    "seat_finished", "seat_resumed", "command_undone",
    # the table companion's corrections (companion.py)
    "figure_corrected",
)
