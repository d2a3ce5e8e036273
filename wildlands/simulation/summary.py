"""A batch of played games in figures: wins by seat and faction, rounds, unfinished games."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional


from wildlands.simulation.records import GameRecord


@dataclass
class Summary:
    games: int = 0
    finished: int = 0
    wins_by_seat: dict = field(default_factory=dict)
    wins_by_faction: dict = field(default_factory=dict)
    played_by_faction: dict = field(default_factory=dict)
    causes: dict = field(default_factory=dict)
    results: dict = field(default_factory=dict)  # won / lost / draw / unfinished -> games
    loss_causes: dict = field(default_factory=dict)  # The Awoken: why the party lost
    rounds: int = 0
    commands: int = 0
    seconds: float = 0.0
    engine_seconds: float = 0.0
    errors: list = field(default_factory=list)  # (seed, message)

    def add(self, record: GameRecord) -> None:
        self.games += 1
        self.finished += record.finished
        self.rounds += record.rounds
        self.commands += record.commands
        self.seconds += record.seconds
        self.engine_seconds += record.engine_seconds
        self.causes[record.cause] = self.causes.get(record.cause, 0) + 1
        self.results[record.result] = self.results.get(record.result, 0) + 1
        if record.result == "lost":
            self.loss_causes[record.cause] = self.loss_causes.get(record.cause, 0) + 1
        for faction in record.factions:
            self.played_by_faction[faction] = self.played_by_faction.get(faction, 0) + 1
        for seat in record.winning_seats:
            self.wins_by_seat[seat] = self.wins_by_seat.get(seat, 0) + 1
            faction = record.factions[record.player_ids.index(seat)]
            self.wins_by_faction[faction] = self.wins_by_faction.get(faction, 0) + 1

    def lines(self, wall_seconds: Optional[float] = None,
              cpu_seconds: Optional[float] = None) -> list[str]:
        """The report, one line per figure. `cpu_seconds` (this process's CPU time for the
        run) adds the speed per CPU second, which a busy machine disturbs less than wall
        time."""
        games = max(self.games, 1)
        wall = wall_seconds if wall_seconds is not None else self.seconds
        out = [
            f"games: {self.games}  finished: {self.finished}  "
            f"unfinished: {self.causes.get('unfinished', 0)}  errors: {len(self.errors)}",
            "wins by seat: " + _counts(self.wins_by_seat),
            "wins by faction: " + ", ".join(
                f"{f} {self.wins_by_faction.get(f, 0)}/{n}"
                for f, n in sorted(self.played_by_faction.items())),
            "game end causes: " + _counts(self.causes),
            f"mean rounds: {self.rounds / games:.1f}  mean commands: {self.commands / games:.1f}",
        ]
        if wall > 0:
            out.append(f"speed: {self.games / wall:.1f} games/s, {self.commands / wall:,.0f} "
                       f"commands/s (bots included, one process)")
        if cpu_seconds:
            out.append(f"speed per CPU second: {self.games / cpu_seconds:.1f} games/s, "
                       f"{self.commands / cpu_seconds:,.0f} commands/s")
        if self.engine_seconds > 0:
            out.append(f"engine only: {self.commands / self.engine_seconds:,.0f} commands/s "
                       f"({100 * self.engine_seconds / max(wall, 1e-9):.0f}% of the time)")
        for seed, message in self.errors:
            out.append(f"ERROR in game seed {seed}: {message}")
        return out


def _counts(counts: dict) -> str:
    return ", ".join(f"{k} {v}" for k, v in sorted(counts.items())) or "none"
