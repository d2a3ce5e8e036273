"""Reads for the Awoken's content and balance runs: what may be played, with what, and how
a run is going. Content edited in the admin wins over the shipped files; a kind with no rows
yet (before `load_content`) falls back to the files, so nothing here needs the database to
be filled first.
"""
from __future__ import annotations

from typing import Any, Optional

from games.platform.content_common import ContentError, read_yaml

from ancients_ai import content_io
from ancients_ai.models import (Faction, Map, Scenario, ScenarioVersion, SimulationRun,
                                TreasureCard)


# --- content for games ------------------------------------------------------------------------
def map_choices() -> list[tuple[str, str]]:
    """(name, title) of every map: the admin's, else the shipped ones."""
    rows = list(Map.objects.exclude(digest="").values_list("name", "title"))
    if rows:
        return rows
    from wildlands.content.maps import load_map, map_names

    return [(name, load_map(name).title or name) for name in map_names()]


def faction_choices() -> list[tuple[str, str]]:
    rows = list(Faction.objects.exclude(digest="").values_list("faction_id", "name"))
    if rows:
        return rows
    from wildlands.content.factions import faction_ids, load_faction

    return [(fid, load_faction(fid).name) for fid in faction_ids()]


def map_data(name: str) -> dict:
    """A map's data (the admin's copy when it has one).

    :raises ContentError: no such map.
    """
    row = Map.objects.filter(name=name).first()
    if row is not None:
        return content_io.map_to_data(row)
    from wildlands.content.maps import MAPS_DIR, map_names

    if name not in map_names():
        raise ContentError("maps", f"map {name!r}", "no such map")
    return read_yaml(MAPS_DIR / f"{name}.yaml")


def faction_data(faction_id: str) -> dict:
    row = Faction.objects.filter(faction_id=faction_id).first()
    if row is not None:
        return content_io.faction_to_data(row)
    from wildlands.content.factions import FACTIONS_DIR, faction_ids

    if faction_id not in faction_ids():
        raise ContentError("factions", f"faction {faction_id!r}", "no such faction")
    return read_yaml(FACTIONS_DIR / f"{faction_id}.yaml")


def treasure_data() -> dict:
    if TreasureCard.objects.exists():
        return content_io.treasures_to_data()
    from ancients_ai.engine.scenarios import TREASURES_FILE

    return read_yaml(TREASURES_FILE)


def faction_colour(faction_id: str) -> str:
    row = Faction.objects.filter(faction_id=faction_id).values_list("colour", flat=True).first()
    if row:
        return row
    from wildlands.content.factions import load_faction

    return load_faction(faction_id).colour


# --- scenarios and versions -------------------------------------------------------------------
def latest_version(scenario: Scenario) -> Optional[ScenarioVersion]:
    return scenario.versions.order_by("-number").first()


def previous_version(version: ScenarioVersion) -> Optional[ScenarioVersion]:
    return (ScenarioVersion.objects.filter(scenario_id=version.scenario_id, number__lt=version.number)
            .order_by("-number").first())


# --- balance runs -----------------------------------------------------------------------------
def simulation_progress(run_id: Any) -> Optional[dict]:
    run = SimulationRun.objects.filter(pk=run_id).first()
    return None if run is None else run.progress


def runs_of_scenario(scenario_id: int, *, done_only: bool = True):
    runs = SimulationRun.objects.filter(version__scenario_id=scenario_id).select_related("version")
    if done_only:
        runs = runs.filter(status=SimulationRun.Status.DONE)
    return runs.order_by("-version__number", "-created")


def comparison_run(run: SimulationRun) -> Optional[SimulationRun]:
    """What a run is compared with by default: the newest finished run of the version before
    its own (failing that, the newest other finished run of an older version)."""
    before = previous_version(run.version)
    runs = SimulationRun.objects.filter(status=SimulationRun.Status.DONE).exclude(pk=run.pk)
    if before is not None:
        found = runs.filter(version=before).order_by("-created").first()
        if found is not None:
            return found
    return (runs.filter(version__scenario_id=run.version.scenario_id,
                        version__number__lt=run.version.number)
            .order_by("-version__number", "-created").first())
