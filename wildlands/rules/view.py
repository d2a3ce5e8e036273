"""The one gate for hidden information: what a seat (or a spectator, seat None) may see.

Nothing else of a state ever leaves the server. Kept out of every view: other players'
hands, every deck's order, unrevealed assignments and dealt map cards of others, the
generator, and (through the mode) face-down objects and the Ancients' decks.
"""
from __future__ import annotations

from typing import Any, Optional, Sequence

from wildlands.rules import skirmish  # noqa: F401  (registers the skirmish mode)
from wildlands.rules.maps.hooks import public as map_public
from wildlands.rules.modes import mode_of
from wildlands.rules.state import GameState


def view_for(state: GameState, seat: Optional[str]) -> dict[str, Any]:
    return views_for(state, [seat])[seat]


def views_for(state: GameState, seats: Sequence[Optional[str]]) -> dict[Optional[str], dict]:
    """Each of `seats`' views of one state (a change's updates are built for every seat at
    once). What every seat sees alike is built once and the views share it: they are only
    encoded, never changed. A replay's view is changed, so it is built alone by `view_for`:
    then only the cards' and the track's plain data, which nothing changes, are shared."""
    cards = state.catalog.cards
    players = [(p, {"id": p.id, "faction": p.faction, "colour": p.colour, "score": p.score,
                    "shards": list(p.shards), "hand_size": len(p.hand), "deck_size": len(p.deck),
                    "discard": [cards[c].to_data() for c in p.discard],
                    "eliminated": p.eliminated})
               for p in state.players]
    characters = [(c, {"id": c.id, "player": c.player, "name": c.name, "health": c.health,
                       "space": c.space, "damage": c.damage, "knocked_out": c.knocked_out,
                       "captured_by": c.captured_by, "flags": list(c.flags),
                       "revealed": c.space is not None or c.knocked_out,
                       "ensnared": c.ensnared is not None, "carried": list(c.carried),
                       "treasures": list(c.treasures)})
                  for c in state.characters.values()]
    monsters = [{"id": m.id, "kind": m.kind, "type": m.type, "scenario": m.scenario,
                 "health": m.health, "space": m.space, "damage": m.damage,
                 "knocked_out": m.knocked_out, "immortal": m.immortal}
                for m in state.monsters.values()]
    turn = state.turn
    turn_view = {"phase": turn.phase, "active": turn.active, "actor": turn.actor,
                 "interrupters": list(turn.interrupters), "round": turn.round,
                 "can_interrupt": turn.last in ("action",)}
    outcome = None if state.outcome is None else dict(state.outcome)  # JSON-ready
    options = dict(state.catalog.options)
    shown = map_public(state)  # curses and the tombs still holding one
    mode = mode_of(state)
    shared_extra = mode.view_extra(state, None) if mode.public_view_extra else None
    views: dict[Optional[str], dict] = {}
    for seat in seats:
        prompt = None
        if state.prompt is not None:
            prompt = {"kind": state.prompt.kind, "to": state.prompt.to}
            if state.prompt.to == seat:
                prompt.update(state.prompt.data)
        view = {
            "mode": state.mode,
            "version": state.version,
            "seat": seat,
            "board": state.board.name,
            "turn": turn_view,
            "players": [entry if p.id != seat else
                        {**entry, "hand": [cards[c].to_data() for c in p.hand],
                         "map_cards": list(p.map_cards)}
                        for p, entry in players],
            "characters": [entry if c.player != seat or c.assigned is None else
                           {**entry, "assigned": c.assigned}
                           for c, entry in characters],
            "monsters": monsters,
            "prompt": prompt,
            "outcome": outcome,
            "options": options,
        }
        if shown:
            view["map_rules"] = shown
        view.update(shared_extra if shared_extra is not None else mode.view_extra(state, seat))
        views[seat] = view
    return views
