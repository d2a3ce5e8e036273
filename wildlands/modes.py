"""The competitive Wildlands modes as the site sees them: skirmish, The Wrath of the
Ancients and War for the Crystals. (The Awoken's modes: `ancients_ai.modes`.)

Set-up decisions the site makes for people (v1): each player's secret map-card assignment
is chosen for them (`setup.auto_assignment`, drawn from a generator seeded from the game's
seed but separate from the game's own), so play begins the moment the last seat is taken.
"""
from __future__ import annotations

from typing import ClassVar, Sequence

from games.platform.definition import FirstSteps, GameSetup, PlayedStep, SeatChoice, SetupRefused
from games.platform.registry import register as add
from games.platform.rng import Rng, seed_state
from wildlands.rules.setup import auto_assignment
from wildlands.rules.state import GameState
from wildlands.rules.war.setup import TEAM_NAMES, WarSetupError, new_war, teams_for
from wildlands.rules.war.state import seats_to_act as war_seats_to_act
from wildlands.rules.wrath.setup import new_skirmish_or_wrath
from wildlands.base import WildlandsGame
from wildlands.lobby import SkirmishLobby, WarLobby, WrathLobby
from wildlands.seating import ANCIENTS


def assignment_chooser(seed: int) -> Rng:
    """The generator that makes every seat's secret assignment, apart from the game's own."""

    class _Holder:
        rng = seed_state(seed ^ 0x5EED)

    return Rng(_Holder())


class AssigningGame(WildlandsGame):
    """A competitive mode: each seat's characters are secretly assigned to its map cards
    before play, and the site makes that choice for people, each seat's drawn from the
    state the seats before it left."""

    def first_steps(self, setup: GameSetup) -> FirstSteps:
        initial = state = self.new_state(setup)
        chooser = assignment_chooser(setup.seed)
        steps = []
        for seat in setup.seats:
            command = {"do": "assign", "spaces": auto_assignment(state, seat.seat, chooser)}
            state, events = self.apply(state, seat.seat, command)
            steps.append(PlayedStep(seat.seat, command, state.version, events))
        return FirstSteps(initial, state, steps)

    def new_state(self, setup: GameSetup) -> GameState:
        raise NotImplementedError


class SkirmishGame(SkirmishLobby, AssigningGame):
    key: ClassVar[str] = "skirmish"
    title: ClassVar[str] = "Skirmish"
    summary: ClassVar[str] = ("Two to four factions race to claim their shards and knock "
                              "each other out; bots can take the seats you do not fill.")
    order: ClassVar[int] = 30

    def new_state(self, setup: GameSetup) -> GameState:
        return new_skirmish_or_wrath(**self.setup_keywords(setup),
                                     colours=[s.colour for s in setup.seats])


class WrathGame(WrathLobby, SkirmishGame):
    """A skirmish in which one seat plays the Ancients faction (`new_skirmish_or_wrath`
    picks the mode from the seats' factions)."""

    key: ClassVar[str] = "wrath"
    title: ClassVar[str] = "The Wrath of the Ancients"
    summary: ClassVar[str] = ("A skirmish in which one player takes the Ancients' side, "
                              "guarding shards and spending them on the Ancients' special "
                              "actions.")
    order: ClassVar[int] = 40


class WarGame(WarLobby, AssigningGame):
    key: ClassVar[str] = "war"
    title: ClassVar[str] = "War for the Crystals"
    summary: ClassVar[str] = ("Two teams share their turns and their shards: four players "
                              "as two pairs, or five with the Ancients in the team of two.")
    order: ClassVar[int] = 50

    def new_state(self, setup: GameSetup) -> GameState:
        try:
            return new_war(**self.setup_keywords(setup), colours=[s.colour for s in setup.seats])
        except WarSetupError as error:
            raise SetupRefused(error.code, error.message) from None

    def shared_turn_seats(self, state: GameState) -> list[str]:
        """The team's turn: who must reveal, or the teammates not done yet."""
        return war_seats_to_act(state)

    def teams(self, seats: Sequence[SeatChoice]) -> dict[str, str]:
        ids = [s.seat for s in seats]
        ancients = next((s.seat for s in seats if s.faction == ANCIENTS), None)
        if not (len(ids) == 4 or (len(ids) == 5 and ancients)):
            return {}
        return {seat: name for name, team in zip(TEAM_NAMES, teams_for(ids, ancients))
                for seat in team}


def register() -> None:
    """Declare the competitive modes to the site (from `GamesConfig.ready`)."""
    for game in (SkirmishGame(), WrathGame(), WarGame()):
        add(game)
