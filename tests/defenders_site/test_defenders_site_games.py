"""Whole games of Defenders of the Wild on the site: bots in seats playing to the end, the
machines' turns run by the worker task, a move taken back while nothing hidden came to
light, and every stored game replaying from its log to its stored state."""
from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from defenders.game import GAME
from games import lobby, replays, services
from games.history import history_problems
from games.models import Game, GameCommand, GameEvent
from games.platform.errors import RuleError
from games.undo import game_undo
from support.site import _fresh_state_cache, current_state, eager_celery  # noqa: F401

MOVES = 3000  # far beyond a game's length: a loop that cannot spin forever


def new_table(owner, *, players: int, bots: int = 0, seed: int = 3, tier: str = "base",
              second: str = "") -> Game:
    game = lobby.game_create(user=owner, mode="defenders", players=players, bots=bots,
                             tier=tier, deck="order:ember", second_deck=second, seed=seed)
    game.refresh_from_db()
    return game


def play(game: Game, owner, *, until=lambda state: False) -> object:
    """The person in p1 plays the greedy bot's choices (the machines and the bot seats move
    by themselves, through the tasks), until the game ends or `until` holds."""
    for _ in range(MOVES):
        state = current_state(game.id)
        if GAME.outcome(state) is not None or until(state):
            return state
        waiting = GAME.awaiting(state)
        assert "p1" in waiting, f"the table waits on {waiting} and nothing moves it"
        command = GAME.bot_command(state, "p1", "greedy", state.version)
        services.game_apply_command(game_id=game.id, user=owner,
                                    expected_version=state.version, command=command)
    raise AssertionError("the game did not end")


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("players, bots", [(2, 1), (4, 3)])
def test_a_person_and_bots_play_to_the_end_and_the_log_replays(owner, eager_celery,
                                                               players, bots):
    game = new_table(owner, players=players, bots=bots)
    state = play(game, owner)
    game.refresh_from_db()

    assert game.status == Game.Status.FINISHED
    assert game.outcome == GAME.outcome(state) and game.outcome["result"] in ("won", "lost")
    assert game.rounds == state.game.turn.round
    for seat in [f"p{i}" for i in range(2, players + 1)]:
        assert GameCommand.objects.filter(game=game, seat=seat).exists(), f"{seat} never moved"
    assert GameCommand.objects.filter(game=game, seat="", command={"advance": True}).exists()
    assert history_problems(game) == []


@pytest.mark.django_db(transaction=True)
def test_a_finished_game_replays_with_every_secret_shown(owner, teammate, eager_celery):
    game = new_table(owner, players=2, bots=1, seed=8)
    play(game, owner)
    game.refresh_from_db()
    access = replays.replay_access(game, owner)
    assert access.revealed
    total = replays.step_count(game)
    seen = []
    for start in range(0, total, replays.PAGE_MAX):
        seen += replays.replay_page(game, access, start=start, count=replays.PAGE_MAX)["steps"]
    assert [s["version"] for s in seen] == list(range(0, game.version + 1))
    # a pick made in the organize phase is shown in the replay before the reveal
    picked = next(s for s in seen if s["view"]["turn"]["stage"] == "organize"
                  and any(e["has_chosen"] for e in s["view"]["seats"]))
    assert all(e.get("hand") is not None for e in picked["view"]["seats"])
    assert any(e.get("chosen") for e in picked["view"]["seats"])
    assert picked["view"]["revealed"] is True
    # the players' page of steps (HTTP)
    client = Client()
    client.force_login(owner)
    steps = client.get(reverse("games:replay_steps", kwargs={"game_id": game.id}),
                       {"start": 0, "count": 5}).json()
    assert steps["revealed"] is True and len(steps["steps"]) == 5
    assert steps["steps"][0]["view"]["game"] == "defenders"


@pytest.mark.django_db(transaction=True)
def test_the_replay_page_opens_for_a_finished_game(owner, eager_celery):
    game = new_table(owner, players=2, bots=1, seed=8)
    play(game, owner)
    client = Client()
    client.force_login(owner)
    page = client.get(reverse("games:replay", kwargs={"game_id": game.id}))
    assert page.status_code == 200


def in_action_with_a_move(state) -> bool:
    return (state.game.turn.stage == "action" and state.game.turn.active == "p1"
            and any(c["do"] == "move" for c in GAME.legal_commands(state, "p1")))


@pytest.mark.django_db(transaction=True)
def test_a_move_is_taken_back_until_something_hidden_comes_to_light(owner, eager_celery):
    game = new_table(owner, players=1, second="coven:sable", seed=5)
    before = play(game, owner, until=in_action_with_a_move)
    move = next(c for c in GAME.legal_commands(before, "p1") if c["do"] == "move")
    services.game_apply_command(game_id=game.id, user=owner, expected_version=before.version,
                                command=move)
    moved = current_state(game.id)
    assert GAME.view(moved, "p1")["undo"] == "p1"

    game_undo(game_id=game.id, user=owner, expected_version=moved.version)
    back = current_state(game.id)
    assert back.version == moved.version + 1
    assert GAME.view(back, "p1") == {**GAME.view(before, "p1"), "version": back.version}
    assert GameEvent.objects.filter(game=game, kind="command_undone").count() == 1
    with pytest.raises(RuleError) as refused:
        game_undo(game_id=game.id, user=owner, expected_version=back.version)
    assert refused.value.code == "nothing_to_undo"

    # the turn handed to the machines: nothing before it comes back
    services.game_apply_command(game_id=game.id, user=owner, expected_version=back.version,
                                command={"do": "end_turn"})
    later = current_state(game.id)
    with pytest.raises(RuleError) as refused:
        game_undo(game_id=game.id, user=owner, expected_version=later.version)
    assert refused.value.code in ("not_your_turn", "nothing_to_undo")
    game.refresh_from_db()
    assert history_problems(game) == []
