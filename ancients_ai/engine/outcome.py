"""How The Awoken ends, and what a knock-out changes.

Won: the party carries `crystals_to_win` ancient crystals (five), or every Ancient faced is
knocked out (never while an immortal one, the Automaton, is in play). Lost: a shard reaches
the end of its event track, or every character of one faction is knocked out. Losses are
checked first, so a blow that ends both ways at once loses. `state.outcome` is an
`Outcome` (`wildlands.rules.outcome`): won by crystals or ancients, lost by track (with the
scenario) or wiped_out (with the player).
"""
from __future__ import annotations

from wildlands.rules.commands import Command
from wildlands.rules.errors import RuleError
from wildlands.rules.events import EventLog
from wildlands.rules.frames import ask, push
from wildlands.rules.outcome import Cause, Outcome, Result
from wildlands.rules.state import Character, GameState, end_game

from ancients_ai.engine.frames import CrystalsFrame


def carried_crystals(state: GameState) -> int:
    return sum(len(c.carried) for c in state.characters.values())


def check_outcome(state: GameState, events: EventLog) -> None:
    if state.outcome is not None:
        return
    awoken = state.mode_state
    for scenario in awoken.scenarios:
        if scenario.track_position >= scenario.rules.track_length:
            return end_game(state, Outcome(Result.LOST, Cause.TRACK, scenario=scenario.number), events)
    for player in state.players:
        mine = state.characters_of(player.id)
        if mine and all(c.knocked_out for c in mine):
            player.eliminated = True
            return end_game(state, Outcome(Result.LOST, Cause.WIPED_OUT, player=player.id), events)
    if carried_crystals(state) >= awoken.crystals_to_win:
        return end_game(state, Outcome(Result.WON, Cause.CRYSTALS), events)
    ancients = [m for m in state.monsters.values() if m.kind == "ancient"]
    if ancients and all(m.knocked_out for m in ancients) and not any(m.immortal for m in ancients):
        return end_game(state, Outcome(Result.WON, Cause.ANCIENTS), events)


# -- crystals of a knocked-out carrier ---------------------------------------------------------
def hand_over_crystals(state: GameState, character: Character, events: EventLog) -> None:
    """A knocked-out carrier's crystals go to a character still on the board. With one
    candidate they go there at once; with several, the knocked-out character's player
    chooses (a `choose` prompt, reason "crystals"); with none they are lost (the game is
    then lost anyway: a whole faction is down)."""
    crystals = list(character.carried)
    if not crystals:
        return
    character.carried = []
    candidates = [c.id for c in state.characters.values() if c.on_board]
    if not candidates:
        events.add("crystals_lost", character=character.id, crystals=crystals)
        return
    if len(candidates) == 1:
        _give(state, candidates[0], crystals, character.id, events)
        return
    push(state, CrystalsFrame(kind="awoken_crystals", crystals=crystals, options=candidates,
                              chooser=character.player, source=character.id))


def _give(state: GameState, to: str, crystals: list, source: str, events: EventLog) -> None:
    state.characters[to].carried.extend(crystals)
    events.add("crystals_passed", to=to, crystals=list(crystals), source=source)


class CrystalsHandler:
    def step(self, state: GameState, frame: CrystalsFrame, events: EventLog) -> None:
        options = [c for c in frame["options"] if state.characters[c].on_board]
        if frame.get("chosen"):
            state.frames.pop()
            return
        if len(options) <= 1:
            state.frames.pop()
            if options:
                _give(state, options[0], frame["crystals"], frame["source"], events)
            return
        frame["options"] = options
        ask(state, "choose", frame["chooser"], reason="crystals", crystals=list(frame["crystals"]),
            options=list(options))

    def respond(self, state: GameState, frame: CrystalsFrame, seat: str, command: Command,
                events: EventLog) -> None:
        chosen = command.character or command.target or command.figure
        if command.name != "choose" or chosen not in frame["options"]:
            raise RuleError("invalid_command",
                            f"choose who takes the crystals: {', '.join(frame['options'])}")
        state.prompt = None
        frame["chosen"] = chosen
        _give(state, chosen, frame["crystals"], frame["source"], events)
