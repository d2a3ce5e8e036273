"""Content in the database: loading the shipped files, checking edits with the one
validator, versions, and YAML out and back in."""
from __future__ import annotations

import io
from pathlib import Path

import pytest
import yaml
from django.core.management import call_command

from games.platform import content_files
from ancients_ai.services import content as services
from ancients_ai.engine.scenarios import SCENARIOS_DIR, TREASURES_FILE, scenario_ids
from ancients_ai.models import Faction, Map, MinionCard, Scenario, ScenarioVersion, TreasureCard
from games.platform.content_common import ContentError
from wildlands.content.factions import FACTIONS_DIR, faction_ids
from wildlands.content.maps import MAPS_DIR, map_names
from games.platform.content_models import ShippedLoad

pytestmark = pytest.mark.django_db


def shipped(path: Path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))


@pytest.fixture
def loaded():
    call_command("load_content", stdout=io.StringIO())


def counts() -> dict:
    return {"scenarios": Scenario.objects.count(), "versions": ScenarioVersion.objects.count(),
            "maps": Map.objects.count(), "factions": Faction.objects.count(),
            "treasures": TreasureCard.objects.count(), "loads": ShippedLoad.objects.count()}


# --- load_content ------------------------------------------------------------------------------
def test_load_content_brings_in_every_shipped_file(loaded):
    assert sorted(Scenario.objects.values_list("slug", flat=True)) == scenario_ids()
    assert sorted(Map.objects.values_list("name", flat=True)) == map_names()
    assert sorted(Faction.objects.values_list("faction_id", flat=True)) == faction_ids()
    assert TreasureCard.objects.count() == len(shipped(TREASURES_FILE)["treasures"])
    for scenario in Scenario.objects.all():
        assert scenario.versions.count() == 1, "one version per scenario after the first load"


def test_load_content_twice_changes_nothing(loaded):
    before = counts()
    digests = dict(Scenario.objects.values_list("slug", "digest"))
    rows = {m.__name__: list(m.objects.values_list("pk", "updated"))
            for m in (Scenario, Map, Faction, TreasureCard)}
    out = io.StringIO()
    call_command("load_content", stdout=out)
    assert counts() == before
    assert dict(Scenario.objects.values_list("slug", "digest")) == digests
    assert {m.__name__: list(m.objects.values_list("pk", "updated"))
            for m in (Scenario, Map, Faction, TreasureCard)} == rows, "no row was even re-saved"
    assert out.getvalue().strip() == \
        f"load_content: {before['loads']} items: 0 created, 0 updated, {before['loads']} unchanged, 0 kept"


def test_load_content_keeps_an_item_edited_in_the_admin(loaded):
    scenario = Scenario.objects.get(slug="magus")
    scenario.title = "The Magus, edited"
    scenario.save()
    services.scenario_commit(scenario=scenario)
    # the shipped file changes too: the designer's edit still wins without --force
    ShippedLoad.objects.filter(kind="scenario", key="magus").update(source_digest="changed")
    out = io.StringIO()
    call_command("load_content", stdout=out)
    assert "scenario magus: kept" in out.getvalue()
    assert Scenario.objects.get(slug="magus").title == "The Magus, edited"


# --- rows <-> data -----------------------------------------------------------------------------
@pytest.mark.parametrize("sid", scenario_ids())
def test_a_loaded_scenario_exports_exactly_its_file(loaded, sid):
    """load -> export -> parse -> the same data as the shipped file."""
    name, text = services.scenario_export_yaml(Scenario.objects.get(slug=sid))
    assert name == f"{sid}.yaml"
    assert yaml.safe_load(text) == shipped(SCENARIOS_DIR / f"{sid}.yaml")


@pytest.mark.parametrize("sid", scenario_ids())
def test_an_exported_scenario_imports_to_the_same_content(loaded, sid):
    scenario = Scenario.objects.get(slug=sid)
    _, text = services.scenario_export_yaml(scenario)
    result = services.scenario_import_yaml(text=text, source=f"{sid}.yaml")
    assert result.changed is False, "importing what was exported makes no new version"
    assert scenario.versions.count() == 1
    _, again = services.scenario_export_yaml(Scenario.objects.get(slug=sid))
    assert yaml.safe_load(again) == yaml.safe_load(text)


