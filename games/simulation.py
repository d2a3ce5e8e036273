"""Headless games: bots play to the end, every command is logged, and a log replays exactly.

Pure (no Django): the `simulate` management command, the engine benchmark and the tests all
use it. A game is reproducible from `(seed, content names, command log)`; `replay` rebuilds
it and checks the final state against a digest taken when the game was played.

Who acts next is decided the way a table would: a pending prompt's seat answers; else, in a
skirmish, right after an action the other players are offered an interrupt, closest in turn
order to the active player first; else the player whose move it is acts. In The Awoken's
shared turn each player in seat order plays until it would end the turn; the last one to be
done ends it for everyone. Deferred work (the Ancients' turn when the site defers it) runs
through `engine.advance` right after the command that started it, both when playing and when
replaying, so the log holds only what seats sent.

A game that has not ended after `max_commands` commands is stopped and reported as
unfinished: never counted as a win or silently dropped.
"""
from __future__ import annotations

import contextlib
import functools
import gc
import hashlib
import json
import time
from collections.abc import Sequence as SequenceABC
from dataclasses import dataclass, field
from typing import Any, Optional, Sequence

from games.bots import Bot, make_bot
from games.rules.engine import advance, apply
from games.rules.frames import has_deferred_work
from games.rules.legal import legal_commands
from games.rules.rng import Rng, seed_state
from games.rules.serialize import state_to_data
from games.rules.setup import new_skirmish
from games.rules.state import GameState

DEFAULT_MAX_COMMANDS = 3000
GRID_MAP = "grid"  # a built-in test board, always available (see `grid_board`)


class SimulationError(Exception):
    """A game could not go on: a seat had nothing legal to do, or a replay diverged."""


@dataclass
class GameRecord:
    """One played game: enough to replay it, plus what the summary reports."""

    seed: int
    mode: str
    map_name: str
    factions: tuple
    player_ids: tuple
    bots: tuple  # bot names, one per seat
    scenarios: tuple = ()  # The Awoken: scenario ids, one per seat
    easy: bool = False  # The Awoken: the easy game (a treasure each to start)
    log: list = field(default_factory=list)  # (seat, command dict) in the order applied
    outcome: Optional[dict] = None
    rounds: int = 0
    final_digest: str = ""  # of the final state, for replay checks: see `_final_digest`
    seconds: float = 0.0  # wall time of the whole game, bots included
    engine_seconds: float = 0.0  # time inside engine.apply / advance only

    @property
    def commands(self) -> int:
        return len(self.log)

    @property
    def finished(self) -> bool:
        return self.outcome is not None

    @property
    def cause(self) -> str:
        """Why the game ended: points | wiped_out | draw | unfinished (or a mode's own)."""
        if self.outcome is None:
            return "unfinished"
        if self.outcome.get("result") == "draw":
            return "draw"
        return str(self.outcome.get("cause", self.outcome.get("result", "?")))

    @property
    def winner(self) -> Optional[str]:
        return None if self.outcome is None else self.outcome.get("winner")

    @property
    def winner_faction(self) -> Optional[str]:
        if self.winner is None:
            return None
        return self.factions[self.player_ids.index(self.winner)]

    @property
    def result(self) -> str:
        """won | lost | draw (a skirmish always has a winner: won) | unfinished."""
        if self.outcome is None:
            return "unfinished"
        return str(self.outcome.get("result", "?"))

    @property
    def winning_seats(self) -> tuple:
        """The seats that won: the skirmish's winner, or the whole party in The Awoken."""
        if self.winner is not None:
            return (self.winner,)
        if self.result == "won":
            return self.player_ids
        return ()

    def keep_final_state(self, state: GameState) -> None:
        """Remember the final state; `final_digest` is worked out from it when first read.

        A digest serialises the whole state, content included (board, cards, scenario
        sheets), which costs about a tenth of a whole game of The Awoken; a run of hundreds
        of games reads it only for the games it replays."""
        self.__dict__["_digest"] = ""
        self.__dict__["_final_state"] = state

    def to_data(self) -> dict[str, Any]:
        return {"seed": self.seed, "mode": self.mode, "map": self.map_name,
                "factions": list(self.factions), "players": list(self.player_ids),
                "bots": list(self.bots), "scenarios": list(self.scenarios), "easy": self.easy,
                "log": [[s, c] for s, c in self.log],
                "outcome": self.outcome, "rounds": self.rounds,
                "final_digest": self.final_digest}


