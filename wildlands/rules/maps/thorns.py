"""Thorns: a boundary characters may cross, at the price of one damage.

The map primitive `thorns` lists pairs of spaces whose shared boundary is a thorn hedge
(`maps.links` makes them adjacent and blind to each other). A character that steps
across it takes 1 damage unless its player plays a card with cover, wherever the character
stands (so unlike a ranged attack, the space's own cover does not matter). The damage is an
attack frame of kind "thorns", so the defence prompt, the bots and the board work as for any
attack. When thorns knock a character out, the point goes to its opponent if it has exactly
one (the maps with thorns are for two players), in every mode; otherwise nobody scores.
Only characters are pricked (in The Wrath the Ancients are characters): monsters walk
through. Every way of entering a space checks the crossing (`entry.enter`).
"""
from __future__ import annotations

from wildlands.rules.combat import start_attack
from wildlands.rules.events import EventLog
from wildlands.rules.maps.hooks import opponent_of
from wildlands.rules.state import Character, GameState

THORNS = "thorns"  # the attack kind, in `combat.DAMAGE` and `combat.DEFENCES`


def crosses_thorns(state: GameState, a: int, b: int) -> bool:
    """Stepping from space a into space b crosses a thorn edge."""
    return sorted((a, b)) in state.board.features.get("thorns", [])


def way_crosses_thorns(state: GameState, origin: int, to: int, path: list[int] | None,
                       reach: int = 2) -> bool:
    """A way of several steps (a flight, a treasure's move) crosses thorns along its given
    path; without one, only if every way of at most `reach` steps to `to` does (a character
    takes the way round when there is one)."""
    board = state.board
    if path:
        here = origin
        for step in path:
            if crosses_thorns(state, here, step):
                return True
            here = step
        return False
    frontier, seen = {origin}, {origin}
    for _ in range(reach):
        frontier = {n for here in frontier for n in board.neighbours(here)
                    if not crosses_thorns(state, here, n)} - seen
        if to in frontier:
            return False
        seen |= frontier
    return True


def prick(state: GameState, crossers: list[Character], events: EventLog) -> None:
    """Each character that crossed thorns takes 1 damage, defended by a card with cover. A
    knock-out is given to the character's opponent (`hooks.opponent_of`); without a single
    opponent it scores for nobody."""
    sides: dict[str, list[str]] = {}
    for character in crossers:
        side = opponent_of(state, character) or character.player  # own side: no point
        sides.setdefault(side, []).append(character.id)
    for side, targets in sides.items():
        start_attack(state, attacker=THORNS, side=side, attack=THORNS, targets=targets)
