"""Balance runs: many seeded games of a scenario version, played in chunks by the
workers (`tasks.run_simulation_chunk`), recorded once each, and added up (the chunks are
the platform's: `games.platform.balance_runs`)."""
from __future__ import annotations

import logging
import secrets
import threading
from collections import OrderedDict
from typing import Any, Optional, Sequence

from django.db import transaction

from games.platform.content_common import ContentError
from games.platform import balance_runs

from ancients_ai import balance, selectors
from ancients_ai.models import ScenarioVersion, SimulationChunk, SimulationRun
from ancients_ai.services.content import map_checked, treasures_checked

logger = logging.getLogger(__name__)

MAX_GAMES = 100_000
MAX_CHUNK = 1_000
DEFAULT_GAMES = 1000
DEFAULT_CHUNK = 50
CHUNK_TASK = "ancients_ai.run_simulation_chunk"


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
    from wildlands.content.factions import faction_from_data

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
    from wildlands.bots import bot_factories

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
    with transaction.atomic():
        run = SimulationRun.objects.create(
            version=version, games=int(games), chunk_size=int(chunk_size), base_seed=seed,
            map_name=map_name, factions=factions, bot=bot, easy=easy, setup=setup,
            created_by=user if getattr(user, "pk", None) else None)
        chunks = balance_runs.split(run, SimulationChunk)
        balance_runs.send_after_commit(CHUNK_TASK, run.pk, chunks)
    return run


def _play(run: SimulationRun, chunk: SimulationChunk) -> list:
    return balance.play_games(balance_setup(run), run.base_seed, chunk.first, chunk.count)


def simulation_run_chunk(*, run_id: int, index: int) -> bool:
    """Play one chunk and record it (`balance_runs.play_chunk`). Safe to run twice: the
    games are the same (seeded) and only the first recording counts toward the run's
    progress. Returns whether it counted."""
    return balance_runs.play_chunk(SimulationChunk, run_id=run_id, index=index, play=_play,
                                   summarize=balance.summarize, announce=broadcast_progress)


def simulation_finish(*, run_id: int) -> bool:
    """Add up a run whose chunks are all recorded (idempotent)."""
    return balance_runs.finish(SimulationRun, run_id=run_id, summarize=balance.summarize)


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
