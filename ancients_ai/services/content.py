"""Writes for the Awoken's content: checking and versioning edits, YAML in and out, and
loading the shipped files.

One validator: every path (an admin save, an upload, `load_content`, `import_content`) turns
rows or a file into content data and runs the engine's own checks (`scenario_from_data`,
`board_from_data`, `faction_from_data`, `treasures_from_data`), plus the checks across items
the shipped loaders make (scenario numbers and card ids unique across scenarios, character
and card ids unique across factions). Nothing refused is stored: callers run these inside a
transaction and a `ContentError` rolls it back.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

from django.db import transaction
from django.db.models import F

from games.platform.content_common import ContentError
from games.platform import content_files
from games.platform.content_models import ShippedLoad

from ancients_ai import content_io, selectors
from ancients_ai.models import Faction, Map, Scenario, ScenarioVersion, TreasureCard, dumps


# --- checking content --------------------------------------------------------------------------
def scenario_checked(data: Any, source: str, *, slug: Optional[str] = None):
    """The one validator plus the checks across scenarios (as `load_all_scenarios` makes):
    numbers and card ids unique among the other scenarios in the database.

    :raises ContentError: naming `source`, the item and the problem.
    """
    from ancients_ai.engine.scenarios import scenario_from_data
    from ancients_ai.models import AncientCard, MinionCard

    scenario = scenario_from_data(data, source)
    others = Scenario.objects.exclude(slug=slug if slug is not None else scenario.id)
    clash = others.filter(number=scenario.number).first()
    if clash is not None:
        raise ContentError(source, "number", f"{scenario.number} is also scenario {clash.slug!r}'s number")
    ids = [c.id for c in scenario.minion_cards + scenario.ancient_cards]
    for model in (MinionCard, AncientCard):
        used = (model.objects.filter(card_id__in=ids, scenario__in=others)
                .select_related("scenario").first())
        if used is not None:
            kind = "minion" if model is MinionCard else "ancient"
            raise ContentError(source, f"{kind} card {used.card_id}",
                               f"id is also used by scenario {used.scenario.slug!r}")
    return scenario


def map_checked(data: Any, source: str):
    """A map's data checked as `load_map` checks a shipped file; returns the Board."""
    from wildlands.rules.board import board_from_data

    if not isinstance(data, dict):
        raise ContentError(source, "", "must be a mapping with name, title, bounds, spaces and open")
    for key in ("title", "description"):
        if not isinstance(data.get(key), str) or not data[key].strip():
            raise ContentError(source, key, "must be given as text")
    board = board_from_data(data, name=data.get("name"), source=source)
    first = board.spaces[0]
    reached = board.within(first, len(board.spaces))
    missing = [n for n in board.spaces if n not in reached]
    if missing:
        raise ContentError(source, "open", f"spaces {missing} cannot be reached from space {first}")
    return board


def faction_checked(data: Any, source: str):
    """A faction checked as a shipped file, and its ids against the other factions."""
    from ancients_ai.models import ActionCard, FactionCharacter
    from wildlands.content.factions import faction_from_data

    if not isinstance(data, dict):
        raise ContentError(source, "", "a faction holds one mapping (id, name, colour, "
                                       "description, characters, deck)")
    faction = faction_from_data(data, source=source)
    others = Faction.objects.exclude(faction_id=faction.id)
    used = FactionCharacter.objects.filter(
        faction__in=others, character_id__in=[c.id for c in faction.characters]).first()
    if used is not None:
        raise ContentError(source, f"character {used.character_id}",
                           f"id is also used by faction {used.faction.faction_id!r}")
    card = ActionCard.objects.filter(faction__in=others,
                                     card_id__in=[c.id for c in faction.deck]).first()
    if card is not None:
        raise ContentError(source, f"card {card.card_id}",
                           f"id is also used by faction {card.faction.faction_id!r}")
    return faction


def treasures_checked(data: Any, source: str) -> dict:
    from ancients_ai.engine.scenarios import treasures_from_data

    return treasures_from_data(data, source)


