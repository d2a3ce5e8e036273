"""The Awoken on the site: solo and co-op set-ups, difficulty, the Ancients' turn through
the worker task, and campaigns carrying progress and treasures from game to game."""
from __future__ import annotations

import random

import pytest

from ancients_ai import scenarios as awoken_scenarios
from ancients_ai.modes import HARD_ANCIENT_HEALTH
from ancients_ai import campaigns
from games import lobby, selectors, services
from games.pipeline import task_sender
from games.models import Campaign, Game, GameCommand
from wildlands.rules import engine
from wildlands.rules.outcome import Cause, Outcome, Result
from games.tasks import run_opponent_turn
from support.site import (  # noqa: F401  (fixtures)
    _fresh_state_cache, current_state, eager_celery, map_name, random_legal_command,
    start_coop)

pytestmark = [pytest.mark.django_db]


def _solo(user, difficulty="normal", seed=5):
    scenario = awoken_scenarios.scenario_ids_in_order()[0]
    return lobby.game_create(user=user, mode="solo", map_name=map_name(),
                             faction="guild", scenario_ids=[scenario],
                             difficulty=difficulty, seed=seed)


def test_a_solo_game_starts_at_once_with_the_ancients_deferred(owner):
    game = _solo(owner)

    assert game.status == Game.Status.PLAYING
    state = current_state(game.id)
    assert state.mode == "awoken"
    options = state.catalog.options
    assert options["defer_ancients"] is True
    assert options.get("auto_pass_defence", True) is True  # solo keeps the automatic passes
    assert [p.colour for p in state.players] == ["purple"]
    assert game.content["scenarios"] and game.content_version
    assert game.awaiting == ["p1"]


def test_co_op_never_skips_a_prompt_on_its_own(owner, teammate):
    game = start_coop(owner, teammate)
    options = current_state(game.id).catalog.options
    assert options["auto_pass_defence"] is False and options["auto_pass_interrupt"] is False
    assert options["defer_ancients"] is True


def test_a_co_op_game_needs_two_different_scenarios(owner):
    first = awoken_scenarios.scenario_ids_in_order()[0]
    with pytest.raises(services.ServiceError) as error:
        lobby.game_create(user=owner, mode="coop", map_name=map_name(),
                          faction="guild", scenario_ids=[first, first])
    assert error.value.code == "invalid_choice"


def test_hard_gives_each_ancient_two_more_health_and_one_card_fewer(owner):
    normal = current_state(_solo(owner, "normal", seed=9).id)
    hard = current_state(_solo(owner, "hard", seed=9).id)

    for monster_id, monster in normal.monsters.items():
        if monster.kind == "ancient":
            assert hard.monsters[monster_id].health == monster.health + HARD_ANCIENT_HEALTH
        else:
            assert hard.monsters[monster_id].health == monster.health
    assert len(hard.players[0].hand) == len(normal.players[0].hand) - 1
    assert len(hard.players[0].deck) == len(normal.players[0].deck) + 1


def test_easy_starts_with_a_treasure(owner):
    state = current_state(_solo(owner, "easy").id)
    assert sum(len(c.treasures) for c in state.characters.values()) == 1


def test_ending_the_players_turn_leaves_the_ancients_for_the_worker(owner, teammate,
                                                                     django_capture_on_commit_callbacks,
                                                                     monkeypatch):
    game = start_coop(owner, teammate)
    started = []
    monkeypatch.setattr(task_sender, "publish", lambda task, args, countdown=None: (
        started.append(tuple(args)) if task.name == run_opponent_turn.name else None))
    users = {"p1": owner, "p2": teammate}
    rng = random.Random(1)
    for _ in range(200):  # play until the players' turn ends
        state = current_state(game.id)
        if state.turn.phase != "play" or state.outcome:
            break
        seat, command = random_legal_command(state, rng)
        with django_capture_on_commit_callbacks(execute=True):
            services.game_apply_command(game_id=game.id, user=users[seat],
                                        expected_version=state.version, command=command)
    game.refresh_from_db()
    assert task_sender.wait_until_sent()

    assert game.awaiting == ["ancients"]
    made_by = GameCommand.objects.get(game=game, version=game.version)  # rides with the turn
    assert started == [(str(game.id), game.version,
                        [made_by.seat, made_by.command, game.last_seq])]
    with django_capture_on_commit_callbacks(execute=True):
        last = run_opponent_turn(str(game.id), game.version)
    # one task runs the Ancients' steps until someone is asked something, without a task
    # per step; a second delivery of the same task does nothing
    assert last > game.version
    assert len(started) == 1
    assert run_opponent_turn(str(game.id), game.version) is None
    assert GameCommand.objects.filter(game=game, seat="").count() == last - game.version
    game.refresh_from_db()
    assert game.version == last and game.awaiting != ["ancients"]


