"""The scenario admin in real Chromium: a designer edits a minion card, is told what is wrong
with a bad edit, fixes it, playtests it, runs a small balance simulation and reads its
charts; a progress bar follows a run as its chunks finish; a player who is not staff cannot
get into the admin.

Served by Django's WSGI test server (`AdminServer`, threads of this process, sharing the
test database and eager Celery), started for this module only and stopped after it. Not the
daphne `site` fixture of test_browser_e2e.py: it is session-wide and
Twisted's reactor cannot run twice in one process, so a second copy here would break
whichever module ran second. Without a websocket route the results page falls back to
polling, which is what the progress test watches (the websocket path itself is covered by
the consumer test in test_admin_simulation.py).
"""
from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pytest

from support.browser_fixtures import quiet_database  # noqa: E402
# Tasks run in process here, whatever the environment (CI has a broker but no worker).
from support.site import eager_celery  # noqa: E402,F401

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.usefixtures("eager_celery")]

if not Path("/usr/bin/chromium").exists():  # pragma: no cover
    pytest.skip("needs /usr/bin/chromium", allow_module_level=True)

from playwright.sync_api import expect  # noqa: E402

from browser.pages import PASSWORD, People, shot, sign_in  # noqa: E402


def _closing_server_class():
    from django.core.servers.basehttp import ThreadedWSGIServer
    from django.db import connections

    class ClosingWSGIServer(ThreadedWSGIServer):
        """Closes each request thread's database connection for real when the request ends.
        Django ignores `close()` on an in-memory SQLite database (closing the last connection
        would drop it); here the test thread's connection keeps it alive, and a connection
        left open by a finished thread would only linger in SQLite's shared cache."""

        def _close_connections(self):
            for conn in connections.all(initialized_only=True):
                if conn.connection is not None:
                    conn.connection.close()
                    conn.connection = None

    return ClosingWSGIServer


class AdminServer:
    """Django's threaded WSGI test server on a free port, with no connection handed over:
    each request thread opens its own connection to the test database (an in-memory SQLite
    test database is shared-cache, so every connection of the process sees the same data),
    the way daphne's threads do in test_browser_e2e.py, and closes it when done.
    pytest-django's `live_server` would instead share the test thread's own connection with
    the server threads for the rest of the session."""

    def __init__(self) -> None:
        from django.contrib.staticfiles.handlers import StaticFilesHandler
        from django.test.testcases import LiveServerThread

        class Thread(LiveServerThread):
            server_class = _closing_server_class()

        self.thread = Thread("localhost", StaticFilesHandler, connections_override={})
        self.thread.daemon = True
        self.thread.start()
        self.thread.is_ready.wait()
        if self.thread.error:
            raise self.thread.error

    @property
    def url(self) -> str:
        return f"http://localhost:{self.thread.port}"

    def stop(self) -> None:
        self.thread.terminate()


@pytest.fixture(scope="module")
def admin_server(django_db_setup, django_db_blocker):
    # The test thread's ORM calls run beside Playwright's event loop (`chromium`).
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with django_db_blocker.unblock():
        server = AdminServer()
        try:
            yield server
        finally:
            server.stop()


@pytest.fixture
def people(admin_server, chromium, transactional_db, django_user_model):
    """This module's own `people` (in place of tests/conftest.py's): on the admin server,
    each signed in through a login form as the designer (staff) or the player (not)."""
    from django.core.management import call_command

    call_command("load_content", stdout=io.StringIO())
    django_user_model.objects.create_superuser("designer", "d@example.com", PASSWORD)
    django_user_model.objects.create_user("player", password=PASSWORD)

    with People(chromium, admin_server.url) as crowd:
        def person(username: str, login: str = "/admin/login/"):
            """A browser signed in as `username` (through the admin's login or the site's)."""
            return sign_in(crowd.page((1500, 950)), username, login=login)

        yield person
    quiet_database()


def card_input(page, card_id: str, field: str):
    name = page.eval_on_selector(
        f'input[name^="minion_cards-"][name$="-card_id"][value="{card_id}"]', "e => e.name")
    return page.locator(f'input[name="{name[:-len("card_id")]}{field}"]')