def _final_digest(record: GameRecord) -> str:
    digest = record.__dict__.get("_digest", "")
    state = record.__dict__.get("_final_state")
    if not digest and state is not None:
        digest = state_digest(state)
        record.__dict__.update(_digest=digest, _final_state=None)
    return digest


def _set_final_digest(record: GameRecord, digest: str) -> None:
    record.__dict__.update(_digest=digest, _final_state=None)


# `final_digest` stays an ordinary field to construct, compare and print; reading it works
# the digest out from the kept final state the first time (see `keep_final_state`).
GameRecord.final_digest = property(_final_digest, _set_final_digest)


# -- content -----------------------------------------------------------------------------------
def load_board(map_name: str):
    """A shipped map by name, or the built-in `grid` test board."""
    if map_name == GRID_MAP:
        return grid_board()
    try:
        from games.content.maps import load_map
    except ImportError:
        raise SimulationError(
            f"map {map_name!r}: shipped maps are not available yet (games.content.maps); "
            f"use the built-in {GRID_MAP!r} board") from None
    return load_map(map_name)


def available_maps() -> list[str]:
    """The built-in grid plus every shipped map that loads."""
    names = [GRID_MAP]
    try:
        from games.content import maps
    except ImportError:
        return names
    listing = getattr(maps, "map_names", None) or getattr(maps, "map_ids", None)
    candidates = listing() if listing else ["dungeon", "ruins"]
    for name in candidates:
        try:
            maps.load_map(name)
        except Exception:  # a map being written may not load yet; leave it out
            continue
        names.append(name)
    return names


def grid_board():
    """A 7 x 6 board of 42 square spaces with some walls, cover spaces and high ground:
    enough for four players' map cards, independent of the shipped maps."""
    from games.rules.board import board_from_data

    width, height = 7, 6
    spaces, opened = [], []
    for y in range(height):
        for x in range(width):
            n = y * width + x + 1
            spaces.append({"n": n, "at": [x * 10 + 5, y * 10 + 5], "cover": n % 5 == 0,
                           "high": n in (9, 17, 26, 33)})
            if x + 1 < width and (n * 7) % 11:
                opened.append([n, n + 1])
            if y + 1 < height and (n * 5) % 13:
                opened.append([n, n + width])
    return board_from_data({"bounds": [0, 0, width * 10, height * 10], "core_radius": 1.5,
                            "spaces": spaces, "open": opened}, name=GRID_MAP)


def pick_factions(seed: int, players: int) -> tuple:
    """Distinct factions for a game, chosen from the seed (so a record names its content)."""
    ids = list(_faction_ids())
    if players > len(ids):
        raise SimulationError(f"{players} players but only {len(ids)} factions")

    class _Holder:
        rng = seed_state(seed ^ 0x5EED)

    Rng(_Holder).shuffle(ids)
    return tuple(ids[:players])


@functools.lru_cache(maxsize=1)
def _faction_ids() -> tuple:
    """The shipped factions' ids, read from the directory once per process (like the
    factions themselves, which `load_faction` caches)."""
    from games.content.factions import faction_ids

    return tuple(faction_ids())


def new_game(record: GameRecord) -> GameState:
    """The starting state a record was played from."""
    from games.content.factions import load_faction

    factions = [load_faction(f) for f in record.factions]
    if record.mode == "awoken":
        from ancients_ai.engine.setup import new_awoken

        return new_awoken(board=load_board(record.map_name), factions=factions,
                          player_ids=list(record.player_ids),
                          scenario_ids=list(record.scenarios), seed=record.seed,
                          easy=record.easy)
    if record.mode != "skirmish":
        raise SimulationError(f"mode {record.mode!r} is not available in simulations")
    return new_skirmish(board=load_board(record.map_name), factions=factions,
                        player_ids=list(record.player_ids), seed=record.seed)


