"""Race to 21 declared to the platform: one object the site asks (games/platform/definition.py),
registered when the app is listed (apps.py). The rules themselves are in `rules`."""
from __future__ import annotations

from typing import Any, ClassVar, Mapping, Optional

from django import forms

from examples.race21 import rules
from games.forms import GameForm
from games.platform import registry
from games.platform.definition import FirstSteps, GameDefinition, GameSetup


class RaceForm(GameForm):
    """The lobby's form for Race to 21: the target is the game's only choice."""

    target = forms.TypedChoiceField(choices=[(t, f"First to {t}") for t in rules.TARGETS],
                                    coerce=int, initial=rules.TARGETS[0])


class RaceGame(GameDefinition):
    key: ClassVar[str] = "race21"
    game_name: ClassVar[str] = "Race to 21"
    title: ClassVar[str] = "Race to 21"
    summary: ClassVar[str] = "Two players add 1 to 3 in turn; the house adds 1 after each."
    renderer: ClassVar[str] = "race21"
    renderer_module: ClassVar[str] = "games/race21/index.js"
    opponent: ClassVar[str] = rules.HOUSE
    opponent_name: ClassVar[str] = "the house"

    # --- the lobby ----------------------------------------------------------------------------
    def player_counts(self) -> tuple[int, ...]:
        return (2,)

    def lobby_form(self) -> type:
        return RaceForm

    def stored_options(self, choices: Mapping[str, Any]) -> dict:
        return {"target": int(choices.get("target") or rules.TARGETS[0])}

    # --- setting up and playing ---------------------------------------------------------------
    def first_steps(self, setup: GameSetup) -> FirstSteps:
        state = rules.new_race([s.seat for s in setup.seats], setup.options["target"])
        return FirstSteps(state, state)

    def apply(self, state: dict, seat: str, command: Any) -> tuple[dict, list]:
        return rules.add(state, seat, command)

    def opponent_due(self, state: dict) -> bool:
        return rules.house_due(state)

    def advance(self, state: dict) -> tuple[dict, list]:
        return rules.house_adds(state)

    def legal_commands(self, state: dict, seat: str) -> list[dict]:
        return rules.legal(state, seat)

    def view(self, state: dict, seat: Optional[str]) -> dict:
        return {**state, "seat": seat, "outcome": rules.outcome(state)}

    def awaiting(self, state: dict) -> list[str]:
        return rules.awaiting(state)

    def outcome(self, state: dict) -> Optional[dict]:
        return rules.outcome(state)

    def version(self, state: dict) -> int:
        return int(state["version"])

    def seat_ids(self, state: dict) -> list[str]:
        return list(state["seats"])

    def state_to_data(self, state: dict) -> dict:
        return dict(state, seats=list(state["seats"]))

    def state_from_data(self, data: Mapping[str, Any]) -> dict:
        return dict(data, seats=list(data["seats"]), last=data.get("last"))

    # --- taking back --------------------------------------------------------------------------
    def can_undo(self) -> bool:
        return True

    def is_take_back(self, command: Any) -> bool:
        return command == rules.UNDO

    def undo_target(self, state: dict, seat: str) -> int:
        return rules.undo_target(state, seat)

    def take_back(self, state: dict, seat: str, earlier: dict) -> tuple[dict, list]:
        return rules.take_back(state, seat, earlier)


RACE = RaceGame()


def register() -> RaceGame:
    """Make the race known to the site (the app's `ready()`); the same object every time."""
    registry.register(RACE)
    return RACE
