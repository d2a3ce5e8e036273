"""Slippery surface (`features.slippery: true`, or a list of spaces): a character that has
taken two or more `move` actions this turn slides in with force.

When such a character enters a slippery space by its player's move, flight or rally, its
player may push one other character in that space into any space next to it (across an
open boundary; a push onto high ground costs nothing). The player is asked (`push`, with
`options`: who may be pushed, and `spaces`: where) and may decline. A pushed character does not
push in turn (it did not move itself), so pushes never chain; it does crack thin ice and
take a tomb's curse where it lands. Minions and Ancients neither push nor are pushed (monsters,
and the characters of a seat playing the Ancients faction: `hooks.minion_or_ancient`), and a
character held by a stasis trap stays put.
"""
from __future__ import annotations

from wildlands.rules.commands import Command
from wildlands.rules.errors import RuleError
from wildlands.rules.events import EventLog
from wildlands.rules.frames import ask
from wildlands.rules.maps.entry import enter
from wildlands.rules.maps.hooks import (EFFECTS, PROMPT_ANSWERS, MapEffectsFrame, minion_or_ancient,
                                   moves_this_turn)
from wildlands.rules.state import GameState

MOVES_NEEDED = 2


class Slippery:
    def run(self, state: GameState, frame: MapEffectsFrame, entry: dict,
            events: EventLog) -> None:
        character = state.characters[entry["character"]]
        space = entry["space"]
        if (character.knocked_out or character.space != space
                or moves_this_turn(state, character) < MOVES_NEEDED):
            return
        options = sorted(c.id for c in state.characters.values()
                         if c.space == space and not c.knocked_out and c.id != character.id
                         and not c.ensnared and not minion_or_ancient(state, c))
        to = sorted(state.board.neighbours(space))
        if not options or not to:
            return
        frame["asking"] = entry
        ask(state, "push", character.player, character=character.id, space=space,
            options=options, spaces=to)

    def respond(self, state: GameState, frame: MapEffectsFrame, entry: dict, seat: str,
                command: Command, events: EventLog) -> None:
        prompt = state.prompt
        assert prompt is not None, "a push is answered only while it is asked"
        if command.name == "pass":
            state.prompt = None
            return
        if (command.name != "choose" or command.character not in prompt.data["options"]
                or command.space not in prompt.data["spaces"]):
            raise RuleError("invalid_command",
                            f"choose one of {', '.join(prompt.data['options'])} and a space "
                            f"next to {entry['space']} ({', '.join(map(str, prompt.data['spaces']))}),"
                            " or pass")
        state.prompt = None
        assert command.space is not None, "checked against the spaces offered"
        enter(state, [(state.characters[command.character], command.space)], "pushed", events,
              pushed_by=entry["character"])


def push_answers(state: GameState, seat: str) -> list:
    """Every push the question allows, then declining."""
    data = state.prompt.data if state.prompt is not None else {}
    return [{"respond": "choose", "character": cid, "space": to}
            for cid in data.get("options", ()) for to in data.get("spaces", ())] + [
        {"respond": "pass"}]


EFFECTS["slippery"] = Slippery()
PROMPT_ANSWERS["push"] = push_answers
