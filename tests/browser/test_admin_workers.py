"""A designer's 1,000-game balance run on real Celery workers, watched live in Chromium.

The designer starts the run from the admin's simulate form with the default 1,000 games.
Its 20 chunks go to Redis (the balance queue) while no worker runs yet, so the results page
opens at 0 and its socket is live. Then two real worker processes start (`celery -A
wildlands_site worker`, prefork, two children: the production command, nothing patched),
take the chunks, store them in PostgreSQL and broadcast progress through the Redis channel
layer to the page, whose bar climbs to 1,000 before the charts appear. Finally the figures
the workers stored are compared with the same 1,000 seeds played in this one process.

Needs PostgreSQL and Redis (DATABASE_URL, REDIS_URL), as CI has: the workers are other
processes and must see the test's database and broker.
"""
from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from django.conf import settings

from support.workers import POSTGRES, REDIS_URL, stop, worker_env

pytestmark = [
    pytest.mark.browser, pytest.mark.slow,
    pytest.mark.skipif(not (REDIS_URL and POSTGRES),
                       reason="needs a real broker and a database other processes can see: "
                              "set REDIS_URL and DATABASE_URL (PostgreSQL), as CI does"),
]

if not Path("/usr/bin/chromium").exists():  # pragma: no cover
    pytest.skip("needs /usr/bin/chromium", allow_module_level=True)

from playwright.sync_api import expect  # noqa: E402

from browser.pages import PASSWORD, People, sign_in  # noqa: E402

ROOT = Path(settings.BASE_DIR)
GAMES, CHUNK, SEED = 1000, 50, 2026

# Every change of the progress text, reported to the test through a binding that outlives
# the page's reload when the run is done.
WATCH_PROGRESS = """
document.addEventListener("DOMContentLoaded", () => {
  const box = document.getElementById("balance-progress");
  if (!box) return;
  const report = () => window.progressSeen(box.querySelector(".done").textContent,
                                           box.querySelector(".via").textContent);
  new MutationObserver(report).observe(box, {subtree: true, childList: true, characterData: true});
});
"""


def start_workers(queue: str, log: Path) -> subprocess.Popen:
    """The production worker command on its own queue: one process, two prefork children."""
    return subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "wildlands_site", "worker", "-Q", queue,
         "--concurrency=2", "--prefetch-multiplier=1", "--without-heartbeat",
         "--without-gossip", "--without-mingle", "-l", "INFO", "-n", f"{queue}@%h"],
        cwd=ROOT, env=worker_env(), stdout=log.open("ab"), stderr=subprocess.STDOUT)


@pytest.fixture
def designer_page(site, chromium, transactional_db, django_user_model):
    """The designer, signed in to the admin on the daphne `site` (its websocket carries the
    progress over the Redis channel layer)."""
    from django.core.management import call_command

    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    call_command("load_content", stdout=io.StringIO())
    django_user_model.objects.create_superuser("designer", "d@example.com", PASSWORD)
    with People(chromium, site.url) as people:
        yield sign_in(people.page(), "designer")


def test_a_thousand_game_run_on_real_workers_matches_one_process(designer_page, settings,
                                                                 tmp_path):
    from ancients_ai import balance
    from ancients_ai.services import simulation as services
    from ancients_ai.models import Scenario, SimulationRun
    from wildlands_site.celery import app as celery_app

    assert celery_app.conf.task_always_eager is False
    settings.CELERY_BALANCE_QUEUE = f"wl-balance-{uuid.uuid4().hex[:8]}"  # no other worker takes it
    page = designer_page
    seen: list[tuple[int, str]] = []
    page.expose_function("progressSeen", lambda done, via: seen.append((int(done), via)))
    page.add_init_script(WATCH_PROGRESS)

    magus = Scenario.objects.get(slug="magus")
    page.goto(f"/admin/ancients_ai/scenario/{magus.pk}/simulate/")
    expect(page.locator("input[name=games]")).to_have_value(str(GAMES))  # the default
    page.fill("input[name=chunk_size]", str(CHUNK))
    page.fill("input[name=seed]", str(SEED))
    page.click("input[name=start]")
    page.wait_for_url(re.compile(r"/admin/ancients_ai/simulationrun/\d+/results/$"))
    expect(page.locator(".progress-text .done")).to_have_text("0")
    expect(page.locator(".progress-text .via")).to_have_text("(live)")  # the socket's hello
    run = SimulationRun.objects.get()
    assert (run.games, run.chunks_total, run.status) == (GAMES, GAMES // CHUNK, "pending")

    log = tmp_path / "workers.log"
    started = time.monotonic()
    workers = start_workers(settings.CELERY_BALANCE_QUEUE, log)
    try:
        expect(page.locator("svg.chart.crystal-rounds")).to_be_visible(timeout=240_000)
        wall = time.monotonic() - started
    finally:
        stop(workers)
    run.refresh_from_db()
    assert run.status == "done", f"{run.status}: {run.error}\n{log.read_text()[-3000:]}"
    expect(page.locator(".progress-text .done")).to_have_text(str(GAMES))

    live = [done for done, via in seen if via == "(live)"]
    assert any(0 < done < GAMES for done in live), f"no live step between 0 and {GAMES}: {seen}"
    assert GAMES in live
    assert [done for done, _ in seen] == sorted(done for done, _ in seen), "the bar went back"
    workers_used = {pid for pid in re.findall(r"ForkPoolWorker-(\d+)", log.read_text())}
    assert len(workers_used) == 2, f"both worker children played chunks:\n{log.read_text()[-3000:]}"

    alone_started = time.monotonic()
    alone = balance.play_games(services.balance_setup(run), SEED, 0, GAMES)
    alone_wall = time.monotonic() - alone_started
    stored = [game for chunk in run.chunks.order_by("index") for game in chunk.results]
    assert stored == alone, "every game as one process plays it"
    assert {k: v for k, v in run.results.items() if k != "seconds"} == balance.summarize(alone)
    assert page.js_errors == []
    chunks = list(run.chunks.all())
    began = min(c.finished.timestamp() - c.seconds for c in chunks)
    span = max(c.finished.timestamp() for c in chunks) - began
    print(f"\n{GAMES} games of magus in {len(chunks)} chunks: two worker children {span:.1f} s "
          f"from the first chunk begun to the last stored ({GAMES / span:.0f} games/s; "
          f"{wall:.1f} s with the workers' start-up); one process {alone_wall:.1f} s "
          f"({GAMES / alone_wall:.0f} games/s); win rate {run.results['win_rate']:.3f}; "
          f"live progress steps seen {len(live)}")
