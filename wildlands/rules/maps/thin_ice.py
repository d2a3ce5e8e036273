"""Thin ice (`features.thin_ice: [spaces]`): a character entering one of these spaces
cracks the ice under everyone else there.

Every other character in the space takes 1 damage, as an attack of the kind `thin_ice` made
by the entering character's player: each may block it with a card showing `cover`, whether
or not the space has cover (`combat.COVER_ANYWHERE`). A knock-out scores for that player as
any knock-out would. Minions and Ancients neither crack the ice nor are hurt by it: monsters,
and the characters of a seat playing the Ancients faction (`hooks.minion_or_ancient`).

It holds whenever a character enters by its player's move, flight or rally, by a push on a
slippery surface, on a conveyor belt, in a special action or by any other way (`entry.enter`);
not when it is revealed there.
"""
from __future__ import annotations

from wildlands.rules.combat import start_attack
from wildlands.rules.commands import Command
from wildlands.rules.events import EventLog
from wildlands.rules.maps.hooks import EFFECTS, MapEffectsFrame, minion_or_ancient
from wildlands.rules.state import GameState


class ThinIce:
    def run(self, state: GameState, frame: MapEffectsFrame, entry: dict,
            events: EventLog) -> None:
        character = state.characters[entry["character"]]
        space = entry["space"]
        if character.knocked_out or character.space != space:
            return
        others = [c.id for c in state.characters.values()
                  if c.space == space and not c.knocked_out and c.id != character.id
                  and not minion_or_ancient(state, c)]
        if not others:
            return
        events.add("ice_cracked", character=character.id, space=space, targets=others)
        start_attack(state, attacker=character.id, side=character.player, attack="thin_ice",
                     targets=others)

    def respond(self, state: GameState, frame: MapEffectsFrame, entry: dict, seat: str,
                command: Command, events: EventLog) -> None:
        raise AssertionError("thin ice asks nothing itself (defences go to the attack frame)")


EFFECTS["thin_ice"] = ThinIce()
