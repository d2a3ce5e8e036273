"""A played game's record: enough to replay it (seed, content, command log) and a digest
of the final state to check the replay against."""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any, Optional

from wildlands.rules.serialize import state_to_data
from wildlands.rules.state import GameState

DEFAULT_MAX_COMMANDS = 3000


class SimulationError(Exception):
    """A game could not go on: a seat had nothing legal to do, or a replay diverged."""


@dataclass
class GameRecord:
    """One played game: enough to replay it, plus what the summary reports."""

    seed: int
    mode: str
    map_name: str
    factions: tuple
    player_ids: tuple
    bots: tuple  # bot names, one per seat
    scenarios: tuple = ()  # The Awoken: scenario ids, one per seat
    easy: bool = False  # The Awoken: the easy game (a treasure each to start)
    log: list = field(default_factory=list)  # (seat, command dict) in the order applied
    outcome: Optional[dict] = None
    rounds: int = 0
    final_digest: str = ""  # of the final state, for replay checks: see `_final_digest`
    seconds: float = 0.0  # wall time of the whole game, bots included
    engine_seconds: float = 0.0  # time inside engine.apply / advance only

    @property
    def commands(self) -> int:
        return len(self.log)

    @property
    def finished(self) -> bool:
        return self.outcome is not None

    @property
    def cause(self) -> str:
        """Why the game ended: points | wiped_out | draw | unfinished (or a mode's own)."""
        if self.outcome is None:
            return "unfinished"
        if self.outcome.get("result") == "draw":
            return "draw"
        return str(self.outcome.get("cause", self.outcome.get("result", "?")))

    @property
    def winner(self) -> Optional[str]:
        return None if self.outcome is None else self.outcome.get("winner")

    @property
    def winner_faction(self) -> Optional[str]:
        if self.winner is None:
            return None
        return self.factions[self.player_ids.index(self.winner)]

    @property
    def result(self) -> str:
        """won | lost | draw (a skirmish always has a winner: won) | unfinished."""
        if self.outcome is None:
            return "unfinished"
        return str(self.outcome.get("result", "?"))

    @property
    def winning_seats(self) -> tuple:
        """The seats that won: the skirmish's winner, the winning team in a war, or the
        whole party in The Awoken."""
        team = None if self.outcome is None else self.outcome.get("team")
        if team is not None:
            from wildlands.rules.war.setup import teams_for
            ancients = next((p for p, f in zip(self.player_ids, self.factions)
                             if f == "ancients"), None)  # five players: the team of two's
            return tuple(teams_for(self.player_ids, ancients)[int(team[1:]) - 1])
        if self.winner is not None:
            return (self.winner,)
        if self.result == "won":
            return self.player_ids
        return ()

    def keep_final_state(self, state: GameState) -> None:
        """Remember the final state; `final_digest` is worked out from it when first read.

        A digest serialises the whole state, content included (board, cards, scenario
        sheets), which costs about a tenth of a whole game of The Awoken; a run of hundreds
        of games reads it only for the games it replays."""
        self.__dict__["_digest"] = ""
        self.__dict__["_final_state"] = state

    def to_data(self) -> dict[str, Any]:
        return {"seed": self.seed, "mode": self.mode, "map": self.map_name,
                "factions": list(self.factions), "players": list(self.player_ids),
                "bots": list(self.bots), "scenarios": list(self.scenarios), "easy": self.easy,
                "log": [[s, c] for s, c in self.log],
                "outcome": self.outcome, "rounds": self.rounds,
                "final_digest": self.final_digest}


def _final_digest(record: GameRecord) -> str:
    digest = record.__dict__.get("_digest", "")
    state = record.__dict__.get("_final_state")
    if not digest and state is not None:
        digest = state_digest(state)
        record.__dict__.update(_digest=digest, _final_state=None)
    return digest


def _set_final_digest(record: GameRecord, digest: str) -> None:
    record.__dict__.update(_digest=digest, _final_state=None)


# `final_digest` stays an ordinary field to construct, compare and print; reading it works
# the digest out from the kept final state the first time (see `keep_final_state`).
GameRecord.final_digest = property(_final_digest, _set_final_digest)


def state_digest(state: GameState) -> str:
    """A fingerprint of the full state (secrets included), for replay checks."""
    text = json.dumps(state_to_data(state), sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()
