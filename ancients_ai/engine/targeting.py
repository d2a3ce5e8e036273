"""Who a monster goes after, and where it steps: every tie-break of the rules, in one place.

All distances are path distances on the board (`board.distance`, fewest moves across open
boundaries, a climb counting as one move: monsters ignore high ground). Characters that no
path reaches are never "closest". Every query is a table lookup on the board.

Tie-breaks:
- closest character: least distance, then the lowest-numbered space; the players choose
  among several characters in that space (the caller asks).
- a step toward a space: of the neighbours that are one move nearer to it, the
  lowest-numbered (the rules leave the path open; this makes it deterministic).
- a step away: of the neighbours farther from it, the lowest-numbered.
- ranged: closest among the characters in line of sight (heavy: in heavy range), then
  lowest space, then the players choose.
- area: own or adjacent space with characters: most characters, then lowest number.
- heal / most damaged monster: most damage, then highest health, then lowest space, then
  the state's generator.
"""
from __future__ import annotations

from typing import Iterable, Optional

from games.platform.rng import Rng
from wildlands.rules.state import Character, GameState, Monster

FAR = 1 << 20  # stands in for "no path" when sorting


def space_of(figure: Character | Monster) -> int:
    """The space of a figure the caller knows is on the board (an acting monster, a figure
    from `characters_on_board`): the rules never measure from a figure that is off it."""
    space = figure.space
    assert space is not None, f"{figure.id} is not on the board"
    return space


def characters_on_board(state: GameState) -> list:
    return [c for c in state.characters.values() if c.space is not None and not c.knocked_out]


def monsters_on_board(state: GameState) -> list:
    return [m for m in state.monsters.values() if m.space is not None and not m.knocked_out]


def characters_in(state: GameState, space: int) -> list:
    return [c for c in state.characters.values() if c.space == space and not c.knocked_out]


def closest_space(state: GameState, origin: int, candidates: Iterable[Character],
                  *, farthest: bool = False) -> Optional[int]:
    """The space of the closest (or farthest) reachable candidate; ties to the lowest number."""
    board = state.board
    best = None
    for c in candidates:
        space = space_of(c)
        d = board.distance(origin, space)
        if d is None:
            continue
        key = (-d if farthest else d, space)
        if best is None or key < best:
            best = key
    return None if best is None else best[1]


def closest_character_space(state: GameState, origin: int) -> Optional[int]:
    return closest_space(state, origin, characters_on_board(state))


def step_toward(state: GameState, origin: int, goal: int) -> Optional[int]:
    """The neighbour one move nearer to `goal` (lowest-numbered of several); None if none."""
    board = state.board
    d = board.distance(origin, goal)
    if not d:
        return None
    best = None
    for n in board.neighbours(origin):
        if board.distance(n, goal) == d - 1 and (best is None or n < best):
            best = n
    return best


def step_away(state: GameState, origin: int, danger: int) -> Optional[int]:
    """The lowest-numbered neighbour farther from `danger`; None if no neighbour is."""
    board = state.board
    d = board.distance(origin, danger)
    d = FAR if d is None else d
    best = None
    for n in board.neighbours(origin):
        nd = board.distance(n, danger)
        if (FAR if nd is None else nd) > d and (best is None or n < best):
            best = n
    return best


def ranged_space(state: GameState, monster: Monster, heavy: bool) -> Optional[int]:
    """The space a monster's ranged (or heavy ranged) attack goes to, or None."""
    board = state.board
    here = space_of(monster)
    seen = [c for c in characters_on_board(state)
            if (board.in_heavy_range(here, space_of(c)) if heavy
                else board.has_los(here, space_of(c)))]
    if not seen:
        return None
    return min(seen, key=lambda c: (dist(state, here, space_of(c)), c.space)).space


def area_space(state: GameState, monster: Monster) -> Optional[int]:
    """Own or adjacent space holding characters: the most characters, then lowest number."""
    here = space_of(monster)
    counts: dict = {}
    near = state.board.neighbours(here)
    for c in characters_on_board(state):
        if c.space == here or c.space in near:
            counts[c.space] = counts.get(c.space, 0) + 1
    if not counts:
        return None
    return min(counts, key=lambda s: (-counts[s], s))


def dist(state: GameState, a: int, b: int) -> int:
    d = state.board.distance(a, b)
    return FAR if d is None else d


def pick_monster(state: GameState, candidates: list) -> Optional[Monster]:
    """Most damage, then highest health, then lowest space, then at random."""
    if not candidates:
        return None
    key = lambda m: (-m.damage, -m.health, m.space)  # noqa: E731
    best = min(key(m) for m in candidates)
    tied = sorted((m for m in candidates if key(m) == best), key=lambda m: m.id)
    return tied[0] if len(tied) == 1 else tied[Rng(state).below(len(tied))]


def heal_candidates(state: GameState, monster: Monster, types) -> list:
    """Damaged monsters of these types in the healer's space or next to it."""
    here = space_of(monster)
    near = state.board.neighbours(here)
    return [m for m in monsters_on_board(state)
            if m.type in types and m.damage > 0 and (m.space == here or m.space in near)]


def seat_order_chooser(state: GameState, figure_ids: Iterable[str]) -> str:
    """Who answers a "players choose" question about these characters: the first player in
    seat order who owns one of them (in a solo game, the player)."""
    owners = {state.characters[f].player for f in figure_ids if f in state.characters}
    for player in state.players:
        if player.id in owners:
            return player.id
    return state.players[0].id
