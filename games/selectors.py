"""Reads: games and campaigns for a user, a seat's view of a game, the events it may see.

Everything a browser receives about a game is built here from the stored snapshot through
`view.view_for`, and events are filtered by their `visible_to`. An event a seat may not
see is still sent as a bare placeholder (`{"seq": n, "kind": "hidden"}`) so that every
client sees the same gapless sequence and can tell a lost message from a secret one.
"""
from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from datetime import timedelta
from typing import Any, Callable, Iterable, Optional

from django.db.models import Q, QuerySet
from django.utils import timezone

from ancients_ai.engine.scenarios import load_scenario, load_treasures, scenario_ids
from games.content.factions import faction_ids, load_faction
from games.content.maps import load_map, map_names
from games import history
from games.models import Campaign, Game, GameEvent, Seat
from games.rules.legal import legal_commands
from games.rules.state import GameState
from games.rules.view import view_for

logger = logging.getLogger(__name__)

HIDDEN = "hidden"


# --- parsed states, the latest of each game -------------------------------------------------
class StateCache:
    """The latest parsed state of each recently used game, with the game's last event seq
    at that version when the writer knew it; least recently used games are dropped.

    A version of a game has exactly one snapshot (one writer per game, versions only grow),
    so a cached entry never goes stale: it is only ever replaced by a later version, and
    entries are added only after their transaction commits. Cached states are shared and
    must never be mutated: the engine clones before it changes anything, and views only
    read. One entry per game (not per version): a game's older versions are never asked
    for again, so a few hundred tables fit in the same memory as before.
    """

    def __init__(self, size: int = 1024) -> None:
        self.size = size
        self._items: OrderedDict[str, tuple[GameState, Optional[int]]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: Any, version: int) -> Optional[GameState]:
        entry = self.entry(game_id, version)
        return None if entry is None else entry[0]

    def entry(self, game_id: Any, version: int) -> Optional[tuple[GameState, Optional[int]]]:
        """(state, last_seq or None) of the game at exactly `version`, if cached."""
        entry = self.latest(game_id)
        return entry if entry is not None and entry[0].version == version else None

    def latest(self, game_id: Any) -> Optional[tuple[GameState, Optional[int]]]:
        """(state, last_seq or None) of the latest version of the game this process holds:
        a later version is this state with the commands since replayed (`history.catch_up`),
        which is cheaper than reading and parsing the snapshot."""
        key = str(game_id)
        with self._lock:
            entry = self._items.get(key)
            if entry is not None:
                self._items.move_to_end(key)
            return entry

    def put(self, game_id: Any, state: GameState, last_seq: Optional[int] = None) -> None:
        key = str(game_id)
        with self._lock:
            known = self._items.get(key)
            if known is None or known[0].version <= state.version:
                self._items[key] = (state, last_seq)
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


STATES = StateCache()


class SeatCache:
    """Which seat a user holds in a started game, as this process last read it. A seat is
    fixed once its game has started, so an entry never goes stale."""

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self._items: dict[tuple[str, Any], str] = {}

    def get(self, key: tuple[str, Any]) -> Optional[str]:
        return self._items.get(key)

    def put(self, key: tuple[str, Any], seat: str) -> None:
        if len(self._items) >= self.size:
            self._items.clear()  # rebuilt by the next command of each seat
        self._items[key] = seat

    def clear(self) -> None:
        self._items.clear()


SEATS = SeatCache()


def game_state(game: Game) -> GameState:
    """The engine state of a started game at the row's version (a caller may load the row
    with the snapshot deferred: it is read only when needed, see `_state_for`)."""
    state = _state_for(game.id, game.version, game.last_seq, lambda: game.snapshot)
    if state is None:
        raise ValueError(f"game {game.id}: its snapshot is past version {game.version}")
    return state


def _state_for(game_id: Any, version: int, last_seq: Optional[int],
               read_snapshot: Callable[[], Optional[dict]]) -> Optional[GameState]:
    """The state at `version`, built once per version per process: from the state this
    process holds with the commands since replayed, or else from the stored snapshot and
    the commands after it. None when the snapshot read is already past `version` (the game
    moved on since its row was read)."""
    held = STATES.latest(game_id)
    if held is not None and held[0].version == version:
        return held[0]
    if held is not None and held[0].version < version:
        state = history.catch_up(game_id, held[0], version)
    else:
        snapshot = read_snapshot()
        if snapshot is not None and snapshot["version"] > version:
            return None
        state = history.stored_state(game_id, snapshot, version)
    STATES.put(game_id, state, last_seq)
    return state


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


