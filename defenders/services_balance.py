"""Balance runs of Defenders of the Wild: bot games of one content version, for a player
count and a tier, played by a worker (`defenders.tasks.run_balance`) and added up with the
figures every game's runs share (`games.platform.balance_figures.summarize`: win rate
with its Wilson interval, game lengths, loss causes)."""
from __future__ import annotations

import logging
import secrets
import time
from typing import Optional

from django.db import transaction
from django.utils import timezone

from defenders.models import BalanceRun, ContentVersion
from defenders.rules.setup import TIERS
from defenders.services_content import version_content
from defenders.simulate import play_game
from games.content.common import ContentError
from games.platform import balance_figures

logger = logging.getLogger(__name__)

MAX_GAMES = 5_000


class BalanceRefused(ValueError):
    """A run asked for with settings that cannot work; the message says which."""


def balance_start(*, version: ContentVersion, players: int = 2, tier: str = "base",
                  games: int = 200, seed: Optional[int] = None, user=None) -> BalanceRun:
    """Create a run and send it to a worker after commit (with no broker it runs here).

    :raises BalanceRefused: a setting out of range, or content that cannot be played."""
    if not 1 <= int(players) <= 4:
        raise BalanceRefused("Defenders of the Wild is played by 1 to 4 players")
    if tier not in TIERS:
        raise BalanceRefused(f"unknown tier {tier!r} (one of {', '.join(TIERS)})")
    if not 1 <= int(games) <= MAX_GAMES:
        raise BalanceRefused(f"the number of games must be 1 to {MAX_GAMES}")
    try:
        version_content(version)
    except ContentError as error:
        raise BalanceRefused(str(error)) from None
    with transaction.atomic():
        run = BalanceRun.objects.create(
            version=version, players=int(players), tier=tier, games=int(games),
            base_seed=secrets.randbits(40) if seed is None else int(seed),
            created_by=user if getattr(user, "pk", None) else None)
        run_id = run.pk
        transaction.on_commit(lambda: _dispatch(run_id), robust=True)
    return run


def _dispatch(run_id: int) -> None:
    from django.conf import settings

    from games.pipeline.task_sender import task_named

    task_named("defenders.run_balance").apply_async(args=(run_id,),
                                                    queue=settings.CELERY_BALANCE_QUEUE)


def _one(content, players: int, tier: str, seed: int) -> dict:
    """One bot game; a game the core or the bot cannot go on with is an "error" game of the
    run (counted and shown with its seed), not the end of the run."""
    try:
        return play_game(content, players, tier, seed)
    except Exception as error:  # noqa: BLE001  (the run reports it with the seed)
        return {"result": "error", "cause": None, "rounds": 0,
                "error": f"{type(error).__name__}: {error}"[:300]}


def balance_play(*, run_id: int) -> bool:
    """Play a run's games and record the figures. Safe to run twice: the games are seeded
    and only a pending run is recorded. Returns whether this call recorded it."""
    run = BalanceRun.objects.select_related("version").filter(pk=run_id).first()
    if run is None or run.status != BalanceRun.Status.PENDING:
        return False
    started = time.perf_counter()
    try:
        content = version_content(run.version)
        games = []
        for i in range(run.games):
            seed = balance_figures.game_seed(run.base_seed, i)
            games.append({**_one(content, run.players, run.tier, seed), "seed": seed})
    except Exception as error:  # content that cannot be played fails the run, loudly
        logger.exception("defenders balance run %s failed", run_id)
        BalanceRun.objects.filter(pk=run_id, status=BalanceRun.Status.PENDING).update(
            status=BalanceRun.Status.FAILED, error=f"{type(error).__name__}: {error}"[:2000],
            finished=timezone.now())
        return False
    summary = balance_figures.summarize(games)
    return bool(BalanceRun.objects.filter(pk=run_id, status=BalanceRun.Status.PENDING).update(
        status=BalanceRun.Status.DONE, results=summary, seconds=time.perf_counter() - started,
        finished=timezone.now()))
