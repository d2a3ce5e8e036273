"""What Wildlands' lobby and its forms share: loading the map and factions a choice names,
the factions on offer and a seat's colour, the Ancients as a faction, the war's player
counts, and a form's default map."""
from __future__ import annotations

from typing import Any, Optional, Sequence

from games.platform.lobby_rules import LobbyRules, SetupRefused, refuse
from wildlands.content.factions import ANCIENTS_FACTION, load_faction
from wildlands.content.maps import load_map
from wildlands.content.offer import available_factions, faction_colour
from wildlands.rules.board import Board

# The Ancients as a faction (The Wrath, a five-player war): no colour, no shards.
ANCIENTS = ANCIENTS_FACTION
ANCIENTS_TITLE = "The Ancients"
COLOURS = ("purple", "orange", "blue", "red", "green", "yellow")
NOT_HERE = "the Ancients play only in The Wrath of the Ancients and in a five-player war"


def load_board(map_name: str) -> Board:
    """:raises SetupRefused: an unknown or broken map."""
    try:
        return load_map(map_name)
    except (KeyError, ValueError) as error:
        raise SetupRefused("invalid_choice", f"unknown map {map_name!r}: {error}") from None


def load_factions(faction_ids: Sequence[str]) -> list:
    """:raises SetupRefused: an unknown faction."""
    try:
        return [load_faction(fid) for fid in faction_ids]
    except ValueError as error:
        raise SetupRefused("invalid_choice", str(error)) from None


def check_faction_and_colour(faction: str, colour: str, taken: Sequence[Any],
                             ancients: bool = False) -> str:
    """The colour `faction` plays in beside the seats `taken` (anything with `faction` and
    `colour`): its own when none is chosen, the first free one when another seat has it.
    `ancients`: the table may seat the Ancients faction, which takes no colour.

    :raises SetupRefused: an unknown or taken faction, an unknown colour."""
    known = [fid for fid, _ in available_factions()] + ([ANCIENTS] if ancients else [])
    if faction not in known:
        refuse("invalid_choice", f"unknown faction {faction!r}")
    if any(s.faction == faction for s in taken):
        refuse("invalid_choice", f"{faction} is already taken in this game")
    if faction == ANCIENTS:
        return ""
    colour = colour or faction_colour(faction)
    if colour not in COLOURS:
        refuse("invalid_choice", f"unknown colour {colour!r}")
    if any(s.colour == colour for s in taken):
        colour = next(c for c in COLOURS if all(s.colour != c for s in taken))
    return colour


def first_map_for(game: LobbyRules, players: int, names: Sequence[str]) -> Optional[str]:
    """The first of `names` that may host `game` with `players` (a form's default map)."""
    for name in names:
        try:
            game.check_map(name, players)
        except SetupRefused:
            continue
        return name
    return None


WAR_PLAYERS = 4  # two teams of two
WAR_WITH_ANCIENTS = 5  # three against two, one of whom plays the Ancients faction
