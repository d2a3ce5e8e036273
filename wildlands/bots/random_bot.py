"""RandomBot: plays any legal command, uniformly, and ends its turn more readily the more it
has done this turn, so that games between random bots still finish."""
from __future__ import annotations

from typing import Optional

from games.platform.rng import Rng, seed_state
from wildlands.rules.setup import auto_assignment
from wildlands.rules.state import GameState


class RandomBot:
    """Uniform among legal commands, with a growing bias to end the turn.

    The chance to end the turn when it may is `end_base + end_step * actions taken this
    turn` percent (capped at 90); the chance to interrupt when offered is
    `interrupt_percent`.
    """

    name = "random"

    def __init__(self, seed: int, *, end_base: int = 10, end_step: int = 15,
                 interrupt_percent: int = 25) -> None:
        self.rng = seed_state(seed)  # the bot's own generator: Rng(self) draws from it
        self.end_base = end_base
        self.end_step = end_step
        self.interrupt_percent = interrupt_percent
        self._turn: tuple = ()
        self._actions = 0

    def choose(self, state: GameState, seat: str, legal: list,
               optional: bool = False) -> Optional[dict]:
        rng = Rng(self)
        if state.turn.phase == "setup":
            return {"do": "assign", "spaces": auto_assignment(state, seat, rng)}
        if optional:
            if legal and rng.below(100) < self.interrupt_percent:
                return rng.choice(legal)
            return None
        if state.prompt is None:
            turn = (state.turn.round, state.turn.active, state.turn.actor)
            if turn != self._turn:
                self._turn, self._actions = turn, 0
            ending = [c for c in legal if c.get("do") == "end_turn"]
            chance = min(90, self.end_base + self.end_step * self._actions)
            if ending and rng.below(100) < chance:
                return ending[0]
            self._actions += 1
        return rng.choice(legal)
