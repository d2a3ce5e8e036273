"""The site's catalogue (issue 33 item 1) is read from the games' declarations: a game with a
`CatalogueEntry` gets a page with its modes under it, a game without one stays in the lobby
and the menu only, and an entry that cannot be shown is refused with the game's name (a
game given an entry for a test: the example game's tests/test_catalogue_entry.py, examples/)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from games.platform.catalogue import CatalogueEntry, CatalogueError, find

PEBBLES_ENTRY = CatalogueEntry(
    slug="pebble-pile", name="Pebble Pile", tagline="Take the last pebble.",
    about=("Two players take one to three pebbles in turn from a pile of fifteen.",),
    minutes=(5, 5), weight="Light", picture="games/favicon.svg",
    picture_alt="The pile of pebbles", order=90)


def test_every_mode_of_a_game_is_listed_under_its_one_entry():
    wildlands = find("wildlands")
    assert [m.key for m in wildlands.modes] == ["solo", "coop", "skirmish", "wrath", "war",
                                                "companion"]
    assert wildlands.players == "1–5 players"  # read from the modes' player counts
    assert find("defenders").players == "1–4 players"
    assert find("no-such-game") is None


@pytest.mark.parametrize("change, words", [
    ({"slug": "Pebble Pile"}, "slug 'Pebble Pile'"),
    ({"tagline": " "}, "tagline is empty"),
    ({"about": ()}, "about needs at least one paragraph"),
    ({"minutes": (30, 10)}, "minutes (30, 10)"),
])
def test_an_entry_that_cannot_be_shown_is_refused_naming_the_game(change, words):
    with pytest.raises(CatalogueError) as refused:
        replace(PEBBLES_ENTRY, **change)
    assert "Pebble Pile" in str(refused.value) and words in str(refused.value)
