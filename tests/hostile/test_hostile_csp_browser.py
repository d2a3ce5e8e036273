"""The Content-Security-Policy in real Chromium (issue 26, item 10): the pages still work
under it, and the browser reports no violation. The policy is only worth having if it is
strict; this checks that being strict broke nothing a person uses: the lobby form's inline
script (the companion choice sends you to its own page), the waiting table's socket, the
board's ES modules and socket, the table companion's fetches, the admin."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from support.site import eager_celery, make_user, start_skirmish  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("eager_celery")]

if not Path("/usr/bin/chromium").exists():  # pragma: no cover
    pytest.skip("needs /usr/bin/chromium", allow_module_level=True)

from playwright.sync_api import expect  # noqa: E402

WATCH = """document.addEventListener("securitypolicyviolation", (e) => {
  (window.__violations = window.__violations || []).push(
    e.violatedDirective + " " + (e.blockedURI || "inline") + " line " + e.lineNumber);
});"""


def watched(page):
    page.add_init_script(WATCH)
    return page


def violations(page) -> list:
    return page.evaluate("window.__violations || []")


def test_the_lobby_waiting_table_and_board_work_under_the_policy(people):
    host, friend = make_user("host"), make_user("friend")
    page = watched(people(user=host, csp=True))
    page.goto("/play/new/")
    page.click("input[name=mode][value=companion]")  # the form's inline script at work
    page.wait_for_url(re.compile(r"/table/new/$"))
    assert violations(page) == []

    page.goto("/play/new/")
    page.check("input[name=mode][value=skirmish]")
    expect(page.locator("#field-scenario")).to_be_hidden()  # the script hid what skirmish skips
    assert violations(page) == []

    game = start_skirmish(host, friend)
    page.goto(f"/play/{game.id}/")
    # Waits by locator: wait_for_function polls by eval, which the policy refuses.
    expect(page.locator("svg").first).to_be_attached()
    page.wait_for_timeout(500)  # the socket opens and the first update is drawn
    assert violations(page) == [] and page.js_errors == []


def test_the_table_companion_and_the_admin_work_under_the_policy(people, django_user_model):
    page = watched(people(csp=True))
    page.goto("/table/new/")
    page.click("[data-role=start]")
    page.wait_for_url(re.compile(r"/table/[0-9a-f-]+/[^/]+/$"))
    expect(page.locator("svg").first).to_be_attached()
    page.wait_for_timeout(500)
    assert violations(page) == [] and page.js_errors == []

    django_user_model.objects.create_superuser("root", "r@example.com", "a-long-pass-word-91")
    admin = watched(people(user=django_user_model.objects.get(username="root"), csp=True))
    admin.goto("/admin/ancients_ai/scenario/")
    expect(admin.locator("#content h1")).to_be_visible()
    admin.goto("/admin/auth/user/add/")
    expect(admin.locator("#user_form")).to_be_visible()
    assert violations(admin) == [] and admin.js_errors == []
