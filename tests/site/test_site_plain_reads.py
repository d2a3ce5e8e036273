"""The reads every page, socket and worker makes most, written as plain statements, answer exactly as the
querysets they replaced: the session, its user, the seats a socket opens on, a game's events,
its commands and its row as a writer locks it.
(They run on SQLite here and on PostgreSQL in CI, whose values need different converters.)
"""
from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.sessions.backends.db import SessionStore as DjangoSessionStore
from django.contrib.sessions.models import Session
from django.db import transaction
from django.test import Client
from django.utils import timezone

from accounts.session_store import SessionStore
from accounts.throttle import ThrottledModelBackend
from games import history, selectors, services
from games.models import Game, GameCommand, GameEvent, Seat
from games.pipeline import commands, step_sql
from support.site import (  # noqa: F401  (fixtures)
    _fresh_state_cache, current_state, owner, random_legal_command, start_skirmish, teammate)

User = get_user_model()


def fields_of(instance) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in type(instance)._meta.concrete_fields
            if f.attname in instance.__dict__}


def test_the_site_reads_sessions_through_its_own_store():
    assert settings.SESSION_ENGINE == "accounts.session_store"


@pytest.mark.django_db
def test_a_session_reads_back_what_was_stored():
    stored = SessionStore()
    stored["cart"] = {"seat": "p1", "n": 3}
    stored.save()
    read = SessionStore(stored.session_key)
    assert read["cart"] == {"seat": "p1", "n": 3}
    assert read.session_key == stored.session_key
    assert dict(read.items()) == dict(DjangoSessionStore(stored.session_key).items())


@pytest.mark.django_db
def test_an_expired_session_is_a_new_empty_one():
    stored = SessionStore()
    stored["x"] = 1
    stored.save()
    Session.objects.filter(session_key=stored.session_key).update(
        expire_date=timezone.now() - timedelta(seconds=1))
    read = SessionStore(stored.session_key)
    assert dict(read.items()) == {}
    assert read.session_key is None, "the stale key is dropped, as Django's store does"


@pytest.mark.django_db
@pytest.mark.parametrize("key", ["nosuchsessionkey1234", None, "short"])
def test_an_unknown_or_malformed_key_reads_as_empty(key):
    read = SessionStore(key)
    assert dict(read.items()) == {}
    assert read.session_key is None


@pytest.mark.django_db
def test_a_sessions_user_is_the_user_django_would_read():
    user = User.objects.create_user("reader", password="a long pass phrase 1")
    User.objects.filter(pk=user.pk).update(last_login=timezone.now())
    ours = ThrottledModelBackend().get_user(user.pk)
    django = ModelBackend().get_user(user.pk)
    assert fields_of(ours) == fields_of(django)
    assert ours.last_login is not None and ours.last_login.tzinfo is not None
    assert ours.is_active is True
    assert ThrottledModelBackend().get_user(str(user.pk)).pk == user.pk


@pytest.mark.django_db
def test_no_user_for_an_unknown_a_malformed_or_an_inactive_key():
    user = User.objects.create_user("gone", password="a long pass phrase 1", is_active=False)
    backend = ThrottledModelBackend()
    assert backend.get_user(user.pk) is None
    assert backend.get_user(user.pk + 1000) is None
    assert backend.get_user("not a number") is None


@pytest.mark.django_db
def test_signing_up_and_signing_in_still_give_a_signed_in_session():
    client = Client()
    response = client.post("/accounts/signup/", {
        "username": "newcomer", "password1": "a long pass phrase 1",
        "password2": "a long pass phrase 1"})
    assert response.status_code == 302
    assert client.get("/accounts/profile/").status_code == 200
    assert client.session["_auth_user_backend"] == "accounts.throttle.ThrottledModelBackend"


@pytest.mark.django_db
def test_a_socket_finds_its_seat_and_the_games_columns(owner, teammate):
    game = start_skirmish(owner, teammate)
    seat = commands.seat_for_socket(game_id=str(game.id), user=teammate)
    orm = Seat.objects.select_related("game").get(game=game, user=teammate)
    assert (seat.pk, seat.seat, seat.user_id, seat.bot, seat.game_id) == (
        orm.pk, orm.seat, orm.user_id, orm.bot, orm.game_id)
    for name in commands.SOCKET_GAME_FIELDS:
        attname = type(game)._meta.get_field(name).attname
        assert getattr(seat.game, attname) == getattr(orm.game, attname), name
    assert commands.seat_for_socket(game_id=str(game.id), user=User.objects.create_user(
        "stranger", password="a long pass phrase 1")) is None


