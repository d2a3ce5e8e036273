"""How the site teaches a game: it finds a game's rules document through the declarations
(`GameDefinition.rules_document`, read by games/rulebook.py), draws the rules page's pictures
from a real first state of the game, and hands the board page its Rules panel, its marks'
words and, for a guided first game, the script the page follows. No game is named here.
"""
from __future__ import annotations

from typing import Any, Optional

from django.utils.text import slugify

from games.platform import registry
from games.platform.definition import GameDefinition, GameSetup
from games.rulebook import Rulebook, RulebookError, rulebook_at

# set-up commands played for the rules page's example board, at most
EXAMPLE_STEPS = 12


class NoRules(LookupError):
    """No registered game has a rules document under that key."""


def book_of(game_def: GameDefinition) -> Optional[Rulebook]:
    path = game_def.rules_document()
    return rulebook_at(path) if path is not None else None


def book_for(key: str) -> tuple[GameDefinition, Rulebook]:
    """The game a rules address names (its document's key, its name as a slug, or any of its
    modes' keys) and its rules; for a document's key, the mode its example and guided game
    play (else the first mode).

    :raises NoRules: nothing registered has rules under `key`."""
    found: list[tuple[GameDefinition, Rulebook]] = []
    for game_def in registry.all_games():
        book = book_of(game_def)
        if book is None:
            continue
        if game_def.key == key:
            return game_def, book
        if key in (book.key, slugify(game_def.game_name)):  # "defenders-of-the-wild" too
            found.append((game_def, book))
    if not found:
        raise NoRules(key)
    guided = [(g, b) for g, b in found if b.example and b.example["mode"] == g.key]
    return (guided or found)[0]


def all_books() -> list[tuple[GameDefinition, Rulebook]]:
    """Each game's rules once, with the mode its address leads to."""
    keys, out = [], []
    for game_def in registry.all_games():
        book = book_of(game_def)
        if book is not None and book.key not in keys:
            keys.append(book.key)
            out.append(book_for(book.key))
    return out


def _setup(game_def: GameDefinition, choices: dict, seed: int) -> Any:
    plan = game_def.plan_table(choices, seed=seed)
    setup = GameSetup(key=game_def.key, seed=seed, seats=plan.seats, options=dict(plan.options),
                      map_name=plan.map_name, scenario_ids=list(plan.scenario_ids),
                      difficulty=plan.difficulty)
    return game_def.first_steps(setup).state


def example_of(game_def: GameDefinition, book: Rulebook) -> Optional[dict]:
    """The guided game's first board as a spectator sees it (with the set-up commands the
    document names played, first choice each), for the rules page's pictures: the board's
    own drawing of a real game, not a picture drawn apart."""
    example = book.example
    if not example:
        return None
    mode = registry.get(example["mode"])
    state = _setup(mode, example["choices"], example["seed"])
    for _ in range(EXAMPLE_STEPS):
        seats = [s for s in mode.awaiting(state) if s in mode.seat_ids(state)]
        commands = [c for s in seats for c in mode.legal_commands(state, s)
                    if c.get("do") in example["play"]]
        if not commands:
            break
        state, _ = mode.apply(state, seats[0], mode.prepare(commands[0]))
    return {"renderer": mode.renderer, "view": mode.view(state, None), **mode.board_page_data(state)}


def board_rules(game_def: GameDefinition) -> Optional[dict]:
    """The Rules panel's and the marks' part of a board page, or None (no rules yet)."""
    book = book_of(game_def)
    if book is None:
        return None
    return {**book.board_part(), "address": f"/games/{book.key}/rules/"}


def guide_for(game: Any, seat: Optional[str], asked: bool) -> Optional[dict]:
    """The guided game's script when the board was opened as one (`asked`) by its first
    seat, for a game set up as the guide sets it up (its mode and seed)."""
    if not asked or seat != "p1":
        return None
    try:
        book = book_of(game.definition)
    except RulebookError:
        return None
    guide = book.guide if book else None
    if not guide or guide["mode"] != game.mode or guide["seed"] != game.seed:
        return None
    return {**guide, "real_game": f"/play/new/?mode={guide['mode']}"}
