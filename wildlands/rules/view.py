"""The one gate for hidden information: what a seat (or a spectator, seat None) may see.

Nothing else of a state ever leaves the server. Kept out of every view: other players'
hands, every deck's order, unrevealed assignments and dealt map cards of others, the
generator, and (through the mode) face-down objects and the Ancients' decks.
"""
from __future__ import annotations

from typing import Any, Optional

from wildlands.rules import skirmish  # noqa: F401  (registers the skirmish mode)
from wildlands.rules.maps.hooks import public as map_public
from wildlands.rules.modes import mode_of
from wildlands.rules.state import GameState


def view_for(state: GameState, seat: Optional[str]) -> dict[str, Any]:
    cards = state.catalog.cards
    players = []
    for p in state.players:
        mine = p.id == seat
        entry = {
            "id": p.id, "faction": p.faction, "colour": p.colour, "score": p.score,
            "shards": list(p.shards), "hand_size": len(p.hand), "deck_size": len(p.deck),
            "discard": [cards[c].to_data() for c in p.discard], "eliminated": p.eliminated,
        }
        if mine:
            entry["hand"] = [cards[c].to_data() for c in p.hand]
            entry["map_cards"] = list(p.map_cards)
        players.append(entry)
    characters = []
    for c in state.characters.values():
        entry = {"id": c.id, "player": c.player, "name": c.name, "health": c.health,
                 "space": c.space, "damage": c.damage, "knocked_out": c.knocked_out,
                 "captured_by": c.captured_by, "flags": list(c.flags),
                 "revealed": c.space is not None or c.knocked_out,
                 "ensnared": c.ensnared is not None, "carried": list(c.carried),
                 "treasures": list(c.treasures)}
        if c.player == seat and c.assigned is not None:
            entry["assigned"] = c.assigned
        characters.append(entry)
    monsters = [{"id": m.id, "kind": m.kind, "type": m.type, "scenario": m.scenario,
                 "health": m.health, "space": m.space, "damage": m.damage,
                 "knocked_out": m.knocked_out, "immortal": m.immortal}
                for m in state.monsters.values()]
    prompt = None
    if state.prompt is not None:
        prompt = {"kind": state.prompt.kind, "to": state.prompt.to}
        if state.prompt.to == seat:
            prompt.update(state.prompt.data)
    turn = state.turn
    view = {
        "mode": state.mode,
        "version": state.version,
        "seat": seat,
        "board": state.board.name,
        "turn": {"phase": turn.phase, "active": turn.active, "actor": turn.actor,
                 "interrupters": list(turn.interrupters), "round": turn.round,
                 "can_interrupt": turn.last in ("action",)},
        "players": players,
        "characters": characters,
        "monsters": monsters,
        "prompt": prompt,
        "outcome": None if state.outcome is None else dict(state.outcome),  # JSON-ready
        "options": {k: v for k, v in state.catalog.options.items()},
    }
    shown = map_public(state)
    if shown:
        view["map_rules"] = shown  # curses and the tombs still holding one
    view.update(mode_of(state).view_extra(state, seat))
    return view
