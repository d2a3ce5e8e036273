"""Defenders of the Wild's content in the admin: the shipped files loaded and versioned,
edits checked by the one validator with its message on the row it names, a new version for
a real change, and a balance run of a version played by the worker."""
from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.urls import reverse

from games.platform.content_models import ShippedLoad
from defenders.models import (BalanceRun, ContentVersion, DefenderCard, DefendersFaction,
                              MachineCard)
from defenders.services_content import content_data, shipped_data
from support.admin_forms import form_data, row_field
from support.site import eager_celery  # noqa: F401

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_celery")]


@pytest.fixture
def loaded():
    out = io.StringIO()
    call_command("load_defenders_content", stdout=out)
    return out.getvalue()


@pytest.fixture
def designer(client, django_user_model):
    user = django_user_model.objects.create_superuser("designer", "d@example.com", None)
    client.force_login(user)
    return user


def defender_field(data: dict, card_id: str, field: str) -> str:
    return row_field(data, "defenders", card_id, field)


def test_the_shipped_content_is_loaded_once_and_versioned(loaded):
    assert "6 items: 6 created" in loaded
    assert DefendersFaction.objects.count() == 4 and DefenderCard.objects.count() == 72
    assert MachineCard.objects.count() == 13
    assert ContentVersion.objects.count() == 1
    assert content_data() == shipped_data(), "the rows give back exactly the shipped files"
    again = io.StringIO()
    call_command("load_defenders_content", stdout=again)
    assert "6 items: 6 unchanged" in again.getvalue()
    assert ContentVersion.objects.count() == 1
    assert ShippedLoad.objects.filter(kind="defenders").count() == 6


@pytest.mark.parametrize("url", ["defenders_defendersfaction_changelist",
                                 "defenders_machines_changelist", "defenders_boardcontent_changelist",
                                 "defenders_contentversion_changelist",
                                 "defenders_balancerun_changelist"])
def test_the_content_pages_open(client, designer, loaded, url):
    assert client.get(reverse(f"admin:{url}")).status_code == 200


def test_a_bad_ability_is_refused_on_its_row_and_changes_nothing(client, designer, loaded):
    order = DefendersFaction.objects.get(faction_id="order")
    url = reverse("admin:defenders_defendersfaction_change", args=[order.pk])
    data = form_data(client.get(url))
    data[defender_field(data, "order-cinder", "ability")] = "{name: Blaze, effect: teleport}"
    response = client.post(url, data)
    assert response.status_code == 200, "the form comes back, not a redirect"
    text = response.content.decode()
    assert "Defender order-cinder: unknown ability effect &#x27;teleport&#x27;" in text
    assert "effect: clear_adjacent" in DefenderCard.objects.get(card_id="order-cinder").ability
    assert ContentVersion.objects.count() == 1


def test_an_edit_makes_a_new_version_and_keeps_the_old(client, designer, loaded):
    order = DefendersFaction.objects.get(faction_id="order")
    url = reverse("admin:defenders_defendersfaction_change", args=[order.pk])
    data = form_data(client.get(url))
    data[defender_field(data, "order-wick", "ap")] = 5
    assert client.post(url, data).status_code == 302
    versions = list(ContentVersion.objects.order_by("number"))
    assert [v.number for v in versions] == [1, 2]
    wick = lambda v: next(d for d in v.data["factions"]["order"]["defenders"]  # noqa: E731
                          if d["id"] == "order-wick")
    assert (wick(versions[0])["ap"], wick(versions[1])["ap"]) == (4, 5)
    # saving again without a change makes no version
    assert client.post(url, form_data(client.get(url))).status_code == 302
    assert ContentVersion.objects.count() == 2


def test_a_version_is_balanced_by_a_run_of_bot_games(client, designer, loaded,
                                                     django_capture_on_commit_callbacks):
    version = ContentVersion.objects.get()
    url = reverse("admin:defenders_contentversion_balance", args=[version.pk])
    assert client.get(url).status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(url, {"players": 2, "tier": "base", "games": 20, "seed": 4})
    run = BalanceRun.objects.get()
    assert answer.status_code == 302 and answer["Location"].endswith(f"/{run.pk}/change/")
    assert run.status == BalanceRun.Status.DONE and run.results["games"] == 20
    assert 0 <= run.results["win_rate"] <= 1 and run.results["rounds"]
    page = client.get(answer["Location"]).content.decode()
    assert "Mean length" in page and "lost to" in page


def test_a_run_the_game_cannot_have_is_refused_on_the_form(client, designer, loaded):
    version = ContentVersion.objects.get()
    url = reverse("admin:defenders_contentversion_balance", args=[version.pk])
    page = client.post(url, {"players": 2, "tier": "base", "games": 0})
    assert page.status_code == 200 and not BalanceRun.objects.exists()


def test_loading_again_keeps_what_the_admin_edited_unless_forced(loaded):
    from defenders.services_content import content_commit

    DefendersFaction.objects.filter(faction_id="coven").update(name="The Night Coven")
    content_commit(note="renamed")
    out = io.StringIO()
    call_command("load_defenders_content", stdout=out)
    assert "6 unchanged" in out.getvalue()  # the shipped files did not change
    assert DefendersFaction.objects.get(faction_id="coven").name == "The Night Coven"
    assert ContentVersion.objects.count() == 2
    # a newer shipped file does not replace an item edited since it was loaded
    ShippedLoad.objects.filter(kind="defenders", key="coven").update(source_digest="older")
    out = io.StringIO()
    call_command("load_defenders_content", stdout=out)
    assert "defenders coven: kept (edited in the admin; --force replaces it)" in out.getvalue()
    assert DefendersFaction.objects.get(faction_id="coven").name == "The Night Coven"
    call_command("load_defenders_content", "--force", stdout=io.StringIO())
    assert DefendersFaction.objects.get(faction_id="coven").name == "The Coven"
    assert content_data() == shipped_data()
