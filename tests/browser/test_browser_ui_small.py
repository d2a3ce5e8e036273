"""Issue 27 item 8, the small ones, each as a player meets it in Chromium: the teams panel
keeps names apart from scores; a campaign's chapters are numbered once; the hand scrolls
beside the turn buttons instead of being cut off; a greyed Undo says why; on a phone the log
is in sight while the Ancients act; the table companion's map zooms in on a phone, and so
does the board's (the shell's zoom button, shell/zoom.js); the "End for both" confirmation's
"Keep playing" button reads clearly."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from support.site import make_user  # noqa: F401

pytestmark = pytest.mark.browser

if not Path("/usr/bin/chromium").exists():  # pragma: no cover
    pytest.skip("needs /usr/bin/chromium", allow_module_level=True)

from playwright.sync_api import expect  # noqa: E402

from browser.harness import awoken_table, case_table, open_page, wait_idle, war_case  # noqa: E402
from browser.pages import shot  # noqa: E402

PHONE = dict(viewport=(390, 844), device_scale_factor=2, is_mobile=True, has_touch=True)

CONTRAST = """(el) => {
  const rgb = (s) => s.match(/[\\d.]+/g).slice(0, 4).map(Number);
  const lum = ([r, g, b]) => { const f = (c) => { c /= 255; return c <= .03928 ? c / 12.92 : ((c + .055) / 1.055) ** 2.4; };
    return .2126 * f(r) + .7152 * f(g) + .0722 * f(b); };
  let node = el; let bg = null;
  while (node && node.nodeType === 1) {
    const c = rgb(getComputedStyle(node).backgroundColor);
    if (c.length < 4 || c[3] > 0) { bg = c; break; }
    node = node.parentElement;
  }
  bg = bg || [255, 255, 255];
  const a = lum(rgb(getComputedStyle(el).color)); const b = lum(bg);
  return (Math.max(a, b) + .05) / (Math.min(a, b) + .05);
}"""


def test_the_teams_panel_keeps_names_apart_from_scores(chromium):
    table = case_table(war_case())
    ada = open_page(chromium, table, "p1")
    wait_idle(ada)
    dawn = ada.locator('[data-role=teams] [data-team="t1"]')
    expect(dawn).to_contain_text("3 / 10 pts")
    text = " ".join(dawn.inner_text().split())
    assert re.fullmatch(r"Team Dawn: you and cyd · 3 / 10 pts", text), text
    assert ada.js_errors == []


def test_a_big_hand_scrolls_beside_the_turn_buttons(chromium):
    table = awoken_table(players=1)
    player = table.state.player("p1")
    while len(player.hand) < 10 and player.deck:
        player.hand.append(player.deck.pop())
    page = open_page(chromium, table, "p1", viewport=(1100, 800))
    wait_idle(page)
    sizes = page.evaluate("""() => {
      const hand = document.querySelector('.hand'), acts = document.querySelector('.hand-actions');
      return {page: document.documentElement.scrollWidth, view: innerWidth,
              handRight: hand.getBoundingClientRect().right, actsLeft: acts.getBoundingClientRect().left,
              actsRight: acts.getBoundingClientRect().right, scroll: hand.scrollWidth, client: hand.clientWidth};
    }""")
    assert sizes["page"] <= sizes["view"], sizes  # nothing runs off the page
    assert sizes["actsRight"] <= sizes["view"], sizes  # the turn buttons are in sight
    assert sizes["handRight"] <= sizes["actsLeft"], sizes
    assert sizes["scroll"] > sizes["client"], sizes  # the hand scrolls to its last card
    last = page.locator(".hand .card").last
    last.scroll_into_view_if_needed()
    box = last.bounding_box()
    assert box["x"] + box["width"] <= sizes["actsLeft"] + 1, (box, sizes)
    assert page.js_errors == []


def test_a_greyed_undo_says_why(chromium):
    table = awoken_table(players=1)
    page = open_page(chromium, table, "p1")
    wait_idle(page)
    undo = page.locator("[data-role=undo]")
    expect(undo).to_be_visible()
    wild = next(c for c in table.initial("p1")["legal"] if c.get("do") == "draw_two")
    table.apply("p1", wild)
    wait_idle(page)
    expect(undo).to_be_disabled()
    why = page.locator("[data-role=undo-why]")
    expect(why).to_be_visible()
    expect(why).to_contain_text("a card was drawn")
    expect(undo).to_have_attribute("title", re.compile("a card was drawn"))
    assert page.js_errors == []


def test_on_a_phone_the_log_is_in_sight_while_the_ancients_act(chromium):
    table = awoken_table(players=1)
    table.run_ancients = False
    table.apply("p1", {"do": "end_turn"})
    assert table.state.turn.phase == "ancients"
    page = open_page(chromium, table, "p1", **PHONE)
    wait_idle(page)
    top = page.locator("[data-role=log]").bounding_box()["y"]
    assert top < 844, top  # on the first screen, not 1,195 px down
    assert page.js_errors == []


def test_the_keep_playing_button_reads_clearly(chromium):
    table = awoken_table(players=2)
    ada = open_page(chromium, table, "p1")
    wait_idle(ada)
    ada.click("[data-role=end-both]")
    keep = ada.locator("[data-role=keep-playing]")
    expect(keep).to_be_visible()
    ratio = keep.evaluate(CONTRAST)
    assert ratio >= 4.5, ratio
    shot(ada, "ui-end-for-both")
    keep.click()
    expect(keep).to_be_hidden()
    assert ada.js_errors == []


def test_a_campaigns_chapters_are_numbered_once(people):
    from ancients_ai import campaigns

    owner = make_user("chronicler")
    campaign = campaigns.campaign_create(user=owner, name="Saga", map_name="dungeon", faction="guild")
    page = people(user=owner)
    page.goto(f"/campaigns/{campaign.pk}/")
    first = page.locator("ol.chapters > li").first
    expect(first).to_contain_text("Chapter 1")
    text = " ".join(first.inner_text().split())
    assert re.match(r"Chapter 1: [A-Z]", text), text  # not "Chapter 1 1. The Magus Wakes"
    assert not re.search(r"\b1\. ", text), text
    assert first.evaluate("(li) => getComputedStyle(li).listStyleType") == "none"
    assert page.js_errors == []


def test_the_boards_map_zooms_in_on_a_phone_and_fits_again(chromium):
    page = open_page(chromium, awoken_table(players=1), "p1", **PHONE)
    wait_idle(page)
    zoom = page.locator(".board-area .map-zoom")
    expect(zoom).to_have_text("Zoom in")
    expect(zoom).to_have_attribute("aria-pressed", "false")
    frame = page.locator(".board-area .map-frame")
    width = "(f) => f.querySelector('svg.map').getBoundingClientRect().width"
    before = frame.evaluate(width)
    zoom.click()
    expect(zoom).to_have_text("Fit map")
    expect(zoom).to_have_attribute("aria-pressed", "true")
    assert frame.evaluate(width) > before * 2, (before, frame.evaluate(width))
    assert frame.evaluate("(f) => f.scrollWidth > f.clientWidth"), "the zoomed map scrolls"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    zoom.click()
    expect(zoom).to_have_text("Zoom in")
    expect(zoom).to_have_attribute("aria-pressed", "false")
    assert frame.evaluate(width) == before
    assert page.js_errors == []


def test_the_table_companions_map_zooms_in_on_a_phone(people):
    page = people(PHONE["viewport"])
    page.goto("/table/new/")
    page.select_option("select[name=map_name]", "dungeon")
    page.select_option("select[name=faction]", "guild")
    page.click("[data-role=start]")
    page.wait_for_function("window.companion !== undefined")
    number = "() => Math.max(...[...document.querySelectorAll('[data-role=map] .cell-num, [data-role=map] text')].map((t) => t.getBoundingClientRect().height))"
    before = page.evaluate(number)
    page.click("[data-role=zoom]")
    after = page.evaluate(number)
    assert after >= 9 and after > before * 2, (before, after)
    frame = page.locator("[data-role=map]")
    assert frame.evaluate("(f) => f.scrollWidth > f.clientWidth"), "the zoomed map scrolls"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "ui-companion-zoomed")
    assert page.js_errors == []
