"""Writes: creating and joining games, applying commands, running the Ancients' turn,
campaigns. Every change to a game is one transaction with the game row locked.

The one writer per game: `select_for_update` on the Game row serialises commands, the
expected version turns a command built on an old view into a `stale_version` rejection,
and the snapshot, version, events and command log are stored together. Broadcasting to the
game's sockets and starting the Ancients' turn happen only in `transaction.on_commit`, so
nobody ever hears about a change that was rolled back.

Setup decisions the site makes for people (v1):
- A skirmish starts the moment its last seat is taken. Each player's secret map-card
  assignment is chosen for them (`setup.auto_assignment`, drawn from a generator seeded
  from the game's seed but separate from the game's own), so play begins at once.
- The Awoken always defers the Ancients' turn to a worker (`defer_ancients`). With two
  players the engine never skips a defence or interrupt prompt on its own
  (`auto_pass_defence` / `auto_pass_interrupt` off): a skipped prompt would tell the other
  player that this one holds no card that could have answered it. Solo keeps both on.
- Hard difficulty: every Ancient has 2 more health and each player opens with one card
  fewer (it goes to the bottom of their deck). Easy: the engine's easier game (a treasure
  per player at the start).
"""
from __future__ import annotations

import hashlib
import json
import logging
import random
import secrets
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, Mapping, Optional, Sequence

from django.db import IntegrityError, transaction
from django.db.models import Case, F, PositiveIntegerField, Q, Value, When
from django.utils import timezone

from games import broadcast, selectors, step_sql
from games.models import Campaign, Difficulty, Game, GameCommand, GameEvent, Seat
from games.rules import engine
from games.rules.commands import parse_command
from games.rules.errors import RuleError
from games.rules.frames import has_deferred_work
from games.rules.rng import Rng, seed_state
from games.rules.serialize import state_to_data
from games.rules.state import GameState

logger = logging.getLogger(__name__)

SKIRMISH_PLAYERS = (2, 3, 4)
COLOURS = ("purple", "orange", "blue", "red", "green", "yellow")
HARD_ANCIENT_HEALTH = 2
SOLO_OPTIONS = {"defer_ancients": True}
COOP_OPTIONS = {"defer_ancients": True, "auto_pass_defence": False, "auto_pass_interrupt": False}


