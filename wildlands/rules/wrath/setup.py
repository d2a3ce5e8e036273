"""Starting a game of The Wrath of the Ancients: a skirmish whose Ancients seat takes no
colour (and, once the map cards are handed round, no shards: `WrathRules.shards_received`)."""
from __future__ import annotations

from typing import Any, Sequence

from wildlands.rules.setup import new_skirmish
from wildlands.rules.state import GameState
from wildlands.rules.wrath.register import register
from wildlands.rules.wrath.state import ANCIENTS_FACTION, WRATH, WrathState


def new_skirmish_or_wrath(*, board, factions: Sequence[Any], player_ids: Sequence[str],
                          seed: int, colours: Sequence[str] | None = None) -> GameState:
    """A skirmish, or a game of The Wrath when one of the factions is the Ancients (the site's
    start: its seats name the factions, and the Ancients faction names the mode's seat)."""
    ancients = [pid for pid, f in zip(player_ids, factions) if f.id == ANCIENTS_FACTION]
    if not ancients:
        return new_skirmish(board=board, factions=factions, player_ids=player_ids, seed=seed,
                            colours=colours)
    return new_wrath(board=board, factions=factions, player_ids=player_ids, seed=seed,
                     ancients=ancients[0], colours=colours)


def new_wrath(*, board, factions: Sequence[Any], player_ids: Sequence[str], seed: int,
              ancients: str, colours: Sequence[str] | None = None,
              options: dict | None = None) -> GameState:
    """A Wrath of the Ancients game at the start of setup: a skirmish whose seat `ancients`
    plays the Ancients faction (no colour; no shards once the map cards are handed round)."""
    register()
    if ancients not in player_ids:
        raise ValueError(f"the Ancients seat {ancients!r} is not one of the players")
    state = new_skirmish(board=board, factions=factions, player_ids=player_ids, seed=seed,
                         colours=colours, options=options)
    state.mode = WRATH
    state.mode_state = WrathState(ancients=ancients)
    state.player(ancients).colour = ""
    return state
