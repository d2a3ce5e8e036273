"""Tombs and their curses (`features.tombs: [spaces]`).

At setup each tomb holds a curse (a shard of a faction nobody plays: no player owns it). A
character that moves onto a tomb still holding its curse, or is revealed there, takes it:
the curse sits on that character from then on, and its player draws a card unless their
hand is already at the hand limit. Each time a character gains a curse, every other cursed
character on the board takes 1 damage for each curse it carries (no defence: it is not an
attack). A character knocked out by curses is a point for its owner's opponent: in a
two-player game the other player; with more players, the player whose character took the
curse, unless that is the victim's own player (then nobody scores).

What is remembered (`GameState.map_state`): `emptied_tombs` (tombs whose curse is gone) and
`curses` (character id -> curses carried); both public.
"""
from __future__ import annotations

from wildlands.rules.cards import draw
from wildlands.rules.combat import deal_damage
from wildlands.rules.commands import Command
from wildlands.rules.events import EventLog
from wildlands.rules.maps.hooks import EFFECTS, MapEffectsFrame
from wildlands.rules.state import Character, GameState

NOBODY = "curse"  # a side that is no player: a knock-out by it scores for nobody


def curses_on(state: GameState, character_id: str) -> int:
    return int(state.map_state.get("curses", {}).get(character_id, 0))


def curse_side(state: GameState, victim: Character, taker: Character) -> str:
    """Who a knock-out by curses scores for (see the module's docstring)."""
    opponents = [pid for pid in state.player_ids() if pid != victim.player]
    if len(opponents) == 1:
        return opponents[0]
    return taker.player if taker.player != victim.player else NOBODY


class Tombs:
    def run(self, state: GameState, frame: MapEffectsFrame, entry: dict,
            events: EventLog) -> None:
        character = state.characters[entry["character"]]
        space = entry["space"]
        emptied = state.map_state.setdefault("emptied_tombs", [])
        if character.knocked_out or character.space != space or space in emptied:
            return
        emptied.append(space)
        curses = state.map_state.setdefault("curses", {})
        curses[character.id] = curses.get(character.id, 0) + 1
        events.add("curse_taken", character=character.id, space=space,
                   curses=curses[character.id])
        player = state.player(character.player)
        if len(player.hand) < state.catalog.option("hand_limit"):
            draw(state, player, 1, events)
        for other in list(state.characters.values()):
            count = curses.get(other.id, 0)
            if other.id == character.id or not count or not other.on_board:
                continue
            if state.outcome is not None:
                return
            deal_damage(state, other, count, curse_side(state, other, character), "curse", events)

    def respond(self, state: GameState, frame: MapEffectsFrame, entry: dict, seat: str,
                command: Command, events: EventLog) -> None:
        raise AssertionError("a tomb asks nothing")


EFFECTS["tombs"] = Tombs()