class ServiceError(Exception):
    """A request the site refuses (not a rule of the game): stable code, readable message."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"


@dataclass(frozen=True)
class ApplyResult:
    """What one accepted command (or Ancients' step) stored."""

    game_id: str
    version: int
    first_seq: int  # seq of the first stored event (last_seq + 1 when there were none)
    last_seq: int
    events: list = field(default_factory=list)  # [{"seq", "kind", "data", "visible_to"}]
    finished: bool = False
    deferred: bool = False  # the Ancients' turn is waiting for a worker
    deliveries: list = field(default_factory=list)  # broadcast.Delivery: each seat's update


# --- content (guarded: parts are still being written) -----------------------------------------
def _load_board(map_name: str):
    try:
        from games.content.maps import load_map
    except ImportError:
        raise ServiceError("content_unavailable", "no maps are installed yet") from None
    try:
        return load_map(map_name)
    except (KeyError, ValueError) as error:
        raise ServiceError("invalid_choice", f"unknown map {map_name!r}: {error}") from None


def _load_factions(faction_ids: Sequence[str]) -> list:
    from games.content.factions import load_faction

    try:
        return [load_faction(fid) for fid in faction_ids]
    except ValueError as error:
        raise ServiceError("invalid_choice", str(error)) from None


def _new_awoken():
    try:
        from ancients_ai.engine.setup import new_awoken
    except ImportError:
        raise ServiceError("content_unavailable",
                           "The Awoken is not installed yet (ancients_ai.engine.setup.new_awoken)"
                           ) from None
    return new_awoken


def _scenario_lookup() -> dict[str, Any]:
    """str(id) -> id as the engine knows it, in sheet-number order."""
    return {str(sid): sid for sid in selectors.scenario_ids_in_order()}


def scenario_order() -> list:
    """The shipped scenarios in campaign order (by sheet number)."""
    return selectors.scenario_ids_in_order()


# --- creating and joining ----------------------------------------------------------------------
def _seat_count(mode: str, players: Optional[int]) -> int:
    if mode == Game.Mode.SOLO:
        return 1
    if mode == Game.Mode.COOP:
        return 2
    if mode == Game.Mode.SKIRMISH:
        if players not in SKIRMISH_PLAYERS:
            raise ServiceError("invalid_choice", "a skirmish has two to four players")
        return players
    raise ServiceError("invalid_choice", f"unknown mode {mode!r}")


def _check_faction_and_colour(faction: str, colour: str, taken: Sequence[Seat]) -> str:
    known = [fid for fid, _ in selectors.available_factions()]
    if faction not in known:
        raise ServiceError("invalid_choice", f"unknown faction {faction!r}")
    if any(s.faction == faction for s in taken):
        raise ServiceError("invalid_choice", f"{faction} is already taken in this game")
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
                others: Sequence[tuple] = ()) -> Game:
    """Create a game with `user` in seat p1. A game whose seats are all taken (solo, or a
    campaign game with its whole party in `others` as (user, faction, colour)) starts at
    once; otherwise it waits in setup for players to join through the invite link.

    :raises ServiceError: an unknown mode, map, faction, scenario or difficulty.
    """
    count = _seat_count(mode, players)
    if difficulty not in Difficulty.values:
        raise ServiceError("invalid_choice", f"unknown difficulty {difficulty!r}")
    scenarios = _check_scenarios(mode, scenario_ids)
    _load_board(map_name)  # fail now, not when the last player joins
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
        if len(entries) > count:
            raise ServiceError("invalid_choice", "more players than seats")
        for seat, (member, member_faction, member_colour) in zip(seats, entries):
            seat.colour = _check_faction_and_colour(member_faction, member_colour,
                                                    [s for s in seats if s.faction])
            seat.faction, seat.user, seat.joined_at = member_faction, member, timezone.now()
        Seat.objects.bulk_create(seats)
        if all(s.user_id for s in seats):
            _start(game)
    return game


def _check_scenarios(mode: str, scenario_ids: Sequence[Any]) -> list:
    if mode == Game.Mode.SKIRMISH:
        return []
    needed = 1 if mode == Game.Mode.SOLO else 2
    lookup = _scenario_lookup()
    if not lookup:
        raise ServiceError("content_unavailable", "no scenarios are installed yet")
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
        free = [s for s in seats if s.user_id is None]
        if not free:
            raise ServiceError("game_full", "every seat is taken")
        seat = free[0]
        seat.colour = _check_faction_and_colour(faction, colour, [s for s in seats if s.faction])
        seat.faction, seat.user, seat.joined_at = faction, user, timezone.now()
        try:
            with transaction.atomic():
                seat.save(update_fields=["faction", "colour", "user", "joined_at"])
        except IntegrityError:
            raise ServiceError("game_full", "that seat was just taken") from None
        if all(s.user_id for s in seats):
            _start(locked)
    game.refresh_from_db()
    return seat


def free_factions(game: Game) -> list[tuple[str, str]]:
    taken = set(game.seats.exclude(faction="").values_list("faction", flat=True))
    return [(fid, name) for fid, name in selectors.available_factions() if fid not in taken]