def presence_cutoff():
    """Sockets last seen before this moment no longer count."""
    return timezone.now() - timedelta(seconds=PRESENCE_TIMEOUT_SECONDS)


def connected_seats(game_id: Any) -> list[str]:
    return list(Seat.objects.filter(game_id=game_id, connections__gt=0,
                                    seen_at__gte=presence_cutoff())
                .order_by("seat").values_list("seat", flat=True))


def seats_summary(game: Game) -> list[dict]:
    """The seats as the board page shows them."""
    cutoff = presence_cutoff()
    seats = [{"seat": s.seat, "username": s.player_name,
              "faction": s.faction, "colour": s.colour,
              "connected": s.connections > 0 and s.seen_at is not None and s.seen_at >= cutoff}
             for s in game.seats.select_related("user").order_by("seat")]
    ancients = next((s["seat"] for s in seats if s["faction"] == "ancients"), None)
    if game.mode == Game.Mode.WAR and (len(seats) == 4 or (len(seats) == 5 and ancients)):
        from games.rules.war.setup import TEAM_NAMES, teams_for  # who plays with whom
        for name, team in zip(TEAM_NAMES, teams_for([s["seat"] for s in seats], ancients)):
            for entry in seats:
                if entry["seat"] in team:
                    entry["team"] = name
    return seats


def whose_move(game: Game, user=None) -> str:
    """A short line for game lists: who the game is waiting for."""
    if game.status == Game.Status.SETUP:
        return "waiting for players"
    if game.status == Game.Status.FINISHED:
        team = (game.outcome or {}).get("team") if isinstance(game.outcome, dict) else None
        if team:  # a war names its winning team
            from games.rules.war.setup import TEAM_NAMES
            return f"{TEAM_NAMES[int(team[1:]) - 1]} won"
        if game.winner:  # a skirmish names its winner
            seat = next((s for s in game.seats.all() if s.seat == game.winner), None)
            if seat is not None and user is not None and seat.user_id == user.pk:
                return "you won"
            return f"{(seat.player_name if seat else None) or game.winner} won"
        return game.result or "finished"
    awaiting = list(game.awaiting or [])
    if awaiting == ["ancients"]:
        return "the Ancients"
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
    """Rows for game lists: the game, whose move it is, players with faction names, map title."""
    factions = dict(available_factions())
    maps = dict(available_maps())
    rows = []
    for game in games:
        rows.append({
            "game": game,
            "move": whose_move(game, user),
            "map_title": maps.get(game.map_name, game.map_name),
            "players": [{"username": s.user.get_username() if s.user_id else None,
                         "faction": factions.get(s.faction, s.faction)} for s in game.seats.all()],
        })
    return rows


# --- events and views -------------------------------------------------------------------------
def event_for_seat(event: GameEvent, seat: Optional[str]) -> dict:
    """One stored event as a seat receives it: its data, or a placeholder if secret."""
    if event.visible_for(seat):
        return {**event.data, "seq": event.seq, "kind": event.kind}
    return {"seq": event.seq, "kind": HIDDEN}


def events_for_seat(events: Iterable[GameEvent], seat: Optional[str]) -> list[dict]:
    return [event_for_seat(e, seat) for e in events]


def legal_for(state: GameState, seat: Optional[str]) -> Optional[list]:
    """Legal commands for highlighting (None for a spectator or a finished game)."""
    if seat is None or state.outcome is not None:
        return None
    try:
        legal = legal_commands(state, seat)
    except Exception:  # a helper for the UI must never break an update
        logger.exception("legal_commands failed for %s", seat)
        return None
    return [c.to_data() if hasattr(c, "to_data") else c for c in legal]


def game_current(game_id: Any) -> Optional[tuple[int, int, GameState]]:
    """(version, last_seq, state) of a started game, or None before it starts.

    Reads the small columns first, then builds the state at exactly the version seen (so
    the three always agree), once per version per process (`_state_for`).
    """
    for _ in range(10):
        row = (Game.objects.filter(pk=game_id)
               .values("version", "last_seq", "status").first())
        if row is None or row["status"] == Game.Status.SETUP:
            return None
        state = _state_for(game_id, row["version"], row["last_seq"],
                           lambda: Game.objects.filter(pk=game_id)
                           .values_list("snapshot", flat=True).first())
        if state is None:
            continue  # the game moved on between the two reads: read again
        return row["version"], row["last_seq"], state
    raise RuntimeError(f"game {game_id} kept changing while being read")


