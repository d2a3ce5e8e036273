"""Small things a new player meets, in real Chromium: the error pages (a stranger opening
someone's game, an address that does not exist), the site's icon, and the board's players
panel in co-op listing the viewer's own characters first.

The error pages and the icon are checked on the live site (tests/browser/live.py: daphne in
a thread, the test database); the panel on the harness's in-memory table
(tests/browser/harness.py), as the other board tests are.
"""
from __future__ import annotations

import re
import uuid
from pathlib import Path

import pytest

from support.site import eager_celery, make_user, start_coop  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("eager_celery")]

if not Path("/usr/bin/chromium").exists():  # pragma: no cover
    pytest.skip("needs /usr/bin/chromium", allow_module_level=True)

from playwright.sync_api import expect  # noqa: E402

from browser.harness import awoken_table, open_page, wait_idle  # noqa: E402
from browser.pages import shot  # noqa: E402


def failed_requests(page) -> list:
    """Every response of 400 or more the page meets from now on, as 'status url'."""
    failures: list = []
    page.on("response", lambda r: failures.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    return failures


def console_errors(page) -> list:
    errors: list = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    return errors


# -- error pages and the icon, on the live site ----------------------------------------------
def test_a_stranger_opening_someones_game_sees_the_403_page_and_a_way_back(people):
    game = start_coop(make_user("host"), make_user("friend"))
    page = people(user=make_user("stranger"))
    response = page.goto(f"/play/{game.id}/")
    assert response.status == 403
    expect(page.locator("header.site-header .brand")).to_be_visible()
    expect(page.locator("main h1")).to_have_text("This page is not open to you")
    expect(page.locator("main")).to_contain_text("You do not have a seat in this game.")
    expect(page.locator("main")).to_contain_text("invite link")
    shot(page, "error-403")
    page.click("main a:has-text('Back to my games')")
    page.wait_for_url(re.compile(r"/play/$"))
    expect(page.locator("main h1")).to_be_visible()
    assert page.js_errors == []


def test_an_unknown_address_shows_the_404_page(people):
    page = people(user=make_user("wanderer"))
    response = page.goto("/no/such/place/")
    assert response.status == 404
    expect(page.locator("header.site-header .brand")).to_be_visible()
    expect(page.locator("main h1")).to_have_text("There is no page here")
    expect(page.locator("main code")).to_have_text("/no/such/place/")
    shot(page, "error-404")
    assert page.goto(f"/play/{uuid.uuid4()}/").status == 404
    page.click("main a:has-text('Home page')")
    page.wait_for_url(re.compile(r"/$"))
    assert page.js_errors == []


def test_the_icon_is_served_and_the_board_page_meets_no_missing_file(people):
    owner, teammate = make_user("ada"), make_user("bram")
    game = start_coop(owner, teammate)
    page = people(user=owner)
    assert page.request.get("/favicon.ico").status == 200
    failures, errors = failed_requests(page), console_errors(page)
    page.goto(f"/play/{game.id}/")
    page.wait_for_selector("#board-app.ready", timeout=15_000)
    expect(page.locator(".conn")).to_have_text("Live", timeout=15_000)
    icon = page.evaluate("fetch(document.querySelector('link[rel=icon][type=\"image/svg+xml\"]').href)"
                         ".then(r => r.status)")
    assert icon == 200
    page.wait_for_timeout(500)
    assert failures == [] and errors == [], (failures, errors)


# -- the players panel in co-op, on the harness table ----------------------------------------
def panel_order(page) -> list:
    return page.eval_on_selector_all("section.panel.player", "ns => ns.map(n => n.dataset.player)")


def roster_of(page, player: str) -> list:
    return page.eval_on_selector_all(f'section.panel.player[data-player="{player}"] li.char',
                                     "ns => ns.map(n => n.dataset.character)")


def test_in_co_op_each_seat_sees_its_own_characters_first(chromium):
    table = awoken_table(players=2)
    mine = {seat: sorted(c.id for c in table.state.characters.values() if c.player == seat)
            for seat in ("p1", "p2")}
    for seat, partner in (("p2", "p1"), ("p1", "p2")):
        page = open_page(chromium, table, seat)
        wait_idle(page)
        assert panel_order(page) == [seat, partner]
        first = page.locator("section.panel.player").first
        expect(first.locator(".player-name")).to_contain_text("(you)")
        assert sorted(roster_of(page, seat)) == mine[seat]
        if seat == "p2":
            shot(page, "coop-own-characters-first", "section.panel.player")
        assert page.js_errors == []
        page.close()


def test_a_treasure_offers_use_only_when_its_card_allows(chromium):
    """On the players' turn a defence treasure has no "use" button (it answers an attack);
    a treasure usable on your turn, or at any moment, has one."""
    table = awoken_table(players=2)
    holder = next(c for c in table.state.characters.values() if c.player == "p1" and c.space is not None)
    holder.treasures = ["warding_amulet", "troll_salve", "healing_draught"]
    page = open_page(chromium, table, "p1")
    wait_idle(page)
    row = page.locator(f'li.char[data-character="{holder.id}"]')
    expect(row.locator(".tag.treasure")).to_have_count(3)
    expect(row.locator(".tag.treasure:has-text('Warding Amulet') button")).to_have_count(0)
    expect(row.locator(".tag.treasure:has-text('Troll Salve') button")).to_have_count(1)
    expect(row.locator(".tag.treasure:has-text('Healing Draught') button")).to_have_count(1)
    assert page.js_errors == []
