"""Playing a headless game to the end, and replaying one from its record (who acts next:
see the package's docstring)."""
from __future__ import annotations

import contextlib
import gc
import time
from collections.abc import Sequence as SequenceABC
from typing import Optional, Sequence

from wildlands.bots import Bot, make_bot
from wildlands.rules.engine import advance, apply
from wildlands.rules.frames import has_deferred_work
from wildlands.rules.legal import legal_commands
from wildlands.rules.state import GameState

from wildlands.simulation.content import bot_seed, new_game, pick_factions
from wildlands.simulation.records import DEFAULT_MAX_COMMANDS, GameRecord, SimulationError, state_digest


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


def play_war(seed: int, bots: Sequence[Bot | str], map_name: str = "dungeon",
             factions: Optional[Sequence[str]] = None,
             max_commands: int = DEFAULT_MAX_COMMANDS) -> GameRecord:
    """Play one War for the Crystals between bots: four (p1 and p3 against p2 and p4), or
    five (`war.setup.teams_for`: without `factions`, p2 plays the Ancients with p4 against
    p1, p3 and p5)."""
    seats = tuple(f"p{i + 1}" for i in range(len(bots)))
    bots = [make_bot(b, bot_seed(seed, i)) if isinstance(b, str) else b
            for i, b in enumerate(bots)]
    if not factions and len(bots) == 5:
        from wildlands.content.factions import ANCIENTS_FACTION
        others = list(pick_factions(seed, 4))
        factions = [others[0], ANCIENTS_FACTION, *others[1:]]
    record = GameRecord(seed=seed, mode="war", map_name=map_name,
                        factions=tuple(factions) if factions else pick_factions(seed, len(bots)),
                        player_ids=seats, bots=tuple(b.name for b in bots))
    state = new_game(record)
    return play(state, record, dict(zip(seats, bots)), max_commands)


def play_wrath(seed: int, bots: Sequence[Bot | str], ancients_seat: int,
               map_name: str = "dungeon", factions: Optional[Sequence[str]] = None,
               max_commands: int = DEFAULT_MAX_COMMANDS) -> GameRecord:
    """Play one game of The Wrath of the Ancients: seat `ancients_seat` (0-based) plays the
    Ancients faction; the others' factions are given or drawn from the seed."""
    from wildlands.content.factions import ANCIENTS_FACTION

    players = len(bots)
    if not 0 <= ancients_seat < players:
        raise SimulationError(f"no seat {ancients_seat + 1} among {players} for the Ancients")
    seats = tuple(f"p{i + 1}" for i in range(players))
    bots = [make_bot(b, bot_seed(seed, i)) if isinstance(b, str) else b
            for i, b in enumerate(bots)]
    others = list(factions) if factions else list(pick_factions(seed, players - 1))
    if len(others) != players - 1:
        raise SimulationError(f"{players - 1} faction(s) besides the Ancients, not {len(others)}")
    chosen = others[:ancients_seat] + [ANCIENTS_FACTION] + others[ancients_seat:]
    record = GameRecord(seed=seed, mode="wrath", map_name=map_name, factions=tuple(chosen),
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
        offer = (state.mode in ("skirmish", "war", "wrath") and state.prompt is None and turn.phase == "play"
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
        if seat is None and state.mode == "war":
            seat = war_seat(state)
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


def war_seat(state: GameState) -> Optional[str]:
    """War for the Crystals: who plays next in the team's turn (nobody interrupting): the
    first who must still reveal, else the first teammate not yet done."""
    from wildlands.rules.war.state import seats_to_act

    return next(iter(seats_to_act(state)), None)


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
