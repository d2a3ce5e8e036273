"""A command's short way: when this process holds the game at the version the command was
built on, one conditional statement stores it; whenever the stored game has moved on, the
locked way decides, so the answers are the same as ever. PostgreSQL only (the embedded
SQLite mode always locks); CI runs these against PostgreSQL."""
from __future__ import annotations

import pytest

from games import services
from games.pipeline import caches, states, step_sql
from games.history import history_problems
from games.models import Game, GameCommand, GameEvent
from games.platform.errors import RuleError
from support.site import (  # noqa: F401  (fixtures)
    _fresh_state_cache, current_state, known_to_this_process, start_skirmish,
    the_player_to_move)

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _postgresql_only():
    if not step_sql.can_write_conditionally():
        pytest.skip("conditional writes need PostgreSQL (CI runs these against it)")


def test_a_command_on_a_game_this_process_holds_is_one_statement(
        owner, teammate, django_assert_num_queries, django_capture_on_commit_callbacks):
    game = start_skirmish(owner, teammate)
    known_to_this_process(game, owner, teammate)
    user, command = the_player_to_move(game, owner, teammate)

    with django_assert_num_queries(1), django_capture_on_commit_callbacks(execute=True):
        result = services.game_apply_command(game_id=game.id, user=user,
                                             expected_version=game.version, command=command)

    game.refresh_from_db()
    assert result.version == game.version == 3 and result.last_seq == game.last_seq
    assert GameCommand.objects.get(game=game, version=3).command == command
    assert states.held(game.id).version == 3
    assert history_problems(game) == []


def test_a_game_this_process_has_not_seen_is_read_once_and_written_once(
        owner, teammate, django_assert_num_queries, django_capture_on_commit_callbacks):
    game = start_skirmish(owner, teammate)  # this process knows neither seat nor state
    user, command = the_player_to_move(game, owner, teammate)
    caches.clear_caches()

    # the game and the seat read, the step written, and (once per game and process) whether
    # any seat is a bot's, which the step's commit asks
    with django_assert_num_queries(3), django_capture_on_commit_callbacks(execute=True):
        result = services.game_apply_command(game_id=game.id, user=user,
                                             expected_version=game.version, command=command)

    game.refresh_from_db()
    assert result.version == game.version == 3
    assert history_problems(game) == []


def test_a_game_another_process_moved_on_refuses_the_command_as_stale(
        owner, teammate, django_capture_on_commit_callbacks):
    game = start_skirmish(owner, teammate)
    known_to_this_process(game, owner, teammate)
    before, seq_before = current_state(game.id), game.last_seq
    user, command = the_player_to_move(game, owner, teammate)
    with django_capture_on_commit_callbacks(execute=True):
        services.game_apply_command(game_id=game.id, user=user, expected_version=2,
                                    command=command)
    game.refresh_from_db()
    # this process still believes the game is at version 2, as another process would
    states.STATES.clear()
    states.STATES.put(str(game.id), states.Held(before, before.version, seq_before))
    stored = (game.version, game.last_seq, GameEvent.objects.filter(game=game).count())

    with pytest.raises(RuleError) as error:
        services.game_apply_command(game_id=game.id, user=user, expected_version=2,
                                    command=command)

    assert error.value.code == "stale_version"
    game.refresh_from_db()
    assert (game.version, game.last_seq, GameEvent.objects.filter(game=game).count()) == stored
    assert history_problems(game) == []


def test_a_refused_command_gets_the_stored_games_answer_and_changes_nothing(owner, teammate):
    game = start_skirmish(owner, teammate)
    known_to_this_process(game, owner, teammate)
    waiting = teammate if current_state(game.id).turn.actor == "p1" else owner
    snapshot = game.snapshot

    with pytest.raises(RuleError) as error:
        services.game_apply_command(game_id=game.id, user=waiting, expected_version=2,
                                    command={"do": "end_turn"})

    assert error.value.code == "not_your_turn"
    game.refresh_from_db()
    assert game.snapshot == snapshot and game.version == 2


def test_a_command_for_a_version_older_than_this_process_holds_is_stale_without_a_query(
        owner, teammate, django_assert_num_queries, django_capture_on_commit_callbacks):
    game = start_skirmish(owner, teammate)
    known_to_this_process(game, owner, teammate)
    user, command = the_player_to_move(game, owner, teammate)
    with django_capture_on_commit_callbacks(execute=True):
        services.game_apply_command(game_id=game.id, user=user, expected_version=2,
                                    command=command)
    assert states.held(game.id).version == 3

    with django_assert_num_queries(0), pytest.raises(RuleError) as error:
        services.game_apply_command(game_id=game.id, user=user, expected_version=2,
                                    command=command)

    assert error.value.code == "stale_version" and "now at version 3" in error.value.message
    game.refresh_from_db()
    assert game.version == 3 and history_problems(game) == []
