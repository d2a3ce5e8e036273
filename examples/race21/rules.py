"""The rules of Race to 21, pure data in and out (nothing here knows of Django).

Two players take turns adding 1, 2 or 3 to a shared total. After each player's addition the
house, the game's own opponent, adds 1 (its turn is played by the worker). Whoever brings
the total to the target (21 or 31, chosen in the lobby) wins; when the house does, both
players lose. A player may take back their latest addition, and the house's answer to it,
until the other player has added since.

The state is a JSON-ready dict, so storing it is a copy.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Mapping, Optional, Sequence

from games.platform.errors import PLATFORM_CODES, RuleError

HOUSE = "house"
STEPS = (1, 2, 3)
TARGETS = (21, 31)
UNDO = {"do": "undo"}


class RaceRefused(RuleError):
    """Race to 21's refusals: the platform's codes and its own."""

    codes: ClassVar[frozenset[str]] = PLATFORM_CODES | {"not_your_turn", "nothing_to_undo"}


@dataclass(frozen=True)
class RaceEvent:
    """What the store reads of an event: its kind, its data, who may see it (None: all)."""

    kind: str
    data: dict
    seats: Optional[tuple] = None


def new_race(seats: Sequence[str], target: int) -> dict:
    """The race before anyone has added: the first seat to move, nothing to take back."""
    return {"version": 0, "total": 0, "target": int(target), "seats": list(seats),
            "turn": seats[0], "house_due": False, "winner": None, "last": None}


def add(state: dict, seat: str, command: Any) -> tuple[dict, list]:
    """`seat` adds 1, 2 or 3; the house is then due unless the race is won.

    :raises RuleError: game_over, not_your_turn, invalid_command.
    """
    if state["winner"] is not None:
        raise RaceRefused("game_over", "the race is over")
    if state["house_due"] or seat != state["turn"]:
        raise RaceRefused("not_your_turn", "it is not your turn")
    if not isinstance(command, Mapping) or command.get("do") != "add" \
            or command.get("n") not in STEPS:
        raise RaceRefused("invalid_command", "add 1, 2 or 3")
    new = dict(state, version=state["version"] + 1, total=state["total"] + command["n"],
               last=[seat, state["version"]])
    events = [RaceEvent("added", {"seat": seat, "n": command["n"], "total": new["total"]})]
    if new["total"] >= new["target"]:
        new["winner"] = seat
        events.append(RaceEvent("race_won", {"winner": seat}))
    else:
        seats = state["seats"]
        new["turn"] = seats[(seats.index(seat) + 1) % len(seats)]
        new["house_due"] = True
    return new, events


def house_due(state: dict) -> bool:
    return bool(state["house_due"]) and state["winner"] is None


def house_adds(state: dict) -> tuple[dict, list]:
    """The house adds 1; it wins (and both players lose) if that reaches the target."""
    if not house_due(state):
        return state, []
    new = dict(state, version=state["version"] + 1, total=state["total"] + 1, house_due=False)
    events = [RaceEvent("house_added", {"total": new["total"]})]
    if new["total"] >= new["target"]:
        new["winner"] = HOUSE
        events.append(RaceEvent("race_won", {"winner": HOUSE}))
    return new, events


def can_take_back(state: dict, seat: str) -> bool:
    """The seat's own addition is the latest, the house has answered it, no one has won."""
    last = state.get("last")
    return last is not None and last[0] == seat and not house_due(state) \
        and state["winner"] is None


def undo_target(state: dict, seat: str) -> int:
    """The version from before `seat`'s latest addition.

    :raises RuleError: nothing_to_undo.
    """
    if not can_take_back(state, seat):
        raise RaceRefused("nothing_to_undo", "nothing of yours to take back")
    return int(state["last"][1])


def take_back(state: dict, seat: str, earlier: dict) -> tuple[dict, list]:
    """The race as it was before `seat`'s addition, one version on."""
    new = dict(earlier, version=state["version"] + 1, last=None)
    return new, [RaceEvent("taken_back", {"seat": seat, "total": new["total"]})]


def awaiting(state: dict) -> list[str]:
    if state["winner"] is not None:
        return []
    return [HOUSE] if state["house_due"] else [state["turn"]]


def legal(state: dict, seat: str) -> list[dict]:
    """What `seat` may send now: an addition on its turn, an undo of its own last one."""
    commands = [{"do": "add", "n": n} for n in STEPS] if awaiting(state) == [seat] else []
    return commands + ([dict(UNDO)] if can_take_back(state, seat) else [])


def outcome(state: dict) -> Optional[dict]:
    if state["winner"] is None:
        return None
    if state["winner"] == HOUSE:
        return {"result": "lost"}
    return {"result": "won", "winner": state["winner"]}
