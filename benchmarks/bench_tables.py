"""Two-person tables for the site benchmarks that measure one game at a time (the
opponent's step, web memory), made through the lobby as a person and a friend make them.

The measures themselves ask only the game's declaration (`opponent_due`, `advance`,
`awaiting`, `bot_command`, `bot_kinds`); what a table is made of is the lobby's choice of
each game, so it is written here, one recipe a mode: the creator's choices and the friend's
join choices, drawn from the table's seed. A game with an opponent of its own that should
be measured gets a recipe here and nothing else.
"""
from __future__ import annotations

import random
from typing import Any, Callable

# the Defenders decks (faction:organizer) a pair of friends may take
DEFENDERS_DECKS = ("order:ember", "council:barley", "coven:morrow", "sect:cog")


def _coop(rng: random.Random) -> tuple[dict, dict]:
    """The Awoken on the dungeon: two different scenarios, the Guild and the Gnomads."""
    from ancients_ai.scenarios import scenario_ids_in_order

    pair = rng.sample(scenario_ids_in_order(), 2)
    return ({"map_name": "dungeon", "faction": "guild", "scenario_ids": pair},
            {"faction": "gnomads"})


def _defenders(rng: random.Random) -> tuple[dict, dict]:
    """Defenders of the Wild, two seats on the base tier, a random pair of decks."""
    first, second = rng.sample(DEFENDERS_DECKS, 2)
    return ({"players": 2, "bots": 0, "tier": "base", "deck": first}, {"deck": second})


RECIPES: dict[str, Callable[[random.Random], tuple[dict, dict]]] = {
    "coop": _coop,
    "defenders": _defenders,
}


def modes() -> list[str]:
    """The modes a benchmark can seat tables of (its `--mode` choices)."""
    return list(RECIPES)


def new_table(mode: str, users, seed: int) -> Any:
    """A game of `mode` between `users[0]` (p1) and `users[1]` (p2), both seats taken, so
    it starts at once; its id."""
    from games import lobby

    create, join = RECIPES[mode](random.Random(seed))
    game = lobby.game_create(user=users[0], mode=mode, seed=seed, **create)
    lobby.game_join(game=game, user=users[1], token=game.invite_token, **join)
    return game.id


def new_tables(mode: str, people, seed: int) -> list:
    """One table for each pair of `people` ((users, cookies), `live_site.table_people`),
    the i-th seeded `seed + i`."""
    return [new_table(mode, users, seed + i) for i, (users, _) in enumerate(people)]
