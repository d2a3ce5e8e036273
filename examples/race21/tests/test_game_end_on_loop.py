"""The last move of a game is stored like any other: from the event loop, by the step's one
conditional statement, with the game's outcome in the same row update (issue 32 item 2:
it used to go to the database thread's locked way, 279 ms p50 at saturation against 7 ms
for a middle move). A campaign's game still ends under the lock, where the campaign
records its result in the same transaction. PostgreSQL only; CI runs these against it.

Each loop call runs with `asyncio.run`: an ORM call inside would raise Django's
SynchronousOnlyOperation, so a passing test also shows the end is written without one.
"""
from __future__ import annotations

import asyncio

import pytest

from games import lobby, services
from games.history import history_problems
from games.models import Campaign, Game, GameCommand
from games.pipeline import step_sql
from support.site import _fresh_state_cache, known_to_this_process  # noqa: F401  (fixtures)

pytestmark = pytest.mark.django_db(transaction=True)  # the loop's connection sees commits only


@pytest.fixture(autouse=True)
def _postgresql_only():
    if not step_sql.can_write_conditionally():
        pytest.skip("the loop's connections are PostgreSQL's (CI runs these against it)")


def a_race(owner, teammate) -> Game:
    game = lobby.game_create(user=owner, mode="race21", target=21)
    lobby.game_join(game=game, user=teammate, token=game.invite_token)
    game.refresh_from_db()
    known_to_this_process(game, owner, teammate)
    return game


def on_loop(game: Game, user, n: int):
    return asyncio.run(services.game_apply_command_on_loop(
        game_id=game.id, user=user, expected_version=game.version,
        command={"do": "add", "n": n}))


def play_to_19(game: Game, owner, teammate) -> None:
    """p1 and p2 add 3 each turn, the house 1 after each: 3 (4) 7 (8) 11 (12) 15 (16) 19
    (20): p2 is then to move with the total at 20, and adding 1 wins."""
    seats = {"p1": owner, "p2": teammate}
    for seat in ("p1", "p2", "p1", "p2", "p1"):
        assert on_loop(game, seats[seat], 3) is not None
        game.refresh_from_db()
        services.game_advance(game_id=game.id, version=game.version, enqueue_next=False)
        game.refresh_from_db()


def test_the_winning_move_is_stored_from_the_loop_with_the_outcome(race21, owner, teammate):
    game = a_race(owner, teammate)
    play_to_19(game, owner, teammate)

    result = on_loop(game, teammate, 1)

    assert result is not None and result.finished
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.finished_at is not None
    assert game.outcome == {"result": "won", "winner": "p2"} and game.winner == "p2"
    assert game.result == "won" and game.awaiting == []
    assert game.snapshot["total"] == 21 and game.snapshot["winner"] == "p2"  # the end's snapshot
    assert GameCommand.objects.get(game=game, version=game.version).command == {"do": "add", "n": 1}
    assert history_problems(game) == []
    assert {d.group.rsplit("-", 1)[1] for d in result.deliveries} == {"p1", "p2"}


def test_after_the_end_a_command_is_refused_as_game_over(race21, owner, teammate):
    game = a_race(owner, teammate)
    play_to_19(game, owner, teammate)
    on_loop(game, teammate, 1)
    game.refresh_from_db()

    with pytest.raises(Exception) as refused:
        services.game_apply_command(game_id=game.id, user=owner, expected_version=game.version,
                                    command={"do": "add", "n": 1})

    assert getattr(refused.value, "code", None) == "game_over"


def test_a_campaign_game_ends_under_the_lock_not_on_the_loop(race21, owner, teammate):
    game = a_race(owner, teammate)
    campaign = Campaign.objects.create(name="c", owner=owner, owner_faction="guild",
                                       map_name="dungeon")
    Game.objects.filter(pk=game.pk).update(campaign=campaign)
    from games.pipeline import caches

    caches.clear_caches()  # the facts read again: now the game's campaign is among them
    known_to_this_process(game, owner, teammate)
    play_to_19(game, owner, teammate)
    version = game.version

    assert on_loop(game, teammate, 1) is None  # the database thread's way decides

    game.refresh_from_db()
    assert game.version == version and game.status == Game.Status.PLAYING