def _start(game: Game) -> None:
    """Build the engine state from the seats (inside the caller's transaction) and store it."""
    seats = list(game.seats.order_by("seat"))
    board = _load_board(game.map_name)
    factions = _load_factions([s.faction for s in seats])
    player_ids = [s.seat for s in seats]
    colours = [s.colour for s in seats]
    if game.mode == Game.Mode.SKIRMISH:
        from games.rules.setup import new_skirmish
        state = new_skirmish(board=board, factions=factions, player_ids=player_ids,
                             seed=game.seed, colours=colours)
    else:
        state = _awoken_state(game, board, factions, player_ids, colours)
    data = state_to_data(state)
    game.initial_snapshot = data
    game.content = {**data["catalog"].get("content", {}), "map": game.map_name,
                    "factions": [s.faction for s in seats], "scenarios": list(game.scenario_ids)}
    game.content_version = _digest(data["catalog"])
    game.status = Game.Status.PLAYING
    game.started_at = timezone.now()
    steps: list[Step] = []
    if game.mode == Game.Mode.SKIRMISH:
        # auto assignment (v1): every seat's secret assignment is chosen for it
        from games.rules.setup import auto_assignment

        class _Holder:
            rng = seed_state(game.seed ^ 0x5EED)

        chooser = Rng(_Holder())
        for seat in player_ids:
            command = {"do": "assign", "spaces": auto_assignment(state, seat, chooser)}
            state, new_events = engine.apply(state, seat, command)
            steps.append(Step(seat, command, state.version, new_events))
    _store(game, state, steps, starting=True)


def _awoken_state(game: Game, board, factions, player_ids, colours) -> GameState:
    new_awoken = _new_awoken()
    options = dict(SOLO_OPTIONS if game.mode == Game.Mode.SOLO else COOP_OPTIONS)
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
        _grant_campaign_treasures(state, list(game.campaign.treasures))
    return state


def _grant_campaign_treasures(state: GameState, treasures: list) -> None:
    from ancients_ai.engine.setup import grant_kept_treasures

    for treasure in grant_kept_treasures(state, treasures):
        logger.warning("campaign treasure %r is not in this game's treasures; skipped", treasure)


def _digest(data: Any) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True, separators=(",", ":"),
                                     default=str).encode()).hexdigest()[:16]


# --- applying commands ------------------------------------------------------------------------
# The row as a command or an Ancients' step needs it: the snapshots are read only when this
# process has not parsed the current version yet (selectors.game_state).
_UNPARSED = ("snapshot", "initial_snapshot")


def game_apply_command(*, game_id: Any, user, expected_version: int,
                       command: Mapping[str, Any], publish: bool = True) -> ApplyResult:
    """Apply one command from the seat `user` holds.

    Most commands take the short way (`_apply_to_cached`): this process already holds the
    game at the expected version, so one conditional statement stores the step. Otherwise,
    or when that statement finds the game has moved on, the game row is locked, with the
    seat found by the same statement, and the command is checked against the stored game.
    With `publish` off the caller sends `result.deliveries` itself (`broadcast.send`): the
    game consumer does, from its own event loop, once the step is committed.

    :raises ServiceError: not_seated, game_not_started.
    :raises RuleError: stale_version, game_over, or the rules' own refusal; nothing changes.
    """
    if user is None or not user.is_authenticated:
        raise ServiceError("not_seated", "you do not have a seat in this game")
    result = _apply_to_cached(game_id, user, expected_version, command, publish)
    if result is not None:
        return result
    with transaction.atomic():
        game = step_sql.lock_game_for_seat(game_id, user.pk)
        if game is None:
            raise ServiceError("not_seated", "you do not have a seat in this game")
        seat = game.my_seat
        if game.status == Game.Status.SETUP:
            raise ServiceError("game_not_started", "the game is waiting for players")
        SEATS.put((str(game.id), user.pk), seat)
        if game.status == Game.Status.FINISHED:
            raise RuleError("game_over", "the game is over")
        if type(expected_version) is not int or expected_version != game.version:
            raise RuleError("stale_version",
                            f"the game has moved on (now at version {game.version}, your "
                            f"command was for {expected_version!r}); refresh and try again")
        parsed = parse_command(command)
        state = selectors.game_state(game)
        new, events = engine.apply(state, seat, parsed)
        return _store(game, new, [Step(seat, parsed.to_data(), new.version, events)],
                      publish=publish)


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


