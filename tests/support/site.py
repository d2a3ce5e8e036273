"""Shared fixtures and helpers for the tests of the site (tests/site/, and the faults,
hostile, admin and browser tests that play games on it).

The personas (owner, teammate, outsider) are fixtures here, made with `make_user`, and
given to the suite by tests/conftest.py (and to the example apps' tests by theirs). Games
use a shipped map and shipped factions, so they are real games; a scripted player
(`scripted_command`) keeps a skirmish going forever with reveals, turn ends and passes,
which plays no card and so never makes a card public.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import random
from typing import Any, Iterator, Optional

import pytest
from asgiref.sync import SyncToAsync
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth import get_user_model

from ancients_ai import scenarios as awoken_scenarios
from games import lobby, selectors, services
from games.pipeline import caches, facts, states
from games.models import Game
from wildlands.rules.frames import has_deferred_work
from games.routing import websocket_urlpatterns
from wildlands_site.celery import app as celery_app

PASSWORD = "a-long-test-password-1"
RECEIVE_TIMEOUT = 5


def map_name() -> str:
    """A plain shipped map (no rules of its own: no pushes or belts in scripted games)."""
    from wildlands.content.maps import map_names

    names = map_names()  # the plain dungeon when shipped: special-rule maps refuse some games
    return "dungeon" if "dungeon" in names else names[0]


def make_user(name: str, password: Optional[str] = None):
    """A user; without a password (tests sign in with force_login), since hashing one
    costs most of a second."""
    return get_user_model().objects.create_user(name, f"{name}@example.com", password)


# -- personas, as in the style guide: the owner creates games, the teammate joins them, the
# outsider holds no seat anywhere (and is no staff).
@pytest.fixture
def owner(db):
    return make_user("owner")


@pytest.fixture
def teammate(db):
    return make_user("teammate")


@pytest.fixture
def outsider(db):
    return make_user("outsider")


@pytest.fixture
def bots_without_pause(settings):
    """Bot seats play at once (no `BOT_STEP_SECONDS` pacing), from an empty bot-seat cache."""
    settings.BOT_STEP_SECONDS = 0
    caches.clear_caches()
    yield
    caches.clear_caches()


@pytest.fixture
def eager_celery():
    """Run Celery tasks in process for this test, whatever the environment (CI has a real
    broker and no worker)."""
    conf = celery_app.conf
    saved = conf.task_always_eager, conf.task_eager_propagates
    conf.task_always_eager, conf.task_eager_propagates = True, True
    yield
    conf.task_always_eager, conf.task_eager_propagates = saved


@pytest.fixture(autouse=True)
def _fresh_state_cache():
    """Each test starts with every cache of the process empty (test databases reuse game
    ids)."""
    caches.clear_caches()
    yield
    caches.clear_caches()


def start_skirmish(owner, teammate, *, seed: int = 7) -> Game:
    """A two-player skirmish on a shipped map, started (both seats taken)."""
    game = lobby.game_create(user=owner, mode="skirmish", map_name=map_name(),
                             faction="guild", players=2, seed=seed)
    lobby.game_join(game=game, user=teammate, token=game.invite_token, faction="gnomads")
    game.refresh_from_db()
    return game


def start_coop(owner, teammate, *, seed: int = 7) -> Game:
    scenarios = awoken_scenarios.scenario_ids_in_order()[:2]
    game = lobby.game_create(user=owner, mode="coop", map_name=map_name(),
                             faction="guild", scenario_ids=scenarios, seed=seed)
    lobby.game_join(game=game, user=teammate, token=game.invite_token, faction="gnomads")
    game.refresh_from_db()
    return game


def current_state(game_id):
    return selectors.game_state(Game.objects.get(pk=game_id))


def known_to_this_process(game: Game, *users) -> None:
    """As after a first command of each user: their seats, the game's facts (declaration,
    bot seats) and the game's state are held."""
    for user in users:
        states.hold_seat(game.id, user.pk, game.seats.get(user=user).seat)
    facts.facts_of(game.id)
    current_state(game.id)


def the_player_to_move(game: Game, owner, teammate) -> tuple:
    """(user, command) of a scripted legal move in a skirmish of these two players."""
    seat, command = scripted_command(current_state(game.id))
    return (owner if seat == "p1" else teammate), command


