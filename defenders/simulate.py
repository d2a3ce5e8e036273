"""Headless bot games of Defenders of the Wild, for balance figures (pure: no I/O).

`play_games(players, tier, games, seed)` plays that many games with the greedy bot in
every seat and returns the win rate, mean rounds and loss causes. Every loop is bounded: a
game that has not ended after `MAX_ROUNDS` rounds or `MAX_STEPS` commands counts as
`unfinished` (never seen with the shipped content, but never a hang).
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Optional

from defenders import bots
from defenders.rules.content import FACTIONS, Content
from defenders.rules.engine import advance, apply
from defenders.rules.legal import legal_commands
from defenders.rules.setup import new_game
from defenders.rules.turns import awaiting
from games.platform.rng import Rng, seed_state

MAX_ROUNDS = 60
MAX_STEPS = 20_000
MAX_TURN_COMMANDS = 100  # a turn this long is a loop of free actions: the bot ends it


class _Holder:
    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)


def seat_factions(players: int, game_seed: int) -> dict[str, list[str]]:
    """Which factions sit where: a rotation of the four, turned by the game's seed."""
    start = game_seed % 4
    order = [FACTIONS[(start + i) % 4] for i in range(4)]
    if players == 1:
        return {"p1": order[:2]}
    return {f"p{i + 1}": [order[i]] for i in range(players)}


def play_game(content: Content, players: int, tier: str, seed: int) -> dict[str, Any]:
    """One bot game: {"result", "cause", "rounds", "steps"}."""
    factions = seat_factions(players, seed)
    state, _ = new_game(content, list(factions), factions, tier=tier, seed=seed)
    rng = Rng(_Holder(seed ^ 0x5EED))
    steps, turn_key, turn_commands = 0, None, 0
    while state.outcome is None and steps < MAX_STEPS and state.turn.round <= MAX_ROUNDS:
        steps += 1
        waiting = awaiting(state)
        if waiting == ["machines"]:
            state, _ = advance(state, in_place=True, quiet=True)
            continue
        seat = waiting[0]
        key = (state.turn.round, state.turn.stage, state.turn.active)
        turn_commands = turn_commands + 1 if key == turn_key else 0
        turn_key = key
        legal = legal_commands(state, seat)
        if turn_commands > MAX_TURN_COMMANDS and {"do": "end_turn"} in legal:
            command = {"do": "end_turn"}
        else:
            command = bots.choose(state, seat, legal, rng)
        state, _ = apply(state, seat, command, in_place=True, quiet=True)
    if state.outcome is None:
        return {"result": "unfinished", "cause": None, "rounds": state.turn.round,
                "steps": steps}
    return {"result": state.outcome.result, "cause": state.outcome.cause,
            "rounds": state.turn.round, "steps": steps}


def play_games(players: int, tier: str, games: int, seed: int,
               content: Optional[Content] = None) -> dict[str, Any]:
    """Play `games` bot games and summarise them.

    Returns {"players", "tier", "games", "wins", "win_rate", "mean_rounds", "causes"}
    (`causes`: how many games ended each way, losses and unfinished included)."""
    if content is None:
        from defenders.content_loader import load_content  # the one read of shipped files
        content = load_content()
    results = [play_game(content, players, tier, seed * 100_003 + i) for i in range(games)]
    wins = sum(r["result"] == "won" for r in results)
    causes = Counter(r["cause"] or r["result"] for r in results)
    return {"players": players, "tier": tier, "games": games, "wins": wins,
            "win_rate": wins / games if games else 0.0,
            "mean_rounds": sum(r["rounds"] for r in results) / games if games else 0.0,
            "causes": dict(sorted(causes.items()))}
