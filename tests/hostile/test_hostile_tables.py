"""Anonymous table-companion games (issue 26, item 8): anyone may start one without an
account, so new tables are limited per address, and tables started without an account that
nobody has played for COMPANION_UNTOUCHED_DAYS are swept by a beat task. (Once, 20 could be
made in 2.5 s and none ever went away.)"""
from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from ancients_ai import companion, companion_views
from ancients_ai import scenarios as awoken_scenarios
from wildlands.content import offer
from games.models import Game, GameCommand, GameEvent, Seat
from support.site import _fresh_state_cache, map_name  # noqa: F401  (fixtures)

pytestmark = pytest.mark.django_db

LIMIT = 3  # tables per address per hour, small for the test


def address() -> str:
    return f"10.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250 + 1}"


def new_table_form() -> dict:
    return {"players": "1", "map_name": map_name(),
            "faction": offer.available_factions()[0][0],
            "scenario": awoken_scenarios.scenario_ids_in_order()[0], "difficulty": "normal"}


def test_new_tables_from_one_address_are_limited_with_a_clear_answer(monkeypatch):
    monkeypatch.setattr(companion_views, "TABLES_PER_ADDRESS", LIMIT, raising=False)
    visitor = Client(REMOTE_ADDR=address(), raise_request_exception=False)
    for _ in range(LIMIT):
        assert visitor.post("/table/new/", new_table_form()).status_code == 302
    before = Game.objects.count()

    refused = visitor.post("/table/new/", new_table_form())
    assert refused.status_code == 429
    assert b"Too many new tables from your network" in refused.content
    assert Game.objects.count() == before

    elsewhere = Client(REMOTE_ADDR=address(), raise_request_exception=False)
    assert elsewhere.post("/table/new/", new_table_form()).status_code == 302
    assert visitor.get("/table/new/").status_code == 200  # the page itself still opens


def table(user=None) -> Game:
    return companion.companion_create(user=user, map_name=map_name(),
                                      factions=[offer.available_factions()[0][0]],
                                      scenario_ids=[awoken_scenarios.scenario_ids_in_order()[0]])


def test_anonymous_tables_nobody_plays_are_swept_with_their_log_and_the_rest_stay(
        owner, settings):
    from wildlands_site.celery import sweep_untouched_tables

    settings.COMPANION_UNTOUCHED_DAYS = 30
    forgotten, recent, owned = table(), table(), table(owner)
    long_ago = timezone.now() - timedelta(days=31)
    Game.objects.filter(pk__in=[forgotten.pk, owned.pk]).update(updated=long_ago)
    assert Seat.objects.filter(game=forgotten).exists()

    assert sweep_untouched_tables.apply().get() == 1

    assert set(Game.objects.values_list("pk", flat=True)) == {recent.pk, owned.pk}
    for model in (Seat, GameEvent, GameCommand):
        assert not model.objects.filter(game_id=forgotten.pk).exists()
    assert sweep_untouched_tables.apply().get() == 0  # nothing left to sweep


def test_the_sweep_is_on_the_beat_schedule(settings):
    entries = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert "games.sweep_untouched_tables" in entries
