"""The entry points that change a game: `apply(state, seat, command)` and `advance(state)`.

Validation runs in a fixed order (malformed -> game over -> who may send it -> the
command's own conditions), on a clone, so a refusal at any depth leaves the caller's
state exactly as it was. `advance` runs the machines' deferred turn (on the site, a
Celery task): one machine card, then the next seat's turn.
"""
from __future__ import annotations

from typing import Any, Callable

from defenders.rules import actions, items, organize, reveal, setup
from defenders.rules.checks import refuse
from defenders.rules.events import EventLog
from defenders.rules.machines import run_machine_card
from defenders.rules.state import GameState
from defenders.rules.turns import awaiting
from games.platform.events import Event

Handler = Callable[[GameState, str, dict, EventLog], None]

HANDLERS: dict[str, Handler] = {
    "start_camp": setup.start_camp,
    "choose": organize.choose,
    "resolve": reveal.resolve_choice,
    "move": actions.move,
    "regroup": actions.regroup,
    "build_camp": actions.build_camp,
    "clear_pollution": actions.clear_pollution,
    "heal": actions.heal_action,
    "destroy_mech": actions.destroy_mech,
    "breach": actions.breach,
    "rewild": actions.rewild,
    "gain_item": actions.gain_item_action,
    "team_up": actions.team_up,
    "use_item": items.use_item,
    "end_turn": actions.end_turn_command,
}


class _Unrecorded(EventLog):
    """An event log that keeps nothing, for simulations that never read events."""

    def add(self, kind: str, *, visible_to=None, **data: Any) -> None:
        return None


def apply(state: GameState, seat: str, command: Any, *, in_place: bool = False,
          quiet: bool = False) -> tuple[GameState, list[Event]]:
    """Apply one command from `seat`; return the new state and the events it caused.

    `in_place` changes `state` itself (for simulations that drop the old state; a refusal
    may then leave it half-changed); `quiet` records no events.

    :raises RuleError: the command is refused; `state` is untouched (unless `in_place`).
    """
    if not isinstance(command, dict) or not isinstance(command.get("do"), str):
        refuse("invalid_command", 'a command is a mapping like {"do": "move", "to": [q, r]}')
    handler = HANDLERS.get(command["do"])
    if handler is None:
        refuse("invalid_command", f"unknown command {command['do']!r} "
                                  f"(one of {', '.join(sorted(HANDLERS))})")
    if state.outcome is not None:
        refuse("game_over", "the game is over")
    if seat not in state.seat_ids():
        refuse("invalid_command", f"{seat!r} is not a seat in this game")
    if state.turn.stage == "machines":
        refuse("not_your_turn", "the machines are taking their turn")
    new = state if in_place else state.clone()
    events = _Unrecorded() if quiet else EventLog()
    handler(new, seat, command, events)
    new.version = state.version + 1
    return new, list(events)


def advance(state: GameState, *, in_place: bool = False,
            quiet: bool = False) -> tuple[GameState, list[Event]]:
    """Run the machines' turn when it is due; otherwise return `state` unchanged (same
    version), so a retried worker task is harmless."""
    if state.outcome is not None or awaiting(state) != ["machines"]:
        return state, []
    new = state if in_place else state.clone()
    events = _Unrecorded() if quiet else EventLog()
    run_machine_card(new, events)
    new.version = state.version + 1
    return new, list(events)


__all__ = ["apply", "advance", "awaiting"]
