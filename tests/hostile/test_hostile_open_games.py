"""Games opened without end (issue 31, item 3): a user may hold OPEN_GAMES_PER_USER games
they created open at once (waiting for players or being played); the next is refused with a
sentence saying what to do, and nothing is stored. A game nobody has touched for
GAME_UNTOUCHED_DAYS is closed by celery beat's hourly task, its replay kept; the embedded
mode (no beat) closes them as games are created, at most hourly, and
`manage.py close_untouched_games` does it on demand."""
from __future__ import annotations

import io
import time
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import open_games, services, tasks
from games.models import Game, GameCommand
from support.site import (  # noqa: F401  (fixtures)
    _fresh_state_cache, current_state, scripted_command, start_skirmish)

pytestmark = pytest.mark.django_db

LIMIT = 3


@pytest.fixture(autouse=True)
def small_limit(settings, monkeypatch):
    settings.OPEN_GAMES_PER_USER = LIMIT
    settings.GAME_UNTOUCHED_DAYS = 30
    monkeypatch.setattr(open_games, "_last_sweep", time.monotonic())  # no sweep unless asked


def signed_in(user) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


def open_table(client: Client):
    return client.post(reverse("games:new"), {"mode": "defenders", "players": 2, "bots": 0,
                                              "tier": "base", "deck": "order:ember"})


def age(game: Game, days: int) -> None:
    Game.objects.filter(pk=game.pk).update(updated=timezone.now() - timedelta(days=days))


# --- the cap -------------------------------------------------------------------------------------
def test_past_the_cap_a_new_game_is_refused_with_a_sentence(owner, teammate):
    client = signed_in(owner)
    for _ in range(LIMIT):
        assert open_table(client).status_code == 302

    refused = open_table(client)

    assert refused.status_code == 200  # the lobby again, saying why
    page = refused.content.decode()
    assert f"You already have {LIMIT} open games" in page and "Traceback" not in page
    assert Game.objects.filter(created_by=owner).count() == LIMIT
    assert open_table(signed_in(teammate)).status_code == 302  # the cap is per user


def test_the_refusal_has_its_own_code_and_a_finished_game_makes_room(owner):
    games = [open_table(signed_in(owner)) for _ in range(LIMIT)]
    assert all(g.status_code == 302 for g in games)
    with pytest.raises(services.ServiceError) as refused:
        open_games.make_room(owner)
    assert refused.value.code == "too_many_open_games"

    Game.objects.filter(created_by=owner).update(status=Game.Status.FINISHED)
    open_games.make_room(owner)  # finished games do not count
    assert open_table(signed_in(owner)).status_code == 302


# --- closing untouched games ---------------------------------------------------------------------
def test_beat_closes_games_nobody_touched_and_keeps_their_replays(owner, teammate):
    played = start_skirmish(owner, teammate)
    seat, command = scripted_command(current_state(played.id))
    services.game_apply_command(game_id=played.id, user=owner if seat == "p1" else teammate,
                                expected_version=current_state(played.id).version,
                                command=command)
    played.refresh_from_db()
    waiting = Game.objects.get(pk=open_table(signed_in(owner))["Location"].split("/")[2])
    recent = start_skirmish(owner, teammate, seed=9)
    age(played, 31)
    age(waiting, 45)
    age(recent, 29)
    commands = GameCommand.objects.filter(game=played).count()

    assert "games.close_untouched_games" in {
        entry["task"] for entry in _beat_schedule().values()}
    assert tasks.close_untouched_games.apply().get() == 2

    for game in (played, waiting):
        game.refresh_from_db()
        assert (game.status, game.result) == (Game.Status.FINISHED, "closed")
    recent.refresh_from_db()
    assert recent.status == Game.Status.PLAYING
    assert GameCommand.objects.filter(game=played).count() == commands
    steps = signed_in(owner).get(f"/play/{played.id}/replay/steps/?start=0&count=50").json()
    assert len(steps["steps"]) == played.version + 1  # the whole game, to watch again
    assert signed_in(teammate).get(f"/play/{played.id}/replay/").status_code == 200
    lines = signed_in(owner).get("/play/").content.decode()
    assert "closed" in lines


def test_the_embedded_mode_closes_them_when_a_game_is_created_at_most_hourly(owner, teammate,
                                                                             settings,
                                                                             monkeypatch):
    settings.CELERY_TASK_ALWAYS_EAGER = True  # no broker, no beat
    old = start_skirmish(owner, teammate)
    age(old, 40)
    monkeypatch.setattr(open_games, "_last_sweep", None)  # a process that never swept

    assert open_table(signed_in(teammate)).status_code == 302
    old.refresh_from_db()
    assert old.result == "closed"

    older = start_skirmish(owner, teammate, seed=11)  # within the hour: left for the next
    age(older, 40)
    assert open_table(signed_in(teammate)).status_code == 302
    older.refresh_from_db()
    assert older.status == Game.Status.PLAYING

    out = io.StringIO()  # the command closes it on demand (cron, without beat)
    call_command("close_untouched_games", stdout=out)
    older.refresh_from_db()
    assert older.result == "closed" and out.getvalue().strip() == "closed 1 untouched game"


def _beat_schedule() -> dict:
    from django.conf import settings

    return settings.CELERY_BEAT_SCHEDULE


# --- at once -------------------------------------------------------------------------------------
@pytest.mark.django_db(transaction=True)  # each thread's own connection sees the others' commits
def test_fifteen_at_once_open_no_more_than_the_cap(owner):
    """The probe's burst: fifteen creations in parallel. Counting and creating happen with
    the creator's row locked, so the count is never read stale (PostgreSQL; SQLite takes one
    writer at a time anyway and would only report itself locked)."""
    from concurrent.futures import ThreadPoolExecutor

    from django.db import connection, connections

    from games import lobby

    if connection.vendor != "postgresql":
        pytest.skip("parallel writers need PostgreSQL (CI runs this against it)")

    def create(seed: int) -> str:
        try:
            lobby.game_create(user=owner, mode="defenders", players=2, bots=0, tier="base",
                              deck="order:ember", seed=seed)
            return "made"
        except services.ServiceError as error:
            return error.code
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=15) as pool:
        answers = list(pool.map(create, range(15)))

    assert answers.count("made") == LIMIT
    assert answers.count("too_many_open_games") == 15 - LIMIT
    assert Game.objects.filter(created_by=owner).count() == LIMIT
