"""Wildlands in the lobby: factions and colours, the Ancients faction's seat (The Wrath, a
five-player war), bots and their factions, the map's own limits, and the competitive modes'
seat counts. The Awoken's modes add their scenarios, partner and difficulty
(`ancients_ai.lobby`).

Bot seats are seated when the game is created, in the last seats, so a game starts as soon
as its people have joined: a skirmish may have 1-3 bot factions (at least one person
plays), a war up to four. A bot's faction is the one chosen for it, else drawn from the free
ones with the game's seed, so a game can be made again.
"""
from __future__ import annotations

import random
from typing import Any, ClassVar, Mapping, Optional, Sequence

from games.platform.lobby_rules import LobbyRules, SeatChoice, SetupRefused, TablePlan, refuse
from wildlands.content.offer import available_factions, available_maps
from wildlands.seating import (ANCIENTS, ANCIENTS_TITLE, NOT_HERE, WAR_PLAYERS, WAR_WITH_ANCIENTS,
                               check_faction_and_colour, load_board)

class WildlandsLobby(LobbyRules):
    """What every Wildlands mode's lobby shares."""

    # the mode a map's own rules name (`features.modes`): "awoken", "skirmish", "wrath", "war"
    map_mode: ClassVar[str]

    def needs_ancients(self, seats: int) -> bool:
        """Must one of `seats` seats play the Ancients faction?"""
        return False

    def allows_ancients(self) -> bool:
        """May a seat of this mode choose the Ancients at all (they are offered, and refused
        with a reason where the count does not need them)?"""
        return False

    def bot_kind(self, seats: int) -> str:
        """The bot that plays a bot seat of a table of `seats`."""
        return self.bot_kinds()[0]

    # --- the forms ---------------------------------------------------------------------------
    def lobby_form(self) -> type:
        from wildlands.forms import NewGameForm

        return NewGameForm

    def join_form(self) -> type:
        from wildlands.forms import JoinGameForm

        return JoinGameForm

    # --- the new table -----------------------------------------------------------------------
    def checked_bots(self, seats: int, bots: Any) -> int:
        if type(bots) is not int or bots < 0:
            refuse("invalid_choice", "the number of bots is a whole number")
        if bots and not self.bot_kinds():
            refuse("invalid_choice", "bots play skirmishes and co-op games only, and wars")
        if bots > seats - 1:
            refuse("invalid_choice",
                   f"a game of {seats} players has room for at most {seats - 1} bots")
        return bots

    def checked_scenarios(self, scenario_ids: Sequence[Any]) -> list:
        """The scenarios as the engine knows them ([] for a mode without)."""
        return []

    def checked_difficulty(self, difficulty: str) -> str:
        from games.models import Difficulty

        difficulty = str(difficulty or Difficulty.NORMAL)
        if difficulty not in Difficulty.values:
            refuse("invalid_choice", f"unknown difficulty {difficulty!r}")
        return difficulty

    def seat_label(self, seat: SeatChoice) -> str:
        """The faction's name (the Ancients' seat reads "The Ancients")."""
        if seat.faction == ANCIENTS:
            return ANCIENTS_TITLE
        return dict(available_factions()).get(seat.faction, seat.faction)

    def map_title(self, map_name: str) -> str:
        return dict(available_maps()).get(map_name, map_name)

    def check_map(self, map_name: str, players: int) -> None:
        """Refuse a map whose own rules forbid this mode or this many players (the Crypt is
        for two players and never for The Awoken), naming the map and the reason."""
        from wildlands.lobby_hints import map_refusal

        board = load_board(map_name)
        reason = map_refusal(board, self, players)  # in words: the modes' titles, not ids
        if reason:
            refuse("invalid_choice", reason)

    def plan_table(self, choices: Mapping[str, Any], *, others: Sequence[SeatChoice] = (),
                   seed: int = 0) -> TablePlan:
        """The creator in p1 with the faction and colour chosen, `others` next, bots last
        (their chosen factions first, then drawn from the free ones)."""
        count = self.seat_count(choices.get("players"))
        bots = self.checked_bots(count, choices.get("bots") or 0)
        bot_factions = list(choices.get("bot_factions") or ())
        if len(bot_factions) > bots:
            refuse("invalid_choice", "more bot factions chosen than bots")
        difficulty = self.checked_difficulty(choices.get("difficulty") or "")
        scenarios = self.checked_scenarios(choices.get("scenario_ids") or ())
        map_name = str(choices.get("map_name") or "")
        self.check_map(map_name, count)  # fail now, not when the last player joins
        people = [SeatChoice("p1", str(choices.get("faction") or ""),
                             str(choices.get("colour") or "")), *others]
        if len(people) > count - bots:
            refuse("invalid_choice", "more players than seats")
        seats = [SeatChoice(f"p{i + 1}") for i in range(count)]
        for seat, person in zip(seats, people):
            seat.colour = check_faction_and_colour(person.faction, person.colour,
                                                   [s for s in seats if s.faction],
                                                   self.allows_ancients())
            seat.faction = person.faction
        bot_factions = self.bot_factions(seats, count - bots, bots, bot_factions)
        self.seat_bots(seats[count - bots:], seats, bot_factions, random.Random(seed))
        self.check_ancients_seats(seats)
        return TablePlan(seats, party=len(people), map_name=map_name, scenario_ids=scenarios,
                         difficulty=difficulty)

    def seat_bots(self, bot_seats: Sequence[SeatChoice], seats: Sequence[SeatChoice],
                  chosen: list, rng: random.Random) -> None:
        for seat in bot_seats:
            taken = [s for s in seats if s.faction]
            free = [fid for fid, _ in available_factions()
                    if all(s.faction != fid for s in taken) and fid not in chosen]
            if not chosen and not free:
                refuse("invalid_choice", "no faction is left for a bot")
            faction = chosen.pop(0) if chosen else rng.choice(free)
            seat.colour = check_faction_and_colour(faction, "", taken, self.allows_ancients())
            seat.faction, seat.bot = faction, self.bot_kind(len(seats))

    def bot_factions(self, seats: Sequence[SeatChoice], people: int, bots: int,
                     chosen: Sequence[str]) -> list:
        """When the table needs the Ancients, no person took them, every seat left is a
        bot's and some bot has no chosen faction, the first bot plays them."""
        if (not self.needs_ancients(len(seats)) or any(s.faction == ANCIENTS for s in seats)
                or ANCIENTS in chosen):
            return list(chosen)
        if len(chosen) < bots and people == sum(1 for s in seats if s.faction):
            return [ANCIENTS, *chosen]
        return list(chosen)  # every bot's faction chosen without the Ancients: refused next

    def check_ancients_seats(self, seats: Sequence[SeatChoice]) -> None:
        """The Ancients faction is played in a game that needs it, by exactly one seat."""
        playing = [s for s in seats if s.faction == ANCIENTS]
        if playing and not self.needs_ancients(len(seats)):
            refuse("invalid_choice", NOT_HERE)
        if self.needs_ancients(len(seats)) and all(s.faction for s in seats) and not playing:
            refuse("invalid_choice", "one seat must play the Ancients")

    # --- joining -------------------------------------------------------------------------------
    def join_choices(self, seats: Sequence[SeatChoice]) -> list[tuple[str, str]]:
        """The factions nobody plays yet (the Ancients where the table needs them)."""
        taken = {s.faction for s in seats if s.faction}
        offered = available_factions()
        if self.needs_ancients(len(seats)):
            offered = [*offered, (ANCIENTS, ANCIENTS_TITLE)]
        return [(fid, name) for fid, name in offered if fid not in taken]

    def join_seat(self, seats: Sequence[SeatChoice], seat: str,
                  choices: Mapping[str, Any]) -> SeatChoice:
        faction, colour = str(choices.get("faction") or ""), str(choices.get("colour") or "")
        free = [s for s in seats if not s.faction and not s.bot]
        needs = self.needs_ancients(len(seats))
        if (needs and len(free) == 1 and faction != ANCIENTS
                and all(s.faction != ANCIENTS for s in seats)):
            refuse("invalid_choice", "the last seat must play the Ancients")
        if faction == ANCIENTS and not needs:
            refuse("invalid_choice", NOT_HERE)
        colour = check_faction_and_colour(faction, colour, [s for s in seats if s.faction],
                                          self.allows_ancients())
        return SeatChoice(seat, faction, colour)

    # --- the board page ------------------------------------------------------------------------
    def board_page_data(self, state: Any) -> dict:
        from wildlands.board_data import board_svg_data

        return {"board": board_svg_data(state.board)}


