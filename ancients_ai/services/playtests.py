"""Playtests: a solo game of one exact scenario version, for whoever edits it."""
from __future__ import annotations

import hashlib
import json
import secrets
from typing import Any, Optional

from django.db import transaction
from django.utils import timezone


from ancients_ai import selectors
from ancients_ai.models import ScenarioGame, ScenarioVersion
from ancients_ai.services.content import map_checked, treasures_checked
from ancients_ai.services.simulation import balance_scenario


def _board(map_name: str):
    data = selectors.map_data(map_name)
    return map_checked(data, f"map {map_name}")


def _faction(faction_id: str):
    from wildlands.content.factions import faction_from_data

    return faction_from_data(selectors.faction_data(faction_id), source=f"faction {faction_id}")


def _treasures() -> dict:
    return treasures_checked(selectors.treasure_data(), "treasure deck")


def _catalog_digest(data: Any) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True, separators=(",", ":"),
                                     default=str).encode()).hexdigest()[:16]


def playtest_create(*, user, version: ScenarioVersion, map_name: str = "dungeon",
                    faction: str = "", seed: Optional[int] = None):
    """A solo game of exactly this scenario version for `user`, started and ready to play.

    `games.lobby.game_create` only knows the shipped scenarios by id, so the state is
    built here with `new_awoken` from the version's own data, and the Game and Seat rows are
    written directly, in one transaction, the way `game_create` writes a started solo game.
    The snapshot holds the whole scenario, so later edits never touch this game.
    """
    from ancients_ai.engine.setup import new_awoken
    from games.models import Game, Seat
    from wildlands.rules.serialize import state_to_data
    from ancients_ai.modes import SOLO_OPTIONS

    scenario = balance_scenario(version)
    faction = faction or selectors.faction_choices()[0][0]
    board = _board(map_name)
    seed = secrets.randbits(62) if seed is None else int(seed)
    state = new_awoken(board=board, factions=[_faction(faction)], player_ids=["p1"],
                       scenario_ids=[scenario], seed=seed, options=dict(SOLO_OPTIONS),
                       treasures=_treasures())
    colour = selectors.faction_colour(faction)
    state.players[0].colour = colour
    data = state_to_data(state)
    now = timezone.now()
    with transaction.atomic():
        game = Game.objects.create(
            mode="solo", status=Game.Status.PLAYING, seed=seed, map_name=map_name,
            scenario_ids=[version.scenario.slug], created_by=user, snapshot=data,
            initial_snapshot=data, version=state.version, last_seq=0, awaiting=["p1"],
            content={**data["catalog"].get("content", {}), "map": map_name, "factions": [faction],
                     "scenarios": [version.scenario.slug], "playtest": True,
                     "scenario_versions": [{"scenario": version.scenario.slug,
                                            "version": version.number, "digest": version.digest}]},
            content_version=_catalog_digest(data["catalog"]), started_at=now)
        Seat.objects.create(game=game, seat="p1", user=user, faction=faction, colour=colour,
                            joined_at=now)
        ScenarioGame.objects.create(game=game, version=version)
    return game