def scripted_command(state) -> tuple[str, dict]:
    """(seat, command) that is always legal in a skirmish and plays no card: pass any
    prompt, otherwise reveal a character if the actor still has one hidden and has not
    revealed this turn, otherwise end the turn."""
    if state.prompt is not None:
        return state.prompt.to, {"respond": "pass"}
    seat = state.turn.actor
    hidden = [c for c in state.characters_of(seat)
              if c.space is None and not c.knocked_out and c.assigned is not None]
    if hidden and not state.turn.revealed:
        return seat, {"do": "reveal", "character": hidden[0].id}
    return seat, {"do": "end_turn"}


def random_legal_command(state, rng: random.Random) -> Optional[tuple[str, dict]]:
    """A legal command for some seat that may act, chosen with `rng` (for modes without a
    script); None when nobody may act."""
    from wildlands.rules.legal import legal_commands

    options = [(seat, command) for seat in state.player_ids()
               for command in legal_commands(state, seat, verify=True)]
    if not options:
        return None
    return rng.choice(options)


# --- websocket helpers -------------------------------------------------------------------------
def communicator(game_id, user, *, query: str = "") -> WebsocketCommunicator:
    """A websocket client for `user` (the auth middleware is bypassed: the user is put in
    the scope, as AuthMiddlewareStack would)."""
    path = f"/ws/play/{game_id}/" + (f"?{query}" if query else "")
    comm = WebsocketCommunicator(URLRouter(websocket_urlpatterns), path)
    comm.scope["user"] = user
    return comm


async def receive(comm: WebsocketCommunicator, timeout: float = RECEIVE_TIMEOUT) -> dict:
    return await comm.receive_json_from(timeout=timeout)


async def receive_until(comm: WebsocketCommunicator, predicate, *, timeout: float = RECEIVE_TIMEOUT,
                        into: Optional[list] = None) -> dict:
    """Receive messages until one satisfies `predicate`; every message is appended to `into`."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        left = deadline - loop.time()
        if left <= 0:
            raise AssertionError("timed out waiting for a message")
        message = await comm.receive_json_from(timeout=left)
        if into is not None:
            into.append(message)
        if predicate(message):
            return message


async def drain(comm: WebsocketCommunicator, into: Optional[list] = None, *,
                quiet: float = 0.2) -> list:
    """Receive until nothing arrives for `quiet` seconds."""
    got = []
    while not await comm.receive_nothing(timeout=quiet):
        message = await comm.receive_json_from()
        got.append(message)
        if into is not None:
            into.append(message)
    return got


async def connect_seated(comm: WebsocketCommunicator, into: Optional[list] = None) -> dict:
    """Connect and read the greeting (presence and, for a started game, the update)."""
    connected, _ = await comm.connect()
    assert connected
    return await receive_until(comm, lambda m: m["type"] == "update", into=into)


@contextlib.contextmanager
def crossings_counted() -> Iterator[list]:
    """What crosses to the database thread meanwhile (`sync_to_async`'s function names): a
    socket's work that runs on the event loop's own connections must not cross."""
    crossings: list = []
    real_call = SyncToAsync.__call__

    async def counted(self, *args, **kwargs):
        crossings.append(getattr(self.func, "__name__", self.func))
        return await real_call(self, *args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(SyncToAsync, "__call__", counted)
        yield crossings


def as_json(message: Any) -> str:
    return json.dumps(message, sort_keys=True)


def coop_where_the_ancients_are_due(owner, teammate, *, seed: int = 7) -> Game:
    """A co-op game of these two whose players have just handed the Ancients their turn
    (the row read again)."""
    game = start_coop(owner, teammate, seed=seed)
    play_until_the_ancients(game, {"p1": owner, "p2": teammate}, random.Random(seed))
    game.refresh_from_db()
    return game


def play_until_the_ancients(game: Game, users: dict, rng: random.Random):
    """The players make random legal commands until they end their turn (the command that
    leaves the Ancients' turn as deferred work); that position's state."""
    while True:
        state = current_state(game.id)
        assert state.outcome is None
        if has_deferred_work(state):
            return state
        seat, command = random_legal_command(state, rng)
        services.game_apply_command(game_id=game.id, user=users[seat],
                                    expected_version=state.version, command=command)
