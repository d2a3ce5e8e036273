"""A balance run played in chunks on the workers, for every game: the run is split into
chunks of games, each chunk is a Celery task keyed by (run, chunk index) on the balance
queue, recorded once, and the run is added up when its last chunk is recorded.

A game brings its concrete models (a `BalanceRunBase` and a `BalanceChunkBase` with a
`run` foreign key, reverse name `chunks`), its task (a thin wrapper over `play_chunk`) and
how one chunk's games are played (`play(run, chunk) -> one dict per game`, each built
from `balance_figures.game_seed(run.base_seed, i)`), so figures do not depend on how the
games were split or which worker played them. Recording is safe twice: a duplicate or late
delivery, or a worker killed mid-chunk with `acks_late`, changes no figure.
"""
from __future__ import annotations

import logging
import time
from typing import Any, Callable, Optional, Sequence

from django.db import transaction
from django.db.models import F
from django.utils import timezone

logger = logging.getLogger(__name__)

Play = Callable[[Any, Any], list]  # (run, chunk) -> the chunk's games, in order
Summarize = Callable[[Sequence[dict]], dict]


def split(run: Any, chunk_model: type) -> int:
    """Make the run's chunks (`run.chunk_size` games each, the last one shorter) and note
    how many; inside the caller's transaction. Returns the count."""
    chunks = [chunk_model(run=run, index=k, first=first,
                          count=min(run.chunk_size, run.games - first))
              for k, first in enumerate(range(0, run.games, run.chunk_size))]
    chunk_model.objects.bulk_create(chunks)
    run.chunks_total = len(chunks)
    run.save(update_fields=["chunks_total"])
    return len(chunks)


def send_after_commit(task_name: str, run_id: int, chunks: int) -> None:
    """Send the run's chunks to the balance queue once the run's row commits (with no
    broker they run right here, one after another)."""
    transaction.on_commit(lambda: _send(task_name, run_id, chunks), robust=True)


def _send(task_name: str, run_id: int, chunks: int) -> None:
    from celery import group
    from django.conf import settings

    from games.pipeline.task_sender import task_named

    task = task_named(task_name)  # by name: the task's module imports its game's services
    group(task.s(run_id, k) for k in range(chunks)).apply_async(
        queue=settings.CELERY_BALANCE_QUEUE)


def play_chunk(chunk_model: type, *, run_id: int, index: int, play: Play,
               summarize: Summarize, announce: Optional[Callable[[int], None]] = None,
               finished: Optional[Callable[[dict], dict]] = None) -> bool:
    """Play chunk `index` of run `run_id` and record it; add the run up when it was the
    last. `announce(run_id)` tells pages how far the run is; `finished(summary)` names
    columns of the game's run to write with its figures. Returns whether this call
    recorded the chunk (False: already recorded, or the run is over)."""
    chunk = chunk_model.objects.select_related("run").filter(run_id=run_id, index=index).first()
    if chunk is None or chunk.status == chunk_model.Status.DONE:
        return False
    run = chunk.run
    run_model = type(run)
    if run.status in (run_model.Status.FAILED, run_model.Status.DONE):
        return False
    run_model.objects.filter(pk=run.pk, status=run_model.Status.PENDING).update(
        status=run_model.Status.RUNNING)
    started = time.perf_counter()
    try:
        games = play(run, chunk)
    except Exception as error:  # content that cannot be set up fails the whole run, loudly
        logger.exception("balance run %s (%s) chunk %s failed", run.pk, run_model.__name__,
                         index)
        message = f"chunk {index}: {type(error).__name__}: {error}"[:2000]
        chunk_model.objects.filter(pk=chunk.pk).update(status=chunk_model.Status.FAILED,
                                                       error=message)
        run_model.objects.filter(pk=run.pk).update(status=run_model.Status.FAILED,
                                                   error=message, finished=timezone.now())
        if announce is not None:
            announce(run.pk)
        return False
    seconds = time.perf_counter() - started
    with transaction.atomic():
        counted = (chunk_model.objects.filter(pk=chunk.pk)
                   .exclude(status=chunk_model.Status.DONE)
                   .update(status=chunk_model.Status.DONE, results=games, seconds=seconds,
                           finished=timezone.now()))
        if counted:
            run_model.objects.filter(pk=run.pk).update(
                games_done=F("games_done") + chunk.count, chunks_done=F("chunks_done") + 1)
    if counted:
        finish(run_model, run_id=run.pk, summarize=summarize, finished=finished)
    if announce is not None:
        announce(run.pk)
    return bool(counted)


def finish(run_model: type, *, run_id: int, summarize: Summarize,
           finished: Optional[Callable[[dict], dict]] = None) -> bool:
    """Add up a run whose chunks are all recorded. Idempotent: the figures only depend on
    the recorded games, so two workers finishing at once write the same thing."""
    run = run_model.objects.get(pk=run_id)
    if run.status == run_model.Status.DONE or run.chunks_done < run.chunks_total:
        return False
    games = [game for chunk in run.chunks.order_by("index") for game in (chunk.results or [])]
    summary = summarize(games)
    summary["seconds"] = sum(run.chunks.values_list("seconds", flat=True), 0.0) if games else 0.0
    columns = finished(summary) if finished is not None else {}
    run_model.objects.filter(pk=run.pk).exclude(status=run_model.Status.FAILED).update(
        status=run_model.Status.DONE, results=summary, finished=timezone.now(), **columns)
    return True