def _apply_to_cached(game_id: Any, user, expected_version: Any, command: Mapping[str, Any],
                     publish: bool) -> Optional[ApplyResult]:
    """The short way: the command applied to the state this process cached for the
    expected version, stored by one statement that writes only if the game row is still
    at that version and playing (in autocommit, that statement is its own transaction:
    one round trip to PostgreSQL instead of four). None when it does not apply: another
    seat or process moved the game on, the state is not cached, the command is refused
    or would end the game; the locked way then decides, against the stored game."""
    if type(expected_version) is not int or not step_sql.can_write_conditionally():
        return None
    seat = SEATS.get((str(game_id), user.pk))
    entry = selectors.STATES.entry(game_id, expected_version)
    if seat is None or entry is None or entry[1] is None or entry[0].outcome is not None:
        return None
    state, last_seq = entry
    try:
        parsed = parse_command(command)
        new, events = engine.apply(state, seat, parsed)
    except RuleError:
        return None  # refused as of this process's state: the stored game says why
    if new.outcome is not None:
        return None  # the end of a game is recorded under the lock
    game = Game(id=Game._meta.pk.to_python(game_id), version=expected_version,
                last_seq=last_seq, status=Game.Status.PLAYING)
    try:
        return _store(game, new, [Step(seat, parsed.to_data(), new.version, events)],
                      publish=publish, if_version=expected_version)
    except step_sql.GameMovedOn:
        return None


def game_advance(*, game_id: Any, version: int) -> Optional[ApplyResult]:
    """Run the Ancients' deferred work on the game at `version`. Does nothing (returns None)
    when the game has moved past that version, is not being played or has nothing
    deferred: a task delivered twice, or late, is harmless."""
    with transaction.atomic():
        game = (Game.objects.select_for_update().filter(pk=game_id)
                .defer(*_UNPARSED).first())
        if game is None or game.status != Game.Status.PLAYING or game.version != version:
            return None
        state = selectors.game_state(game)
        if not has_deferred_work(state):
            return None
        new, events = engine.advance(state)
        if new.version == state.version:
            return None
        return _store(game, new, [Step("", {"advance": True}, new.version, events)])


@dataclass(frozen=True)
class Step:
    """One accepted command (seat "" for the Ancients) and what it produced."""

    seat: str
    command: dict
    version: int  # the version it produced
    events: Sequence


# The columns a stored step changes (the outcome's only when it finishes the game).
_STEP_FIELDS = ["snapshot", "version", "last_seq", "awaiting", "updated"]
_START_FIELDS = ["initial_snapshot", "content", "content_version", "status", "started_at"]
_OUTCOME_FIELDS = ["status", "finished_at", "outcome", "result", "winner", "rounds", "crystals",
                   "knockouts", "characters_lost"]


