"""The scenario admin through HTTP: who may enter, editing with the validator's messages on
the form, export and import, playtests and balance runs."""
from __future__ import annotations

import pytest
import yaml
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from ancients_ai.engine.scenarios import SCENARIOS_DIR, scenario_ids
from ancients_ai.models import (Map, MinionCard, Scenario, ScenarioGame, ScenarioVersion,
                                SimulationRun, TreasureCard)
from games.models import Game
from support.admin_forms import form_data, row_field

# Tasks run in process here, whatever the environment (CI has a broker but no worker).
from support.site import eager_celery  # noqa: E402,F401

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_celery")]


def change_url(scenario) -> str:
    return reverse("admin:ancients_ai_scenario_change", args=[scenario.pk])


def card_field(data: dict, card_id: str, field: str) -> str:
    return row_field(data, "minion_cards", card_id, field)


# --- who may enter -----------------------------------------------------------------------------
@pytest.mark.parametrize("url", ["/admin/", "/admin/ancients_ai/scenario/",
                                 "/admin/ancients_ai/scenario/import/"])
def test_a_player_who_is_not_staff_is_sent_to_the_login(client, outsider, url):
    client.force_login(outsider)
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")


def test_nobody_signed_in_is_sent_to_the_login(client):
    response = client.get("/admin/ancients_ai/scenario/")
    assert response.status_code == 302 and response["Location"].startswith("/admin/login/")


# --- editing -----------------------------------------------------------------------------------
def test_a_bad_edit_shows_the_validators_message_and_changes_nothing(client, designer, content):
    magus = Scenario.objects.get(slug="magus")
    page = client.get(change_url(magus))
    assert page.status_code == 200
    data = form_data(page)
    data[card_field(data, "magus_m07", "top_type")] = "houndd"
    response = client.post(change_url(magus), data)
    assert response.status_code == 200, "the form comes back, not a redirect"
    text = response.content.decode()
    assert "Minion card magus_m07: &#x27;houndd&#x27; is not a minion type of this scenario" in text
    assert 'value="houndd"' in text, "what the designer typed is still in the form"
    assert MinionCard.objects.get(card_id="magus_m07").top_type == "acolyte"
    assert magus.versions.count() == 1


def test_the_row_named_by_the_error_carries_it_too(client, designer, content):
    magus = Scenario.objects.get(slug="magus")
    data = form_data(client.get(change_url(magus)))
    data[card_field(data, "magus_m03", "bottom_actions")] = "move, meele"
    response = client.post(change_url(magus), data)
    formset = next(f.formset for f in response.context["inline_admin_formsets"]
                   if f.formset.prefix == "minion_cards")
    row = next(f for f in formset.forms if f["card_id"].value() == "magus_m03")
    assert row.non_field_errors() == [
        "Minion card magus_m03 bottom: 'meele' is not a monster action or a special action of "
        "this scenario"]


def test_a_good_edit_is_saved_as_a_new_version(client, designer, content):
    magus = Scenario.objects.get(slug="magus")
    data = form_data(client.get(change_url(magus)))
    data[card_field(data, "magus_m07", "top_type")] = "wisp"
    data[card_field(data, "magus_m07", "bottom_type")] = "acolyte"
    data["_continue"] = "1"
    response = client.post(change_url(magus), data)
    assert response.status_code == 302, response.context and response.context["errors"]
    card = MinionCard.objects.get(card_id="magus_m07")
    assert (card.top_type, card.bottom_type) == ("wisp", "acolyte")
    latest = magus.versions.order_by("-number").first()
    assert latest.number == 2
    assert latest.data["minion_deck"][6]["top"]["type"] == "wisp"
    page = client.get(change_url(magus))
    assert "version 2" in page.content.decode()


def test_saving_without_a_change_makes_no_version(client, designer, content):
    magus = Scenario.objects.get(slug="magus")
    data = form_data(client.get(change_url(magus)))
    assert client.post(change_url(magus), data).status_code == 302
    assert magus.versions.count() == 1


