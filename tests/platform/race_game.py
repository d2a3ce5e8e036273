"""Race to 21: a toy second game, declared as one object, to show that the site plays any
game it is given (docs/adding-a-game.md walks through it). A test fixture: never shipped.

Two players take turns adding 1, 2 or 3 to a shared total; after each player's move the
house, the game's own opponent, adds 1 in a worker (`advance`). Whoever brings the total to
the target (chosen in the lobby: 21 or 31, kept in `Game.options`) wins; if the house does,
both players lose.

The state is plain JSON-ready data, so storing it is a copy.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Mapping, Optional

from django import forms

from games.forms import GameForm
from games.platform.definition import FirstSteps, GameDefinition, GameSetup
from wildlands.rules.errors import RuleError

HOUSE = "house"
STEPS = (1, 2, 3)
TARGETS = (21, 31)


@dataclass(frozen=True)
class RaceEvent:
    """What the store reads of an event: its kind, its data and who may see it (None:
    everyone)."""

    kind: str
    data: dict
    seats: Optional[tuple] = None


class RaceForm(GameForm):
    """The lobby's form for Race to 21: the target is the game's only choice."""

    target = forms.TypedChoiceField(choices=[(t, f"First to {t}") for t in TARGETS],
                                    coerce=int, initial=TARGETS[0])


class RaceGame(GameDefinition):
    key: ClassVar[str] = "race21"
    game_name: ClassVar[str] = "Race to 21"
    title: ClassVar[str] = "Race to 21"
    summary: ClassVar[str] = "Two players add 1 to 3 in turn; the house adds 1 after each."
    renderer: ClassVar[str] = "race21"
    opponent: ClassVar[str] = HOUSE

    # --- the lobby ----------------------------------------------------------------------------
    def player_counts(self) -> tuple[int, ...]:
        return (2,)

    def lobby_form(self) -> type:
        return RaceForm

    def stored_options(self, choices: Mapping[str, Any]) -> dict:
        return {"target": int(choices.get("target") or TARGETS[0])}

    # --- setting up and playing -----------------------------------------------------------------
    def first_steps(self, setup: GameSetup) -> FirstSteps:
        state = {"version": 0, "total": 0, "target": int(setup.options["target"]),
                 "seats": [s.seat for s in setup.seats], "turn": setup.seats[0].seat,
                 "house_due": False, "winner": None}
        return FirstSteps(state, state)

    def apply(self, state: dict, seat: str, command: Any) -> tuple[dict, list]:
        if state["winner"] is not None:
            raise RuleError("game_over", "the race is over")
        if state["house_due"] or seat != state["turn"]:
            raise RuleError("not_your_turn", "it is not your turn")
        if not isinstance(command, Mapping) or command.get("do") != "add" \
                or command.get("n") not in STEPS:
            raise RuleError("invalid_command", "add 1, 2 or 3")
        new = dict(state, version=state["version"] + 1, total=state["total"] + command["n"])
        events = [RaceEvent("added", {"seat": seat, "n": command["n"], "total": new["total"]})]
        if new["total"] >= new["target"]:
            new["winner"] = seat
            events.append(RaceEvent("race_won", {"winner": seat}))
        else:
            seats = state["seats"]
            new["turn"] = seats[(seats.index(seat) + 1) % len(seats)]
            new["house_due"] = True
        return new, events

    def opponent_due(self, state: dict) -> bool:
        return state["house_due"] and state["winner"] is None

    def advance(self, state: dict) -> tuple[dict, list]:
        if not self.opponent_due(state):
            return state, []
        new = dict(state, version=state["version"] + 1, total=state["total"] + 1,
                   house_due=False)
        events = [RaceEvent("house_added", {"total": new["total"]})]
        if new["total"] >= new["target"]:
            new["winner"] = HOUSE
            events.append(RaceEvent("race_won", {"winner": HOUSE}))
        return new, events

    def legal_commands(self, state: dict, seat: str) -> list[dict]:
        if self.awaiting(state) != [seat]:
            return []
        return [{"do": "add", "n": n} for n in STEPS]

    def view(self, state: dict, seat: Optional[str]) -> dict:
        return {**state, "seat": seat}

    def awaiting(self, state: dict) -> list[str]:
        if state["winner"] is not None:
            return []
        return [HOUSE] if state["house_due"] else [state["turn"]]

    def outcome(self, state: dict) -> Optional[dict]:
        if state["winner"] is None:
            return None
        if state["winner"] == HOUSE:
            return {"result": "lost"}
        return {"result": "won", "winner": state["winner"]}

    def version(self, state: dict) -> int:
        return int(state["version"])

    def seat_ids(self, state: dict) -> list[str]:
        return list(state["seats"])

    def state_to_data(self, state: dict) -> dict:
        return dict(state, seats=list(state["seats"]))

    def state_from_data(self, data: Mapping[str, Any]) -> dict:
        return dict(data, seats=list(data["seats"]))