def update_payload(*, game_id: Any, seat: Optional[str], after: Optional[int],
                   extra: Optional[Callable[[GameState, int], dict]] = None) -> Optional[dict]:
    """The `update` message for one seat read from the database: events with seq > `after`
    (none when `after` is None) up to the snapshot read, the fresh view, and the last seq
    included. For a socket's first update, a resync, and a socket that missed a change;
    every other update is built once by the writer (`seat_update`) and sent with the
    change (games.pipeline.broadcast). `extra(state, last_seq)` adds fields read at the same
    version (a socket's first update adds the recent history: `game_log.greeting`).

    Returns None while the game has not started. Snapshot and events agree: an event
    committed after the snapshot was read is left for the next update.
    """
    current = game_current(game_id)
    if current is None:
        return None
    version, last_seq, state = current
    rows: Iterable[GameEvent] = []
    if after is not None and after < last_seq:
        rows = GameEvent.objects.filter(game_id=game_id, seq__gt=after,
                                        seq__lte=last_seq).order_by("seq")
    payload = seat_update(state, seat, rows, last_seq)
    if extra is not None:
        payload.update(extra(state, last_seq))
    return payload


def seat_update(state: GameState, seat: Optional[str], events: Iterable[GameEvent],
                last_seq: int) -> dict:
    """One seat's `update` message: `events` as that seat may see them, its view of
    `state` and its legal commands, and what the players' cards named in the events do
    (`cards`, only when some are named)."""
    shown = events_for_seat(events, seat)
    payload = {"type": "update", "version": state.version, "events": shown,
               "view": view_for(state, seat), "last_seq": last_seq}
    cards = named_cards(state, shown)
    if cards:
        payload["cards"] = cards
    legal = legal_for(state, seat)
    if legal is not None:
        payload["legal"] = legal
    return payload


# --- cards named in events -------------------------------------------------------------------
CARD_EVENTS = ("card_played", "cards_received", "pit_trap_cards_turned")


def named_cards(state: GameState, events: Iterable[dict]) -> dict[str, dict]:
    """The definitions (icons, open action, wild) of the players' cards named in events a
    seat may see, by id. Events name a card by its id only, and a card played long ago may
    have been shuffled back into a deck, so the page could not look it up: this lets the
    log say what the card does instead of naming an id. Only cards already named in the
    given (filtered) events are added, so nothing the seat may not see is."""
    known = state.catalog.cards
    found: dict[str, dict] = {}
    for event in events:
        if event.get("kind") not in CARD_EVENTS:
            continue
        ids = [event.get("card"), *(event.get("cards") or [])]
        for card in ids:
            if isinstance(card, str) and card in known and card not in found:
                found[card] = known[card].to_data()
    return found


def game_view(game: Game, seat: Optional[str]) -> Optional[dict]:
    if game.snapshot is None:
        return None
    return view_for(game_state(game), seat)


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


# --- content on offer ----------------------------------------------------------------------
def available_maps() -> list[tuple[str, str]]:
    """(name, title) of every shipped map that loads."""
    found = []
    for name in map_names():
        try:
            title = getattr(load_map(name), "title", "") or name
        except Exception:  # a broken map file is the content tests' business, not a page's
            logger.exception("map %s failed to load", name)
            continue
        found.append((name, title))
    return found


def available_factions() -> list[tuple[str, str]]:
    return [(fid, load_faction(fid).name) for fid in faction_ids()]


def faction_colour(faction_id: str) -> str:
    return load_faction(faction_id).colour


def available_scenarios() -> list[tuple[str, str]]:
    """(id, "n: title") of every shipped scenario in scenario-number order (the campaign's
    order)."""
    found = []
    for sid, scenario in _scenarios():
        title = getattr(scenario, "title", None) or str(sid)
        number = getattr(scenario, "number", None)
        found.append((str(sid), f"{number}. {title}" if number is not None else str(title)))
    return found


def scenario_ids_in_order() -> list:
    """Scenario ids as the engine knows them, sorted by their sheet number."""
    return [sid for sid, _ in _scenarios()]


def _scenarios() -> list[tuple[Any, Any]]:
    found = []
    for sid in scenario_ids():
        try:
            found.append((sid, load_scenario(sid)))
        except Exception:  # a broken sheet is the content tests' business, not a page's
            logger.exception("scenario %s failed to load", sid)
    found.sort(key=lambda pair: (getattr(pair[1], "number", 0), str(pair[0])))
    return found


def treasure_names(ids: Iterable[str]) -> list[str]:
    """Display names of treasure cards (an id the treasure list does not know shows as itself)."""
    known = load_treasures()
    return [getattr(known.get(t), "name", None) or t for t in ids]
