"""The opponent's step on the short way: a process that holds the game (the worker that ran
the last step, the usual case within one turn) stores the Ancients' next step with one
conditional statement, no lock; the steps it stores are the locked way's, and whenever the
stored game has moved on, nothing is written. PostgreSQL only (the embedded SQLite mode
always locks); CI runs these against PostgreSQL."""
from __future__ import annotations

import pytest

from games import history, services
from games.history import history_problems
from games.models import Game, GameCommand, GameEvent
from games.pipeline import caches, facts, states, step_sql
from games.pipeline.steps import build_step, opponent_step
from games.platform import registry
from support.site import (  # noqa: F401  (fixtures)
    _fresh_state_cache, coop_where_the_ancients_are_due, current_state, make_user)

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _postgresql_only():
    if not step_sql.can_write_conditionally():
        pytest.skip("conditional writes need PostgreSQL (CI runs these against it)")


def stored_steps(game: Game) -> tuple[list, list]:
    return ([(c.version, c.seat, c.command) for c in GameCommand.objects.filter(game=game)
             .order_by("version")],
            [(e.seq, e.version, e.kind, e.data, e.visible_to) for e in GameEvent.objects
             .filter(game=game).order_by("seq")])


def holding(game: Game, version: int) -> None:
    """This process holds the game as it was at `version` and nothing newer, as a worker
    does whose last step was there (the players' commands since stored by the web)."""
    definition = registry.get(game.mode)
    older = history.stored_state(definition, game.id, game.initial_snapshot, version)
    caches.clear_caches()
    facts.facts_of(game.id)
    states.STATES.put(str(game.id), states.Held(older, version, None))


def holding_the_version_before(game: Game) -> list:
    """`holding` the version before the players' last command; returns that command as its
    writer sends it with the turn ([seat, command, last seq])."""
    holding(game, game.version - 1)
    made = GameCommand.objects.get(game=game, version=game.version)
    return [made.seat, made.command, game.last_seq]


def test_the_next_step_of_a_game_this_process_holds_is_one_statement(
        owner, teammate, django_assert_num_queries, django_capture_on_commit_callbacks):
    game = coop_where_the_ancients_are_due(owner, teammate)
    facts.facts_of(game.id)
    current_state(game.id)  # held, as by the process that stored the step before

    with django_assert_num_queries(1), django_capture_on_commit_callbacks(execute=True):
        result = services.game_advance(game_id=game.id, version=game.version,
                                       enqueue_next=False)

    stored = Game.objects.get(pk=game.pk)
    assert result.version == stored.version > game.version
    assert result.last_seq == stored.last_seq
    assert states.held(game.id).version == stored.version
    assert history_problems(stored) == []


def test_a_process_that_holds_an_older_version_reads_once_to_catch_up(
        owner, teammate, django_assert_num_queries, django_capture_on_commit_callbacks):
    game = coop_where_the_ancients_are_due(owner, teammate)
    holding(game, game.version - 1)  # last seen before the players' last command

    # the players' last command, with the row, read once; the step written once
    with django_assert_num_queries(2), django_capture_on_commit_callbacks(execute=True):
        result = services.game_advance(game_id=game.id, version=game.version,
                                       enqueue_next=False)

    assert result is not None and result.version > game.version
    assert history_problems(Game.objects.get(pk=game.pk)) == []


def test_told_the_command_it_missed_the_process_writes_the_step_without_reading(
        owner, teammate, django_assert_num_queries, django_capture_on_commit_callbacks):
    told = coop_where_the_ancients_are_due(owner, teammate, seed=11)
    read = coop_where_the_ancients_are_due(make_user("read-a"), make_user("read-b"), seed=11)
    made_by = holding_the_version_before(told)

    with django_assert_num_queries(1), django_capture_on_commit_callbacks(execute=True):
        result = services.game_advance(game_id=told.id, version=told.version,
                                       enqueue_next=False, made_by=made_by)
    holding_the_version_before(read)
    with django_assert_num_queries(2), django_capture_on_commit_callbacks(execute=True):
        services.game_advance(game_id=read.id, version=read.version, enqueue_next=False)

    stored = Game.objects.get(pk=told.pk)
    assert result.version == stored.version > told.version
    assert stored_steps(told) == stored_steps(read)  # the same step as after reading
    assert history_problems(stored) == []


def test_a_merged_message_brings_each_turn_the_command_that_made_its_version(
        owner, teammate, django_capture_on_commit_callbacks):
    from games.tasks import run_opponent_turns

    game = coop_where_the_ancients_are_due(owner, teammate)
    made_by = holding_the_version_before(game)

    with django_capture_on_commit_callbacks(execute=True):
        [done] = run_opponent_turns([[str(game.id), game.version, made_by]])

    stored = Game.objects.get(pk=game.pk)
    assert done == stored.version > game.version
    assert history_problems(stored) == []