# --- saving edits ------------------------------------------------------------------------------
def scenario_commit(*, scenario: Scenario, user=None, note: str = "") -> ScenarioVersion:
    """Check a scenario's rows as a whole and freeze them as a new version when they differ
    from the newest one (saving without a change makes no version).

    :raises ContentError: the rows do not make a valid scenario; nothing is versioned.
    """
    source = content_io.scenario_source(scenario)
    data = content_io.scenario_to_data(scenario, source)
    scenario_checked(data, source, slug=scenario.slug)
    fingerprint = content_files.digest(data)
    latest = selectors.latest_version(scenario)
    if latest is not None and latest.digest == fingerprint:
        if scenario.digest != fingerprint:
            Scenario.objects.filter(pk=scenario.pk).update(digest=fingerprint)
            scenario.digest = fingerprint
        return latest
    version = ScenarioVersion.objects.create(
        scenario=scenario, number=(latest.number + 1) if latest else 1, data_json=dumps(data),
        digest=fingerprint, created_by=user if getattr(user, "pk", None) else None, note=note[:200])
    Scenario.objects.filter(pk=scenario.pk).update(digest=fingerprint, revision=version.number)
    scenario.digest, scenario.revision = fingerprint, version.number
    return version


def _bump(item, fingerprint: str) -> None:
    if item.digest != fingerprint:
        type(item).objects.filter(pk=item.pk).update(digest=fingerprint, revision=F("revision") + 1)
        item.digest = fingerprint
        item.revision += 1


def map_commit(*, game_map: Map) -> Map:
    source = f"admin map {game_map.name}"
    data = content_io.map_to_data(game_map)
    map_checked(data, source)
    _bump(game_map, content_files.digest(data))
    return game_map


def faction_commit(*, faction: Faction) -> Faction:
    source = f"admin faction {faction.faction_id}"
    data = content_io.faction_to_data(faction)
    faction_checked(data, source)
    _bump(faction, content_files.digest(data))
    return faction


def treasures_commit() -> str:
    """Check the whole treasure deck; returns its digest."""
    data = content_io.treasures_to_data()
    treasures_checked(data, "admin treasure deck")
    return content_files.digest(data)


def content_commit(*, item, user=None, note: str = "") -> Any:
    """Check and version whatever kind of content `item` is (called after an admin save)."""
    if isinstance(item, Scenario):
        return scenario_commit(scenario=item, user=user, note=note)
    if isinstance(item, Map):
        return map_commit(game_map=item)
    if isinstance(item, Faction):
        return faction_commit(faction=item)
    if isinstance(item, TreasureCard):
        return treasures_commit()
    raise TypeError(f"not content: {item!r}")


# --- YAML in and out ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Imported:
    kind: str  # scenario | map | faction | treasures
    key: str
    item: Any
    created: bool
    changed: bool


def content_import(*, data: Any, source: str, user=None, note: str = "") -> Imported:
    """Store one parsed content file (any kind) after checking it; its rows are replaced.

    :raises ContentError: the file is not content, or not valid; nothing changes.
    """
    kind = content_io.kind_of(data)
    if kind is None:
        raise ContentError(source, "", "is not a scenario, map, faction or treasure deck "
                                       "(see ancients_ai/content/SCHEMA.md)")
    with transaction.atomic():
        if kind == "scenario":
            scenario_checked(data, source)
            existed = Scenario.objects.filter(slug=data["id"]).exists()
            before = selectors.latest_version(Scenario.objects.get(slug=data["id"])) if existed else None
            scenario = content_io.write_scenario(data)
            version = scenario_commit(scenario=scenario, user=user, note=note or f"imported from {source}")
            return Imported(kind, scenario.slug, scenario, not existed,
                            before is None or before.pk != version.pk)
        if kind == "map":
            map_checked(data, source)
            old = Map.objects.filter(name=data.get("name")).first()
            before = old.digest if old else None
            game_map = map_commit(game_map=content_io.write_map(data))
            return Imported(kind, game_map.name, game_map, old is None, before != game_map.digest)
        if kind == "faction":
            faction_checked(data, source)
            old = Faction.objects.filter(faction_id=data.get("id")).first()
            before = old.digest if old else None
            faction = faction_commit(faction=content_io.write_faction(data))
            return Imported(kind, faction.faction_id, faction, old is None, before != faction.digest)
        treasures_checked(data, source)
        existed = TreasureCard.objects.exists()
        before = content_files.digest(content_io.treasures_to_data()) if existed else None
        content_io.write_treasures(data)
        after = treasures_commit()
        return Imported(kind, "treasures", None, not existed, before != after)


def scenario_import_yaml(*, text: str | bytes, source: str, user=None) -> Imported:
    """An uploaded scenario file: parsed, checked, stored, versioned.

    :raises ContentError: not YAML, not a scenario, or not a valid one.
    """
    data = content_files.from_yaml(text, source)
    if content_io.kind_of(data) != "scenario":
        raise ContentError(source, "", "is not a scenario file (it needs id, number, title, "
                                       "ancient, sides, minion_deck and ancient_deck)")
    return content_import(data=data, source=source, user=user)


