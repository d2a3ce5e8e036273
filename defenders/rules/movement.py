"""Where one move action can take an organizer.

To any adjacent hex across an unobstructed edge, or through a habitat corridor: connected
hexes all of the active defender's habitat (rewilded factories count as every habitat).
Starting inside the corridor, the organizer may end anywhere inside it or beside it;
starting beside it, anywhere inside it. Hexes with mechs may end a move but not be passed.
Walls stop a step unless breached (Power Down lets everyone through), engines always do,
and no one enters the machine core or leaves the board.
"""
from __future__ import annotations

from typing import Iterable

from defenders.rules import ongoing
from defenders.rules.board import can_step
from defenders.rules.content import HABITATS
from defenders.rules.hexes import Hex, neighbours
from defenders.rules.state import GameState


def _in_corridor(state: GameState, hex_: Hex, habitat: str) -> bool:
    kind = state.habitat(hex_)
    return kind == habitat or kind == "wild"


def corridor_moves(state: GameState, start: Hex, habitat: str, *,
                   through_walls: bool = False) -> set:
    """Hexes one corridor move of `habitat` reaches from `start` (adjacent steps aside)."""
    def steps(hex_: Hex) -> Iterable[Hex]:
        return (n for n in neighbours(hex_) if can_step(state, hex_, n, through_walls=through_walls))

    def passable(hex_: Hex) -> bool:
        return _in_corridor(state, hex_, habitat) and state.mechs_at(hex_) == 0

    reached: set = set()
    if _in_corridor(state, start, habitat):
        frontier, seen = [start], {start}
        while frontier:
            here = frontier.pop()
            for n in steps(here):
                reached.add(n)  # inside or beside the corridor
                if n not in seen and passable(n):
                    seen.add(n)
                    frontier.append(n)
    else:
        entries = [n for n in steps(start) if _in_corridor(state, n, habitat)]
        frontier, seen = [n for n in entries if passable(n)], set(entries)
        reached.update(entries)
        while frontier:
            here = frontier.pop()
            for n in steps(here):
                if n not in seen and _in_corridor(state, n, habitat):
                    seen.add(n)
                    reached.add(n)  # only inside: the move started outside
                    if passable(n):
                        frontier.append(n)
    reached.discard(start)
    return reached


def move_destinations(state: GameState, faction_id: str) -> list[Hex]:
    """Every hex the faction's organizer may end one move action in, sorted."""
    faction = state.factions[faction_id]
    start = faction.at
    if start is None or state.turn.defender is None:
        return []
    through = ongoing.has(state, "through_walls", faction_id)
    found = {n for n in neighbours(start) if can_step(state, start, n, through_walls=through)}
    habitats = (HABITATS if ongoing.has(state, "any_corridor", faction_id)
                else (state.defender(state.turn.defender).habitat,))
    for habitat in habitats:
        found |= corridor_moves(state, start, habitat, through_walls=through)
    found.discard(start)
    return sorted(found)


def regroup_destinations(state: GameState, faction_id: str) -> list[Hex]:
    """Hexes with one of the faction's usable camps (any player's under Sanctuary)."""
    faction = state.factions[faction_id]
    if ongoing.has(state, "sanctuary", faction_id):
        camps = {h for f in state.factions.values() for h in f.camps}
    else:
        camps = set(faction.camps)
    return sorted(h for h in camps if state.usable_camp_at(h) is not None and h != faction.at)