def bot_seed(game_seed: int, index: int) -> int:
    """Each seat's bot gets its own seed, derived from the game's."""
    return game_seed * 16 + index + 1


# -- playing -----------------------------------------------------------------------------------
def play_skirmish(seed: int, bots: Sequence[Bot | str], map_name: str = "dungeon",
                  factions: Optional[Sequence[str]] = None,
                  max_commands: int = DEFAULT_MAX_COMMANDS) -> GameRecord:
    """Play one skirmish between bots (instances, or names seeded from `seed`)."""
    players = len(bots)
    seats = tuple(f"p{i + 1}" for i in range(players))
    bots = [make_bot(b, bot_seed(seed, i)) if isinstance(b, str) else b
            for i, b in enumerate(bots)]
    record = GameRecord(seed=seed, mode="skirmish", map_name=map_name,
                        factions=tuple(factions) if factions else pick_factions(seed, players),
                        player_ids=seats, bots=tuple(b.name for b in bots))
    state = new_game(record)
    return play(state, record, dict(zip(seats, bots)), max_commands)


def play_awoken(seed: int, bots: Sequence[Bot | str], scenarios: Sequence[str],
                map_name: str = "dungeon", factions: Optional[Sequence[str]] = None,
                easy: bool = False, max_commands: int = DEFAULT_MAX_COMMANDS) -> GameRecord:
    """Play one game of The Awoken: one or two bots, one scenario each."""
    players = len(bots)
    if len(scenarios) != players:
        raise SimulationError(f"{players} player(s) need {players} scenario(s), "
                              f"not {len(scenarios)}")
    seats = tuple(f"p{i + 1}" for i in range(players))
    bots = [make_bot(b, bot_seed(seed, i)) if isinstance(b, str) else b
            for i, b in enumerate(bots)]
    record = GameRecord(seed=seed, mode="awoken", map_name=map_name,
                        factions=tuple(factions) if factions else pick_factions(seed, players),
                        player_ids=seats, bots=tuple(b.name for b in bots),
                        scenarios=tuple(scenarios), easy=easy)
    state = new_game(record)
    return play(state, record, dict(zip(seats, bots)), max_commands)


def play(state: GameState, record: GameRecord, bots: dict, max_commands: int) -> GameRecord:
    """Drive `state` to the end (or the command cap), filling in `record`."""
    started = time.perf_counter()
    engine_time = 0.0
    log = record.log
    offer = False  # an action just finished: others may interrupt
    done: set = set()  # shared turn: players who have said they are done

    def send(seat: str, command: dict) -> None:
        nonlocal state, engine_time, offer
        t0 = time.perf_counter()
        # in place and quiet: nothing keeps the old state or reads the events, so the
        # engine's copy and event records would be thrown away; a refused command ends the
        # game with an error (replays use the copying, recording `apply`)
        state, _ = apply(state, seat, command, in_place=True, quiet=True)
        while has_deferred_work(state):
            state, _ = advance(state, in_place=True, quiet=True)
        engine_time += time.perf_counter() - t0
        log.append((seat, command))
        turn = state.turn
        offer = (state.mode == "skirmish" and state.prompt is None and turn.phase == "play"
                 and turn.last == "action")

    while state.outcome is None and len(log) < max_commands:
        if state.turn.phase == "setup":
            seat = next(s for s in state.player_ids() if legal_commands(state, s))
            send(seat, _ask(bots[seat], state, seat))
            continue
        if state.prompt is not None:
            seat = state.prompt.to
            send(seat, _ask(bots[seat], state, seat))
            continue
        if offer:
            offer = False
            if _offer_interrupts(state, bots, send):
                continue
        seat = state.turn.actor
        if seat is None:  # a shared turn (The Awoken): everyone plays, then one ends it
            seat = next((s for s in state.player_ids() if s not in done), None)
            if seat is None:
                raise SimulationError("every player is done but the turn did not end")
            command = _ask(bots[seat], state, seat)
            if command.get("do") == "end_turn" and len(done) + 1 < len(state.players):
                done.add(seat)  # this player is done; the others still play
                continue
            if command.get("do") == "end_turn":
                done.clear()
            send(seat, command)
            continue
        send(seat, _ask(bots[seat], state, seat))

    record.outcome = None if state.outcome is None else dict(state.outcome)
    record.rounds = state.turn.round
    record.keep_final_state(state)
    record.engine_seconds = engine_time
    record.seconds = time.perf_counter() - started
    return record


