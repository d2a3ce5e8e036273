"""Every way a character enters a space, in one place: `enter`.

A move is a move wherever it comes from: a player's move, flight or rally, a push on a
slippery surface, a conveyor belt, a special action of The Wrath (the Phantasm's moves, the
Lizardman's, the Ancients the Tyrant activates, the two characters the Magus carries), a
minion's push or pull, a treasure's move. Each of them places its characters through
`enter`, which reports the move and applies the map's entry rules the same way for all:

* thorns: a character whose way crossed a thorn edge is pricked (`thorns.prick`). A single
  step crosses the edge between its two spaces; a flight or a treasure's move crosses when
  its given path does, or when every way within its reach does; the Magus's placing crosses
  nothing (the characters are not walking);
* the rules of the space entered (`hooks.entered`): thin ice and tombs for everyone the
  space's rules touch, the slippery surface only for a character entering by its own
  movement ("move", "fly", "rally"), never for one pushed, carried or placed;
* a "move" counts as a move action of the character this turn (the slippery surface needs
  two): the special actions' moves are move actions too.

Nothing is resolved here: the frames queued (a thorn's attack on top of the space's rules)
run in the caller's `resolve`, after the action or the answer that moved the characters.
"""
from __future__ import annotations

from typing import Any, Sequence

from wildlands.rules.events import EventLog
from wildlands.rules.maps.hooks import SELF_PROPELLED, count_move, entered
from wildlands.rules.maps.thorns import crosses_thorns, prick, way_crosses_thorns
from wildlands.rules.state import Character, GameState

# how a character may enter a space: its own movement (SELF_PROPELLED), or moved by
# something else
HOWS = (*SELF_PROPELLED, "pushed", "belt", "placed", "treasure")
_STEPPING = ("move", "rally", "pushed", "belt")  # one step to a neighbouring space


def enter(state: GameState, moves: Sequence[tuple[Character, int]], how: str, events: EventLog,
          *, path: Sequence[int] | None = None, reach: int = 2,
          shown: dict[str, dict[str, Any]] | None = None, **fields: Any) -> None:
    """Put each character on its space, all at once (`moves`: character and space), report
    each move (`character_moved` with `shown[id]`, one mover's own fields, and `fields`), then
    apply the map's entry rules. `path` and `reach`: a flight's or a treasure's way."""
    assert how in HOWS, f"unknown way of entering a space: {how}"
    crossers = []
    for character, to in moves:
        origin = character.space
        if origin is not None and _crosses(state, how, origin, to, path, reach):
            crossers.append(character)
        character.space = to
        reported: dict[str, Any] = {"from": origin, "to": to,  # `from` is a keyword
                                    **(shown or {}).get(character.id, {}), **fields}
        events.add("character_moved", character=character.id, **reported)
    if how == "move":
        for character, _ in moves:
            count_move(state, character)
    entered(state, [character.id for character, _ in moves], how, events)
    prick(state, crossers, events)  # its frame goes on top: the crossing comes first


def _crosses(state: GameState, how: str, origin: int, to: int, path: Sequence[int] | None,
             reach: int) -> bool:
    if not state.board.features or not state.board.features.get("thorns"):
        return False
    if how in _STEPPING:
        return crosses_thorns(state, origin, to)
    if how in ("fly", "treasure"):
        return way_crosses_thorns(state, origin, to, list(path) if path else None, reach)
    return False  # placed: not walking
