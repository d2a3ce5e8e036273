"""Creating a game and taking its seats: the choices checked (mode, map, factions, colours,
scenarios), the invite token, and the start (`services.game_start`) once the last seat is
taken. Each is one transaction; joining locks the game row and its seats.

Bot seats (`games.bot_seats`) are seated when the game is created, in the last seats, so a
game starts as soon as its people have joined: a skirmish may have 1-3 bot factions (at
least one person plays), a co-op game the Awoken bot as the partner.
"""
from __future__ import annotations

import random
import secrets
from typing import Any, Optional, Sequence

from django.db import IntegrityError, transaction
from django.utils import timezone

from games import selectors, services
from games.bot_seats import BOT_FOR_MODE
from games.models import Campaign, Difficulty, Game, Seat
from games.services import ServiceError

# The modes the lobby offers; a mode joins when it is playable end to end.
# companion has its own page (games.companion_views), reached from the lobby by a redirect
OFFERED_MODES = ("solo", "coop", "skirmish", "wrath", "war", "companion")
# The Wrath of the Ancients: exactly one seat plays this faction, with no colour.
ANCIENTS = "ancients"
SKIRMISH_PLAYERS = (2, 3, 4)
WAR_PLAYERS = 4  # two teams of two; six are refused (games.rules.war.setup)
WAR_WITH_ANCIENTS = 5  # three against two, one of whom plays the Ancients faction
COLOURS = ("purple", "orange", "blue", "red", "green", "yellow")


def _scenario_lookup() -> dict[str, Any]:
    """str(id) -> id as the engine knows it, in sheet-number order."""
    return {str(sid): sid for sid in selectors.scenario_ids_in_order()}


def _seat_count(mode: str, players: Optional[int]) -> int:
    if mode == Game.Mode.SOLO:
        return 1
    if mode == Game.Mode.COOP:
        return 2
    if mode in (Game.Mode.SKIRMISH, Game.Mode.WRATH):
        if players not in SKIRMISH_PLAYERS:
            raise ServiceError("invalid_choice", "a skirmish has two to four players")
        return players
    if mode == Game.Mode.WAR:
        return _war_seat_count(players)
    raise ServiceError("invalid_choice", f"unknown mode {mode!r}")


# the rules' mode a lobby mode plays (a map's `features.modes` names the rules' modes)
RULES_MODE = {Game.Mode.SOLO: "awoken", Game.Mode.COOP: "awoken", Game.Mode.COMPANION: "awoken",
              Game.Mode.SKIRMISH: "skirmish", Game.Mode.WRATH: "wrath", Game.Mode.WAR: "war"}


def check_map(map_name: str, mode: str, players: int) -> None:
    """Refuse a map whose own rules forbid this mode or this many players (the Crypt is for
    two players and never for The Awoken), naming the map and the reason.

    :raises ServiceError: `invalid_choice`, for an unknown map too.
    """
    from games.rules.maps.features import allows

    board = services.load_board(map_name)
    reason = allows(board.features, mode=RULES_MODE.get(mode, str(mode)), players=players)
    if reason:
        raise ServiceError("invalid_choice", f"{board.title or map_name}: {reason}")


def first_map_for(mode: str, players: int, names: Sequence[str]) -> str | None:
    """The first of `names` that may host `mode` with `players` (a form's default map)."""
    for name in names:
        try:
            check_map(name, mode, players)
        except ServiceError:
            continue
        return name
    return None


def _war_seat_count(players: Optional[int]) -> int:
    """Four seats (teams p1+p3 and p2+p4), or five with the Ancients faction in the team of
    two (`war.setup.teams_for`); six players are refused with the war's own code
    (`war_six_players`) and a message saying why."""
    from games.rules.war.setup import WarSetupError, check_war_players

    count = WAR_PLAYERS if players is None else players
    try:
        check_war_players(count, ancients=count == WAR_WITH_ANCIENTS)
    except WarSetupError as error:
        raise ServiceError(error.code, error.message) from None
    return count


def needs_ancients(mode: str, seats: int) -> bool:
    """Must one seat play the Ancients faction? The Wrath, and a five-player war."""
    return mode == Game.Mode.WRATH or (mode == Game.Mode.WAR and seats == WAR_WITH_ANCIENTS)