class LegalList(SequenceABC):
    """`legal_commands(state, seat)`, worked out the first time a bot looks at it.

    A bot that decides from the state itself (the Awoken bot) never looks, and listing
    every command of a position costs more than the decision (claims alone are every three
    cards of the hand for every character), so the game loop hands this over instead of the
    list. To a bot that does look it is an ordinary read-only list."""

    __slots__ = ("state", "seat", "_items")

    def __init__(self, state: GameState, seat: str) -> None:
        self.state, self.seat, self._items = state, seat, None

    def _list(self) -> list:
        if self._items is None:
            self._items = legal_commands(self.state, self.seat)
        return self._items

    def __getitem__(self, index):
        return self._list()[index]

    def __len__(self) -> int:
        return len(self._list())

    def __iter__(self):
        return iter(self._list())

    def __contains__(self, command) -> bool:
        return command in self._list()

    def __eq__(self, other) -> bool:
        return self._list() == (other._list() if isinstance(other, LegalList) else other)

    def __repr__(self) -> str:
        return f"LegalList({self._list()!r})"


def _ask(bot: Bot, state: GameState, seat: str) -> dict:
    legal = LegalList(state, seat)
    try:
        command = bot.choose(state, seat, legal)
    except Exception as error:
        if not legal:  # the bot failed because there was nothing to choose from
            raise _nothing_to_do(state, seat) from error
        raise
    if command is None:
        if not legal:
            raise _nothing_to_do(state, seat)
        raise SimulationError(f"bot {bot.name} for {seat} declined a decision it must make")
    return command


def _nothing_to_do(state: GameState, seat: str) -> SimulationError:
    return SimulationError(f"{seat} must act but has no legal command "
                           f"(version {state.version}, prompt {state.prompt})")


def _offer_interrupts(state: GameState, bots: dict, send) -> bool:
    """Offer each other player, closest in turn order to the active player first, the
    chance to interrupt; the first who takes it plays. Return whether someone did."""
    ids = state.player_ids()
    start = ids.index(state.turn.active)
    for seat in ids[start + 1:] + ids[:start]:
        legal = legal_commands(state, seat)
        if legal:
            command = bots[seat].choose(state, seat, legal, optional=True)
            if command is not None:
                send(seat, command)
                return True
    return False


@contextlib.contextmanager
def rare_collections(allocations: int = 100_000):
    """Run a batch of games with Python's cycle collector started every `allocations`
    container allocations instead of every 700 (the thresholds are restored afterwards).

    A game allocates hundreds of thousands of short-lived lists, dicts and objects (a state
    copy per command) that reference counting frees at once, and makes a handful of cycles;
    with the default threshold the collector keeps walking the young ones for nothing, about
    a tenth of a run of The Awoken (measured: 236 -> 263 magus games per CPU second). The
    few cycles are still collected, just less often."""
    old = gc.get_threshold()
    gc.set_threshold(allocations, *old[1:])
    try:
        yield
    finally:
        gc.set_threshold(*old)