def test_the_scenario_list_searches_and_filters(client, designer, content):
    response = client.get("/admin/ancients_ai/scenario/", {"q": "magus_m07"})
    assert response.status_code == 200
    assert list(response.context["cl"].result_list) == [Scenario.objects.get(slug="magus")]
    response = client.get("/admin/ancients_ai/scenario/", {"immortal__exact": "1"})
    assert [s.slug for s in response.context["cl"].result_list] == ["automaton"]


def test_the_map_page_shows_a_preview(client, designer, content):
    dungeon = Map.objects.get(name="dungeon")
    response = client.get(reverse("admin:ancients_ai_map_change", args=[dungeon.pk]))
    text = response.content.decode()
    assert response.status_code == 200
    assert '<svg xmlns="http://www.w3.org/2000/svg"' in text and 'data-space="42"' in text


# --- YAML in and out ---------------------------------------------------------------------------
def test_export_downloads_the_scenario_as_yaml(client, designer, content):
    magus = Scenario.objects.get(slug="magus")
    response = client.get(reverse("admin:ancients_ai_scenario_export", args=[magus.pk]))
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="magus.yaml"'
    shipped = yaml.safe_load((SCENARIOS_DIR / "magus.yaml").read_text())
    assert yaml.safe_load(response.content) == shipped


def test_import_uploads_a_scenario_file(client, designer, content):
    data = yaml.safe_load((SCENARIOS_DIR / "magus.yaml").read_text())
    data["sides"]["B"]["ancient_health"] = 9
    upload = SimpleUploadedFile("magus-tougher.yaml", yaml.safe_dump(data).encode())
    response = client.post(reverse("admin:ancients_ai_scenario_import"), {"file": upload})
    assert response.status_code == 302
    magus = Scenario.objects.get(slug="magus")
    assert magus.sides.get(side="B").ancient_health == 9
    assert magus.versions.count() == 2


def test_import_of_a_broken_file_says_why(client, designer, content):
    data = yaml.safe_load((SCENARIOS_DIR / "magus.yaml").read_text())
    data["minion_deck"][6]["top"]["type"] = "houndd"
    upload = SimpleUploadedFile("magus.yaml", yaml.safe_dump(data).encode())
    response = client.post(reverse("admin:ancients_ai_scenario_import"), {"file": upload})
    assert response.status_code == 200
    assert "Minion card magus_m07: &#x27;houndd&#x27; is not a minion type" in response.content.decode()
    assert ScenarioVersion.objects.filter(scenario__slug="magus").count() == 1


# --- playtest ----------------------------------------------------------------------------------
def test_play_starts_a_solo_game_of_the_saved_version(client, designer, content):
    magus = Scenario.objects.get(slug="magus")
    MinionCard.objects.filter(card_id="magus_m07").update(top_type="wisp")  # an edit, saved
    response = client.post(reverse("admin:ancients_ai_scenario_play", args=[magus.pk]),
                           {"map_name": "ruins", "faction": "gnomads"})
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/play/{game.id}/"
    assert (game.mode, game.status, game.map_name) == ("solo", "playing", "ruins")
    seat = game.seats.get()
    assert (seat.seat, seat.user, seat.faction) == ("p1", designer, "gnomads")
    link = ScenarioGame.objects.get(game=game)
    assert link.version == magus.latest_version and link.version.number == 2
    rules = game.snapshot["mode_state"]["scenarios"][0]["rules"]
    assert rules["side"] == "B"
    card = next(c for c in rules["minion_cards"] if c["id"] == "magus_m07")
    assert card["top"]["type"] == "wisp"
    board = client.get(f"/play/{game.id}/")
    assert board.status_code == 200


def test_an_invalid_scenario_cannot_be_played(client, designer, content):
    magus = Scenario.objects.get(slug="magus")
    MinionCard.objects.filter(card_id="magus_m07").update(top_type="houndd")
    response = client.post(reverse("admin:ancients_ai_scenario_play", args=[magus.pk]),
                           {"map_name": "dungeon", "faction": "guild"}, follow=True)
    assert Game.objects.count() == 0
    assert "cannot be played: Minion card magus_m07" in response.content.decode()


