"""Race to 21 in real Chromium on the live site, switched on by the settings override: a
race created through the lobby and joined by its link, an addition by its button over the
socket, the house's 1 from the worker, the shell's Undo, and the replay stepping through it.

The board and replay pages load the renderer the declaration names (issue 30 item 2): a page
that did not would fail here, on the total and on its script errors."""
from __future__ import annotations

from pathlib import Path

import pytest

from games.models import Game
from support.site import eager_celery, make_user  # noqa: F401  (fixture)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.usefixtures("eager_celery")]

if not Path("/usr/bin/chromium").exists():  # pragma: no cover
    pytest.skip("needs /usr/bin/chromium", allow_module_level=True)

from playwright.sync_api import expect  # noqa: E402

from browser.live import off_loop  # noqa: E402


def _total(page, value: str) -> None:
    expect(page.locator("[data-role=total]")).to_have_text(value, timeout=10_000)


def test_a_race_is_created_played_taken_back_and_replayed_in_the_browser(race21, people):
    ada, bea = off_loop(lambda: (make_user("ada_race"), make_user("bea_race")))
    first = people(user=ada)
    first.goto("/play/new/?mode=race21")
    first.locator("form [type=submit]").last.click()
    first.wait_for_url("**/play/*/")
    game = Game.objects.get(mode="race21")
    second = people(user=bea)
    second.goto(f"/play/{game.id}/join/{game.invite_token}/")
    second.locator("form [type=submit]").last.click()
    second.wait_for_url(f"**/play/{game.id}/")

    first.goto(f"/play/{game.id}/")
    first.wait_for_load_state("networkidle")
    _total(first, "0")
    expect(first.locator("[data-role=status]")).to_contain_text("Your turn: add 1, 2 or 3")
    first.locator("button.race-add[data-add='3']").click()
    _total(first, "4")  # 3, and the house's 1 from the worker
    expect(first.locator("[data-role=sentences], .log").first).to_contain_text(
        "The house added 1: the total is 4.")
    _total(second, "4")
    expect(second.locator("button.race-add")).to_have_count(3)

    first.locator("[data-role=undo]").click()
    _total(first, "0")
    expect(first.locator("body")).to_contain_text(
        "You took back the last addition: the total is 0.")
    _total(second, "0")
    expect(second.locator("button.race-add")).to_have_count(0)

    first.goto(f"/play/{game.id}/replay/")
    _total(first, "0")
    expect(first.locator("[data-role=position]")).to_contain_text("Step 1 of 4")
    first.locator("[data-role=last]").click()
    _total(first, "0")
    first.locator("[data-role=prev]").click()
    _total(first, "4")
    assert first.js_errors == [] and second.js_errors == []
