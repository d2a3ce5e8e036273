"""Taking back one's own last commands in The Awoken, while nothing hidden came to light.

A person at a table may say "no, wait" and put a figure back, as long as nobody has seen
something new since: no card drawn, no counter or map card turned, no Ancients' card
revealed. The engine keeps, in `AwokenState.undo`, a pair [seat, version before] for each
command since the last such moment (the barrier, `undo_barrier`, says what it was), and
decides from it alone whether a seat may take its last command back:

* only during the players' turn (`not_your_turn` otherwise);
* only the latest command, and only by the seat that sent it: once the partner has played,
  a seat cannot pull the table back from under them (`partner_acted_since`); the partner
  may take theirs back first, and then the seat may too;
* nothing from before the barrier (`undo_after_reveal` when something was revealed,
  `nothing_to_undo` when the seat has done nothing this turn).

What the game looked like before that command is not in the state: the site replays its
log to that version (`games.undo`) and hands it to `take_back`, which returns it as the
next version with a `command_undone` event. The undo list inside the restored state is
the one from that moment, so taking back twice takes back two commands. `engine.apply`
of an `undo` checks the same conditions and, when they hold, says that the site does it.
"""
from __future__ import annotations

from typing import Any

from wildlands.rules.commands import Command
from wildlands.rules.errors import RuleError
from wildlands.rules.events import Event, EventLog
from wildlands.rules.state import GameState

from ancients_ai.engine import hand_off

# what a change in each part of `secrets_mark` means, in the order of the mark
_REVEALS = ("the players' turn ended", "a card was drawn", "an Ancients' card was turned",
            "a map card was drawn", "a treasure card was drawn", "a counter was turned over",
            "something was left to chance")
_TURN_ENDED = _REVEALS[0]


def secrets_mark(state: GameState) -> tuple:
    """What a command would change if it brought something hidden to light: the phase and
    round, every deck's size, the face-up counters and the generator."""
    awoken = state.mode_state
    turn = state.turn
    return ((turn.phase, turn.round),
            tuple(len(p.deck) for p in state.players),
            tuple((len(s.minion_deck), len(s.ancient_deck)) for s in awoken.scenarios),
            len(awoken.map_deck), len(awoken.treasure_deck),
            sum(1 for o in awoken.objects.values() if o.revealed),
            state.rng)


def after_command(state: GameState, seat: str, command: Command, mark: Any, version: int,
                  events: EventLog) -> None:
    """After each accepted command: a done seat that played is playing again, and the
    command is remembered as one that may be taken back, unless it revealed something
    (then nothing up to it may be)."""
    hand_off.resume_if_done(state, seat, command, events)
    awoken = state.mode_state
    now = secrets_mark(state)
    reason = next((why for why, a, b in zip(_REVEALS, mark, now) if a != b), None)
    if reason is None and (state.turn.phase != "play" or state.outcome is not None):
        reason = _TURN_ENDED
    if reason is not None:
        awoken.undo = []
        awoken.undo_barrier = reason
    else:
        awoken.undo.append([seat, version])


def may_undo(state: GameState) -> str | None:
    """The seat that may take back the latest command now, if any (for the board)."""
    awoken = state.mode_state
    if awoken is None or state.outcome is not None or state.turn.phase != "play":
        return None
    return awoken.undo[-1][0] if awoken.undo else None


def undo_target(state: GameState, seat: str) -> int:
    """The version `seat` would go back to by taking back its last command.

    :raises RuleError: game_over, not_your_turn, nothing_to_undo, undo_after_reveal,
        partner_acted_since (see the module's docstring).
    """
    if state.outcome is not None:
        raise RuleError("game_over", "the game is over")
    if state.turn.phase != "play":
        raise RuleError("not_your_turn", "moves can be taken back only during the players' turn")
    awoken = state.mode_state
    if not awoken.undo:
        barrier = awoken.undo_barrier
        if barrier is None or barrier == _TURN_ENDED:
            raise RuleError("nothing_to_undo", "you have made no move this turn to take back")
        raise RuleError("undo_after_reveal",
                        f"that cannot be taken back: {barrier} since, and nobody can unsee it")
    last_seat, version = awoken.undo[-1]
    if last_seat != seat:
        raise RuleError("partner_acted_since",
                        f"{last_seat} has played since your last move; only {last_seat} can "
                        "take that back")
    return int(version)


def check_undo(state: GameState, seat: str) -> None:
    """`engine.apply` of an `undo`: the same refusals; when it would be allowed, the site
    must do it, since the earlier state is in its log, not in the state."""
    undo_target(state, seat)
    raise RuleError("action_not_allowed",
                    "taking a move back needs the game's log: the site does it (games/undo.py)")


def take_back(state: GameState, seat: str, before: GameState) -> tuple[GameState, list[Event]]:
    """The game as it was at `before` (the version `undo_target` names), as the next
    version, and the `command_undone` event everyone sees.

    :raises RuleError: as `undo_target`; `before` must be the game at that version.
    """
    target = undo_target(state, seat)
    if before.version != target:
        raise ValueError(f"take_back needs the game at version {target}, not {before.version}")
    new = before.clone()
    new.version = state.version + 1
    events = EventLog()
    events.add("command_undone", player=seat, back_to=target)
    return new, list(events)
