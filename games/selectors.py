"""Reads: games and campaigns for a user, a seat's view of a game, the events it may see.

Everything a browser receives about a game is built from its state through the game's
declaration (`games.pipeline.updates`), and events are filtered by their `visible_to`. An
event a seat may not see is still sent as a bare placeholder (`{"seq": n, "kind":
"hidden"}`) so that every client sees the same gapless sequence and can tell a lost message
from a secret one. The state of a game is the one this process holds
(`games.pipeline.states`).
"""
from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any, Callable, Iterable, NamedTuple, Optional

from django.db import DEFAULT_DB_ALIAS, connection
from django.db.models import Q, QuerySet
from django.utils import timezone

from games.models import Campaign, Game, GameEvent, Seat
from games.pipeline import states, updates
from games.pipeline.updates import HIDDEN, event_for_seat, events_for_seat  # noqa: F401
from games.platform import registry
from games.platform.definition import GameDefinition, SeatChoice
from wildlands_site import row_reads


def game_state(game: Game) -> Any:
    """The state of a started game at the row's version (`states.game_state`)."""
    return states.game_state(game)


# --- seats and games -------------------------------------------------------------------------
def seat_for_user(*, game_id: Any, user) -> Optional[Seat]:
    """The seat this user holds in the game, or None (anonymous users hold none)."""
    if user is None or not user.is_authenticated:
        return None
    return Seat.objects.filter(game_id=game_id, user=user).select_related("game").first()


def games_for_user(user) -> QuerySet[Game]:
    return (Game.objects.filter(seats__user=user).distinct()
            .prefetch_related("seats__user").order_by("-updated"))


def campaigns_for_user(user) -> QuerySet[Campaign]:
    return (Campaign.objects.filter(Q(owner=user) | Q(partner=user))
            .select_related("owner", "partner").order_by("-updated"))


# Browsers ping every 25 s and a ping refreshes the seat's `seen_at` (at most every
# HEARTBEAT_SECONDS): a seat silent for longer than this has no live socket, whatever its
# count says (the server that held its sockets died without counting them down).
PRESENCE_TIMEOUT_SECONDS = 70
PRESENCE_TIMEOUT = timedelta(seconds=PRESENCE_TIMEOUT_SECONDS)


def presence_cutoff(now: Optional[datetime] = None) -> datetime:
    """Sockets last seen before this moment (`now`, by default the clock's) no longer count."""
    return (now or timezone.now()) - PRESENCE_TIMEOUT


def connected_seats(game_id: Any) -> list[str]:
    """The seats with a live socket. Read at every socket's open and close by each seated
    socket of the game, so a plain statement rather than a queryset built each time."""
    with connection.cursor() as cursor:
        cursor.execute(*connected_seats_statement(game_id))
        return [seat for (seat,) in cursor.fetchall()]


def connected_seats_statement(game_id: Any) -> tuple[str, list]:
    return (f"SELECT seat FROM {Seat._meta.db_table} WHERE game_id = %s "
            "AND connections > 0 AND seen_at >= %s ORDER BY seat",
            [game_key(game_id), stored_time(presence_cutoff())])


def stored_snapshot(game_id: Any) -> Optional[dict]:
    """The game row's snapshot (None before the game starts, or with no such game): read by
    the first socket of a game this process has not held yet, so a plain statement."""
    row = row_reads.one_row(f"SELECT snapshot FROM {Game._meta.db_table} WHERE id = %s",
                            [game_key(game_id)], connection.alias)
    if row is None:
        return None
    return row_reads.python_values(Game, ("snapshot",), row, connection.alias)[0]


EVENT_NAMES = tuple(field.attname for field in GameEvent._meta.concrete_fields)


def events_between(game_id: Any, first: int, last: int) -> list[GameEvent]:
    """The game's events from seq `first` to `last`, in order. A socket's greeting and
    every resync read these, so a plain statement (`wildlands_site.row_reads`)."""
    using = connection.alias
    return row_reads.instances(
        GameEvent, EVENT_NAMES,
        f"SELECT {row_reads.columns(GameEvent, EVENT_NAMES, 'e', using)} "
        f"FROM {GameEvent._meta.db_table} e WHERE e.game_id = %s "
        "AND e.seq >= %s AND e.seq <= %s ORDER BY e.seq", [game_key(game_id), first, last], using)


