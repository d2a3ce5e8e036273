"""Seats played by the site's bots: a skirmish against 1-3 bot factions, or a co-op game of
The Awoken with the Awoken bot as the partner.

A bot seat is a `Seat` with `bot` set and no user, so no socket ever opens for it and no
view is ever built for it: the bot decides from the full state here, on the server, and
what the people at the table learn of it is only what the stored steps show them (the same
events, with the same visibility, as any player's command).

A bot plays through the path people's commands take. Every stored step ends (on commit) in
`after_step`: when a seat the game now waits on is a bot's, the Celery task
`games.run_bot_turn(game, version)` is sent, after `settings.BOT_STEP_SECONDS` so a person
can follow the moves. The task (`bot_step`) plays one command through
`game_apply_bot_command`, which stores it with `services._store` like any command, so its
own commit sends the next task, until a person must act or the Ancients' worker takes over.
The task is keyed by version: a late or duplicated one finds the game moved on and does
nothing. With no broker (Celery eager) the tasks run as a loop in the calling thread, with no
countdown, rather than one inside the other; the loop stops when no bot is to act.

Who acts, as `benchmarks/site_players.TablePlayers` reads it: the seat a prompt is for, else
the actor, else (The Awoken's shared turn) every player. In the shared turn the bot plays
until it would end the turn; then it says it is done (`finish`, once) and the turn ends when
its partner is done too. It never ends the turn for both (`end_turn`).
"""
from __future__ import annotations

import logging
import threading
from datetime import timedelta
from typing import TYPE_CHECKING, Any, Mapping, Optional, Sequence

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games import selectors
from games.pipeline import step_sql, task_sender
from games.bots import make_bot
from games.models import Game, Seat
from games.rules.commands import parse_command
from games.rules.engine import apply as engine_apply
from games.rules.errors import RuleError
from games.rules.frames import has_deferred_work
from games.rules.legal import legal_commands
from games.rules.state import GameState

if TYPE_CHECKING:
    from games.services import ApplyResult

logger = logging.getLogger(__name__)

# The bot that plays a bot seat, by mode (`games.bots.make_bot` names).
BOT_FOR_MODE = {Game.Mode.SKIRMISH: "greedy", Game.Mode.COOP: "awoken", Game.Mode.WAR: "greedy",
                Game.Mode.WRATH: "wrath"}
# A bound on one eager run of bot steps (the embedded mode): a game whose people are all out
# of it still ends, but never holds a request for longer than this many steps.
EAGER_STEP_LIMIT = 400


# --- which seats are bots (fixed once a game exists: bots are seated at creation) -----------
_BOT_SEATS: dict[str, dict[str, str]] = {}


def bot_seats_of(game_id: Any) -> dict[str, str]:
    """seat -> bot name for the game's bot seats (read once per process and game)."""
    key = str(game_id)
    found = _BOT_SEATS.get(key)
    if found is None:
        if len(_BOT_SEATS) >= 4096:
            _BOT_SEATS.clear()
        found = dict(Seat.objects.filter(game_id=key).exclude(bot="")
                     .values_list("seat", "bot"))
        _BOT_SEATS[key] = found
    return found


def cached(game_id: Any) -> Optional[dict[str, str]]:
    """The game's bot seats if this process has read them already, else None (no query)."""
    return _BOT_SEATS.get(str(game_id))


def clear_cache() -> None:
    _BOT_SEATS.clear()


# --- what a bot would send ----------------------------------------------------------------------
def as_data(command: Any) -> dict:
    """A legal command as the JSON object a client sends."""
    return command.to_data() if hasattr(command, "to_data") else dict(command)


def bot_seed(game_seed: int, seat: str, version: int) -> int:
    """The bot's own generator for one decision: from the game's seed, the seat and the
    version, so a task delivered twice decides the same and nothing draws on the game's."""
    return (game_seed * 31 + sum(map(ord, seat)) * 7919 + version) & ((1 << 62) - 1)


