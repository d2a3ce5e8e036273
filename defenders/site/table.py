"""What a stored game of Defenders of the Wild holds: the rules core's state and the trail
of commands its active seat may still take back (pure: no Django, no I/O).

A person may say "no, wait" and put their organizer back, as long as nobody has learned
anything new since: no card drawn or played out of a hand, no defender deck's top taken,
no machine card turned, no die rolled, and the turn not handed on. The trail holds a pair
[seat, version before] for each command since the last such moment (`barrier` says what it
was); the site replays its log to that version and hands it to `take_back`, which returns
it as the next version. The trail inside the restored table is the one from that moment,
so taking back twice takes back two commands.

The core (`defenders.rules`) knows nothing of this: the trail wraps its state, so its
`apply`, views, bots and rules cases are untouched.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Optional

from defenders.rules import engine
from defenders.rules.serialize import state_from_data, state_to_data
from defenders.rules.state import GameState
from defenders.rules.errors import RuleError
from defenders.rules.events import EventLog
from games.platform.events import Event


# What a change in each part of `secrets_mark` means, in the order of the mark.
_REVEALS = ("the turn passed on", "a defender deck was drawn from", "a card left or joined a hand",
            "a machine card was turned", "the die was rolled")
TURN_PASSED = _REVEALS[0]
UNDO = "undo"


@dataclass(slots=True)
class Table:
    """One game as the site stores it. `undo`: [seat, version before] of each command that
    may still be taken back, oldest first; `barrier`: why nothing before them may."""

    game: GameState
    undo: list = field(default_factory=list)
    barrier: Optional[str] = None

    @property
    def version(self) -> int:
        return self.game.version


def secrets_mark(state: GameState) -> tuple:
    """What a command changes when it brings something hidden to light: whose turn it is,
    each faction's deck size, each hand's size, the machine deck's size and the generator
    (every die roll and shuffle draws from it)."""
    turn = state.turn
    return ((turn.stage, turn.round, turn.active),
            tuple(len(f.deck) for f in state.factions.values()),
            tuple(len(s.hand) for s in state.seats), len(state.deck), state.rng)


def apply(table: Table, seat: str, command: Any) -> tuple[Table, list[Event]]:
    """The core's `apply`, remembering the command as one that may be taken back unless it
    revealed something or was not a move of the action phase.

    :raises RuleError: the core's refusals; an `undo` sent here is checked (the same
        refusals as `undo_target`) and, when allowed, refused with `action_not_allowed`:
        the earlier state is in the site's log, not in the table."""
    if isinstance(command, Mapping) and command.get("do") == UNDO:
        undo_target(table, seat)
        raise RuleError("action_not_allowed",
                        "taking a move back needs the game's log: the site does it")
    before = table.game
    mark = secrets_mark(before)
    state, events = engine.apply(before, seat, dict(command) if isinstance(command, Mapping)
                                 else command)
    now = secrets_mark(state)
    reason = next((why for why, a, b in zip(_REVEALS, mark, now) if a != b), None)
    if reason is None and (before.turn.stage != "action" or state.outcome is not None):
        reason = TURN_PASSED
    if reason is not None:
        return Table(state, [], reason), events
    return Table(state, [*table.undo, [seat, before.version]], table.barrier), events


def advance(table: Table) -> tuple[Table, list[Event]]:
    """The machines' turn (the core's `advance`); nothing before it may be taken back."""
    state, events = engine.advance(table.game)
    if state is table.game:
        return table, events
    return Table(state, [], TURN_PASSED), events


def may_undo(table: Table) -> Optional[str]:
    """The seat that may take back the latest command now, if any (for the board)."""
    state = table.game
    if state.outcome is not None or state.turn.stage != "action" or not table.undo:
        return None
    return str(table.undo[-1][0])


def undo_target(table: Table, seat: str) -> int:
    """The version `seat` goes back to by taking back its last command.

    :raises RuleError: game_over; not_your_turn (outside the action phase);
        nothing_to_undo; undo_after_reveal; partner_acted_since."""
    state = table.game
    if state.outcome is not None:
        raise RuleError("game_over", "the game is over")
    if state.turn.stage != "action":
        raise RuleError("not_your_turn", "moves can be taken back only during a turn's actions")
    if not table.undo:
        if table.barrier is None or table.barrier == TURN_PASSED:
            raise RuleError("nothing_to_undo", "you have made no move this turn to take back")
        raise RuleError("undo_after_reveal",
                        f"that cannot be taken back: {table.barrier} since, and nobody can "
                        "unsee it")
    last_seat, version = table.undo[-1]
    if last_seat != seat:
        raise RuleError("partner_acted_since",
                        f"{last_seat} has played since; only {last_seat} can take that back")
    return int(version)


def take_back(table: Table, seat: str, earlier: Table) -> tuple[Table, list[Event]]:
    """The game as it was at `earlier` (the version `undo_target` names) as the next version,
    with the `command_undone` event everyone sees.

    :raises RuleError: as `undo_target`; ValueError: `earlier` is not at that version."""
    target = undo_target(table, seat)
    if earlier.version != target:
        raise ValueError(f"take_back needs the game at version {target}, not {earlier.version}")
    state = earlier.game.clone()
    state.version = table.version + 1
    events = EventLog()
    events.add("command_undone", player=seat, back_to=target)
    return Table(state, [list(p) for p in earlier.undo], earlier.barrier), list(events)


def table_to_data(table: Table) -> dict[str, Any]:
    """The core's stored data with the trail beside it (the core reads only its own keys)."""
    return {**state_to_data(table.game), "undo": [list(p) for p in table.undo],
            "undo_barrier": table.barrier}


def table_from_data(data: Mapping[str, Any]) -> Table:
    return Table(state_from_data(dict(data)), [[str(s), int(v)] for s, v in data.get("undo", [])],
                 data.get("undo_barrier"))