def test_maps_factions_and_treasures_export_their_files(loaded):
    files = services.content_export_all()
    for name in map_names():
        assert yaml.safe_load(files[f"maps/{name}.yaml"]) == shipped(MAPS_DIR / f"{name}.yaml")
    for fid in faction_ids():
        assert yaml.safe_load(files[f"factions/{fid}.yaml"]) == shipped(FACTIONS_DIR / f"{fid}.yaml")
    assert yaml.safe_load(files["treasures.yaml"]) == shipped(TREASURES_FILE)


def test_export_and_import_commands_round_trip(loaded, tmp_path):
    call_command("export_content", str(tmp_path), stdout=io.StringIO())
    assert sorted(p.name for p in (tmp_path / "scenarios").iterdir()) == [f"{s}.yaml" for s in scenario_ids()]
    data = yaml.safe_load((tmp_path / "scenarios" / "magus.yaml").read_text())
    data["title"] = "The Magus Returns"
    (tmp_path / "scenarios" / "magus.yaml").write_text(content_files.to_yaml(data))
    out = io.StringIO()
    call_command("import_content", str(tmp_path), stdout=out)
    assert "scenario magus: updated" in out.getvalue()
    assert "scenario tyrant: unchanged" in out.getvalue()
    magus = Scenario.objects.get(slug="magus")
    assert magus.title == "The Magus Returns"
    assert [v.number for v in magus.versions.order_by("number")] == [1, 2]
    assert magus.latest_version.data["title"] == "The Magus Returns"


# --- validation --------------------------------------------------------------------------------
def test_a_bad_minion_type_is_refused_with_the_card_named(loaded):
    scenario = Scenario.objects.get(slug="magus")
    card = MinionCard.objects.get(scenario=scenario, card_id="magus_m07")
    card.top_type = "houndd"
    card.save()
    with pytest.raises(ContentError) as caught:
        services.scenario_commit(scenario=scenario)
    assert caught.value.item == "minion card magus_m07"
    assert caught.value.problem == "'houndd' is not a minion type of this scenario"
    assert scenario.versions.count() == 1, "an invalid scenario gets no version"


def test_broken_yaml_in_a_text_field_names_the_field(loaded):
    scenario = Scenario.objects.get(slug="magus")
    MinionCard.objects.filter(scenario=scenario, card_id="magus_m01").update(top_actions="move, [ranged")
    with pytest.raises(ContentError) as caught:
        services.scenario_commit(scenario=scenario)
    assert caught.value.item == "minion card magus_m01 top"
    assert "not valid YAML" in caught.value.problem


def test_a_scenario_number_is_unique_across_scenarios(loaded):
    scenario = Scenario.objects.get(slug="magus")
    Scenario.objects.filter(pk=scenario.pk).update(number=1)
    scenario.refresh_from_db()
    with pytest.raises(ContentError, match="also scenario 'automaton'"):
        services.scenario_commit(scenario=scenario)


def test_an_edit_makes_a_new_version_and_keeps_the_old(loaded):
    scenario = Scenario.objects.get(slug="magus")
    first = scenario.latest_version
    MinionCard.objects.filter(scenario=scenario, card_id="magus_m07").update(top_type="wisp")
    second = services.scenario_commit(scenario=scenario)
    assert second.number == first.number + 1 and second.digest != first.digest
    assert first.data["minion_deck"][6]["top"]["type"] == "acolyte"
    assert second.data["minion_deck"][6]["top"]["type"] == "wisp"
    assert services.scenario_commit(scenario=scenario) == second, "saving again changes nothing"


def test_importing_a_broken_file_changes_nothing(loaded):
    data = shipped(SCENARIOS_DIR / "magus.yaml")
    data["minion_deck"][6]["top"]["type"] = "houndd"
    before = counts()
    with pytest.raises(ContentError, match="magus_m07: 'houndd' is not a minion type"):
        services.scenario_import_yaml(text=content_files.to_yaml(data), source="upload.yaml")
    with pytest.raises(ContentError, match="not valid YAML"):
        services.scenario_import_yaml(text="id: [unclosed", source="upload.yaml")
    assert counts() == before
    assert MinionCard.objects.get(card_id="magus_m07").top_type == "acolyte"


def test_a_stored_version_plays_like_the_shipped_file(loaded):
    from ancients_ai.engine.scenarios import load_scenario, scenario_from_data

    version = Scenario.objects.get(slug="lizardman").latest_version
    assert scenario_from_data(version.data, "v") == load_scenario("lizardman")
