"""What a headless game is played with: the board (a shipped map or the built-in grid),
the factions chosen from the seed, the starting state of a record, and each bot's seed."""
from __future__ import annotations

import functools

from wildlands.content import maps
from wildlands.rules.board import board_from_data
from games.platform.rng import Rng, seed_state
from wildlands.rules.setup import new_skirmish
from wildlands.rules.state import GameState

from wildlands.simulation.records import GameRecord, SimulationError

GRID_MAP = "grid"  # a built-in test board, always available (see `grid_board`)


def load_board(map_name: str):
    """A shipped map by name, or the built-in `grid` test board."""
    if map_name == GRID_MAP:
        return grid_board()
    return maps.load_map(map_name)


def available_maps() -> list[str]:
    """The built-in grid plus every shipped map that loads."""
    names = [GRID_MAP]
    for name in maps.map_names():
        try:
            maps.load_map(name)
        except Exception:  # a map being written may not load yet; leave it out
            continue
        names.append(name)
    return names


def grid_board():
    """A 7 x 6 board of 42 square spaces with some walls, cover spaces and high ground:
    enough for four players' map cards, independent of the shipped maps."""
    width, height = 7, 6
    spaces, opened = [], []
    for y in range(height):
        for x in range(width):
            n = y * width + x + 1
            spaces.append({"n": n, "at": [x * 10 + 5, y * 10 + 5], "cover": n % 5 == 0,
                           "high": n in (9, 17, 26, 33)})
            if x + 1 < width and (n * 7) % 11:
                opened.append([n, n + 1])
            if y + 1 < height and (n * 5) % 13:
                opened.append([n, n + width])
    return board_from_data({"bounds": [0, 0, width * 10, height * 10], "core_radius": 1.5,
                            "spaces": spaces, "open": opened}, name=GRID_MAP)


def pick_factions(seed: int, players: int) -> tuple:
    """Distinct factions for a game, chosen from the seed (so a record names its content)."""
    ids = list(_faction_ids())
    if players > len(ids):
        raise SimulationError(f"{players} players but only {len(ids)} factions")

    class _Holder:
        rng = seed_state(seed ^ 0x5EED)

    Rng(_Holder).shuffle(ids)
    return tuple(ids[:players])


@functools.lru_cache(maxsize=1)
def _faction_ids() -> tuple:
    """The shipped factions' ids, read from the directory once per process (like the
    factions themselves, which `load_faction` caches)."""
    from wildlands.content.factions import faction_ids

    return tuple(faction_ids())


def new_game(record: GameRecord) -> GameState:
    """The starting state a record was played from."""
    from wildlands.content.factions import load_faction

    factions = [load_faction(f) for f in record.factions]
    if record.mode == "awoken":
        from ancients_ai import engine as awoken_engine
        from ancients_ai.engine.setup import new_awoken

        awoken_engine.register()  # simulations run without Django, whose ready() does it
        return new_awoken(board=load_board(record.map_name), factions=factions,
                          player_ids=list(record.player_ids),
                          scenario_ids=list(record.scenarios), seed=record.seed,
                          easy=record.easy)
    if record.mode == "war":
        from wildlands.rules.war.register import register
        from wildlands.rules.war.setup import WarSetupError, new_war

        register()  # simulations run without Django, whose ready() does it
        try:
            return new_war(board=load_board(record.map_name), factions=factions,
                           player_ids=list(record.player_ids), seed=record.seed)
        except WarSetupError as error:
            raise SimulationError(error.message) from None
    if record.mode == "wrath":
        from wildlands.content.factions import ANCIENTS_FACTION
        from wildlands.rules.wrath.setup import new_wrath

        if ANCIENTS_FACTION not in record.factions:
            raise SimulationError("a game of The Wrath of the Ancients needs the Ancients faction")
        ancients = record.player_ids[record.factions.index(ANCIENTS_FACTION)]
        return new_wrath(board=load_board(record.map_name), factions=factions,
                         player_ids=list(record.player_ids), seed=record.seed, ancients=ancients)
    if record.mode != "skirmish":
        raise SimulationError(f"mode {record.mode!r} is not available in simulations")
    return new_skirmish(board=load_board(record.map_name), factions=factions,
                        player_ids=list(record.player_ids), seed=record.seed)


def bot_seed(game_seed: int, index: int) -> int:
    """Each seat's bot gets its own seed, derived from the game's."""
    return game_seed * 16 + index + 1
