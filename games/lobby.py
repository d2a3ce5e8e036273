"""Creating a game and taking its seats, for any registered game: the game's declaration
(`games.platform`) checks the choices and says what the table is (`plan_table`), the lobby
stores it with an invite token, seats the bots, lets friends join through the invite link
(`join_seat`) and starts the game (`services.game_start`) once the last seat is taken. Each
is one transaction; joining locks the game row and its seats.

A game's refusal (`SetupRefused`) is answered as the site's own (`ServiceError`, same code
and message), so callers handle one kind of refusal.
"""
from __future__ import annotations

import contextlib
import secrets
from typing import Any, Iterator, Optional, Sequence

from django.db import IntegrityError, transaction
from django.utils import timezone

from games import open_games, services
from games.models import Campaign, Game, Seat
from games.platform import registry
from games.platform.definition import GameDefinition, SeatChoice, SetupRefused
from games.services import ServiceError


@contextlib.contextmanager
def refusals() -> Iterator[None]:
    """A game's `SetupRefused` raised inside becomes the site's `ServiceError`."""
    try:
        yield
    except SetupRefused as error:
        raise ServiceError(error.code, error.message) from None


def definition_of(mode: str) -> GameDefinition:
    """:raises ServiceError: `invalid_choice` for a key no game is registered under."""
    try:
        return registry.get(mode)
    except registry.UnknownGame:
        raise ServiceError("invalid_choice", f"unknown mode {mode!r}") from None


def seat_choices(seats: Sequence[Seat]) -> list[SeatChoice]:
    """Seat rows as the declarations read them."""
    return [SeatChoice(s.seat, s.faction, s.colour, s.bot) for s in seats]


def check_map(map_name: str, mode: str, players: int) -> None:
    """:raises ServiceError: `invalid_choice`: the map cannot host `mode` with `players`."""
    with refusals():
        definition_of(mode).check_map(map_name, players)


def game_create(*, user, mode: str, seed: Optional[int] = None,
                campaign: Optional[Campaign] = None, chapter: Optional[int] = None,
                others: Sequence[tuple] = (), **choices: Any) -> Game:
    """Create a game of `mode` from the lobby's `choices` (a form's cleaned data, or the
    same keys given in code), with `user` in seat p1, `others` ((user, faction, colour) of a
    campaign's party) next and the bot seats last. A game whose seats are all taken starts
    at once; otherwise it waits in setup for players to join through the invite link.

    :raises ServiceError: an unknown mode, or a choice the game refuses (nothing stored).
    """
    game_def = definition_of(mode)
    if seed is None:
        seed = secrets.randbits(62)
    party = [SeatChoice("", faction, colour) for _, faction, colour in others]
    with refusals():
        plan = game_def.plan_table(choices, others=party, seed=seed)
    members = [user, *(member for member, _, _ in others)]
    columns = {"difficulty": plan.difficulty} if plan.difficulty else {}
    with transaction.atomic(), refusals():
        open_games.make_room(user)
        game = Game.objects.create(mode=mode, map_name=plan.map_name,
                                   scenario_ids=list(plan.scenario_ids), options=plan.options,
                                   seed=seed, created_by=user, campaign=campaign,
                                   campaign_chapter=chapter, **columns)
        now = timezone.now()
        seats = [Seat(game=game, seat=c.seat, faction=c.faction, colour=c.colour, bot=c.bot)
                 for c in plan.seats]
        for seat, member in zip(seats, members[:plan.party]):
            seat.user, seat.joined_at = member, now
        for seat in seats:
            if seat.bot:
                seat.joined_at = now
        Seat.objects.bulk_create(seats)
        if all(s.user_id or s.bot for s in seats):
            services.game_start(game=game)
    open_games.sweep_now_and_then()
    return game


def game_join(*, game: Game, user, token: str, **choices: Any) -> Seat:
    """Take the first free seat of a game waiting for players, with the invite token and
    the join form's `choices`. Joining twice returns the seat already held. The last seat
    taken starts the game.

    :raises ServiceError: bad_token, game_started, game_full, or the game's refusal.
    """
    with transaction.atomic():
        locked = Game.objects.select_for_update().get(pk=game.pk)
        if not secrets.compare_digest(str(token), locked.invite_token):
            raise ServiceError("bad_token", "this invite link is not valid for the game")
        seats = list(locked.seats.select_for_update().order_by("seat"))
        mine = next((s for s in seats if s.user_id == user.pk), None)
        if mine is not None:
            return mine
        if locked.status != Game.Status.SETUP:
            raise ServiceError("game_started", "the game has already started")
        free = [s for s in seats if s.user_id is None and not s.bot]
        if not free:
            raise ServiceError("game_full", "every seat is taken")
        seat = free[0]
        with refusals():
            taken = definition_of(locked.mode).join_seat(seat_choices(seats), seat.seat, choices)
        seat.faction, seat.colour = taken.faction, taken.colour
        seat.user, seat.joined_at = user, timezone.now()
        try:
            with transaction.atomic():
                seat.save(update_fields=["faction", "colour", "user", "joined_at"])
        except IntegrityError:
            raise ServiceError("game_full", "that seat was just taken") from None
        if all(s.user_id or s.bot for s in seats):
            with refusals():
                services.game_start(game=locked)
    game.refresh_from_db()
    return seat


def free_factions(game: Game) -> list[tuple[str, str]]:
    """What is still free to choose when joining `game` (its join form's choices)."""
    return definition_of(game.mode).join_choices(seat_choices(list(game.seats.order_by("seat"))))