def _check_ancients_seats(mode: str, seats: Sequence[Seat]) -> None:
    """The Ancients faction is played in a game that needs it, by exactly one seat."""
    playing = [s for s in seats if s.faction == ANCIENTS]
    if playing and not needs_ancients(mode, len(seats)):
        raise ServiceError("invalid_choice", "the Ancients play only in The Wrath of the "
                                             "Ancients and in a five-player war")
    if needs_ancients(mode, len(seats)) and all(s.faction for s in seats) and not playing:
        raise ServiceError("invalid_choice", "one seat must play the Ancients")


def check_faction_and_colour(faction: str, colour: str, taken: Sequence[Seat],
                             mode: str = Game.Mode.SKIRMISH) -> str:
    known = [fid for fid, _ in selectors.available_factions()]
    if mode in (Game.Mode.WRATH, Game.Mode.WAR):  # a war: five players (`needs_ancients`)
        known.append(ANCIENTS)
    if faction not in known:
        raise ServiceError("invalid_choice", f"unknown faction {faction!r}")
    if any(s.faction == faction for s in taken):
        raise ServiceError("invalid_choice", f"{faction} is already taken in this game")
    if faction == ANCIENTS:
        return ""  # the Ancients take no colour (and no shards)
    colour = colour or selectors.faction_colour(faction)
    if colour not in COLOURS:
        raise ServiceError("invalid_choice", f"unknown colour {colour!r}")
    if any(s.colour == colour for s in taken):
        free = [c for c in COLOURS if all(s.colour != c for s in taken)]
        colour = free[0]
    return colour


def game_create(*, user, mode: str, map_name: str, faction: str, colour: str = "",
                players: Optional[int] = None, scenario_ids: Sequence[Any] = (),
                difficulty: str = Difficulty.NORMAL, seed: Optional[int] = None,
                campaign: Optional[Campaign] = None, chapter: Optional[int] = None,
                others: Sequence[tuple] = (), bots: int = 0,
                bot_factions: Sequence[str] = ()) -> Game:
    """Create a game with `user` in seat p1 and `bots` bot seats last (factions from
    `bot_factions`, the rest drawn from the free ones). A game whose seats are all taken
    (solo, a game against bots only, or a campaign game with its whole party in `others` as
    (user, faction, colour)) starts at once; otherwise it waits in setup for players to
    join through the invite link.

    :raises ServiceError: an unknown mode, map, faction, scenario or difficulty; a number
        of bots the mode has no room for.
    """
    count = _seat_count(mode, players)
    _check_bots(mode, count, bots, bot_factions)
    if difficulty not in Difficulty.values:
        raise ServiceError("invalid_choice", f"unknown difficulty {difficulty!r}")
    scenarios = _check_scenarios(mode, scenario_ids)
    check_map(map_name, mode, count)  # fail now, not when the last player joins
    if seed is None:
        seed = secrets.randbits(62)
    with transaction.atomic():
        game = Game.objects.create(mode=mode, map_name=map_name, scenario_ids=scenarios,
                                   difficulty=difficulty, seed=seed, created_by=user,
                                   campaign=campaign, campaign_chapter=chapter)
        seats: list[Seat] = []
        for i in range(count):
            seats.append(Seat(game=game, seat=f"p{i + 1}"))
        entries = [(user, faction, colour), *others]
        if len(entries) > count - bots:
            raise ServiceError("invalid_choice", "more players than seats")
        for seat, (member, member_faction, member_colour) in zip(seats, entries):
            seat.colour = check_faction_and_colour(member_faction, member_colour,
                                                    [s for s in seats if s.faction], mode)
            seat.faction, seat.user, seat.joined_at = member_faction, member, timezone.now()
        bot_factions = _wrath_bot_factions(mode, seats, count - bots, bots, bot_factions)
        _seat_bots(mode, seats[count - bots:], seats, list(bot_factions), random.Random(seed))
        _check_ancients_seats(mode, seats)
        Seat.objects.bulk_create(seats)
        if all(s.user_id or s.bot for s in seats):
            services.game_start(game=game)
    return game


def _check_bots(mode: str, count: int, bots: int, bot_factions: Sequence[str]) -> None:
    if type(bots) is not int or bots < 0:
        raise ServiceError("invalid_choice", "the number of bots is a whole number")
    if bots and mode not in BOT_FOR_MODE:
        raise ServiceError("invalid_choice", "bots play skirmishes and co-op games only, and wars")
    if mode == Game.Mode.COOP and bots > 1:
        raise ServiceError("invalid_choice", "a co-op game has room for one bot partner")
    if bots > count - 1:
        raise ServiceError("invalid_choice",
                           f"a game of {count} players has room for at most {count - 1} bots")
    if len(bot_factions) > bots:
        raise ServiceError("invalid_choice", "more bot factions chosen than bots")