def _shared_turn(state: GameState) -> bool:
    return state.prompt is None and state.turn.phase != "setup" and state.turn.actor is None


def bot_command(state: GameState, seat: str, bot: str, game_seed: int) -> Optional[dict]:
    """The command the bot in `seat` sends now, or None (nothing to do; in the shared turn,
    done until its partner ends the turn)."""
    legal = legal_commands(state, seat)
    if not legal:
        return None
    chosen = make_bot(bot, bot_seed(game_seed, seat, state.version)).choose(state, seat, legal)
    if chosen is None:
        return None
    command = as_data(chosen)
    if _shared_turn(state) and command.get("do") in ("end_turn", "finish"):
        # done for now: said once (`finish`), so the partner's own "done" ends the turn
        return next((c for c in map(as_data, legal) if c.get("do") == "finish"), None)
    return command


def next_bot_command(state: GameState, bots: Mapping[str, str],
                     game_seed: int) -> Optional[tuple[str, dict]]:
    """(bot seat, command) to play now, or None when no bot is to act: the game is over,
    the Ancients' turn is pending, or a person is the one asked."""
    if not bots or state.outcome is not None or has_deferred_work(state):
        return None
    if state.prompt is not None:
        seats = [state.prompt.to]
    elif state.turn.phase == "setup":
        seats = []  # the site makes every seat's secret assignment itself
    elif state.turn.actor is not None:
        seats = [state.turn.actor]
    elif state.mode == "war":  # the team's turn: who must reveal, or teammates not done
        from games.rules.war.state import seats_to_act
        seats = seats_to_act(state)
    else:
        seats = [s for s in state.player_ids() if s in bots]
    for seat in seats:
        if seat in bots:
            command = bot_command(state, seat, bots[seat], game_seed)
            if command is None and not _shared_turn(state):
                command = checked_command(state, seat)  # obliged to act: never stall the table
            if command is not None:
                return seat, command
    return None


def checked_command(state: GameState, seat: str) -> Optional[dict]:
    """A command the rules accept from `seat` now (checked through `apply`), the quiet one
    first (pass, end the turn); never the end of a shared turn, which is the partner's."""
    commands = [as_data(c) for c in legal_commands(state, seat, verify=True)]
    if _shared_turn(state):
        commands = [c for c in commands if c.get("do") != "end_turn"]
    quiet = [c for c in commands
             if c.get("respond") == "pass" or c.get("do") in ("end_turn", "finish")]
    return (quiet or commands or [None])[0]


# --- playing it -------------------------------------------------------------------------------
def game_apply_bot_command(*, game_id: Any, seat: str, expected_version: int,
                           command: Mapping[str, Any]) -> ApplyResult:
    """Apply one command for a bot's seat: `services.game_apply_command`'s locked way, with
    the seat named instead of found from a user, and stored by the same `_store`.

    :raises ServiceError: not_seated (no such bot seat), game_not_started.
    :raises RuleError: stale_version, game_over, or the rules' own refusal; nothing changes.
    """
    from games import services  # which imports this module, for `after_step`

    with transaction.atomic():
        game = step_sql.lock_game(game_id)
        if game is None or seat not in bot_seats_of(game.id):
            raise services.ServiceError("not_seated", f"{seat!r} is not a bot's seat")
        services.check_playable(game, expected_version)
        parsed = parse_command(command)
        new, events = engine_apply(selectors.game_state(game), seat, parsed)
        return services._store(game, new, [services.Step(seat, parsed.to_data(), new.version,
                                                         events)])


