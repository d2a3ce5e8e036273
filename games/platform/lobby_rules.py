"""The lobby's part of a game's declaration: what a new game of it may be (player counts,
bots, its form), how the form's choices become seats and stored options, how a friend
joins through the invite link, and the words the lobby shows.

`GameDefinition` inherits `LobbyRules`, so a declaration answers the lobby too; the methods
with a body are defaults a simple game keeps (a count of seats, bots of one kind, no
factions, no map). The site's lobby (`games.lobby`, `games.views`) asks only these and
never a game's name. Forms are Django forms, named here by the class a method returns, so
this module imports no Django.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Mapping, NoReturn, Optional, Sequence


class SetupRefused(Exception):
    """A lobby choice the game refuses (a player count, a faction, a map): stable `code`,
    a message a player can read. The site answers it as it answers its own refusals."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass
class SeatChoice:
    """One seat as the lobby fills it: `seat` ("p1".."pN"), the person's or bot's
    `faction` and `colour` (what those mean is the game's; blank when it has none), the bot
    kind for a bot seat ("" for a person), and the `team` it plays in ("" when none)."""

    seat: str
    faction: str = ""
    colour: str = ""
    bot: str = ""
    team: str = ""


@dataclass
class TablePlan:
    """A new game as the lobby will store it, built from a form's cleaned data: every seat
    in order (the party's first, free seats for friends next, bot seats last), the game's
    own choices to keep (`Game.options`), and the columns some games use (map, scenarios,
    difficulty; blank when a game has none)."""

    seats: list[SeatChoice]
    party: int = 1  # the first seats are taken by the creator and the partners given
    options: dict = field(default_factory=dict)
    map_name: str = ""
    scenario_ids: list = field(default_factory=list)
    difficulty: str = ""


def refuse(code: str, message: str) -> NoReturn:
    """:raises SetupRefused: always."""
    raise SetupRefused(code, message)


class LobbyRules:
    """What the lobby asks a game (or one mode of a game)."""

    # The URL name of the page that starts this mode instead of the lobby's form ("" for
    # none): the lobby lists the mode and sends a choice of it there.
    own_page: ClassVar[str] = ""

    # --- seats ---------------------------------------------------------------------------
    def player_counts(self) -> Sequence[int]:
        """The counts the lobby offers, in order."""
        raise NotImplementedError

    def seat_count(self, players: Optional[int]) -> int:
        """How many seats a game has for the lobby's `players` choice (None: the default,
        the first count offered).

        :raises SetupRefused: a count this game does not offer."""
        counts = list(self.player_counts())
        if players is None:
            return counts[0]
        if players not in counts:
            refuse("invalid_choice", f"{getattr(self, 'title', 'this game')} is played by "
                                     f"{' or '.join(map(str, counts))} players, not {players}")
        return int(players)

    def bot_kinds(self) -> Sequence[str]:
        """Bot kinds that may sit in this game (`bot_command` names), the lobby's first;
        () for none."""
        return ()

    def max_bots(self, seats: int) -> int:
        """How many of `seats` bots may take (at least one person always plays)."""
        return seats - 1 if self.bot_kinds() else 0

    # --- the lobby's form and what it makes ------------------------------------------------
    def lobby_form(self) -> Optional[type]:
        """The Django form class the lobby renders for this game (a `games.forms.GameForm`);
        one class may serve several modes of a game (its `mode` field lists them). None:
        the site's plain form (`games.forms.LobbyForm`: a player count and bots)."""
        return None

    def plan_table(self, choices: Mapping[str, Any], *, others: Sequence[SeatChoice] = (),
                   seed: int = 0) -> TablePlan:
        """The new table from the form's cleaned data (or the same keys given in code):
        the creator in p1, `others` (a campaign's partner, already chosen) next, bots last.
        `seed` is the game's, for anything drawn (a bot's faction).

        :raises SetupRefused: a choice the game refuses (nothing is stored)."""
        count = self.seat_count(choices.get("players"))
        bots = self.checked_bots(count, choices.get("bots") or 0)
        party = 1 + len(others)
        if party > count - bots:
            refuse("invalid_choice", "more players than seats")
        seats = [SeatChoice("p1"), *others]
        seats += [SeatChoice(f"p{i + 1}") for i in range(len(seats), count - bots)]
        kind = self.bot_kinds()[0] if bots else ""
        seats += [SeatChoice(f"p{i + 1}", bot=kind) for i in range(count - bots, count)]
        for i, seat in enumerate(seats):
            seat.seat = f"p{i + 1}"
        return TablePlan(seats, party=party, options=self.stored_options(choices))

    def checked_bots(self, seats: int, bots: Any) -> int:
        """:raises SetupRefused: a number of bots this table has no room for."""
        if type(bots) is not int or bots < 0:
            refuse("invalid_choice", "the number of bots is a whole number")
        room = self.max_bots(seats)
        if bots > room:
            refuse("invalid_choice", f"a game of {seats} players has room for at most "
                                     f"{room} bot{'s' * (room != 1)}")
        return bots

    def stored_options(self, choices: Mapping[str, Any]) -> dict:
        """The game's own choices kept on the row (`Game.options`, `GameSetup.options`)."""
        return {}

    # --- joining by the invite link --------------------------------------------------------
    def join_form(self) -> Optional[type]:
        """The Django form a friend fills in to take a seat (built with `game=`). None:
        the site's form with nothing to choose (`games.forms.JoinForm`)."""
        return None

    def join_choices(self, seats: Sequence[SeatChoice]) -> list[tuple[str, str]]:
        """What is still free to choose when joining (Wildlands: the free factions)."""
        return []

    def join_seat(self, seats: Sequence[SeatChoice], seat: str,
                  choices: Mapping[str, Any]) -> SeatChoice:
        """`seat`, the first free one of `seats`, as a friend takes it with the join form's
        cleaned data.

        :raises SetupRefused: a choice the table refuses."""
        return SeatChoice(seat)

    # --- content choices -------------------------------------------------------------------
    def check_map(self, map_name: str, players: int) -> None:
        """:raises SetupRefused: a map this game cannot be played on with `players`."""

    def scenario_choices(self) -> list[tuple[str, str]]:
        """(id, title) of the scenarios a game of this mode may face ([] for none)."""
        return []

    # --- game lists --------------------------------------------------------------------------
    def seat_label(self, seat: SeatChoice) -> str:
        """What a game list says a seat plays, in words ("The Guild"; "" for nothing): only
        the game knows what its seat rows' `faction` and `colour` hold."""
        return seat.faction

    def seat_words(self, seat: SeatChoice) -> str:
        """What the waiting and join pages say a seat plays: its game-list words and, when the
        row holds one, its colour ("The Guild, red"). A game whose `colour` column holds
        something other than a colour says it in its own words."""
        label = self.seat_label(seat)
        return f"{label}, {seat.colour}" if label and seat.colour else label

    def map_title(self, map_name: str) -> str:
        """The board a game list names for a table of this game ("" for a game without
        one)."""
        return map_name

    # --- the board page ----------------------------------------------------------------------
    def board_page_data(self, state: Any) -> dict:
        """What the board page's renderer needs beside the seat's view (Wildlands: the
        map's drawing), put in the page's initial data."""
        return {}

    def own_board_url(self, game: Any) -> Optional[str]:
        """Where a game of this mode is played when not on the board page (the table
        companion's own page), else None."""
        return None