def game_key(game_id: Any) -> Any:
    """A game's key as its column stores it, for a plain statement (SQLite keeps a UUID as
    32 hex digits, PostgreSQL as a uuid)."""
    return row_reads.key(Game, game_id, DEFAULT_DB_ALIAS)


def stored_time(moment: datetime) -> Any:
    """A moment as a datetime column stores it, for a plain statement."""
    return row_reads.backend(DEFAULT_DB_ALIAS).ops.adapt_datetimefield_value(moment)


def seats_summary(game: Game) -> list[dict]:
    """The seats as the board page shows them."""
    cutoff = presence_cutoff()
    rows = list(game.seats.select_related("user").order_by("seat"))
    seats = [{"seat": s.seat, "username": s.player_name,
              "faction": s.faction, "colour": s.colour,
              "connected": s.connections > 0 and s.seen_at is not None and s.seen_at >= cutoff}
             for s in rows]
    teams = registry.get(game.mode).teams(
        [SeatChoice(seat=s["seat"], faction=s["faction"], colour=s["colour"]) for s in seats])
    for entry in seats:
        if entry["seat"] in teams:
            entry["team"] = teams[entry["seat"]]
    name_bots_apart(seats, {s.seat: s.bot for s in rows if s.bot})
    return seats


def seats_in_words(game: Game) -> list[dict]:
    """The seats as the waiting and join pages list them: `seats_summary` and `plays`, what
    each seat plays in the game's own words (its declaration's `seat_words`)."""
    definition = registry.get(game.mode)
    seats = seats_summary(game)
    for entry in seats:
        entry["plays"] = definition.seat_words(SeatChoice(
            seat=entry["seat"], faction=entry["faction"], colour=entry["colour"])) if entry["faction"] else ""
    return seats


def name_bots_apart(seats: list[dict], bots: dict[str, str]) -> None:
    """Marks the bot seats (`bot`: its kind) and numbers bots that would read alike ("Greedy
    bot 1", "Greedy bot 2"), so a table of three greedy bots tells them apart."""
    alike: dict[str, list[dict]] = {}
    for entry in seats:
        if entry["seat"] in bots:
            entry["bot"] = bots[entry["seat"]]
            alike.setdefault(entry["username"], []).append(entry)
    for entries in alike.values():
        if len(entries) > 1:
            for number, entry in enumerate(entries, start=1):
                entry["username"] = f"{entry['username']} {number}"


def whose_move(game: Game, user=None) -> str:
    """A short line for game lists: who the game is waiting for."""
    if game.status == Game.Status.SETUP:
        return "waiting for players"
    definition = registry.get(game.mode)
    if game.status == Game.Status.FINISHED:
        outcome = game.outcome if isinstance(game.outcome, dict) else {}
        line = definition.describe_outcome(outcome) if outcome else (game.result or "finished")
        if game.winner and line == "won":  # a seat won (a game may name its winners itself)
            seat = next((s for s in game.seats.all() if s.seat == game.winner), None)
            if seat is not None and user is not None and seat.user_id == user.pk:
                return "you won"
            return f"{(seat.player_name if seat else None) or game.winner} won"
        return line
    awaiting = list(game.awaiting or [])
    if definition.opponent and awaiting == [definition.opponent]:
        return definition.opponent_name or definition.opponent
    if user is not None:
        mine = {s.seat for s in game.seats.all() if s.user_id == user.pk}
        if mine & set(awaiting):
            return "your move"
    names = []
    for seat in game.seats.all():
        if seat.seat in awaiting:
            names.append(seat.player_name or seat.seat)
    return ", ".join(names) or "—"