def _store(game: Game, state: GameState, steps: Sequence[Step], *, publish: bool = True,
           starting: bool = False, if_version: Optional[int] = None) -> ApplyResult:
    """Write the new state, the steps that made it (commands and their events, each event
    tagged with the version its command produced) in the caller's transaction with the
    game row locked, or, with `if_version`, in one statement that writes only if the row
    is still at that version (else `step_sql.GameMovedOn`, nothing written); and build every
    seat's update for the change. On commit: the parsed state is cached, the updates are
    sent (unless the caller sends them) and the Ancients' worker is started when their
    turn is due."""
    first = game.last_seq + 1
    rows: list[GameEvent] = []
    for step in steps:
        for event in step.events:
            data, visible_to = _split_visibility(event)
            rows.append(GameEvent(game=game, seq=first + len(rows), version=step.version,
                                  kind=event.kind, data=data, visible_to=visible_to))
    commands = [GameCommand(game=game, version=step.version, seat=step.seat, command=step.command)
                for step in steps]
    game.snapshot = state_to_data(state)
    game.version = state.version
    game.last_seq = first + len(rows) - 1
    game.awaiting = _awaiting(state)
    finished = state.outcome is not None and game.status != Game.Status.FINISHED
    if finished:
        _record_outcome(game, state)
    fields = _STEP_FIELDS + (_START_FIELDS if starting else []) + (_OUTCOME_FIELDS if finished else [])
    step_sql.write_step(game, rows, commands, list(dict.fromkeys(fields)), if_version=if_version)
    if finished and game.campaign_id is not None:
        campaign_record_result(game=game, state=state)
    deferred = has_deferred_work(state)
    game_id, version, last_seq = str(game.id), state.version, game.last_seq
    deliveries = broadcast.changed(
        game_id, version, first, game.last_seq,
        {p.id: selectors.seat_update(state, p.id, rows, game.last_seq) for p in state.players})
    transaction.on_commit(lambda: selectors.STATES.put(game_id, state, last_seq))
    if publish:
        transaction.on_commit(lambda: broadcast.send_sync(deliveries), robust=True)
    if deferred:
        transaction.on_commit(lambda: _enqueue_ancients(game_id, version), robust=True)
    return ApplyResult(
        game_id=game_id, version=version, first_seq=first, last_seq=game.last_seq,
        events=[{"seq": r.seq, "kind": r.kind, "data": r.data, "visible_to": r.visible_to}
                for r in rows],
        finished=state.outcome is not None, deferred=deferred, deliveries=deliveries)


def _split_visibility(event) -> tuple[dict, Optional[list]]:
    """(JSON-ready data, seats that may see it or None for everyone)."""
    data = _json_ready(event.data)
    return data, None if event.seats is None else sorted(event.seats)


def _json_ready(data: Mapping[str, Any]) -> dict:
    return json.loads(json.dumps(dict(data), default=list))


def _awaiting(state: GameState) -> list[str]:
    if state.outcome is not None:
        return []
    if state.prompt is not None:
        return [state.prompt.to]
    if has_deferred_work(state):
        return ["ancients"]
    turn = state.turn
    if turn.phase == "setup":
        return [p.id for p in state.players
                if any(c.assigned is None and c.space is None for c in state.characters_of(p.id))]
    if turn.actor is not None:
        return [turn.actor]
    return [p.id for p in state.players if not p.eliminated]


def _record_outcome(game: Game, state: GameState) -> None:
    outcome = dict(state.outcome)
    game.status = Game.Status.FINISHED
    game.finished_at = timezone.now()
    game.outcome = outcome
    game.result = str(outcome.get("result", ""))[:16]
    game.winner = str(outcome.get("winner") or "")[:8]
    game.rounds = state.turn.round
    game.crystals = sum(len(c.carried) for c in state.characters.values())
    if state.mode == "skirmish":
        game.knockouts = sum(1 for c in state.characters.values() if c.knocked_out)
        game.characters_lost = None
    else:
        game.knockouts = sum(1 for m in state.monsters.values() if m.knocked_out)
        game.characters_lost = sum(1 for c in state.characters.values() if c.knocked_out)


# --- after commit -----------------------------------------------------------------------------
def _enqueue_ancients(game_id: str, version: int) -> None:
    from games.tasks import run_ancients_turn

    run_ancients_turn.delay(game_id, version)


# A table that has waited this long for the Ancients has most likely lost their task.
STALLED_AFTER_SECONDS = 30


