"""Defenders of the Wild's page in the site's catalogue (`games.platform.catalogue`): what
it is, how long and how hard, in the project's own words, and the picture of its board."""
from __future__ import annotations

from defenders.site.decks import TIER_TITLES
from games.platform.catalogue_entry import CatalogueEntry

ENTRY = CatalogueEntry(
    slug="defenders",
    name="Defenders of the Wild",
    tagline="The animals of the wild organize against the machines: break their walls, "
            "build camps and rewild the factories before the machine core is finished.",
    about=(
        "A co-operative game. Each player leads a faction of the animal resistance and its "
        "organizer. On your turn one defender from your hand acts on the hex map: it moves, "
        "fights mechs, breaches walls, clears pollution, builds a camp. Then a machine card "
        "is turned and the machines answer.",
        "The machines are a deck, not a player. Engines crawl along the habitats and wall "
        "them in; a habitat walled in on every side becomes a factory, and factories spread "
        "pollution. You win together when every camp is built and every factory rewilded; "
        "you lose together if the machines finish their core first or the wild is overrun.",
        "Your hand stays secret: you may tell the others which habitats you can act in, "
        "never what your defenders do. Playing alone, you lead two factions.",
    ),
    minutes=(30, 120),
    weight="Medium-heavy: a planning game with much to watch on the board; about 30 "
           "minutes a player",
    levels=f"{', '.join(list(TIER_TITLES.values())[:-1])} or "
           f"{list(TIER_TITLES.values())[-1]}: each level deals more of the hard machine "
           "cards into the machine deck",
    picture="games/defenders/board-picture.png",
    picture_alt="The Defenders of the Wild board in play: habitat hexes, walls, engines "
                "and the players' camps",
    order=20,
)