# --- balance runs ------------------------------------------------------------------------------
def test_the_simulation_page_starts_a_run_and_shows_its_charts(client, designer, content,
                                                               django_capture_on_commit_callbacks):
    magus = Scenario.objects.get(slug="magus")
    url = reverse("admin:ancients_ai_scenario_simulate", args=[magus.pk])
    page = client.get(url)
    assert page.status_code == 200 and page.context["form"]["games"].value() == 1000
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, {"version": 1, "games": 8, "chunk_size": 3, "seed": 7,
                                     "map_name": "dungeon", "faction": "guild", "bot": "awoken"})
    run = SimulationRun.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("admin:ancients_ai_simulationrun_results", args=[run.pk])
    assert run.status == "done" and run.chunks_total == 3
    results = client.get(response["Location"])
    text = results.content.decode()
    for chart in ("chart win-rate", "chart rounds", "chart loss-causes", "chart crystal-rounds"):
        assert f'class="{chart}"' in text
    progress = client.get(reverse("admin:ancients_ai_simulationrun_progress", args=[run.pk])).json()
    assert progress["games_done"] == 8 and progress["status"] == "done"


def test_results_sit_beside_the_previous_versions(client, designer, content,
                                                  django_capture_on_commit_callbacks):
    from ancients_ai.services import content as content_services
    from ancients_ai.services import simulation as simulation_services

    magus = Scenario.objects.get(slug="magus")
    with django_capture_on_commit_callbacks(execute=True):
        before = simulation_services.simulation_start(
            version=magus.latest_version, games=4, chunk_size=2, seed=1, map_name="dungeon",
            factions=["guild"])
    MinionCard.objects.filter(card_id="magus_m07").update(top_type="wisp")
    version = content_services.scenario_commit(scenario=magus)
    with django_capture_on_commit_callbacks(execute=True):
        after = simulation_services.simulation_start(version=version, games=4, chunk_size=2,
                                                     seed=1, map_name="dungeon", factions=["guild"])
    response = client.get(reverse("admin:ancients_ai_simulationrun_results", args=[after.pk]))
    panels = response.context["panels"]
    assert [p["run"].pk for p in panels] == [after.pk, before.pk]
    assert panels[1]["previous"] is True
    text = response.content.decode()
    assert "magus v2 · run" in text and "Compared: magus v1" in text


# --- the other kinds of content ----------------------------------------------------------------
@pytest.mark.parametrize("model, key", [("map", "name"), ("faction", "faction_id"),
                                        ("treasurecard", "treasure_id")])
def test_every_content_page_opens_and_saves_unchanged(client, designer, content, model, key):
    from django.apps import apps

    cls = apps.get_model("ancients_ai", model)
    item = cls.objects.order_by("pk").first()
    url = reverse(f"admin:ancients_ai_{model}_change", args=[item.pk])
    page = client.get(url)
    assert page.status_code == 200
    response = client.post(url, form_data(page))
    assert response.status_code == 302, response.context and response.context["errors"]
    assert client.get(reverse(f"admin:ancients_ai_{model}_changelist")).status_code == 200


def test_a_bad_faction_edit_names_the_character(client, designer, content):
    from ancients_ai.models import Faction

    guild = Faction.objects.get(faction_id="guild")
    url = reverse("admin:ancients_ai_faction_change", args=[guild.pk])
    data = form_data(client.get(url))
    data["characters-0-health"] = 0
    response = client.post(url, data)
    assert response.status_code == 200
    first = guild.characters.order_by("position").first()
    assert (f"Character {first.character_id}: health must be a whole number of at least 1"
            in response.content.decode())
    first.refresh_from_db()
    assert first.health >= 1


