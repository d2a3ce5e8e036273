"""Conveyor belts (`features.belts: [{name, path}]`): a player who scores a point may run one.

A belt is a named path of neighbouring spaces in its direction of travel. Running it moves
everything on it one space along at once: characters, shards, minions and Ancients, and
(through the mode, `ModeRules.carry_along`) The Awoken's object counters. What stands on
the last space of the path stays, so a belt never carries anything off the board; a
character held by a stasis trap stays too.

Who scores: in a skirmish, a player who knocks out another player's character or claims a
shard; in The Awoken, where nobody scores points, a player whose character claims an
ancient crystal (the Awoken's counterpart of collecting a shard). The scorer is asked
(`belt`, with `options`: the belts' names) and may decline. Characters carried onto thin
ice or a tomb trigger it as if they had walked there (`entry.enter`); carried characters
never push.
"""
from __future__ import annotations

from wildlands.rules.commands import Command
from wildlands.rules.errors import RuleError
from wildlands.rules.events import EventLog
from wildlands.rules.frames import ask
from wildlands.rules.maps.entry import enter
from wildlands.rules.maps.hooks import EFFECTS, PROMPT_ANSWERS, MapEffectsFrame
from wildlands.rules.modes import mode_of
from wildlands.rules.state import GameState


def belt_steps(path: list[int]) -> dict[int, int]:
    """space -> the next space along the belt (the last space has none)."""
    return dict(zip(path, path[1:]))


class Belts:
    def run(self, state: GameState, frame: MapEffectsFrame, entry: dict,
            events: EventLog) -> None:
        belts = state.board.features.get("belts") or []
        frame["asking"] = entry
        ask(state, "belt", entry["seat"], options=[belt["name"] for belt in belts])

    def respond(self, state: GameState, frame: MapEffectsFrame, entry: dict, seat: str,
                command: Command, events: EventLog) -> None:
        if command.name == "pass":
            state.prompt = None
            return
        belts = {belt["name"]: belt["path"] for belt in state.board.features.get("belts") or []}
        name = command.belt
        if command.name != "choose" or name is None or name not in belts:
            raise RuleError("invalid_command",
                            f"choose a belt to run ({', '.join(belts)}), or pass")
        state.prompt = None
        run_belt(state, seat, name, belts[name], events)


def run_belt(state: GameState, seat: str, name: str, path: list[int], events: EventLog) -> None:
    """Move everything on the belt one space along, all at once."""
    steps = belt_steps(path)
    riders = [c for c in state.characters.values()
              if c.on_board and c.space in steps and not c.ensnared]
    carried = [c.id for c in riders]
    # placed and reported now, their spaces' rules queued: they run after the belt stops
    enter(state, [(c, steps[c.space]) for c in riders], "belt", events, belt=name)
    monsters = []
    for monster in state.monsters.values():
        if monster.on_board and monster.space in steps:
            monster.space = steps[monster.space]
            monsters.append(monster.id)
    shards = 0
    for player in state.players:
        shards += sum(1 for space in player.shards if space in steps)
        player.shards = [steps.get(space, space) for space in player.shards]
    objects = mode_of(state).carry_along(state, steps, events)
    events.add("belt_ran", player=seat, belt=name, path=list(path), characters=carried,
               monsters=monsters, shards=shards, objects=objects)


def belt_answers(state: GameState, seat: str) -> list:
    """Every belt to run, then declining."""
    data = state.prompt.data if state.prompt is not None else {}
    return [{"respond": "choose", "belt": name} for name in data.get("options", ())] + [
        {"respond": "pass"}]


EFFECTS["belts"] = Belts()
PROMPT_ANSWERS["belt"] = belt_answers
