"""A game's catalogue entry is all it takes for a page of its own: Race to 21, given one,
gets its page with its start button; without one it stays in the lobby and the menu only;
two games may not claim one page (the catalogue itself: tests/platform/test_catalogue.py)."""
from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

import pytest
from django.urls import reverse

from examples.race21.game import RaceGame
from games.platform import registry
from games.platform.catalogue import CatalogueEntry, CatalogueError, catalogue

RACE_ENTRY = CatalogueEntry(
    slug="race-to-21", name="Race to 21", tagline="Count to 21 before the house does.",
    about=("Two players add one to three in turn; the house adds one after each.",),
    minutes=(5, 5), weight="Light", picture="games/favicon.svg",
    picture_alt="The race's counter", order=90)


class CataloguedRace(RaceGame):
    catalogue: ClassVar[CatalogueEntry] = RACE_ENTRY


@pytest.fixture
def race(race21):
    """The race switched on, its declaration given a catalogue entry."""
    registry.unregister(race21.key)
    yield registry.register(CataloguedRace())
    registry.unregister(race21.key)
    registry.register(race21)


@pytest.mark.django_db
def test_a_declared_entry_gets_its_page_and_a_game_without_one_does_not(client, race):
    assert "race-to-21" in [g.entry.slug for g in catalogue()]
    page = client.get(reverse("games:game_page", kwargs={"slug": "race-to-21"}))
    assert page.status_code == 200
    body = page.content.decode()
    assert "Count to 21 before the house does." in body and "5 minutes" in body
    assert "/play/new/?mode=race21" in body  # its start button
    registry.unregister(race.key)
    registry.register(RaceGame())  # the same game, no entry: the lobby's only
    assert "race-to-21" not in [g.entry.slug for g in catalogue()]
    assert client.get("/games/race-to-21/").status_code == 404
    assert "Race to 21" in client.get("/").content.decode()  # the menu still lists it


def test_two_games_may_not_claim_one_page(race):
    other = type("OtherRace", (CataloguedRace,), {
        "key": "race22", "catalogue": replace(RACE_ENTRY, name="Race to 22")})()
    with pytest.raises(CatalogueError, match="two games declare the catalogue slug"):
        catalogue([race, other])