# -- replaying ---------------------------------------------------------------------------------
def state_digest(state: GameState) -> str:
    """A fingerprint of the full state (secrets included), for replay checks."""
    text = json.dumps(state_to_data(state), sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def replay(record: GameRecord) -> GameState:
    """Rebuild a game from its seed, content and log; raise SimulationError if the final
    state differs from the one recorded when it was played."""
    state = new_game(record)
    for seat, command in record.log:
        state, _ = apply(state, seat, command)
        while has_deferred_work(state):
            state, _ = advance(state)
    if record.final_digest and state_digest(state) != record.final_digest:
        raise SimulationError(f"replay of game {record.seed} diverged from the recorded state")
    return state


# -- summaries ---------------------------------------------------------------------------------
@dataclass
class Summary:
    games: int = 0
    finished: int = 0
    wins_by_seat: dict = field(default_factory=dict)
    wins_by_faction: dict = field(default_factory=dict)
    played_by_faction: dict = field(default_factory=dict)
    causes: dict = field(default_factory=dict)
    results: dict = field(default_factory=dict)  # won / lost / draw / unfinished -> games
    loss_causes: dict = field(default_factory=dict)  # The Awoken: why the party lost
    rounds: int = 0
    commands: int = 0
    seconds: float = 0.0
    engine_seconds: float = 0.0
    errors: list = field(default_factory=list)  # (seed, message)

    def add(self, record: GameRecord) -> None:
        self.games += 1
        self.finished += record.finished
        self.rounds += record.rounds
        self.commands += record.commands
        self.seconds += record.seconds
        self.engine_seconds += record.engine_seconds
        self.causes[record.cause] = self.causes.get(record.cause, 0) + 1
        self.results[record.result] = self.results.get(record.result, 0) + 1
        if record.result == "lost":
            self.loss_causes[record.cause] = self.loss_causes.get(record.cause, 0) + 1
        for faction in record.factions:
            self.played_by_faction[faction] = self.played_by_faction.get(faction, 0) + 1
        for seat in record.winning_seats:
            self.wins_by_seat[seat] = self.wins_by_seat.get(seat, 0) + 1
            faction = record.factions[record.player_ids.index(seat)]
            self.wins_by_faction[faction] = self.wins_by_faction.get(faction, 0) + 1

    def lines(self, wall_seconds: Optional[float] = None,
              cpu_seconds: Optional[float] = None) -> list[str]:
        """The report, one line per figure. `cpu_seconds` (this process's CPU time for the
        run) adds the speed per CPU second, which a busy machine disturbs less than wall
        time."""
        games = max(self.games, 1)
        wall = wall_seconds if wall_seconds is not None else self.seconds
        out = [
            f"games: {self.games}  finished: {self.finished}  "
            f"unfinished: {self.causes.get('unfinished', 0)}  errors: {len(self.errors)}",
            "wins by seat: " + _counts(self.wins_by_seat),
            "wins by faction: " + ", ".join(
                f"{f} {self.wins_by_faction.get(f, 0)}/{n}"
                for f, n in sorted(self.played_by_faction.items())),
            "game end causes: " + _counts(self.causes),
            f"mean rounds: {self.rounds / games:.1f}  mean commands: {self.commands / games:.1f}",
        ]
        if wall > 0:
            out.append(f"speed: {self.games / wall:.1f} games/s, {self.commands / wall:,.0f} "
                       f"commands/s (bots included, one process)")
        if cpu_seconds:
            out.append(f"speed per CPU second: {self.games / cpu_seconds:.1f} games/s, "
                       f"{self.commands / cpu_seconds:,.0f} commands/s")
        if self.engine_seconds > 0:
            out.append(f"engine only: {self.commands / self.engine_seconds:,.0f} commands/s "
                       f"({100 * self.engine_seconds / max(wall, 1e-9):.0f}% of the time)")
        for seed, message in self.errors:
            out.append(f"ERROR in game seed {seed}: {message}")
        return out


def _counts(counts: dict) -> str:
    return ", ".join(f"{k} {v}" for k, v in sorted(counts.items())) or "none"
