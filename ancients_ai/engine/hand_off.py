"""The players' turn handed off between seats: each seat says it is done (`finish`).

Two people at a table end their shared turn when both have said so, not when the first
one reaches for the button. So in The Awoken:

* `finish` marks the seat done (event `seat_finished`, seen by everyone, naming who is
  still playing). When every seat is done the turn ends exactly as with `end_turn`.
  Alone, the one seat's `finish` ends it at once.
* `end_turn` keeps its meaning (rules-cases.md): any seat may end the turn for everyone at
  once. The board asks that seat to confirm first, naming what the partner gives up.
* A done seat that plays again is no longer done (event `seat_resumed`): saying "done"
  and then spotting one more move is ordinary at a table, and refusing it would only make
  the player undo their "done" first. A second `finish` from a done seat is refused.
* The partner's actions never touch a seat's done mark or its cards.

During an interrupt in the Ancients' turn `finish` is the interrupter's `end_turn`: the
interrupter is done, and the Ancients go on.
"""
from __future__ import annotations

from wildlands.rules.commands import Command
from wildlands.rules.errors import RuleError
from wildlands.rules.events import EventLog
from wildlands.rules.state import GameState


def still_playing(state: GameState) -> list:
    """The seats that have not said they are done, in seat order."""
    done = state.mode_state.done
    return [p for p in state.player_ids() if p not in done]


def finish(state: GameState, seat: str, events: EventLog) -> bool:
    """Mark `seat` done; True when that makes every seat done (the caller ends the turn).

    :raises RuleError: action_not_allowed when the seat has already said so.
    """
    done = state.mode_state.done
    if seat in done:
        waiting = ", ".join(still_playing(state))
        raise RuleError("action_not_allowed",
                        f"you have already said you are done; waiting for {waiting}")
    done.append(seat)
    waiting_for = still_playing(state)
    events.add("seat_finished", player=seat, waiting_for=waiting_for)
    return not waiting_for


def resume_if_done(state: GameState, seat: str, command: Command, events: EventLog) -> None:
    """A done seat that acts again during the players' turn is playing again."""
    awoken = state.mode_state
    if (state.turn.phase == "play" and seat in awoken.done
            and command.name not in ("finish", "end_turn")):
        awoken.done.remove(seat)
        events.add("seat_resumed", player=seat)