@pytest.mark.django_db
def test_a_games_events_read_as_the_queryset_reads_them(owner, teammate):
    game = start_skirmish(owner, teammate)
    game.refresh_from_db()
    assert game.last_seq > 0
    plain = selectors.events_between(game.id, 1, game.last_seq)
    orm = list(GameEvent.objects.filter(game=game).order_by("seq"))
    assert [fields_of(e) for e in plain] == [fields_of(e) for e in orm]
    assert any(isinstance(e.data, dict) and e.data for e in plain), "JSON read as JSON"
    assert selectors.events_between(game.id, game.last_seq + 1, game.last_seq + 5) == []


@pytest.mark.django_db
def test_a_games_commands_read_as_the_queryset_reads_them(owner, teammate):
    game = start_skirmish(owner, teammate)
    rng = random.Random(3)
    users = {"p1": owner, "p2": teammate}
    for _ in range(4):
        state = current_state(game.id)
        seat, command = random_legal_command(state, rng)
        game.refresh_from_db()
        services.game_apply_command(game_id=game.id, user=users[seat],
                                    expected_version=game.version, command=command)
    game.refresh_from_db()
    plain = history.commands_between(game.id, 1, game.version)
    orm = list(GameCommand.objects.filter(game=game).order_by("version"))
    keep = ("id", "game_id", "version", "seat", "command")
    assert [[getattr(c, n) for n in keep] for c in plain] == [[getattr(c, n) for n in keep]
                                                              for c in orm]
    assert all(isinstance(c.command, dict) for c in plain), "JSON read as JSON"


@pytest.mark.django_db
def test_a_locked_game_row_reads_as_the_queryset_reads_it(owner, teammate):
    game = start_skirmish(owner, teammate)
    Game.objects.filter(pk=game.pk).update(awaiting=["p2"])
    with transaction.atomic():
        locked = step_sql.lock_game(game.id)
        seated = step_sql.lock_game(game.id, user_id=teammate.pk)
    orm = Game.objects.get(pk=game.pk)
    for row in (locked, seated):
        assert (row.id, row.mode, row.status, row.version, row.last_seq, row.awaiting,
                row.campaign_id, row.seed) == (orm.id, orm.mode, orm.status, orm.version,
                                               orm.last_seq, ["p2"], orm.campaign_id, orm.seed)
    assert seated.my_seat == Seat.objects.get(game=game, user=teammate).seat
    assert step_sql.read_game_for_seat(game.id, owner.pk, snapshot=True).snapshot == orm.snapshot


@pytest.mark.django_db
def test_a_games_snapshot_reads_as_the_queryset_reads_it(owner, teammate):
    game = start_skirmish(owner, teammate)
    orm = Game.objects.values_list("snapshot", flat=True).get(pk=game.pk)
    assert isinstance(orm, dict) and orm
    assert selectors.stored_snapshot(game.id) == orm
    assert selectors.stored_snapshot("00000000-0000-0000-0000-000000000000") is None


@pytest.mark.django_db
def test_statements_are_written_for_the_database_by_a_wrapper_that_never_connects(
        owner, teammate):
    """The plain reads and a step's statement are written, and their values converted, with
    one wrapper of the database (`row_reads.backend`) that is never connected: the thread's
    own connection, or the event loop's, runs them, and what is written is what that
    connection would have written."""
    from django.db import connection, connections

    from wildlands_site import row_reads

    game = start_skirmish(owner, teammate)
    rng = random.Random(5)
    users = {"p1": owner, "p2": teammate}
    for _ in range(3):
        seat, command = random_legal_command(current_state(game.id), rng)
        game.refresh_from_db()
        services.game_apply_command(game_id=game.id, user=users[seat],
                                    expected_version=game.version, command=command)
    assert commands.seat_for_socket(game_id=str(game.id), user=teammate) is not None
    store = SessionStore()
    store["k"] = "v"
    store.save()
    assert SessionStore(store.session_key).load() == {"k": "v"}

    described = row_reads.backend(connection.alias)
    assert described is row_reads.backend(connection.alias)
    assert described is not connections[connection.alias]
    assert described.connection is None, "the statements' wrapper opened a connection"
    assert described.vendor == connection.vendor
    assert row_reads.key(Game, game.id, connection.alias) == \
        Game._meta.pk.get_db_prep_value(game.id, connection)
    now = timezone.now()
    assert selectors.stored_time(now) == connection.ops.adapt_datetimefield_value(now)