def game_rows(games: Iterable[Game], user) -> list[dict]:
    """Rows for game lists: the game, whose move it is, its players with what each plays
    and its board, both in the words of the game's declaration (`seat_label`, `map_title`)."""
    rows = []
    for game in games:
        definition = registry.get(game.mode)
        rows.append({
            "game": game,
            "move": whose_move(game, user),
            "map_title": definition.map_title(game.map_name),
            "players": [{"username": s.user.get_username() if s.user_id else None,
                         "faction": definition.seat_label(
                             SeatChoice(seat=s.seat, faction=s.faction, colour=s.colour,
                                        bot=s.bot or ""))}
                        for s in game.seats.all()],
        })
    return rows


# --- events and views -------------------------------------------------------------------------
def legal_for(game: Game, state: Any, seat: Optional[str]) -> Optional[list]:
    """Legal commands for highlighting (None for a spectator or a finished game)."""
    return updates.legal_for(registry.get(game.mode), state, seat)


class Current(NamedTuple):
    """A started game as one read found it: its version, last seq, state and declaration."""

    version: int
    last_seq: int
    state: Any
    definition: GameDefinition


def game_current(game_id: Any) -> Optional[Current]:
    """The game as it is now, or None before it starts.

    Reads the small columns first, then builds the state at exactly the version seen (so
    they always agree), once per version per process (`states.state_for`).
    """
    for _ in range(10):
        row = row_reads.one_row(  # every socket's greeting: a plain statement
            f"SELECT version, last_seq, status, mode FROM {Game._meta.db_table} WHERE id = %s",
            [game_key(game_id)], connection.alias)
        if row is None or row[2] == Game.Status.SETUP:
            return None
        version, last_seq, _, mode = row
        definition = registry.get(mode)
        state = states.state_for(definition, game_id, version, last_seq,
                                 lambda: stored_snapshot(game_id))
        if state is None:
            continue  # the game moved on between the two reads: read again
        return Current(version, last_seq, state, definition)
    raise RuntimeError(f"game {game_id} kept changing while being read")


def update_payload(*, game_id: Any, seat: Optional[str], after: Optional[int],
                   extra: Optional[Callable[[Current], dict]] = None) -> Optional[dict]:
    """The `update` message for one seat read from the database: events with seq > `after`
    (none when `after` is None) up to the snapshot read, the fresh view, and the last seq
    included. For a socket's first update, a resync, and a socket that missed a change;
    every other update is built once by the writer (`updates.seat_update`) and sent with
    the change (games.pipeline.broadcast). `extra(current)` adds fields read at the same
    version (a socket's first update adds the recent history: `game_log.greeting`).

    Returns None while the game has not started. Snapshot and events agree: an event
    committed after the snapshot was read is left for the next update.
    """
    current = game_current(game_id)
    if current is None:
        return None
    rows: Iterable[GameEvent] = []
    if after is not None and after < current.last_seq:
        rows = events_between(game_id, after + 1, current.last_seq)
    payload = updates.seat_update(current.definition, current.state, seat, rows,
                                  current.last_seq)
    if extra is not None:
        payload.update(extra(current))
    return payload


def game_view(game: Game, seat: Optional[str]) -> Optional[dict]:
    if game.snapshot is None:
        return None
    return registry.get(game.mode).view(game_state(game), seat)


def replay_steps(game: Game, seat: Optional[str]) -> list[dict]:
    """Events the seat may see, grouped by the version that produced them (a replay's steps)."""
    steps: list[dict] = []
    for event in game.events.order_by("seq"):
        if not event.visible_for(seat):
            continue
        if not steps or steps[-1]["version"] != event.version:
            steps.append({"version": event.version, "events": []})
        steps[-1]["events"].append(event_for_seat(event, seat))
    return steps


def campaign_statistics(campaign: Campaign) -> dict:
    """Totals over the campaign's finished games."""
    games = list(campaign.games.filter(status=Game.Status.FINISHED))
    return {
        "played": len(games),
        "won": sum(1 for g in games if g.result == "won"),
        "lost": sum(1 for g in games if g.result == "lost"),
        "rounds": sum(g.rounds or 0 for g in games),
        "crystals": sum(g.crystals or 0 for g in games),
        "knockouts": sum(g.knockouts or 0 for g in games),
        "characters_lost": sum(g.characters_lost or 0 for g in games),
    }
