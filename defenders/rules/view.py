"""The one gate for hidden information: what a seat (or a spectator, seat None) may see.

Hidden from a view: other seats' hands (only their sizes and habitats are table talk), every
deck's order (only sizes), a seat's organize-phase pick until every seat has picked (the
picked card lies face down on its exhaustion pile until then), the machine deck's order
and the generator.
"""
from __future__ import annotations

from typing import Any, Optional

from defenders.rules.hexes import hex_data
from defenders.rules.serialize import _hexes, board_data
from defenders.rules.state import GameState
from defenders.rules.turns import awaiting


def _card(state: GameState, card: str) -> dict[str, Any]:
    return state.defender(card).to_data()


def view_for(state: GameState, seat: Optional[str]) -> dict[str, Any]:
    hidden_picks = state.turn.stage == "organize"
    seats = []
    for s in state.seats:
        entry: dict[str, Any] = {"id": s.id, "factions": list(s.factions),
                                 "hand_size": len(s.hand), "has_chosen": s.chosen is not None}
        if s.id == seat:
            entry["hand"] = [_card(state, c) for c in s.hand]
            entry["chosen"] = s.chosen
        elif not hidden_picks:
            entry["chosen"] = s.chosen
        seats.append(entry)
    factions = []
    for f in state.factions.values():
        pile = list(f.exhausted)
        if hidden_picks and state.seat(f.seat).chosen is not None and pile and f.seat != seat:
            pile = pile[:-1]  # the pick lies face down
            face_down = 1
        else:
            face_down = 0
        factions.append({
            "id": f.id, "seat": f.seat, "organizer": f.organizer,
            "habitat": state.catalog.factions[f.id].habitat,
            "at": None if f.at is None else hex_data(f.at), "deck_size": len(f.deck),
            "exhausted": [_card(state, c) for c in pile], "face_down": face_down,
            "camps": _hexes(f.camps), "camps_left": f.camps_left, "support": f.support,
            "damage": f.damage, "breaches_left": f.breaches_left, "items": dict(f.items),
            "exited": f.exited, "top_live": f.top_live})
    t = state.turn
    return {
        "game": "defenders", "version": state.version, "seat": seat, "tier": state.tier,
        "habitats": [[hex_data(h), k] for h, k in sorted(state.catalog.habitats.items())],
        "track": list(state.catalog.track.spaces), "first_camp": state.catalog.track.first_camp,
        "seats": seats, "factions": factions,
        "turn": {"stage": t.stage, "round": t.round, "first": t.first, "active": t.active,
                 "faction": t.faction, "defender": t.defender, "ap": t.ap,
                 "teamed": list(t.teamed), "pending": [dict(p) for p in t.pending]},
        "awaiting": awaiting(state),
        **board_data(state), "machine_deck_size": len(state.deck),
        "machine_discard": list(state.discard),
    }
