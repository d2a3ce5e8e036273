"""A web process that hears the opponent's step holds the game after it: the step's message
to each seat says which version the opponent advanced from, and a process holding the game
there replays that one step (`on_loop.opponent_stepped`), so the next command in the process
is stored without first reading the log. Only the opponent's step is told this way: it is the
one command that says nothing a seat may not know. PostgreSQL and a broker only (in the
embedded mode the Ancients play at once, inside the players' command); CI runs these."""
from __future__ import annotations

import asyncio
import random

import pytest

from games import history, services
from games.history import history_problems
from games.models import Game
from games.pipeline import facts, loop_database, states, step_sql
from games.pipeline.on_loop import opponent_stepped
from games.platform import registry
from support.site import (  # noqa: F401  (fixtures)
    _fresh_state_cache, coop_where_the_ancients_are_due, current_state, make_user,
    random_legal_command, start_coop)

pytestmark = pytest.mark.django_db(transaction=True)  # the loop's connection sees commits only


@pytest.fixture(autouse=True)
def _postgresql_only():
    if not step_sql.can_write_conditionally():
        pytest.skip("the loop's connections are PostgreSQL's (CI runs these against it)")


def the_ancients_step_elsewhere(game: Game):
    """The Ancients' step stored (as by a worker), this process left holding the game as it
    was before it; the step's result."""
    facts.facts_of(game.id)
    before = states.held(game.id) or states.Held(current_state(game.id), game.version, game.last_seq)
    result = services.game_advance(game_id=game.id, version=game.version, enqueue_next=False)
    assert result is not None
    states.STATES.clear()
    states.STATES.put(str(game.id), states.Held(before.state, game.version, game.last_seq))
    return result


def heard(game_id, from_version: int, version: int, last_seq: int) -> None:
    """A socket of this process hears the opponent's step (its `game.changed` message)."""
    opponent_stepped(game_id, {"type": "game.changed", "advanced_from": from_version,
                               "version": version, "last_seq": last_seq, "update_text": "{}"})


def stored_data(game_id):
    game = Game.objects.get(pk=game_id)
    definition = registry.get(game.mode)
    return definition.state_to_data(history.stored_state(definition, game.id, game.snapshot,
                                                         game.version))


def test_the_opponents_step_tells_each_seat_the_version_it_advanced_from(owner, teammate):
    game = coop_where_the_ancients_are_due(owner, teammate)

    result = services.game_advance(game_id=game.id, version=game.version, enqueue_next=False)

    assert {d.message.get("advanced_from") for d in result.deliveries} == {game.version}
    assert {d.group.rsplit("-", 1)[1] for d in result.deliveries} == {"p1", "p2"}


def test_a_players_command_tells_no_version_to_replay_from(owner, teammate):
    game = start_coop(owner, teammate)
    seat, command = random_legal_command(current_state(game.id), random.Random(3))
    user = owner if seat == "p1" else teammate

    result = services.game_apply_command(game_id=game.id, user=user,
                                         expected_version=game.version, command=command)

    assert all("advanced_from" not in d.message for d in result.deliveries)


def test_a_process_holding_the_version_before_holds_the_stored_step_after_it(owner, teammate):
    game = coop_where_the_ancients_are_due(owner, teammate)
    result = the_ancients_step_elsewhere(game)

    heard(game.id, game.version, result.version, result.last_seq)

    held = states.held(game.id)
    assert (held.version, held.last_seq) == (result.version, result.last_seq)
    assert registry.get(game.mode).state_to_data(held.state) == stored_data(game.id)


def test_a_step_from_a_version_this_process_does_not_hold_changes_nothing(owner, teammate):
    game = coop_where_the_ancients_are_due(owner, teammate)
    result = the_ancients_step_elsewhere(game)
    held = states.held(game.id)

    heard(game.id, game.version - 1, result.version, result.last_seq)

    assert states.held(game.id) is held


def test_a_change_that_is_not_the_opponents_step_changes_nothing(owner, teammate):
    game = coop_where_the_ancients_are_due(owner, teammate)
    result = the_ancients_step_elsewhere(game)
    held = states.held(game.id)

    opponent_stepped(game.id, {"type": "game.changed", "version": result.version,
                               "last_seq": result.last_seq, "update_text": "{}"})

    assert states.held(game.id) is held


def test_a_step_the_replay_does_not_reach_is_left_to_the_catch_up_read(owner, teammate):
    game = coop_where_the_ancients_are_due(owner, teammate)
    result = the_ancients_step_elsewhere(game)
    held = states.held(game.id)

    heard(game.id, game.version, result.version + 5, result.last_seq)

    assert states.held(game.id) is held


def test_the_next_command_after_a_heard_step_is_stored_with_one_statement(
        owner, teammate, monkeypatch):
    game = coop_where_the_ancients_are_due(owner, teammate)
    for user in (owner, teammate):
        states.hold_seat(game.id, user.pk, game.seats.get(user=user).seat)
    result = the_ancients_step_elsewhere(game)
    heard(game.id, game.version, result.version, result.last_seq)
    state = states.held(game.id).state
    seat, command = random_legal_command(state, random.Random(5))
    statements = []
    send = loop_database._LoopConnections.send  # every statement of the loop's goes by it

    async def counted(self, sql, params):
        statements.append(sql)
        return await send(self, sql, params)

    monkeypatch.setattr(loop_database._LoopConnections, "send", counted)

    stored = asyncio.run(services.game_apply_command_on_loop(
        game_id=game.id, user=owner if seat == "p1" else teammate,
        expected_version=result.version, command=command))

    assert stored is not None and stored.version > result.version
    assert len(statements) == 1  # the step's write: no catch-up read before it
    assert history_problems(Game.objects.get(pk=game.pk)) == []