def bot_step(*, game_id: Any, version: int) -> Optional[ApplyResult]:
    """Play one bot command on the game at `version`; None when the game has moved on, is
    not being played or waits on no bot (a late or repeated task)."""
    game = Game.objects.filter(pk=game_id).defer("snapshot", "initial_snapshot").first()
    if game is None or game.status != Game.Status.PLAYING or game.version != version:
        return None
    bots = bot_seats_of(game.id)
    state = selectors.game_state(game)
    picked = next_bot_command(state, bots, game.seed)
    if picked is None:
        return None
    seat, command = picked
    try:
        return game_apply_bot_command(game_id=game.id, seat=seat, expected_version=version,
                                      command=command)
    except RuleError as error:
        if error.code in ("stale_version", "game_over"):
            return None
        logger.warning("bot %s of game %s at version %s sent a refused command %r (%s); "
                       "playing a checked one", bots[seat], game.id, version, command, error)
    fallback = checked_command(state, seat)
    if fallback is None:
        return None
    try:
        return game_apply_bot_command(game_id=game.id, seat=seat, expected_version=version,
                                      command=fallback)
    except RuleError:
        return None


# --- sending the task -------------------------------------------------------------------------
def after_step(game_id: str, version: int, awaiting: Sequence[str]) -> None:
    """On commit of every stored step: send the bot task when a seat the game waits on is
    a bot's."""
    if not awaiting or list(awaiting) == ["ancients"]:
        return
    if waits_on_a_bot(bot_seats_of(game_id), awaiting):
        send_bot_turn(game_id, version)


def waits_on_a_bot(bots: Mapping[str, str], awaiting: Sequence[str]) -> bool:
    """Whether a seat the game waits on is one of its bot seats (`bots`, seat -> bot)."""
    return any(seat in bots for seat in awaiting)


_EAGER = threading.local()


def send_bot_turn(game_id: str, version: int, *, countdown: Optional[float] = None) -> None:
    """Send `games.run_bot_turn` after the pace delay; with Celery eager, run it in the loop
    of this thread (started here unless one is already running further up the stack)."""
    from games.tasks import run_bot_turn

    if not run_bot_turn.app.conf.task_always_eager:
        delay = settings.BOT_STEP_SECONDS if countdown is None else countdown
        task_sender.send(run_bot_turn, (game_id, version), countdown=delay or None)
        return
    pending = getattr(_EAGER, "pending", None)
    if pending is not None:  # a bot step's own commit: the loop below takes it
        pending.append((game_id, version))
        return
    _EAGER.pending = pending = [(game_id, version)]
    try:
        for _ in range(EAGER_STEP_LIMIT):
            if not pending:
                return
            run_bot_turn.apply(pending.pop(0))
        logger.warning("game %s: bots played %s steps in one eager run; stopping there",
                       game_id, EAGER_STEP_LIMIT)
    finally:
        _EAGER.pending = None


def bots_requeue_stalled(*, older_than: Optional[float] = None) -> list[tuple[str, int]]:
    """Send the bot task again to every game that has waited only on its bots for more than
    `older_than` seconds (by default as long as the Ancients' sweep waits) because a broker
    outage lost the task; return the (game, version) pairs. A shared turn, which also waits
    on a person, is left to that person."""
    from games.services import STALLED_AFTER_SECONDS

    wait = STALLED_AFTER_SECONDS if older_than is None else older_than
    cutoff = timezone.now() - timedelta(seconds=wait)
    with_bots = Seat.objects.exclude(bot="").values("game_id")
    games = Game.objects.filter(status=Game.Status.PLAYING, updated__lt=cutoff, pk__in=with_bots)
    stalled = []
    for pk, version, awaiting in games.values_list("pk", "version", "awaiting"):
        bots = bot_seats_of(pk)
        if awaiting and all(seat in bots for seat in awaiting):
            stalled.append((str(pk), version))
    for pk, version in stalled:
        logger.warning("game %s waited on its bots at version %s: sending their turn again",
                       pk, version)
        try:
            send_bot_turn(pk, version, countdown=0)
        except Exception:  # the broker is still down: the next sweep tries again
            logger.warning("could not send the bot turn of game %s", pk, exc_info=True)
    return stalled
