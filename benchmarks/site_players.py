"""Bots that play real site games: the pure part shared by the fault tests, the hidden
information audit and the site benchmarks.

The site differs from `wildlands.simulation` in two ways that matter here: a skirmish's secret
assignments are made by the server when the last seat is taken, and The Awoken defers the
Ancients' turn to a worker (`defer_ancients`), so the players wait while
`frames.has_deferred_work` holds. `TablePlayers.next_command` answers "who sends what now"
for a state read from the site, the way `wildlands.simulation.play` does for headless games:
a prompt's seat answers; otherwise the actor acts; in The Awoken's shared turn each seat
plays until it would end the turn and the last one to be done ends it for everyone.

No Django here: callers read the state (`selectors.game_state`) and send the command
through `games.services` or a websocket.
"""
from __future__ import annotations

from typing import Optional

from wildlands.bots import make_bot
from wildlands.rules.frames import has_deferred_work
from wildlands.rules.legal import legal_commands
from wildlands.rules.state import GameState


def as_data(command) -> dict:
    """A legal command as the JSON object a client sends."""
    return command.to_data() if hasattr(command, "to_data") else dict(command)


class TablePlayers:
    """One bot per seat, seeded, plus who has said they are done in a shared turn."""

    def __init__(self, seats: tuple[str, ...] | list[str], *, bot: str = "greedy",
                 seed: int = 0) -> None:
        self.bots = {seat: make_bot(bot, seed * 16 + i + 1) for i, seat in enumerate(seats)}
        self.done: set[str] = set()
        self._round: Optional[int] = None

    def next_command(self, state: GameState) -> Optional[tuple[str, dict]]:
        """(seat, command) to send now, or None when no seat may act (the game is over or
        the Ancients' turn is pending)."""
        if state.outcome is not None or has_deferred_work(state):
            return None
        if state.turn.round != self._round:
            self._round, self.done = state.turn.round, set()
        if state.prompt is not None:
            return self._ask(state, state.prompt.to)
        if state.turn.phase == "setup":
            seat = next((s for s in state.player_ids() if legal_commands(state, s)), None)
            return None if seat is None else self._ask(state, seat)
        actor = state.turn.actor
        if actor is not None:
            return self._ask(state, actor)
        # The Awoken's shared turn: each player plays until done; the last ends it.
        waiting = [s for s in state.player_ids() if s not in self.done]
        for seat in waiting:
            picked = self._ask(state, seat)
            if picked is None:
                self.done.add(seat)
                continue
            if picked[1].get("do") == "end_turn" and len(self.done) + 1 < len(state.players):
                self.done.add(seat)
                continue
            if picked[1].get("do") == "end_turn":
                self.done.clear()
            return picked
        return None

    def _ask(self, state: GameState, seat: str) -> Optional[tuple[str, dict]]:
        legal = legal_commands(state, seat)
        if not legal and state.turn.phase != "setup":
            return None
        command = self.bots[seat].choose(state, seat, legal)
        return None if command is None else (seat, as_data(command))