def _seat_bots(mode: str, bot_seats: Sequence[Seat], seats: Sequence[Seat], chosen: list,
               rng: random.Random) -> None:
    """Seat a bot in each of `bot_seats`: the chosen factions first, then a faction drawn
    from the free ones (with the game's seed, so a game can be made again)."""
    for seat in bot_seats:
        taken = [s for s in seats if s.faction]
        free = [fid for fid, _ in selectors.available_factions()
                if all(s.faction != fid for s in taken) and fid not in chosen]
        if not chosen and not free:
            raise ServiceError("invalid_choice", "no faction is left for a bot")
        faction = chosen.pop(0) if chosen else rng.choice(free)
        seat.colour = check_faction_and_colour(faction, "", taken, mode)
        # a five-player war's bots play as the Wrath bot does (a greedy bot elsewhere)
        bot = "wrath" if needs_ancients(mode, len(seats)) else BOT_FOR_MODE[mode]
        seat.faction, seat.bot, seat.joined_at = faction, bot, timezone.now()


def _wrath_bot_factions(mode: str, seats: Sequence[Seat], people: int, bots: int,
                        chosen: Sequence[str]) -> Sequence[str]:
    """The Wrath (and a five-player war): when no person took the Ancients, every seat left
    is a bot's and some bot has no chosen faction, the first bot plays them."""
    if (not needs_ancients(mode, len(seats)) or any(s.faction == ANCIENTS for s in seats)
            or ANCIENTS in chosen):
        return chosen
    if len(chosen) < bots and people == sum(1 for s in seats if s.faction):
        return [ANCIENTS, *chosen]
    return chosen  # every bot's faction chosen without the Ancients: refused once seated


def _check_scenarios(mode: str, scenario_ids: Sequence[Any]) -> list:
    if mode in (Game.Mode.SKIRMISH, Game.Mode.WRATH, Game.Mode.WAR):
        return []
    needed = 1 if mode == Game.Mode.SOLO else 2
    lookup = _scenario_lookup()
    chosen = []
    for sid in scenario_ids:
        if str(sid) not in lookup:
            raise ServiceError("invalid_choice", f"unknown scenario {sid!r}")
        chosen.append(lookup[str(sid)])
    if len(chosen) != needed or len({str(s) for s in chosen}) != needed:
        raise ServiceError("invalid_choice",
                           "choose one scenario" if needed == 1 else "choose two different scenarios")
    return chosen


def game_join(*, game: Game, user, token: str, faction: str, colour: str = "") -> Seat:
    """Take the first free seat of a game waiting for players, with the invite token.
    Joining twice returns the seat already held. The last seat taken starts the game.

    :raises ServiceError: bad_token, game_started, game_full, invalid_choice.
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
        if (needs_ancients(locked.mode, len(seats)) and len(free) == 1 and faction != ANCIENTS
                and all(s.faction != ANCIENTS for s in seats)):
            raise ServiceError("invalid_choice", "the last seat must play the Ancients")
        if faction == ANCIENTS and not needs_ancients(locked.mode, len(seats)):
            raise ServiceError("invalid_choice", "the Ancients play only in The Wrath of the "
                                                 "Ancients and in a five-player war")
        seat.colour = check_faction_and_colour(faction, colour, [s for s in seats if s.faction],
                                               locked.mode)
        seat.faction, seat.user, seat.joined_at = faction, user, timezone.now()
        try:
            with transaction.atomic():
                seat.save(update_fields=["faction", "colour", "user", "joined_at"])
        except IntegrityError:
            raise ServiceError("game_full", "that seat was just taken") from None
        if all(s.user_id or s.bot for s in seats):
            services.game_start(game=locked)
    game.refresh_from_db()
    return seat


def free_factions(game: Game) -> list[tuple[str, str]]:
    taken = set(game.seats.exclude(faction="").values_list("faction", flat=True))
    offered = selectors.available_factions()
    if needs_ancients(game.mode, game.seats.count()):
        offered = [*offered, (ANCIENTS, "The Ancients")]
    return [(fid, name) for fid, name in offered if fid not in taken]
