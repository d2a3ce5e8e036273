"""The state a game starts from, built from its seats, and what the site decides for people.

Each mode starts from its own rules' set-up: a skirmish or The Wrath of the Ancients
(`wrath.new_skirmish_or_wrath` picks the mode from the seats' factions), War for the
Crystals (`war.setup.new_war`), The Awoken (solo, co-op and the table companion).

Set-up decisions the site makes for people (v1):
- The competitive modes start the moment the last seat is taken. Each player's secret
  map-card assignment is chosen for them (`setup.auto_assignment`, drawn from a generator
  seeded from the game's seed but separate from the game's own), so play begins at once.
- The Awoken always defers the Ancients' turn to a worker (`defer_ancients`). With two
  players the engine never skips a defence or interrupt prompt on its own
  (`auto_pass_defence` / `auto_pass_interrupt` off): a skipped prompt would tell the other
  player that this one holds no card that could have answered it. Solo keeps both on. At
  the table (companion) the players' cards stay in their hands (`engine.companion`).
- Hard difficulty: every Ancient has 2 more health and each player opens with one card
  fewer (it goes to the bottom of their deck). Easy: the engine's easier game (a treasure
  per player at the start).
- A campaign's kept treasures are dealt to the party at the start.
"""
from __future__ import annotations

import logging
from typing import Sequence

from ancients_ai.engine.companion import companion_options
from ancients_ai.engine.setup import grant_kept_treasures, new_awoken
from games.models import Difficulty, Game, Seat
from games.rules.board import Board
from games.rules.rng import Rng, seed_state
from games.rules.state import GameState

logger = logging.getLogger(__name__)

HARD_ANCIENT_HEALTH = 2
SOLO_OPTIONS = {"defer_ancients": True}
COOP_OPTIONS = {"defer_ancients": True, "auto_pass_defence": False, "auto_pass_interrupt": False}
# modes whose players secretly assign their characters to map cards before play
ASSIGNING_MODES = (Game.Mode.SKIRMISH, Game.Mode.WRATH, Game.Mode.WAR)


def first_state(game: Game, seats: Sequence[Seat], board: Board, factions: list) -> GameState:
    """The engine's state for `game` before anyone has done anything."""
    player_ids = [s.seat for s in seats]
    colours = [s.colour for s in seats]
    if game.mode in (Game.Mode.SKIRMISH, Game.Mode.WRATH):  # wrath: one seat is the Ancients
        from games.rules.wrath.setup import new_skirmish_or_wrath
        return new_skirmish_or_wrath(board=board, factions=factions, player_ids=player_ids,
                                     seed=game.seed, colours=colours)
    if game.mode == Game.Mode.WAR:
        from games.rules.war.setup import new_war
        return new_war(board=board, factions=factions, player_ids=player_ids,
                       seed=game.seed, colours=colours)
    return _awoken_state(game, board, factions, player_ids, colours)


def assignment_chooser(game: Game) -> Rng | None:
    """The generator that chooses each seat's secret assignment (`setup.auto_assignment`)
    in the competitive modes, separate from the game's own; None in The Awoken."""
    if game.mode not in ASSIGNING_MODES:
        return None

    class _Holder:
        rng = seed_state(game.seed ^ 0x5EED)

    return Rng(_Holder())


def _awoken_state(game: Game, board: Board, factions: list, player_ids: list,
                  colours: list) -> GameState:
    options = dict(SOLO_OPTIONS if game.mode == Game.Mode.SOLO else COOP_OPTIONS)
    if game.mode == Game.Mode.COMPANION:  # the table holds the cards (engine.companion)
        options = companion_options(options)
    state = new_awoken(board=board, factions=factions, player_ids=player_ids,
                       scenario_ids=list(game.scenario_ids), seed=game.seed,
                       easy=game.difficulty == Difficulty.EASY, options=options)
    for player, colour in zip(state.players, colours):
        player.colour = colour
    if game.difficulty == Difficulty.HARD:
        for monster in state.monsters.values():
            if monster.kind == "ancient":
                monster.health += HARD_ANCIENT_HEALTH
        for player in state.players:
            if player.hand:
                player.deck.append(player.hand.pop())
    if game.campaign_id is not None:
        for treasure in grant_kept_treasures(state, list(game.campaign.treasures)):
            logger.warning("campaign treasure %r is not in this game's treasures; skipped",
                           treasure)
    return state
