"""The store knows games only through their declarations: Race to 21, switched on for the
test, is started, played by its people and by its house in the worker, refused, taken back,
finished and checked against its log through `services` and the pipeline alone (this was a
second toy game, Counting, in tests/site/test_site_declared_game.py; the two are one now).
"""
from __future__ import annotations

import pytest

from games import lobby, services
from games.history import history_problems, state_at
from games.models import Game, GameCommand, GameEvent
from support.site import _fresh_state_cache, eager_celery  # noqa: F401  (fixtures)
from games.platform.errors import RuleError

pytestmark = pytest.mark.django_db(transaction=True)  # steps announce and start turns on commit


@pytest.fixture
def race(race21, owner, teammate):
    """A started race to 21, p1 the owner, p2 the teammate."""
    game = lobby.game_create(user=owner, mode="race21", target=21)
    lobby.game_join(game=game, user=teammate, token=game.invite_token)
    game.refresh_from_db()
    return game


def _add(game, user, n):
    game.refresh_from_db()
    return services.game_apply_command(game_id=game.id, user=user, expected_version=game.version,
                                       command={"do": "add", "n": n})


def test_a_declared_game_is_stored_told_and_finished_through_its_declaration_alone(
        race, owner, teammate, eager_celery):
    game = race
    assert (game.status, game.version, game.awaiting) == (Game.Status.PLAYING, 0, ["p1"])

    result = _add(game, owner, 3)  # 3, then the house's 1 by the worker (eager here)
    update = next(d.message for d in result.deliveries if d.group.endswith("-p2"))
    assert '"total":3' in update["update_text"] and '"kind":"added"' in update["update_text"]
    game.refresh_from_db()
    assert game.version == 2 and game.awaiting == ["p2"]
    assert list(GameCommand.objects.filter(game=game).order_by("version")
                .values_list("seat", "command")) == [
        ("p1", {"do": "add", "n": 3}), ("", {"advance": True})]
    assert [e.kind for e in GameEvent.objects.filter(game=game).order_by("seq")] == [
        "added", "house_added"]

    with pytest.raises(RuleError) as refused:
        _add(game, owner, 1)
    assert refused.value.code == "not_your_turn"
    with pytest.raises(RuleError) as refused:
        _add(game, teammate, 7)
    assert refused.value.code == "invalid_command"

    _add(game, teammate, 3)  # 7 (8)
    services.game_apply_command(game_id=game.id, user=teammate, expected_version=4,
                                command={"do": "undo"})  # back to 4, p2 to add again
    game.refresh_from_db()
    assert game.version == 5 and game.awaiting == ["p2"]
    assert state_at(game, 5)["total"] == 4 and state_at(game, 4)["total"] == 8
    with pytest.raises(RuleError) as refused:
        services.game_apply_command(game_id=game.id, user=teammate, expected_version=5,
                                    command={"do": "undo"})
    assert refused.value.code == "nothing_to_undo"

    # 4: p2 3 (8) p1 3 (12) p2 3 (16) p1 3 (20) p2 1: 21
    for user, n in ((teammate, 3), (owner, 3), (teammate, 3), (owner, 3), (teammate, 1)):
        _add(game, user, n)
    game.refresh_from_db()
    assert (game.status, game.result, game.winner) == (Game.Status.FINISHED, "won", "p2")
    assert game.awaiting == [] and game.snapshot["total"] == 21
    assert history_problems(game) == []


def test_the_sweep_resends_the_turn_of_any_registered_opponent(race, owner, monkeypatch):
    from games.pipeline import turns

    sent = []
    monkeypatch.setattr(turns, "send_opponent_turn",
                        lambda game_id, version, made_by=None: sent.append(version))
    _add(race, owner, 3)  # the house is due; its task "lost"

    assert services.ancients_requeue_stalled(game_id=race.id, older_than=-1) == [
        (str(race.id), 1)]
    assert sent == [1, 1]  # once after the step, once by the sweep