def test_told_a_command_that_is_not_all_it_missed_the_process_reads(
        owner, teammate, django_assert_num_queries, django_capture_on_commit_callbacks):
    game = coop_where_the_ancients_are_due(owner, teammate)
    made_by = holding_the_version_before(game)
    holding(game, game.version - 2)  # two commands behind, not one

    with django_assert_num_queries(2), django_capture_on_commit_callbacks(execute=True):
        result = services.game_advance(game_id=game.id, version=game.version,
                                       enqueue_next=False, made_by=made_by)

    assert result is not None and result.version > game.version
    assert history_problems(Game.objects.get(pk=game.pk)) == []


def test_told_the_command_of_a_game_that_moved_on_the_process_writes_nothing(
        owner, teammate, django_capture_on_commit_callbacks):
    game = coop_where_the_ancients_are_due(owner, teammate)
    made_by = holding_the_version_before(game)
    Game.objects.filter(pk=game.pk).update(version=game.version + 1)  # another writer won

    with django_capture_on_commit_callbacks(execute=True):
        result = services.game_advance(game_id=game.id, version=game.version,
                                       enqueue_next=False, made_by=made_by)

    assert result is None
    assert not GameCommand.objects.filter(game=game, version__gt=game.version).exists()


def test_the_short_way_stores_what_the_locked_way_stores(
        owner, teammate, django_capture_on_commit_callbacks):
    short = coop_where_the_ancients_are_due(owner, teammate, seed=11)
    others = make_user("locked-a"), make_user("locked-b")
    locked = coop_where_the_ancients_are_due(*others, seed=11)
    assert stored_steps(short) == stored_steps(locked), "the same game up to the Ancients"

    facts.facts_of(short.id)
    current_state(short.id)
    with django_capture_on_commit_callbacks(execute=True):
        services.game_advance(game_id=short.id, version=short.version, enqueue_next=False)
    caches.clear_caches()  # nothing held: the locked way
    with django_capture_on_commit_callbacks(execute=True):
        services.game_advance(game_id=locked.id, version=locked.version, enqueue_next=False)

    assert stored_steps(short) == stored_steps(locked)
    a, b = Game.objects.get(pk=short.pk), Game.objects.get(pk=locked.pk)
    assert (a.version, a.last_seq, a.awaiting, a.status) == (b.version, b.last_seq,
                                                             b.awaiting, b.status)


def test_nothing_is_written_once_the_game_has_moved_on(
        owner, teammate, django_capture_on_commit_callbacks):
    game = coop_where_the_ancients_are_due(owner, teammate)
    facts.facts_of(game.id)
    current_state(game.id)
    Game.objects.filter(pk=game.pk).update(version=game.version + 1)  # another writer won

    with django_capture_on_commit_callbacks(execute=True):
        result = services.game_advance(game_id=game.id, version=game.version,
                                       enqueue_next=False)

    assert result is None
    assert not GameCommand.objects.filter(game=game, version__gt=game.version).exists()


def test_the_steps_statements_are_bound_by_the_server_and_prepared_once_repeated(
        owner, teammate):
    """The worker's conditional write and catch-up read send their values apart from the
    text, and PostgreSQL keeps their plans after `PREPARE_AFTER` runs: no literal is quoted
    into the statement, none is parsed again."""
    from django.db import connection

    game = coop_where_the_ancients_are_due(owner, teammate)
    definition = registry.get(game.mode)
    state = history.stored_state(definition, game.id, game.initial_snapshot, game.version)
    new, step = opponent_step(definition, state)
    built = build_step(Game.objects.get(pk=game.pk), definition, new, [step])
    for _ in range(step_sql.PREPARE_AFTER + 1):
        with pytest.raises(step_sql.GameMovedOn):  # a version the row is not at: no write
            step_sql.write_step(built.game, built.rows, built.commands, built.fields,
                                if_version=game.version - 1)
        assert step_sql.read_catch_up(game.id, game.version - 1).version == game.version

    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        prepared = [text for (text,) in cursor.fetchall()]
    assert any(text.startswith("WITH u AS (UPDATE") and "$1" in text for text in prepared)
    assert any("LEFT JOIN" in text and "$2" in text for text in prepared)
    assert all(str(game.id) not in text for text in prepared)  # values bound, not quoted
    assert Game.objects.get(pk=game.pk).version == game.version  # nothing was written
