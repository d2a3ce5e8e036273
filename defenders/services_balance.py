"""Balance runs of Defenders of the Wild: bot games of one content version, for a player
count and a tier, played in chunks by the workers (`defenders.tasks.run_balance_chunk`,
the platform's chunks: `games.platform.balance_runs`) and added up with the figures every
game's runs share (`games.platform.balance_figures.summarize`: win rate with its Wilson
interval, game lengths, loss causes)."""
from __future__ import annotations

import secrets
from typing import Optional

from django.db import transaction

from defenders.models import BalanceChunk, BalanceRun, ContentVersion
from defenders.rules.setup import TIERS
from defenders.services_content import version_content
from defenders.simulate import play_game
from games.platform.content_common import ContentError
from games.platform import balance_figures, balance_runs

MAX_GAMES = 5_000
CHUNK_TASK = "defenders.run_balance_chunk"


class BalanceRefused(ValueError):
    """A run asked for with settings that cannot work; the message says which."""


def balance_start(*, version: ContentVersion, players: int = 2, tier: str = "base",
                  games: int = 200, seed: Optional[int] = None, chunk_size: int = 50,
                  user=None) -> BalanceRun:
    """Create a run of `games` games in chunks of `chunk_size` and send the chunks to the
    workers after commit (with no broker they run here, one after another).

    :raises BalanceRefused: a setting out of range, or content that cannot be played."""
    if not 1 <= int(players) <= 4:
        raise BalanceRefused("Defenders of the Wild is played by 1 to 4 players")
    if tier not in TIERS:
        raise BalanceRefused(f"unknown tier {tier!r} (one of {', '.join(TIERS)})")
    if not 1 <= int(games) <= MAX_GAMES:
        raise BalanceRefused(f"the number of games must be 1 to {MAX_GAMES}")
    if not 1 <= int(chunk_size) <= MAX_GAMES:
        raise BalanceRefused(f"a chunk holds 1 to {MAX_GAMES} games")
    try:
        version_content(version)
    except ContentError as error:
        raise BalanceRefused(str(error)) from None
    with transaction.atomic():
        run = BalanceRun.objects.create(
            version=version, players=int(players), tier=tier, games=int(games),
            chunk_size=int(chunk_size), base_seed=secrets.randbits(40) if seed is None else int(seed),
            created_by=user if getattr(user, "pk", None) else None)
        chunks = balance_runs.split(run, BalanceChunk)
        balance_runs.send_after_commit(CHUNK_TASK, run.pk, chunks)
    return run


def _one(content, players: int, tier: str, seed: int) -> dict:
    """One bot game; a game the core or the bot cannot go on with is an "error" game of the
    run (counted and shown with its seed), not the end of the run."""
    try:
        return play_game(content, players, tier, seed)
    except Exception as error:  # noqa: BLE001  (the run reports it with the seed)
        return {"result": "error", "cause": None, "rounds": 0,
                "error": f"{type(error).__name__}: {error}"[:300]}


def _play(run: BalanceRun, chunk: BalanceChunk) -> list:
    content = version_content(run.version)
    seeds = [balance_figures.game_seed(run.base_seed, i)
             for i in range(chunk.first, chunk.first + chunk.count)]
    return [{**_one(content, run.players, run.tier, seed), "seed": seed} for seed in seeds]


def balance_play_chunk(*, run_id: int, index: int) -> bool:
    """Play chunk `index` of a run and record it; the run is added up with its last chunk.
    Safe to run twice. Returns whether this call recorded it."""
    return balance_runs.play_chunk(BalanceChunk, run_id=run_id, index=index, play=_play,
                                   summarize=balance_figures.summarize,
                                   finished=lambda summary: {"seconds": summary["seconds"]})


def balance_play(*, run_id: int) -> bool:
    """Every chunk of a run, here, in order: for a run queued as one task (the task name
    `defenders.run_balance`, from before runs were split; such a run has no chunks yet, so
    they are made first). Returns whether a chunk was recorded."""
    with transaction.atomic():
        run = BalanceRun.objects.select_for_update().filter(pk=run_id).first()
        if run is None or run.status != BalanceRun.Status.PENDING:
            return False
        if not run.chunks.exists():
            balance_runs.split(run, BalanceChunk)
        total = run.chunks.count()
    recorded = [balance_play_chunk(run_id=run_id, index=k) for k in range(total)]
    return any(recorded)