def ancients_requeue_stalled(*, game_id: Any = None,
                             older_than: float = STALLED_AFTER_SECONDS) -> list[tuple[str, int]]:
    """Send the Ancients' turn again to every game (or just `game_id`) that has been waiting
    on it for more than `older_than` seconds; return the (game, version) pairs sent.

    The turn's task is published after commit, once. If the broker was unreachable at that
    moment (the publish error is only logged) or lost its queue (a Redis restart without
    persistence), nothing else would ever send it and the table would wait forever. The
    task is keyed by version, so a copy of one that is merely slow does nothing."""
    cutoff = timezone.now() - timedelta(seconds=older_than)
    games = Game.objects.filter(status=Game.Status.PLAYING, awaiting=["ancients"],
                                updated__lt=cutoff)
    if game_id is not None:
        games = games.filter(pk=game_id)
    stalled = [(str(pk), version) for pk, version in games.values_list("pk", "version")]
    for pk, version in stalled:
        logger.warning("game %s waited over %ss for the Ancients at version %s: sending their "
                       "turn again", pk, older_than, version)
        try:
            _enqueue_ancients(pk, version)
        except Exception:  # the broker is still down: the next sweep tries again
            logger.warning("could not send the Ancients' turn of game %s", pk, exc_info=True)
    return stalled


# --- presence ----------------------------------------------------------------------------------
def seat_connect(*, game_id: Any, seat: str) -> list[str]:
    """Count one more open socket for the seat; return the connected seats. A count whose
    seat has been silent past the presence timeout starts again at one: the sockets it
    counted died with their server. A player who (re)opens a table that has waited too long
    on the Ancients also sends their turn again: they are often the first to notice a lost
    task, and the embedded mode has no sweeper."""
    stale = Q(seen_at__isnull=True) | Q(seen_at__lt=selectors.presence_cutoff())
    Seat.objects.filter(game_id=game_id, seat=seat).update(
        connections=Case(When(stale, then=Value(1)), default=F("connections") + 1,
                         output_field=PositiveIntegerField()),
        seen_at=timezone.now())
    ancients_requeue_stalled(game_id=game_id)
    return selectors.connected_seats(game_id)


def seat_seen(*, game_id: Any, seat: str) -> list[str]:
    """A socket of the seat is alive (its heartbeat); return the connected seats."""
    Seat.objects.filter(game_id=game_id, seat=seat).update(
        connections=Case(When(connections=0, then=Value(1)), default=F("connections"),
                         output_field=PositiveIntegerField()),
        seen_at=timezone.now())
    return selectors.connected_seats(game_id)


def seat_disconnect(*, game_id: Any, seat: str) -> list[str]:
    Seat.objects.filter(game_id=game_id, seat=seat, connections__gt=0).update(
        connections=F("connections") - 1)
    return selectors.connected_seats(game_id)


# --- campaigns ---------------------------------------------------------------------------------
def campaign_create(*, user, name: str, map_name: str, faction: str, colour: str = "",
                    party_size: int = 1, difficulty: str = Difficulty.NORMAL) -> Campaign:
    """A new campaign at chapter 1. With a party of two the partner joins by invite link."""
    if party_size not in (1, 2):
        raise ServiceError("invalid_choice", "a campaign party has one or two players")
    if difficulty not in Difficulty.values:
        raise ServiceError("invalid_choice", f"unknown difficulty {difficulty!r}")
    colour = _check_faction_and_colour(faction, colour, [])
    _load_board(map_name)
    return Campaign.objects.create(name=name.strip() or "Campaign", owner=user,
                                   owner_faction=faction, owner_colour=colour,
                                   party_size=party_size, map_name=map_name,
                                   difficulty=difficulty)


def campaign_join(*, campaign: Campaign, user, token: str, faction: str, colour: str = "") -> Campaign:
    with transaction.atomic():
        locked = Campaign.objects.select_for_update().get(pk=campaign.pk)
        if not secrets.compare_digest(str(token), locked.invite_token):
            raise ServiceError("bad_token", "this invite link is not valid for the campaign")
        if locked.has_member(user):
            return locked
        if locked.party_size != 2 or locked.partner_id is not None:
            raise ServiceError("game_full", "this campaign's party is complete")
        taken = [Seat(faction=locked.owner_faction, colour=locked.owner_colour)]
        locked.partner_colour = _check_faction_and_colour(faction, colour, taken)
        locked.partner, locked.partner_faction = user, faction
        locked.save()
    return locked