class SkirmishLobby(WildlandsLobby):
    map_mode: ClassVar[str] = "skirmish"

    def player_counts(self) -> Sequence[int]:
        return (2, 3, 4)

    def seat_count(self, players: Optional[int]) -> int:
        if players is None or players not in self.player_counts():
            refuse("invalid_choice", "a skirmish has two to four players")
        return int(players)

    def bot_kinds(self) -> Sequence[str]:
        return ("greedy",)


class WrathLobby(SkirmishLobby):
    """A skirmish in which exactly one seat plays the Ancients faction."""

    map_mode: ClassVar[str] = "wrath"

    def needs_ancients(self, seats: int) -> bool:
        return True

    def allows_ancients(self) -> bool:
        return True

    def bot_kinds(self) -> Sequence[str]:
        return ("wrath",)


class WarLobby(WildlandsLobby):
    map_mode: ClassVar[str] = "war"

    def player_counts(self) -> Sequence[int]:
        return (WAR_PLAYERS, WAR_WITH_ANCIENTS)

    def seat_count(self, players: Optional[int]) -> int:
        """Four seats (teams p1+p3 and p2+p4), or five with the Ancients faction in the
        team of two; six are refused with the war's own code (`war_six_players`)."""
        from wildlands.rules.war.setup import WarSetupError, check_war_players

        count = WAR_PLAYERS if players is None else players
        try:
            check_war_players(count, ancients=count == WAR_WITH_ANCIENTS)
        except WarSetupError as error:
            raise SetupRefused(error.code, error.message) from None
        return count

    def needs_ancients(self, seats: int) -> bool:
        return seats == WAR_WITH_ANCIENTS

    def allows_ancients(self) -> bool:
        return True

    def bot_kinds(self) -> Sequence[str]:
        return ("greedy", "wrath")

    def bot_kind(self, seats: int) -> str:
        """A five-player war's bots play as the Wrath bot does."""
        return "wrath" if self.needs_ancients(seats) else "greedy"

    def describe_outcome(self, outcome: Mapping[str, Any]) -> str:
        """A war names its winning team."""
        from wildlands.rules.war.setup import TEAM_NAMES

        team = str(outcome.get("team") or "")
        if team[1:].isdigit() and 1 <= int(team[1:]) <= len(TEAM_NAMES):
            return f"{TEAM_NAMES[int(team[1:]) - 1]} won"
        return super().describe_outcome(outcome)  # type: ignore[misc]
