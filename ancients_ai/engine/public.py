"""What everyone may see of The Awoken's part of a game (seat or spectator alike).

Shown: each scenario's track, supply, deck and discard sizes, discard contents, the card
being resolved, face-up objects with their kind, face-down objects by id and space only,
the map deck's size and its discard, the treasure deck's size and discard, crystals, the
seats done with the players' turn and who may take back the latest command.
Never shown: any deck's order, a face-down object's kind.
"""
from __future__ import annotations

from typing import cast

from wildlands.rules.state import GameState

from ancients_ai.engine.frames import CardFrame
from ancients_ai.engine.outcome import carried_crystals
from ancients_ai.engine.undo import may_undo


def awoken_view(state: GameState) -> dict:
    awoken = state.mode_state
    cards = [cast(CardFrame, f) for f in state.frames if f["kind"] == "awoken_card"]
    resolving = []
    for f in cards:
        if f["card"]:  # revealed to everyone already: its definition lets the page say what it does
            rules = awoken.scenario(f["scenario"]).rules
            deck = rules.minion_cards if f["deck"] == "minion" else rules.ancient_cards
            resolving.append({"scenario": f["scenario"], "deck": f["deck"], "card": f["card"],
                              "def": deck[f["card"]].to_data()})
    scenarios = []
    for s in awoken.scenarios:
        rules = s.rules
        scenarios.append({
            "number": s.number, "id": rules.id, "title": rules.title, "side": rules.side,
            "player": s.player, "ancient": s.ancient, "ancient_name": rules.ancient_name,
            "track": {"length": rules.track_length, "position": s.track_position,
                      "spaces": rules.track_view},
            "supply": dict(s.supply),
            "minion_types": dict(rules.minion_health),
            "minion_deck_count": len(s.minion_deck),
            "minion_discard": [rules.minion_cards[c].to_data() for c in s.minion_discard],
            "ancient_deck_count": len(s.ancient_deck),
            "ancient_discard": [rules.ancient_cards[c].to_data() for c in s.ancient_discard],
        })
    objects = []
    for o in awoken.objects.values():
        if o.removed:
            continue
        entry = {"id": o.id, "space": o.space, "revealed": o.revealed}
        if o.revealed:
            entry["kind"] = o.kind
        objects.append(entry)
    treasures = {t: awoken.treasure_defs[t].to_data()
                 for c in state.characters.values() for t in c.treasures
                 if t in awoken.treasure_defs}
    return {
        "scenarios": scenarios,
        "resolving": resolving,
        "objects": objects,
        "map_deck_count": len(awoken.map_deck),
        "map_discard": list(awoken.map_discard),
        "treasure_deck_count": len(awoken.treasure_deck),
        "treasure_discard": [awoken.treasure_defs[t].to_data() for t in awoken.treasure_discard
                             if t in awoken.treasure_defs],
        "treasures_held": treasures,
        "crystals": carried_crystals(state),
        "crystals_to_win": awoken.crystals_to_win,
        "done": list(awoken.done),  # seats done with the players' turn (hand_off.py)
        "undo_by": may_undo(state),  # the seat that may take back the latest command
        # why nothing may be taken back (a card drawn, a counter turned...), for the board
        "undo_barrier": None if awoken.undo else awoken.undo_barrier,
    }