def campaign_chapter_scenarios(campaign: Campaign, chapter: int) -> list:
    """Chapter k is scenario k; a party of two also faces the next one (the fifth pairs
    with the first), since the Awoken sets one scenario per player."""
    order = scenario_order()
    if not order:
        raise ServiceError("content_unavailable", "no scenarios are installed yet")
    first = order[(chapter - 1) % len(order)]
    if campaign.party_size == 1:
        return [first]
    return [first, order[chapter % len(order)]]


def campaign_start_game(*, campaign: Campaign, user, chapter: Optional[int] = None) -> Game:
    """Start a game of the campaign's next (or an unlocked earlier) chapter with the party."""
    if not campaign.has_member(user):
        raise ServiceError("not_seated", "you are not in this campaign's party")
    if not campaign.is_ready:
        raise ServiceError("game_not_started", "your partner has not joined the campaign yet")
    chapter = chapter or min(campaign.unlocked, Campaign.CHAPTERS)
    if not 1 <= chapter <= campaign.unlocked or chapter > Campaign.CHAPTERS:
        raise ServiceError("invalid_choice", f"chapter {chapter} is not unlocked")
    running = campaign.games.filter(status=Game.Status.PLAYING).first()
    if running is not None:
        return running
    others = []
    if campaign.party_size == 2:
        others = [(campaign.partner, campaign.partner_faction, campaign.partner_colour)]
    return game_create(
        user=campaign.owner, mode=Game.Mode.SOLO if campaign.party_size == 1 else Game.Mode.COOP,
        map_name=campaign.map_name, faction=campaign.owner_faction, colour=campaign.owner_colour,
        scenario_ids=campaign_chapter_scenarios(campaign, chapter),
        difficulty=campaign.difficulty, campaign=campaign, chapter=chapter, others=others)


def campaign_record_result(*, game: Game, state: Optional[GameState] = None) -> Campaign:
    """Record a finished campaign game: a win of the newest unlocked chapter unlocks the next
    one, and every win earns the party a treasure to start the next game with. Called by
    `_store` in the transaction that finishes the game."""
    state = state if state is not None else selectors.game_state(game)
    campaign = Campaign.objects.select_for_update().get(pk=game.campaign_id)
    if game.result == "won" and game.campaign_chapter:
        chapter = game.campaign_chapter
        if chapter not in campaign.completed:
            campaign.completed = sorted({*campaign.completed, chapter})
        if chapter >= campaign.unlocked and campaign.unlocked < Campaign.CHAPTERS:
            campaign.unlocked = chapter + 1
        treasure = _earned_treasure(game, state, campaign)
        if treasure is not None:
            campaign.treasures = [*campaign.treasures, treasure]
    campaign.save()
    return campaign


def _earned_treasure(game: Game, state: GameState, campaign: Campaign) -> Optional[str]:
    """The treasure a win earns: one the party's characters held at the end that the party
    does not keep yet; failing that, one drawn (from the game's seed) from the treasures
    the game knew about."""
    kept = set(campaign.treasures)
    for character in state.characters.values():
        for treasure in character.treasures:
            if treasure not in kept:
                return treasure
    pool = [t for t in _treasure_ids(state) if t not in kept]
    if not pool:
        return None
    return random.Random(game.seed).choice(sorted(pool))


def _treasure_ids(state: GameState) -> list[str]:
    """Every treasure the game's deck was made of."""
    awoken = state.awoken
    defs = getattr(awoken, "treasure_defs", None)
    if defs:
        return [str(t) for t in defs]
    return [t for t in (getattr(awoken, "treasure_deck", None) or []) if isinstance(t, str)]
