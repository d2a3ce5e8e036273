"""The Awoken's modes as the site sees them: solo, co-op and the table companion. They play
the Wildlands rules engine with the Ancients' mode (`ancients_ai.engine`) plugged in, so
they share `WildlandsGame` and add the Ancients' turn, undo and campaigns.

Set-up decisions the site makes for people:
- The Ancients' turn is always deferred to a worker (`defer_ancients`). With two players
  the engine never skips a defence or interrupt prompt on its own (`auto_pass_defence` /
  `auto_pass_interrupt` off): a skipped prompt would tell the other player that this one
  holds no card that could have answered it. Solo keeps both on. At the table (companion)
  the players' cards stay in their hands (`engine.companion`).
- Hard difficulty: every Ancient has 2 more health and each player opens with one card
  fewer (it goes to the bottom of their deck). Easy: the engine's easier game (a treasure
  per player at the start).
- A campaign's kept treasures are dealt to the party at the start.
"""
from __future__ import annotations

import logging
from typing import ClassVar

from ancients_ai.campaign_progress import campaign_record_result
from ancients_ai.engine.companion import companion_options
from ancients_ai.engine.setup import grant_kept_treasures, new_awoken
from ancients_ai.engine.undo import take_back, undo_target
from ancients_ai.lobby import (HARD_ANCIENT_HEALTH, AwokenLobby, CompanionLobby, CoopLobby,
                               SoloLobby)
from games.models import Game
from games.platform.definition import FirstSteps, GameSetup
from games.platform.registry import register as add
from wildlands.rules.errors import RuleError
from wildlands.rules.state import GameState
from wildlands.base import WildlandsGame

logger = logging.getLogger(__name__)

SOLO_OPTIONS = {"defer_ancients": True}
COOP_OPTIONS = {"defer_ancients": True, "auto_pass_defence": False, "auto_pass_interrupt": False}
EASY, HARD = "easy", "hard"


class AwokenGame(AwokenLobby, WildlandsGame):
    """The Awoken: the players against the Ancients, whose turn a worker plays."""

    uses_campaigns: ClassVar[bool] = True

    def options(self) -> dict:
        return dict(COOP_OPTIONS)

    def urls(self) -> list:
        """The campaign and table companion pages (ancients_ai/urls.py)."""
        from ancients_ai.urls import urlpatterns

        return list(urlpatterns)

    def websocket_urls(self) -> list:
        """The content simulation's progress (ancients_ai/routing.py)."""
        from ancients_ai.routing import websocket_urlpatterns

        return list(websocket_urlpatterns)

    def first_steps(self, setup: GameSetup) -> FirstSteps:
        state = new_awoken(**self.setup_keywords(setup), scenario_ids=list(setup.scenario_ids),
                           easy=setup.difficulty == EASY, options=self.options())
        for player, seat in zip(state.players, setup.seats):
            player.colour = seat.colour
        if setup.difficulty == HARD:
            for monster in state.monsters.values():
                if monster.kind == "ancient":
                    monster.health += HARD_ANCIENT_HEALTH
            for player in state.players:
                if player.hand:
                    player.deck.append(player.hand.pop())
        for treasure in grant_kept_treasures(state, list(setup.campaign_treasures)):
            logger.warning("campaign treasure %r is not in this game's treasures; skipped",
                           treasure)
        return FirstSteps(state, state)

    def outcome_record(self, state: GameState) -> dict:
        return {"rounds": state.turn.round,
                "crystals": sum(len(c.carried) for c in state.characters.values()),
                "knockouts": sum(1 for m in state.monsters.values() if m.knocked_out),
                "characters_lost": sum(1 for c in state.characters.values() if c.knocked_out)}

    def record_finished(self, game: Game, state: GameState) -> None:
        """A finished campaign game unlocks the next chapter and earns a treasure."""
        if game.campaign_id is not None:
            campaign_record_result(game=game, state=state)

    def reveal_mode_secrets(self, state: GameState, view: dict) -> None:
        """Face-down object counters turned up."""
        part = view.get("awoken")
        if part is not None:
            for entry in part["objects"]:
                if not entry["revealed"]:
                    entry["kind"] = state.mode_state.objects[entry["id"]].kind

    # --- undo: while nothing hidden was revealed (`ancients_ai.engine.undo`) ------------------
    def can_undo(self) -> bool:
        return True

    def undo_target(self, state: GameState, seat: str) -> int:
        return undo_target(state, seat)

    def take_back(self, state: GameState, seat: str, earlier: GameState) -> tuple[GameState, list]:
        return take_back(state, seat, earlier)


class SoloGame(SoloLobby, AwokenGame):
    key: ClassVar[str] = "solo"
    title: ClassVar[str] = "Solo (The Awoken)"
    summary: ClassVar[str] = ("You alone against the Ancients, whose every move is dealt "
                              "from their card decks.")
    order: ClassVar[int] = 10

    def options(self) -> dict:
        return dict(SOLO_OPTIONS)


class CoopGame(CoopLobby, AwokenGame):
    key: ClassVar[str] = "coop"
    title: ClassVar[str] = "Co-op (The Awoken)"
    summary: ClassVar[str] = ("Two players, in two browsers or with the Awoken bot as the "
                              "partner, against two Ancients.")
    order: ClassVar[int] = 20


class CompanionGame(CompanionLobby, AwokenGame):
    """The table companion: the cards and figures are on a real table; the site runs the
    Ancients and keeps the board."""

    key: ClassVar[str] = "companion"
    title: ClassVar[str] = "Table companion (The Awoken)"
    summary: ClassVar[str] = ("Play The Awoken on your own table: the site runs the "
                              "Ancients from your phone.")
    order: ClassVar[int] = 60
    offered_in_lobby: ClassVar[bool] = False

    def options(self) -> dict:
        return companion_options(dict(COOP_OPTIONS))

    def can_undo(self) -> bool:
        return False  # the table corrects its board instead (`correct`)

    def undo_target(self, state: GameState, seat: str) -> int:
        raise RuleError("action_not_allowed",
                        "at the table a move is not taken back: correct the board instead")


def register() -> None:
    """Declare The Awoken's modes to the site (from `AncientsAiConfig.ready`)."""
    for game in (SoloGame(), CoopGame(), CompanionGame()):
        add(game)