def test_a_designer_edits_checks_playtests_and_balances_a_scenario(people):
    from ancients_ai.models import MinionCard, Scenario, SimulationRun

    page = people("designer")
    expect(page.locator("#site-name")).to_be_visible()
    page.goto("/admin/ancients_ai/scenario/")
    page.click("text=The Magus Wakes")
    expect(page.locator("h2", has_text="Minion cards")).to_be_visible()

    top = card_input(page, "magus_m07", "top_type")
    expect(top).to_have_value("acolyte")
    top.fill("houndd")
    page.click("input[name=_continue]")
    expect(page.locator(".errornote")).to_be_visible()
    message = "Minion card magus_m07: 'houndd' is not a minion type of this scenario"
    expect(page.locator("#scenario_form ul.errorlist.nonfield").first).to_have_text(message)
    expect(page.locator("tr.row-form-errors", has_text=message)).to_be_visible()
    expect(card_input(page, "magus_m07", "top_type")).to_have_value("houndd")
    shot(page, "admin-scenario-bad-edit")
    shot(page, "admin-scenario-bad-edit-card", "#minion_cards-group")
    assert MinionCard.objects.get(card_id="magus_m07").top_type == "acolyte"

    card_input(page, "magus_m07", "top_type").fill("wisp")
    page.click("input[name=_continue]")
    expect(page.locator(".messagelist")).to_contain_text("This content is version 2")
    expect(page.locator(".errornote")).to_have_count(0)
    shot(page, "admin-scenario-fixed")
    magus = Scenario.objects.get(slug="magus")
    assert magus.latest_version.number == 2

    page.select_option("select[name=map_name]", "ruins")
    page.click("button[name=play]")
    page.wait_for_url(re.compile(r"/play/[0-9a-f-]{36}/$"))
    expect(page.locator("svg").first).to_be_visible()
    shot(page, "admin-playtest-board")

    page.goto(f"/admin/ancients_ai/scenario/{magus.pk}/change/")
    page.click("a.run-simulation")
    page.fill("input[name=games]", "20")
    page.fill("input[name=chunk_size]", "5")
    page.fill("input[name=seed]", "11")
    page.click("input[name=start]")
    page.wait_for_url(re.compile(r"/admin/ancients_ai/simulationrun/\d+/results/$"))
    expect(page.locator("svg.chart.rounds")).to_be_visible()
    expect(page.locator("svg.chart.win-rate")).to_be_visible()
    expect(page.locator("svg.chart.loss-causes rect.bar").first).to_be_attached()
    expect(page.locator(".progress-text .done")).to_have_text("20")
    run = SimulationRun.objects.get()
    assert run.status == "done" and run.results["games"] == 20
    shot(page, "admin-balance-results", "#content")
    assert page.js_errors == []


def test_a_progress_bar_follows_a_run_and_then_shows_its_charts(people, monkeypatch):
    from ancients_ai.services import simulation as services
    from ancients_ai.models import Scenario
    from games.platform import balance_runs

    monkeypatch.setattr(balance_runs, "_send", lambda task, run_id, chunks: None)  # no worker yet
    version = Scenario.objects.get(slug="tyrant").latest_version
    run = services.simulation_start(version=version, games=10, chunk_size=5, seed=2,
                                    map_name="dungeon", factions=["guild"])
    page = people("designer")
    page.goto(f"/admin/ancients_ai/simulationrun/{run.pk}/results/")
    expect(page.locator(".progress-text .done")).to_have_text("0")
    expect(page.locator("p.waiting")).to_be_visible()

    services.simulation_run_chunk(run_id=run.pk, index=0)  # a worker finishes one chunk
    expect(page.locator(".progress-text .done")).to_have_text("5", timeout=10_000)
    expect(page.locator(".progress-text .via")).to_have_text("(polling)")
    shot(page, "admin-balance-progress", "#content")

    services.simulation_run_chunk(run_id=run.pk, index=1)
    expect(page.locator("svg.chart.crystal-rounds")).to_be_visible(timeout=10_000)
    assert page.js_errors == []


def test_a_player_who_is_not_staff_cannot_reach_the_admin(people):
    page = people("player", login="/accounts/login/")
    expect(page).not_to_have_url(re.compile(r"/accounts/login/"))  # signed in to the site
    page.goto("/admin/ancients_ai/scenario/")
    expect(page).to_have_url(re.compile(r"/admin/login/\?next="))
    expect(page.locator(".errornote")).to_contain_text("not authorized")
    shot(page, "admin-refused-player")
