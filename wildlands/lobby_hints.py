"""What Wildlands' lobby form tells a player before "Create game", and its map refusals in
words: each mode's player counts and bot help, and each map's limits (which modes, how many
players) named by the modes' own titles (the declarations'), never by the rules' ids.

Why here: the form (wildlands/forms.py) and the declarations' `check_map`
(wildlands/lobby.py) both speak of a map's limits; the lobby's script reads the
result as JSON (templates/games/wildlands/new_form.html), and what each map's own rules do
is worded once, by the board's legend (static/games/wildlands/map_legend.js).
"""
from __future__ import annotations

from typing import Any, Iterable, Optional, Sequence

from games.platform import registry

# What the "Bots" field means in each mode that has it (the other modes hide the field).
BOTS_HELP = {
    "skirmish": "Bots take rival factions' seats among the players above; the game starts "
                "when the people's seats are filled.",
    "wrath": "Bots take seats among the players above. One seat plays the Ancients: "
             "choose \u201cThe Ancients\u201d as your faction or a bot's, or the first bot "
             "takes them.",
    "war": "Bots fill seats in either team (four players: two teams of two; five: the "
           "team of two includes the Ancients, played by a bot unless you choose them).",
}


def _games() -> list:
    return [game for game in registry.all_games() if getattr(game, "map_mode", None)]


def titles_for_map_modes(modes: Iterable[str]) -> list[str]:
    """The lobby's titles of the games played in these rules modes ("awoken" is both Solo
    and Co-op), in the lobby's order."""
    wanted = set(modes)
    return [game.title for game in _games() if game.map_mode in wanted]


def _or(words: Sequence[str]) -> str:
    words = list(words)
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def map_suits(features: Any) -> str:
    """A map's limits in words: "Skirmish or The Wrath of the Ancients, 2 players", or
    "every mode, any number of players"."""
    modes = features.get("modes")
    counts = features.get("players")
    which = _or(titles_for_map_modes(modes)) if modes is not None else "every mode"
    many = f"{_or([str(n) for n in counts])} players" if counts is not None else "any number of players"
    return f"{which}, {many}"


def map_refusal(board: Any, game: Any, players: int) -> Optional[str]:
    """Why `board` may not host `game` with `players` players, in words, or None."""
    features = board.features
    name = board.title or "This map"
    modes = features.get("modes")
    if modes is not None and game.map_mode not in modes:
        return f"{name} is not played in {game.title}: it suits {_or(titles_for_map_modes(modes))}."
    counts = features.get("players")
    if counts is not None and players not in counts:
        return f"{name} is for {_or([str(n) for n in counts])} players only, not {players}."
    return None


def lobby_hints(modes: Sequence[Any], maps: Sequence[tuple[str, str]]) -> dict:
    """The form's script data: each mode's player counts, bot help and map mode; each map's
    title, limits (rules modes, counts), limits in words and features (for the legend)."""
    from wildlands.content.maps import load_map

    found_maps = {}
    for name, title in maps:
        try:
            board = load_map(name)
        except Exception:  # noqa: BLE001 - a broken map is refused by the form itself
            continue
        features = board.features
        found_maps[name] = {
            "title": title, "modes": features.get("modes"), "players": features.get("players"),
            "suits": map_suits(features), "features": features.to_data(),
        }
    return {
        "modes": {game.key: {"title": game.title, "summary": game.summary,
                             "counts": list(game.player_counts()),
                             "map_mode": game.map_mode, "bots": BOTS_HELP.get(game.key, "")}
                  for game in modes if getattr(game, "map_mode", None)},
        "maps": found_maps,
    }
