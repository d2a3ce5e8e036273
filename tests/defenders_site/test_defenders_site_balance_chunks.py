"""A Defenders balance run is played as The Awoken's are, in chunks on the workers (the
platform's `balance_runs`): every chunk is a task recorded once, the run adds up to exactly
the figures of the same seeds played in one process, a run queued as one task under the
old task name still plays, and its progress is read from the admin as a page would."""
from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.urls import reverse

from defenders import services_balance
from defenders.models import BalanceChunk, BalanceRun, ContentVersion
from defenders.services_content import version_content
from defenders.simulate import play_game
from games.pipeline.task_sender import task_named
from games.platform import balance_figures
from support.site import eager_celery  # noqa: F401

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_celery")]


@pytest.fixture
def version():
    call_command("load_defenders_content", stdout=io.StringIO())
    return ContentVersion.objects.get()


def one_process(version, base_seed: int, games: int) -> dict:
    content = version_content(version)
    played = []
    for i in range(games):
        seed = balance_figures.game_seed(base_seed, i)
        played.append({**play_game(content, 2, "base", seed), "seed": seed})
    return balance_figures.summarize(played)


def test_a_run_in_chunks_adds_up_to_the_same_games_in_one_process(
        version, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        run = services_balance.balance_start(version=version, players=2, tier="base",
                                             games=12, seed=4, chunk_size=5)
    run.refresh_from_db()
    chunks = list(run.chunks.order_by("index"))
    assert [(c.first, c.count) for c in chunks] == [(0, 5), (5, 5), (10, 2)]
    assert all(c.status == BalanceChunk.Status.DONE for c in chunks)
    assert (run.status, run.games_done, run.chunks_done) == (BalanceRun.Status.DONE, 12, 3)
    figures = {k: v for k, v in run.results.items() if k != "seconds"}
    assert figures == one_process(version, 4, 12)
    assert run.seconds == run.results["seconds"] > 0

    # a chunk delivered again changes nothing
    assert services_balance.balance_play_chunk(run_id=run.pk, index=1) is False
    run.refresh_from_db()
    assert run.games_done == 12 and run.chunks_done == 3


def test_a_run_queued_as_one_task_under_the_old_name_still_plays(version):
    run = BalanceRun.objects.create(version=version, players=2, tier="base", games=7,
                                    base_seed=9, chunk_size=3)  # as queued before chunks
    task_named("defenders.run_balance").apply(args=(run.pk,))
    run.refresh_from_db()
    assert run.status == BalanceRun.Status.DONE and run.chunks.count() == 3
    assert {k: v for k, v in run.results.items() if k != "seconds"} == one_process(version, 9, 7)


def test_a_run_s_progress_is_read_as_the_awoken_s_is(version, admin_client):
    run = BalanceRun.objects.create(version=version, players=2, tier="base", games=7,
                                    base_seed=9, chunk_size=3)
    services_balance.balance_play(run_id=run.pk)
    answer = admin_client.get(reverse("admin:defenders_balancerun_progress", args=[run.pk]))
    assert answer.json() == {"run": run.pk, "status": "done", "games_done": 7, "games": 7,
                             "chunks_done": 3, "chunks_total": 3, "error": ""}
    missing = admin_client.get(reverse("admin:defenders_balancerun_progress", args=[run.pk + 1]))
    assert missing.status_code == 404
