"""Balance runs: many seeded games of a scenario version, played in chunks by the
workers (`tasks.run_simulation_chunk`), recorded once each, and added up."""
from __future__ import annotations

import logging
import secrets
import threading
import time
from collections import OrderedDict
from typing import Any, Optional, Sequence

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from games.content.common import ContentError

from ancients_ai import balance, selectors
from ancients_ai.models import ScenarioVersion, SimulationChunk, SimulationRun
from ancients_ai.services.content import map_checked, treasures_checked

logger = logging.getLogger(__name__)

MAX_GAMES = 100_000
MAX_CHUNK = 1_000
DEFAULT_GAMES = 1000
DEFAULT_CHUNK = 50


class SimulationRefused(ValueError):
    """A balance run asked for with settings that cannot work; the message says which."""


_SCENARIO_CACHE: "OrderedDict[tuple, Any]" = OrderedDict()
_SETUP_CACHE: "OrderedDict[tuple, balance.BalanceSetup]" = OrderedDict()
_CACHE_LOCK = threading.Lock()


def _cached(cache: OrderedDict, key: Any, build, size: int = 16):
    with _CACHE_LOCK:
        if key in cache:
            cache.move_to_end(key)
            return cache[key]
    value = build()
    with _CACHE_LOCK:
        cache[key] = value
        while len(cache) > size:
            cache.popitem(last=False)
    return value


def balance_scenario(version: ScenarioVersion):
    """A version's checked `Scenario` (parsed once per process: versions never change)."""
    from ancients_ai.engine.scenarios import scenario_from_data

    return _cached(_SCENARIO_CACHE, (version.pk, version.digest),
                   lambda: scenario_from_data(version.data, f"scenario {version}"))


def simulation_setup_data(*, map_name: str, factions: Sequence[str]) -> dict:
    """What a run plays with besides its versions, frozen when it starts."""
    return {"board": selectors.map_data(map_name),
            "factions": [selectors.faction_data(fid) for fid in factions],
            "treasures": selectors.treasure_data()}


def balance_setup(run: SimulationRun) -> balance.BalanceSetup:
    """The run's setup as engine objects (built once per process and run)."""
    from games.content.factions import faction_from_data

    def build():
        versions = [run.version]
        partner = run.setup.get("partner_version")
        if partner:
            versions.append(ScenarioVersion.objects.get(pk=partner))
        return balance.BalanceSetup(
            scenarios=tuple(balance_scenario(v) for v in versions),
            board=map_checked(run.setup["board"], f"run {run.pk} map"),
            factions=tuple(faction_from_data(f, source=f"run {run.pk} faction")
                           for f in run.setup["factions"]),
            treasures=treasures_checked(run.setup["treasures"], f"run {run.pk} treasures"),
            bot=run.bot, easy=run.easy)

    # keyed by more than the id: a database may hand a deleted row's id to a new row
    return _cached(_SETUP_CACHE, (run.pk, run.created, run.version_id), build)


def simulation_start(*, version: ScenarioVersion, games: int = DEFAULT_GAMES,
                     chunk_size: int = DEFAULT_CHUNK, seed: Optional[int] = None,
                     map_name: str = "dungeon", factions: Sequence[str] = (),
                     partner: Optional[ScenarioVersion] = None, bot: str = "awoken",
                     easy: bool = False, user=None) -> SimulationRun:
    """Create a balance run of `games` games in chunks and send the chunks to the workers
    (after commit; with no broker they run right here, one after another).

    With a `partner` version the games are two-player (side A), one scenario per seat.

    :raises SimulationRefused: a setting out of range, or content that cannot be played.
    """
    from games.bots import bot_factories

    if not 1 <= int(games) <= MAX_GAMES:
        raise SimulationRefused(f"the number of games must be 1 to {MAX_GAMES}")
    if not 1 <= int(chunk_size) <= MAX_CHUNK:
        raise SimulationRefused(f"a chunk holds 1 to {MAX_CHUNK} games")
    if bot not in bot_factories():
        raise SimulationRefused(f"unknown bot {bot!r}; known: {', '.join(sorted(bot_factories()))}")
    players = 2 if partner is not None else 1
    factions = list(factions) or [fid for fid, _ in selectors.faction_choices()][:players]
    if len(factions) != players or len(set(factions)) != players:
        raise SimulationRefused(f"{players} player(s) need {players} different faction(s)")
    if partner is not None and partner.scenario_id == version.scenario_id:
        raise SimulationRefused("a two-player run needs a partner scenario other than this one")
    try:
        setup = simulation_setup_data(map_name=map_name, factions=factions)
        if partner is not None:
            setup["partner_version"] = partner.pk
        map_checked(setup["board"], f"map {map_name}")
        treasures_checked(setup["treasures"], "treasure deck")
        balance_scenario(version)
    except ContentError as error:
        raise SimulationRefused(str(error)) from None
    seed = secrets.randbits(48) if seed is None else int(seed)
    games, chunk_size = int(games), int(chunk_size)
    with transaction.atomic():
        run = SimulationRun.objects.create(
            version=version, games=games, chunk_size=chunk_size, base_seed=seed,
            map_name=map_name, factions=factions, bot=bot, easy=easy, setup=setup,
            created_by=user if getattr(user, "pk", None) else None)
        chunks = [SimulationChunk(run=run, index=k, first=first, count=min(chunk_size, games - first))
                  for k, first in enumerate(range(0, games, chunk_size))]
        SimulationChunk.objects.bulk_create(chunks)
        run.chunks_total = len(chunks)
        run.save(update_fields=["chunks_total"])
        run_id, total = run.pk, len(chunks)
        transaction.on_commit(lambda: _dispatch(run_id, total), robust=True)
    return run


