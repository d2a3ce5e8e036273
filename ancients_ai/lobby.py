"""The Awoken in the lobby: one or two players, a scenario each (one Ancient per scenario),
the Awoken bot as a co-op partner, the difficulty, and the table companion, which is started
from its own page (`ancients_ai.companion_views`).
"""
from __future__ import annotations

from typing import Any, ClassVar, Optional, Sequence

from ancients_ai.scenarios import available_scenarios, scenario_ids_in_order
from games.platform.lobby_rules import refuse
from wildlands.lobby import WildlandsLobby

# what a hard game adds to each Ancient's health (the campaign rules page says so too)
HARD_ANCIENT_HEALTH = 2


def scenario_lookup() -> dict[str, Any]:
    """str(id) -> id as the engine knows it, in sheet-number order."""
    return {str(sid): sid for sid in scenario_ids_in_order()}


class AwokenLobby(WildlandsLobby):
    """Solo and co-op: as many scenarios as seats, all different."""

    map_mode: ClassVar[str] = "awoken"
    seats: ClassVar[int] = 1

    def player_counts(self) -> Sequence[int]:
        return (self.seats,)

    def seat_count(self, players: Optional[int]) -> int:
        """The seats are the mode's own; the lobby's player count is for other modes."""
        return self.seats

    def checked_bots(self, seats: int, bots: Any) -> int:
        if self.bot_kinds() and type(bots) is int and bots > 1:
            refuse("invalid_choice", "a co-op game has room for one bot partner")
        return super().checked_bots(seats, bots)

    def scenario_choices(self) -> list[tuple[str, str]]:
        return available_scenarios()

    def checked_scenarios(self, scenario_ids: Sequence[Any]) -> list:
        needed = self.seats
        lookup = scenario_lookup()
        chosen = []
        for sid in scenario_ids:
            if str(sid) not in lookup:
                refuse("invalid_choice", f"unknown scenario {sid!r}")
            chosen.append(lookup[str(sid)])
        if len(chosen) != needed or len({str(s) for s in chosen}) != needed:
            refuse("invalid_choice",
                   "choose one scenario" if needed == 1 else "choose two different scenarios")
        return chosen


class SoloLobby(AwokenLobby):
    seats: ClassVar[int] = 1


class CoopLobby(AwokenLobby):
    seats: ClassVar[int] = 2

    def bot_kinds(self) -> Sequence[str]:
        return ("awoken",)


class CompanionLobby(AwokenLobby):
    """Started from the table page (`games:companion_new`) for one or two players, and
    played from it (its secret resume link), not from the board page."""

    own_page: ClassVar[str] = "games:companion_new"

    def player_counts(self) -> Sequence[int]:
        return (1, 2)

    def seat_count(self, players: Optional[int]) -> int:
        return WildlandsLobby.seat_count(self, players)

    def own_board_url(self, game: Any) -> Optional[str]:
        if not game.companion_token:
            return None
        from django.urls import reverse

        return reverse("games:companion", kwargs={"game_id": game.id,
                                                  "token": game.companion_token})