def _play_out(game, users, eager=True, limit=2000):
    """Random legal play (the Ancients' turns run eagerly) until the game ends."""
    rng = random.Random(3)
    for _ in range(limit):
        state = current_state(game.id)
        if state.outcome is not None:
            break
        picked = random_legal_command(state, rng)
        assert picked is not None, "nobody may act in a running game"
        seat, command = picked
        services.game_apply_command(game_id=game.id, user=users[seat],
                                    expected_version=state.version, command=command)
    game.refresh_from_db()
    return game


@pytest.mark.django_db(transaction=True)
def test_a_whole_solo_campaign_game_is_recorded(owner, eager_celery):
    campaign = campaigns.campaign_create(user=owner, name="Solo", map_name=map_name(),
                                         faction="guild")
    game = campaigns.campaign_start_game(campaign=campaign, user=owner)
    assert game.campaign_chapter == 1 and game.mode == "solo"
    assert game.scenario_ids == [awoken_scenarios.scenario_ids_in_order()[0]]

    game = _play_out(game, {"p1": owner})

    assert game.status == Game.Status.FINISHED and game.result in ("won", "lost")
    assert game.rounds >= 1 and game.crystals is not None and game.knockouts is not None
    campaign.refresh_from_db()
    if game.result == "won":
        assert campaign.unlocked == 2 and len(campaign.treasures) == 1
    else:
        assert campaign.unlocked == 1 and campaign.treasures == []
    assert selectors.campaign_statistics(campaign)["played"] == 1


@pytest.mark.django_db(transaction=True)
def test_a_won_chapter_opens_the_next_and_its_treasure_starts_with_the_party(
        owner, teammate, monkeypatch):
    campaign = campaigns.campaign_create(user=owner, name="Duo", map_name=map_name(),
                                         faction="guild", party_size=2)
    campaigns.campaign_join(campaign=campaign, user=teammate, token=campaign.invite_token,
                            faction="gnomads")
    campaign.refresh_from_db()
    game = campaigns.campaign_start_game(campaign=campaign, user=teammate)
    assert game.mode == "coop" and game.status == Game.Status.PLAYING
    assert list(game.seats.values_list("user__username", flat=True)) == ["owner", "teammate"]
    real_apply = engine.apply

    def apply_and_win(state, seat, command):
        new, events = real_apply(state, seat, command)
        new.outcome = Outcome(Result.WON, Cause.CRYSTALS)
        return new, events

    monkeypatch.setattr(engine, "apply", apply_and_win)
    state = current_state(game.id)
    seat, command = random_legal_command(state, random.Random(2))
    services.game_apply_command(game_id=game.id, user=owner if seat == "p1" else teammate,
                                expected_version=state.version, command=command)
    monkeypatch.setattr(engine, "apply", real_apply)

    campaign.refresh_from_db()
    assert campaign.unlocked == 2 and campaign.completed == [1]
    assert len(campaign.treasures) == 1
    kept = campaign.treasures[0]

    second = campaigns.campaign_start_game(campaign=campaign, user=owner)
    assert second.campaign_chapter == 2
    state = current_state(second.id)
    holders = [c for c in state.characters.values() if kept in c.treasures]
    assert len(holders) == 1 and holders[0].player == "p1"
    assert kept not in state.mode_state.treasure_deck
    # the same chapter cannot run twice at once
    assert campaigns.campaign_start_game(campaign=campaign, user=teammate).pk == second.pk
    with pytest.raises(services.ServiceError):
        campaigns.campaign_start_game(campaign=campaign, user=owner, chapter=4)


def test_a_fresh_process_can_read_awoken_games_back():
    """A web server just started, or a worker, loads The Awoken with the site's selectors
    (before any game is created in it)."""
    import subprocess
    import sys

    from django.conf import settings

    code = ("import django; django.setup(); from games import selectors; "
            "from wildlands.rules.modes import MODES; from wildlands.rules.serialize import EXTENSIONS; "
            "assert 'awoken' in MODES and 'awoken' in EXTENSIONS")
    done = subprocess.run([sys.executable, "-c", code], cwd=settings.BASE_DIR,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