def _dispatch(run_id: int, chunks: int) -> None:
    from celery import group
    from django.conf import settings

    from games.pipeline.task_sender import task_named

    run_simulation_chunk = task_named("ancients_ai.run_simulation_chunk")  # by name: that
    # task's module imports this one to do its work
    group(run_simulation_chunk.s(run_id, k) for k in range(chunks)).apply_async(
        queue=settings.CELERY_BALANCE_QUEUE)


def simulation_run_chunk(*, run_id: int, index: int) -> bool:
    """Play one chunk and record it. Safe to run twice: the games are the same (seeded) and
    only the first recording counts toward the run's progress. Returns whether it counted."""
    chunk = (SimulationChunk.objects.select_related("run", "run__version")
             .filter(run_id=run_id, index=index).first())
    if chunk is None or chunk.status == SimulationChunk.Status.DONE:
        return False
    run = chunk.run
    if run.status in (SimulationRun.Status.FAILED, SimulationRun.Status.DONE):
        return False
    SimulationRun.objects.filter(pk=run.pk, status=SimulationRun.Status.PENDING).update(
        status=SimulationRun.Status.RUNNING)
    started = time.perf_counter()
    try:
        games = balance.play_games(balance_setup(run), run.base_seed, chunk.first, chunk.count)
    except Exception as error:  # content that cannot be set up fails the whole run, loudly
        logger.exception("balance run %s chunk %s failed", run.pk, index)
        message = f"chunk {index}: {type(error).__name__}: {error}"
        SimulationChunk.objects.filter(pk=chunk.pk).update(status=SimulationChunk.Status.FAILED,
                                                           error=message)
        SimulationRun.objects.filter(pk=run.pk).update(status=SimulationRun.Status.FAILED,
                                                       error=message, finished=timezone.now())
        broadcast_progress(run.pk)
        return False
    seconds = time.perf_counter() - started
    with transaction.atomic():
        counted = (SimulationChunk.objects.filter(pk=chunk.pk)
                   .exclude(status=SimulationChunk.Status.DONE)
                   .update(status=SimulationChunk.Status.DONE, results=games, seconds=seconds,
                           finished=timezone.now()))
        if counted:
            SimulationRun.objects.filter(pk=run.pk).update(
                games_done=F("games_done") + chunk.count, chunks_done=F("chunks_done") + 1)
    if counted:
        simulation_finish(run_id=run.pk)
    broadcast_progress(run.pk)
    return bool(counted)


def simulation_finish(*, run_id: int) -> bool:
    """Add up a run whose chunks are all recorded. Idempotent: the figures only depend on the
    recorded games, so two workers finishing at once write the same thing."""
    run = SimulationRun.objects.get(pk=run_id)
    if run.status == SimulationRun.Status.DONE or run.chunks_done < run.chunks_total:
        return False
    games = [game for chunk in run.chunks.order_by("index") for game in (chunk.results or [])]
    summary = balance.summarize(games)
    seconds = sum(run.chunks.values_list("seconds", flat=True), 0.0) if games else 0.0
    summary["seconds"] = seconds
    SimulationRun.objects.filter(pk=run.pk).exclude(status=SimulationRun.Status.FAILED).update(
        status=SimulationRun.Status.DONE, results=summary, finished=timezone.now())
    return True


def broadcast_progress(run_id: int) -> None:
    """Tell the run's result pages how far it is (group `simulation-<id>`)."""
    from asgiref.sync import async_to_sync
    from channels.layers import get_channel_layer

    progress = selectors.simulation_progress(run_id)
    layer = get_channel_layer()
    if layer is None or progress is None:
        return
    try:
        async_to_sync(layer.group_send)(f"simulation-{run_id}",
                                        {"type": "simulation.progress", "progress": progress})
    except Exception:  # progress is a courtesy: the page also polls
        logger.warning("could not broadcast progress of balance run %s", run_id, exc_info=True)
