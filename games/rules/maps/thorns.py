"""Thorns: a boundary characters may cross, at the price of one damage.

The map primitive `thorns` lists pairs of spaces whose shared boundary is a thorn hedge
(`maps.links` makes them adjacent and blind to each other). A character that steps
across it takes 1 damage unless its player plays a card with cover, wherever the character
stands (so unlike a ranged attack, the space's own cover does not matter). The damage is an
attack frame of kind "thorns", so the defence prompt, the bots and the board work as for any
attack. When thorns knock a character out, the point goes to the opponent if there is
exactly one (the maps with thorns are for two players); otherwise nobody scores.
Only characters are pricked: monsters walk through.
"""
from __future__ import annotations

from games.rules.combat import start_attack
from games.rules.events import EventLog
from games.rules.frames import resolve
from games.rules.state import Character, GameState

THORNS = "thorns"  # the attack kind, in `combat.DAMAGE` and `combat.DEFENCES`


def crosses_thorns(state: GameState, a: int, b: int) -> bool:
    """Stepping from space a into space b crosses a thorn edge."""
    return sorted((a, b)) in state.board.features.get("thorns", [])


def flight_crosses_thorns(state: GameState, origin: int, to: int, path: list[int] | None) -> bool:
    """A flight crosses thorns along its given path; without one, only if every way of at most
    two steps to `to` does (a flyer takes the way round when there is one)."""
    board = state.board
    if path:
        here = origin
        for step in path:
            if crosses_thorns(state, here, step):
                return True
            here = step
        return False
    if board.is_adjacent(origin, to) and not crosses_thorns(state, origin, to):
        return False
    middles = board.neighbours(origin) & board.neighbours(to)
    if any(not crosses_thorns(state, origin, m) and not crosses_thorns(state, m, to) for m in middles):
        return False
    return True


def prick(state: GameState, crossers: list[Character], events: EventLog) -> None:
    """Each character that crossed thorns takes 1 damage, defended by a card with cover."""
    if not crossers:
        return
    player = crossers[0].player
    opponents = [p for p in state.player_ids() if p != player]
    side = opponents[0] if state.mode == "skirmish" and len(opponents) == 1 else player
    start_attack(state, attacker=THORNS, side=side, attack=THORNS, targets=[c.id for c in crossers])
    resolve(state, events)