def version_export_yaml(version: ScenarioVersion) -> tuple[str, str]:
    """(file name, YAML text) of one scenario version."""
    header = (f"Scenario {version.scenario.slug}, version {version.number} "
              f"(digest {version.short_digest}), exported from the admin.\n"
              f"Format: ancients_ai/content/SCHEMA.md")
    return (f"{version.scenario.slug}.yaml", content_files.to_yaml(version.data, header))


def scenario_export_yaml(scenario: Scenario) -> tuple[str, str]:
    """The scenario as its rows hold it now (checked first, so an export is always valid).

    :raises ContentError: the rows are not a valid scenario.
    """
    version = scenario_commit(scenario=scenario)
    return version_export_yaml(version)


def content_export_all() -> dict:
    """Relative path -> YAML text of every item in the database, laid out like the
    shipped folders (scenarios/, maps/, factions/, treasures.yaml)."""
    files = {}
    for scenario in Scenario.objects.all():
        name, text = scenario_export_yaml(scenario)
        files[f"scenarios/{name}"] = text
    for game_map in Map.objects.all():
        files[f"maps/{game_map.name}.yaml"] = content_files.to_yaml(content_io.map_to_data(game_map))
    for faction in Faction.objects.all():
        files[f"factions/{faction.faction_id}.yaml"] = content_files.to_yaml(
            content_io.faction_to_data(faction))
    if TreasureCard.objects.exists():
        files["treasures.yaml"] = content_files.to_yaml(content_io.treasures_to_data())
    return files


# --- the shipped files -------------------------------------------------------------------------
@dataclass(frozen=True)
class LoadLine:
    kind: str
    key: str
    action: str  # created | updated | unchanged | kept
    detail: str = ""

    def __str__(self) -> str:
        return f"{self.kind} {self.key}: {self.action}{f' ({self.detail})' if self.detail else ''}"


def shipped_files() -> list[tuple[str, str, Path]]:
    """(kind, key, path) of every shipped content file, in the order they load."""
    from ancients_ai.engine.scenarios import SCENARIOS_DIR, TREASURES_FILE, scenario_ids
    from wildlands.content.factions import FACTIONS_DIR, faction_ids
    from wildlands.content.maps import MAPS_DIR, map_names

    files = [("map", name, MAPS_DIR / f"{name}.yaml") for name in map_names()]
    files += [("faction", fid, FACTIONS_DIR / f"{fid}.yaml") for fid in faction_ids()]
    files.append(("treasures", "treasures", TREASURES_FILE))
    files += [("scenario", sid, SCENARIOS_DIR / f"{sid}.yaml") for sid in scenario_ids()]
    return files


def _current_digest(kind: str, key: str) -> Optional[str]:
    """The digest of the item as the database holds it, None when there is none."""
    if kind == "scenario":
        return Scenario.objects.filter(slug=key).values_list("digest", flat=True).first()
    if kind == "map":
        return Map.objects.filter(name=key).values_list("digest", flat=True).first()
    if kind == "faction":
        return Faction.objects.filter(faction_id=key).values_list("digest", flat=True).first()
    if not TreasureCard.objects.exists():
        return None
    return content_files.digest(content_io.treasures_to_data())


def _display(path: Path) -> str:
    root = Path(__file__).resolve().parent.parent
    try:
        return path.resolve().relative_to(root).as_posix()
    except ValueError:
        return str(path)


def content_load_shipped(*, force: bool = False) -> list[LoadLine]:
    """Copy the shipped YAML into the database. Idempotent: a file unchanged since it was
    last loaded is skipped; an item edited in the admin since is kept (and reported) unless
    `force`. Every file is checked first; a broken one stops the load with a ContentError.
    """
    lines = []
    for kind, key, path in shipped_files():
        source = _display(path)
        data = content_files.read_file(path, source)
        file_digest = content_files.digest(data)
        record = ShippedLoad.objects.filter(kind=kind, key=key).first()
        current = _current_digest(kind, key)
        if current is not None and not force:
            if record is not None and record.source_digest == file_digest:
                lines.append(LoadLine(kind, key, "unchanged"))
                continue
            if record is None or current != record.loaded_digest:
                lines.append(LoadLine(kind, key, "kept", "edited in the admin; --force replaces it"))
                continue
        with transaction.atomic():
            result = content_import(data=data, source=source, note=f"loaded from {source}")
            ShippedLoad.objects.update_or_create(
                kind=kind, key=key, defaults={"path": source, "source_digest": file_digest,
                                              "loaded_digest": _current_digest(kind, key)})
        action = "created" if result.created else ("updated" if result.changed else "unchanged")
        lines.append(LoadLine(kind, key, action))
    return lines
