"""What a balance run's games add up to, for every game: each game's seed from the run's,
the win rate with its Wilson interval, how games ended and how long they lasted.

Pure (no Django): the workers' chunks, the tests and a shell call the same functions, so
figures measured on workers equal figures measured in one process. Game i of a run is
played from `game_seed(base_seed, i)`, whoever plays it and whenever; a run's figures are
built from its games in index order. A game is a dict with at least "seed", "result"
("won", "lost", "unfinished" or "error"), "cause" (why it was won or lost) and "rounds";
a game adds figures of its own beside these (e.g. The Awoken's crystal rounds).
"""
from __future__ import annotations

import hashlib
import math
from typing import Mapping, Sequence

Z_95 = 1.959963984540054


def game_seed(base_seed: int, index: int) -> int:
    """Game `index`'s seed: derived from the run's, the same in every process."""
    raw = hashlib.sha256(f"{int(base_seed)}:{int(index)}".encode()).hexdigest()
    return int(raw[:15], 16)


def wilson(wins: int, games: int, z: float = Z_95) -> tuple:
    """The Wilson score interval for a win rate (95% by default); (0, 0) with no games."""
    if games <= 0:
        return (0.0, 0.0)
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def pairs(counts: dict) -> list:
    """A histogram as JSON-ready [key, count] pairs, sorted by key."""
    return [[k, counts[k]] for k in sorted(counts)]


def summarize(games: Sequence[Mapping]) -> dict:
    """The figures of a run (JSON-ready; histograms as sorted [key, count] pairs)."""
    total = len(games)
    results: dict = {}
    loss_causes: dict = {}
    win_causes: dict = {}
    lengths: dict = {}
    errors = []
    for game in games:
        result = game["result"]
        results[result] = results.get(result, 0) + 1
        if result == "won":
            win_causes[game["cause"]] = win_causes.get(game["cause"], 0) + 1
        elif result in ("lost", "unfinished", "error"):
            cause = game["cause"] if result == "lost" else result
            loss_causes[cause] = loss_causes.get(cause, 0) + 1
        if result in ("won", "lost"):
            lengths[game["rounds"]] = lengths.get(game["rounds"], 0) + 1
        if result == "error" and len(errors) < 10:
            errors.append([game["seed"], game.get("error", "")])
    wins = results.get("won", 0)
    low, high = wilson(wins, total)
    finished = sum(lengths.values())
    return {
        "games": total,
        "wins": wins,
        "win_rate": wins / total if total else 0.0,
        "ci_low": low,
        "ci_high": high,
        "results": pairs(results),
        "win_causes": pairs(win_causes),
        "loss_causes": pairs(loss_causes),
        "rounds": pairs(lengths),
        "mean_rounds": (sum(r * n for r, n in lengths.items()) / finished) if finished else 0.0,
        "errors": errors,
    }
