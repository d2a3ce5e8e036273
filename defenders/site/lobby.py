"""Defenders of the Wild in the lobby: one to four players, bots in the seats not filled,
a difficulty tier, and each seat's deck (a faction and its organizer; two with one player).

A seat's choice is written as a "deck", `faction:organizer` ("order:ember"). Defenders has
no colours, so a seat row's `faction` column holds the seat's faction(s) and its `colour`
column its organizer(s), joined by "+" in the same order when one player plays two
("order+coven", "ember+morrow"). A bot's deck is drawn from the free factions with the
game's seed, so the table can be made again.
"""
from __future__ import annotations

import random
from typing import Any, ClassVar, Mapping, Sequence

from defenders.rules.setup import TIERS
from defenders.site.decks import content, deck_choices  # noqa: F401 (game.py reads content)
from games.platform.definition import SeatChoice
from games.platform.lobby_rules import LobbyRules, TablePlan, refuse

BOT = "greedy"
JOIN = "+"


def parse_deck(deck: Any) -> tuple[str, str]:
    """(faction, organizer) of a "faction:organizer" choice.

    :raises SetupRefused: `invalid_choice`, an unknown faction or organizer."""
    known = dict(deck_choices())
    if not isinstance(deck, str) or deck not in known:
        refuse("invalid_choice", f"unknown deck {deck!r} (a faction and one of its organizers, "
                                 "like order:ember)")
    faction, organizer = deck.split(":")
    return faction, organizer


def seat_decks(seat: SeatChoice) -> list[tuple[str, str]]:
    """The (faction, organizer) pairs a seat row holds ([] for a free seat)."""
    if not seat.faction:
        return []
    return list(zip(seat.faction.split(JOIN), seat.colour.split(JOIN)))


def seated(seat: str, decks: Sequence[tuple[str, str]], bot: str = "") -> SeatChoice:
    return SeatChoice(seat, JOIN.join(f for f, _ in decks), JOIN.join(o for _, o in decks), bot)


def taken_factions(seats: Sequence[SeatChoice]) -> set[str]:
    return {f for s in seats for f, _ in seat_decks(s)}


def checked_tier(tier: Any) -> str:
    tier = tier or "base"
    if tier not in TIERS:
        refuse("invalid_choice", f"unknown difficulty {tier!r} (one of {', '.join(TIERS)})")
    return str(tier)


class DefendersLobby(LobbyRules):
    """What the lobby asks Defenders of the Wild."""

    bot_kind: ClassVar[str] = BOT

    def player_counts(self) -> Sequence[int]:
        return (1, 2, 3, 4)

    def bot_kinds(self) -> Sequence[str]:
        return (BOT,)

    def lobby_form(self) -> type:
        from defenders.forms import NewDefendersForm

        return NewDefendersForm

    def join_form(self) -> type:
        from defenders.forms import JoinDefendersForm

        return JoinDefendersForm

    def seat_label(self, seat: SeatChoice) -> str:
        """The seat's deck(s) by name ("The Order: Archivist Ember"), not the row's ids."""
        names = dict(deck_choices())
        return " and ".join(names.get(f"{f}:{o}", f) for f, o in seat_decks(seat))

    def seat_words(self, seat: SeatChoice) -> str:
        """As `seat_label`: the row's `colour` holds the organizer, already named there."""
        return self.seat_label(seat)

    def plan_table(self, choices: Mapping[str, Any], *, others: Sequence[SeatChoice] = (),
                   seed: int = 0) -> TablePlan:
        """The creator in p1 with the deck(s) chosen (two with one player), `others` next,
        free seats for friends, bots last with decks drawn from the free factions."""
        count = self.seat_count(choices.get("players"))
        bots = self.checked_bots(count, choices.get("bots") or 0)
        tier = checked_tier(choices.get("tier"))
        decks = [parse_deck(choices.get("deck"))]
        if count == 1:
            decks.append(parse_deck(choices.get("second_deck")))
        elif choices.get("second_deck"):
            refuse("invalid_choice", "only a player alone plays a second deck")
        people = [seated("p1", decks), *others]
        if len(people) > count - bots:
            refuse("invalid_choice", "more players than seats")
        seats: list[SeatChoice] = []
        for i, person in enumerate(people):
            self.check_free(seat_decks(person), seats)
            seats.append(seated(f"p{i + 1}", seat_decks(person)))
        seats += [SeatChoice(f"p{i + 1}") for i in range(len(seats), count - bots)]
        draw = random.Random(seed)
        for i in range(count - bots, count):
            free = [d for d in deck_choices() if d[0].split(":")[0] not in taken_factions(seats)]
            seats.append(seated(f"p{i + 1}", [parse_deck(draw.choice(free)[0])], self.bot_kind))
        return TablePlan(seats, party=len(people), options={"tier": tier})

    def check_free(self, decks: Sequence[tuple[str, str]], seats: Sequence[SeatChoice]) -> None:
        """:raises SetupRefused: a faction chosen twice, or already played at the table."""
        mine = [f for f, _ in decks]
        if len(set(mine)) != len(mine):
            refuse("invalid_choice", "the two decks must be of different factions")
        clash = sorted(set(mine) & taken_factions(seats))
        if clash:
            refuse("invalid_choice", f"the {clash[0]} are already played at this table")

    def join_choices(self, seats: Sequence[SeatChoice]) -> list[tuple[str, str]]:
        """The decks of the factions nobody plays yet."""
        taken = taken_factions(seats)
        return [d for d in deck_choices() if d[0].split(":")[0] not in taken]

    def join_seat(self, seats: Sequence[SeatChoice], seat: str,
                  choices: Mapping[str, Any]) -> SeatChoice:
        decks = [parse_deck(choices.get("deck"))]
        self.check_free(decks, seats)
        return seated(seat, decks)
