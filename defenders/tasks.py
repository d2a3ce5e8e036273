"""Celery tasks of Defenders of the Wild: a chunk of a balance run (a thin wrapper over
`services_balance.balance_play_chunk`, keyed by the run and the chunk and recorded once,
so a repeated or late delivery changes no figure). `run_balance`, the one task a run was
before runs were split, is still accepted for messages queued under it: it plays the whole
run. The machines' turn needs no task of its own: it is the site's opponent turn
(`games.tasks`), which asks the game's declaration to `advance`."""
from __future__ import annotations

from celery import shared_task

from defenders import services_balance


@shared_task(name="defenders.run_balance_chunk", acks_late=True, ignore_result=True)
def run_balance_chunk(run_id: int, index: int) -> bool:
    return services_balance.balance_play_chunk(run_id=int(run_id), index=int(index))


@shared_task(name="defenders.run_balance", acks_late=True, ignore_result=True)
def run_balance(run_id: int) -> bool:
    return services_balance.balance_play(run_id=int(run_id))