def test_a_map_whose_spaces_are_cut_off_is_refused(client, designer, content):
    dungeon = Map.objects.get(name="dungeon")
    url = reverse("admin:ancients_ai_map_change", args=[dungeon.pk])
    data = form_data(client.get(url))
    data["open_boundaries"] = "1-2"
    response = client.post(url, data)
    assert response.status_code == 200
    assert "cannot be reached from space 1" in response.content.decode()
    dungeon.refresh_from_db()
    assert dungeon.open_boundaries.startswith("1-2, 1-8")


def test_the_treasure_deck_never_drops_below_its_minimum(client, designer, content):
    from ancients_ai.engine.scenarios import MIN_TREASURES

    cards = list(TreasureCard.objects.order_by("pk"))
    TreasureCard.objects.filter(pk__in=[c.pk for c in cards[MIN_TREASURES:]]).delete()
    url = reverse("admin:ancients_ai_treasurecard_delete", args=[cards[0].pk])
    response = client.post(url, {"post": "yes"}, follow=True)
    assert "needs at least 12 cards" in response.content.decode()
    assert TreasureCard.objects.count() == MIN_TREASURES


def test_a_scenario_can_be_added_from_nothing(client, designer, content):
    """An empty new scenario is refused with what it lacks; nothing is stored."""
    url = reverse("admin:ancients_ai_scenario_add")
    page = client.get(url)
    assert page.status_code == 200
    data = form_data(page)
    data.update({"slug": "golem", "number": 5, "title": "The Golem", "ancient_id": "golem",
                 "ancient_name": "The Golem"})
    response = client.post(url, data)
    assert response.status_code == 200
    assert "Sides: missing A, B" in response.content.decode()
    assert not Scenario.objects.filter(slug="golem").exists()


# --- every shipped scenario, the whole way round -----------------------------------------------
@pytest.mark.parametrize("slug", scenario_ids())
def test_every_shipped_scenario_is_edited_checked_exported_reimported_and_playtested(
        client, designer, content, slug):
    scenario = Scenario.objects.get(slug=slug)
    first_card = scenario.minion_cards.order_by("position").first()
    card_id, top, bottom = first_card.card_id, first_card.top_type, first_card.bottom_type
    export_url = reverse("admin:ancients_ai_scenario_export", args=[scenario.pk])

    # a bad edit comes back with the validator's message and is not stored
    data = form_data(client.get(change_url(scenario)))
    data[card_field(data, card_id, "top_type")] = "houndd"
    response = client.post(change_url(scenario), data)
    assert response.status_code == 200
    assert (f"Minion card {card_id}: &#x27;houndd&#x27; is not a minion type of this scenario"
            in response.content.decode())
    assert scenario.versions.count() == 1

    # a good edit is a new version, and the export carries it
    data[card_field(data, card_id, "top_type")] = bottom
    assert client.post(change_url(scenario), data).status_code == 302
    assert scenario.versions.count() == 2
    exported = client.get(export_url).content
    assert yaml.safe_load(exported)["minion_deck"][0]["top"]["type"] == bottom

    # another edit, then the exported file imported over it gives the export back
    MinionCard.objects.filter(scenario=scenario, card_id=card_id).update(top_type=top)
    upload = SimpleUploadedFile(f"{slug}.yaml", exported)
    assert client.post(reverse("admin:ancients_ai_scenario_import"),
                       {"file": upload}).status_code == 302
    assert MinionCard.objects.get(scenario=scenario, card_id=card_id).top_type == bottom
    assert yaml.safe_load(client.get(export_url).content) == yaml.safe_load(exported)

    # the play button starts a solo game of the version now stored
    response = client.post(reverse("admin:ancients_ai_scenario_play", args=[scenario.pk]),
                           {"map_name": "dungeon", "faction": "guild"})
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/play/{game.id}/"
    link = ScenarioGame.objects.get(game=game)
    assert link.version == scenario.latest_version
    rules = game.snapshot["mode_state"]["scenarios"][0]["rules"]
    assert rules["minion_cards"][0]["top"]["type"] == bottom
    assert client.get(f"/play/{game.id}/").status_code == 200
