"""Refusals shared by the command handlers: every refusal is a RuleError with a stable code
(its `defenders.rules.errors.CODES`) and a sentence a player can read."""
from __future__ import annotations

from typing import Any, NoReturn, Optional

from defenders.rules.hexes import Edge, Hex, parse_edge, parse_hex
from defenders.rules.state import Faction, GameState
from defenders.rules.errors import RuleError


def refuse(code: str, message: str) -> NoReturn:
    raise RuleError(code, message)


def hex_field(command: dict, name: str) -> Hex:
    found = maybe_hex(command, name)
    if found is None:
        refuse("invalid_command", f"`{name}` is missing: a hex as [q, r]")
    return found


def maybe_hex(command: dict, name: str) -> Optional[Hex]:
    """The hex in `command[name]`, or None when it is missing or null."""
    if command.get(name) is None:
        return None
    try:
        return parse_hex(command[name])
    except ValueError as exc:
        refuse("invalid_command", f"`{name}`: {exc}")


def edge_field(command: dict, name: str = "edge") -> Edge:
    if name not in command:
        refuse("invalid_command", f"`{name}` is missing: an edge as [[q, r], [q, r]]")
    try:
        return parse_edge(command[name])
    except ValueError as exc:
        refuse("invalid_command", f"`{name}`: {exc}")


def str_field(command: dict, name: str, *, required: bool = True) -> Optional[str]:
    value = command.get(name)
    if value is None:
        if required:
            refuse("invalid_command", f"`{name}` is missing")
        return None
    if not isinstance(value, str):
        refuse("invalid_command", f"`{name}` must be a name, not {value!r}")
    return value


def only_fields(command: dict, allowed: set) -> None:
    extra = set(command) - allowed - {"do", "as", "expect_error"}
    if extra:
        refuse("invalid_command", f"{command.get('do')} takes no {', '.join(sorted(extra))}")


def acting_faction(state: GameState, seat: str) -> Faction:
    """The faction taking its turn, if `seat` is the one whose turn it is."""
    turn = state.turn
    if turn.stage != "action":
        refuse("action_not_allowed", f"actions are taken in the action phase, not now "
                                     f"({turn.stage})")
    if seat != turn.active or turn.faction is None:
        refuse("not_your_turn", f"it is {turn.active}'s turn")
    return state.factions[turn.faction]


def at_hex(faction: Faction) -> Hex:
    if faction.at is None:
        refuse("not_on_board", f"the {faction.id} organizer is not on the board")
    return faction.at


def describe(hex_: Any) -> str:
    return f"[{hex_[0]}, {hex_[1]}]"
