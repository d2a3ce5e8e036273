"""The site's catalogue (issue 33 item 1) is read from the games' declarations: a game with a
`CatalogueEntry` gets a page with its modes under it, a game without one stays in the lobby
and the menu only, and an entry that cannot be shown is refused with the game's name."""
from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

import pytest
from django.urls import reverse

from games.platform import registry
from games.platform.catalogue import CatalogueEntry, CatalogueError, catalogue, find
from race_game import RaceGame

RACE_ENTRY = CatalogueEntry(
    slug="race-to-21", name="Race to 21", tagline="Count to 21 before the house does.",
    about=("Two players add one to three in turn; the house adds one after each.",),
    minutes=(5, 5), weight="Light", picture="games/favicon.svg",
    picture_alt="The race's counter", order=90)


class CataloguedRace(RaceGame):
    catalogue: ClassVar[CatalogueEntry] = RACE_ENTRY


@pytest.fixture
def race():
    game = registry.register(CataloguedRace())
    yield game
    registry.unregister(game.key)


def test_every_mode_of_a_game_is_listed_under_its_one_entry():
    wildlands = find("wildlands")
    assert [m.key for m in wildlands.modes] == ["solo", "coop", "skirmish", "wrath", "war",
                                                "companion"]
    assert wildlands.players == "1–5 players"  # read from the modes' player counts
    assert find("defenders").players == "1–4 players"
    assert find("no-such-game") is None


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
    try:
        assert "race-to-21" not in [g.entry.slug for g in catalogue()]
        assert client.get("/games/race-to-21/").status_code == 404
        assert "Race to 21" in client.get("/").content.decode()  # the menu still lists it
    finally:
        registry.unregister("race21")


@pytest.mark.parametrize("change, words", [
    ({"slug": "Race 21"}, "slug 'Race 21'"),
    ({"tagline": " "}, "tagline is empty"),
    ({"about": ()}, "about needs at least one paragraph"),
    ({"minutes": (30, 10)}, "minutes (30, 10)"),
])
def test_an_entry_that_cannot_be_shown_is_refused_naming_the_game(change, words):
    with pytest.raises(CatalogueError) as refused:
        replace(RACE_ENTRY, **change)
    assert "Race to 21" in str(refused.value) and words in str(refused.value)


def test_two_games_may_not_claim_one_page(race):
    other = type("OtherRace", (CataloguedRace,), {
        "key": "race22", "catalogue": replace(RACE_ENTRY, name="Race to 22")})()
    with pytest.raises(CatalogueError, match="two games declare the catalogue slug"):
        catalogue([race, other])
