"""Defenders of the Wild as friendly as The Awoken (issue 33 item 4), in real Chromium on the
real site: each stumble a newcomer met, mended.

- hexes are named in words (a habitat and a landmark), never "(-1, 0)", in the log, the
  choices and the board's own titles, and pointing at the words lights the hex;
- the waiting and join pages name what each seat plays in words, not ids;
- the reveal names a partner's defender by the name the server sends;
- alone, both factions' panels are in sight without scrolling the side panel;
- "Heal at this camp" is not offered with nothing to heal; a click on an unlit hex says why
  nothing happens;
- the machine deck's count drops as the card is drawn, before the turn's update is shown;
- on a phone (390x844) the board reads: every mark at least 11 px, zoomable, with a legend of
  the habitats' colours, the cards' abilities readable in the hand, the Council and the Coven
  told apart, the machines' caption clear of the site's header.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from support.site import eager_celery  # noqa: E402,F401

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.usefixtures("eager_celery")]

if not Path("/usr/bin/chromium").exists():  # pragma: no cover
    pytest.skip("needs /usr/bin/chromium", allow_module_level=True)

from playwright.sync_api import expect  # noqa: E402

from browser.boards import (APP, click_first_target_hex, docs_shot, first_turn, make_user,  # noqa: E402
                            new_table, open_board, pick_first_card, until_caught_up,
                            until_moved_on, until_stage, version)
from browser.harness import wait_idle  # noqa: E402

COORDINATES = re.compile(r"\(-?\d+, -?\d+\)")


def unlit_hex(page) -> str:
    """A habitat hex the board does not light now, away from the organizers."""
    return page.evaluate(f"""() => {{
      const lit = {APP}.defenders.board.targets.hexes;
      const taken = new Set([...document.querySelectorAll('.dw-organizer, .dw-camp')].map((n) => n.dataset.hex));
      return [...document.querySelectorAll('.dw-hex[data-habitat]')].map((n) => n.dataset.hex)
        .find((k) => !lit.has(k) && !taken.has(k) && k !== '0,0');
    }}""")


def test_hexes_are_named_in_words_lit_when_pointed_at(people):
    ada = make_user("dw_words")
    game = new_table(ada, players=1, bots=0, tier="base", deck="council:barley",
                     second_deck="coven:morrow", seed=13)
    page = people(user=ada)
    open_board(page, f"/play/{game.id}/")
    click_first_target_hex(page)
    log = page.locator("[data-role=log]")
    expect(log).to_contain_text("set up their starting camp in the ")
    assert not COORDINATES.search(log.inner_text()), log.inner_text()
    page.click(".dw-choices summary")
    choices = page.locator(".dw-choices button")
    expect(choices.first).to_have_text(re.compile(r"^Start the Coven camp in the marsh .* of (the core|factory \d)$"))
    assert not COORDINATES.search(page.locator("[data-role=intent]").inner_text())
    titles = page.evaluate("[...document.querySelectorAll('.dw-hex > title')].map((t) => t.textContent)")
    assert len(titles) == 37 and not any(COORDINATES.search(t) for t in titles), titles

    # the camp's words in the log light its hex on the board while pointed at
    place = log.locator(".dw-place").first
    key = place.get_attribute("data-key")
    camp = page.evaluate("document.querySelector('.dw-camp').dataset.hex")
    assert key == camp, (key, camp)
    expect(page.locator(".dw-pointed")).to_have_count(0)
    place.hover()
    expect(page.locator(f'.dw-pointed[data-hex="{key}"]')).to_have_count(1)
    page.mouse.move(5, 5)
    expect(page.locator(".dw-pointed")).to_have_count(0)
    place.click()  # a tap (no hover on a phone) lights it until the next click elsewhere
    page.mouse.move(5, 5)
    expect(page.locator(f'.dw-pointed[data-hex="{key}"]')).to_have_count(1)
    page.locator(".status-bar").click()
    expect(page.locator(".dw-pointed")).to_have_count(0)

    # a click on a hex that is not lit says why nothing happens
    page.click(f'.dw-hex[data-hex="{unlit_hex(page)}"]', force=True)
    expect(page.locator("[data-role=hint]")).to_have_text(re.compile(r"is not a starting spot: click one of the lit hexes"))
    assert page.js_errors == []


def test_alone_both_factions_are_in_sight(people):
    page = first_turn(people, "dw_alone")
    docs_shot(page, "defenders-first-turn")
    # both factions' panels in sight, the side panel not scrolled
    side = page.locator("[data-role=side]").bounding_box()
    for faction in ("council", "coven"):
        box = page.locator(f".dw-faction[data-faction={faction}]").bounding_box()
        assert box["y"] >= side["y"] and box["y"] + box["height"] <= side["y"] + side["height"] + 1, (faction, box, side)
        assert box["y"] + box["height"] <= 900, (faction, box)
    assert page.js_errors == []


def test_healing_is_not_offered_with_nothing_to_heal(people):
    page = first_turn(people, "dw_heal")
    # the organizer stands on its starting camp without a scratch: healing is legal, not offered
    acting = page.evaluate(f"{APP}.view.factions.find((f) => f.id === {APP}.view.turn.faction)")
    assert acting["damage"] == 0 and acting["at"] in acting["camps"], acting
    assert page.evaluate(f"{APP}.legal.some((c) => c.do === 'heal')")
    expect(page.locator(".dw-actions button").first).to_be_visible()
    expect(page.locator('.dw-actions button[data-do="heal"]')).to_have_count(0)
    assert page.js_errors == []


def test_a_click_on_an_unlit_hex_says_why_nothing_happens(people):
    page = first_turn(people, "dw_miss")
    acting = page.evaluate(f"{APP}.view.factions.find((f) => f.id === {APP}.view.turn.faction)")
    # a click on an unlit hex, then on the organizer's own hex: why nothing happens
    page.click(f'.dw-hex[data-hex="{unlit_hex(page)}"]', force=True)
    hint = page.locator("[data-role=hint]")
    expect(hint).to_have_text(re.compile(r"^Nothing to do in the .+: your organizer can reach only the lit hexes"))
    page.click(f'.dw-organizer[data-organizer={acting["id"]}]', force=True)
    expect(hint).to_have_text(re.compile(r"^Your organizer stands in .+: what it can do here is in the buttons"))
    assert page.js_errors == []


DECK_STEPS = """() => {
  const caption = document.querySelector("[data-role=caption]");
  window.dwDeck = [];
  new MutationObserver(() => {
    const deck = document.querySelector("[data-role=machine-deck]");
    if (caption.textContent) window.dwDeck.push({kind: caption.dataset.kind, deck: deck && deck.textContent,
      version: window.wildlandsBoard.version});
  }).observe(caption, {childList: true, characterData: true, subtree: true, attributes: true});
}"""


def test_the_machine_deck_count_drops_as_the_card_is_drawn(people):
    page = first_turn(people, "dw_deck")
    deck = page.locator("[data-role=machine-deck]")
    before = deck.inner_text()
    size = page.evaluate(f"{APP}.view.machine_deck_size")
    assert before.startswith(f"{size} card"), before
    page.select_option("[data-role=motion]", "full")
    page.evaluate(DECK_STEPS)
    seen = version(page)
    while page.evaluate(f"{APP}.view.turn.stage") == "action":  # both factions end their turns
        current = version(page)
        page.click("[data-role=end-turn]")
        if page.evaluate(f"{APP}.view.turn.stage") != "action":
            break
        until_moved_on(page, current)
        if page.evaluate("window.dwDeck.some((s) => s.kind === 'machine_card_drawn')"):
            break
    page.wait_for_function("() => window.dwDeck.some((s) => s.kind === 'machine_card_drawn')", timeout=20_000)
    steps = page.evaluate("window.dwDeck")
    drawn = next(s for s in steps if s["kind"] == "machine_card_drawn")
    assert drawn["deck"].startswith(f"{size - 1} card"), (before, steps)
    assert drawn["version"] <= seen + 2, steps  # told while the card was being resolved
    wait_idle(page, timeout=60_000)
    assert page.js_errors == []


def test_the_waiting_and_join_pages_say_what_each_seat_plays(people):
    ada, bea = make_user("dw_host"), make_user("dw_guest")
    game = new_table(ada, players=2, bots=0, tier="base", deck="council:barley", seed=5)
    a = people(user=ada)
    a.goto(f"/play/{game.id}/")
    seats = a.locator(".panel ul")
    expect(seats).to_contain_text("Seat 1: dw_host (The Council: Steward Barley)")
    assert "Council, barley" not in seats.inner_text()

    b = people(user=bea)
    b.goto(f"/play/{game.id}/join/{game.invite_token}/")
    listed = b.locator(".panel ul")
    expect(listed).to_contain_text("Seat 1: dw_host (The Council: Steward Barley)")
    assert "(council)" not in listed.inner_text() and "p1:" not in listed.inner_text()
    b.select_option("select[name=deck]", "coven:morrow")
    b.click("form.form button[type=submit]")
    b.wait_for_url(f"**/play/{game.id}/")
    b.wait_for_selector("#board-app.ready", timeout=15_000)
    assert a.js_errors == [] and b.js_errors == []


def test_the_reveal_names_a_partners_defender_in_full(people):
    ada, bea = make_user("dw_ann"), make_user("dw_ben")
    game = new_table(ada, players=2, bots=0, tier="base", deck="council:barley", seed=5)
    from games import lobby

    lobby.game_join(game=game, user=bea, token=game.invite_token, deck="coven:morrow")
    a, b = people(user=ada), people(user=bea)
    for page in (a, b):
        open_board(page, f"/play/{game.id}/")
    click_first_target_hex(a)
    until_caught_up(b, a)
    click_first_target_hex(b)
    until_stage(a, "organize")
    until_stage(b, "organize")
    # ada picks a defender whose name says more than its id ("Hobb the Bellringer")
    card = a.locator(".dw-card.playable").filter(has_text=re.compile(r" the ")).first
    full = card.locator(".dw-card-name").inner_text()
    before = version(a)
    card.click()
    until_moved_on(a, before)
    until_caught_up(b, a)
    pick_first_card(b)
    expect(b.locator("[data-role=log]")).to_contain_text(f"{full} for dw_ann")
    assert a.js_errors == [] and b.js_errors == []


def test_the_board_on_a_phone_reads_and_zooms(people):
    page = first_turn(people, "dw_small", (390, 844), motion="full")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    # every mark the board draws is at least 11 px on the screen
    sizes = page.evaluate("""() => {
      const marks = ".dw-mech, .dw-camp, .dw-organizer, .dw-toxic, .dw-pollution circle, .dw-breach, "
        + ".dw-engine-number, .dw-factory-number, .dw-mech-count, .dw-organizer-letter, .dw-direction";
      return [...document.querySelectorAll(marks)].map((n) => {
        const box = n.getBoundingClientRect();
        const font = n.tagName === "text" ? parseFloat(getComputedStyle(n).fontSize) * n.getScreenCTM().a : null;
        return {cls: n.getAttribute("class") || n.parentNode.getAttribute("class"), w: box.width, h: box.height, font};
      });
    }""")
    kinds = {s["cls"] for s in sizes}
    for kind in ("dw-mech-count", "dw-engine-number", "dw-organizer-letter", "dw-factory-number core"):
        assert kind in kinds, kinds
    small = [s for s in sizes if (s["font"] if s["font"] is not None else min(s["w"], s["h"])) < 11]
    assert not small, small[:8]

    # the habitats' colours told in a legend; the Council and the Coven told apart
    legend = page.locator("[data-role=habitat-legend]")
    expect(legend).to_be_visible()
    for habitat in ("forest", "plains", "marsh", "mountain"):
        expect(legend).to_contain_text(habitat)
    letters = {f: page.locator(f".dw-organizer[data-organizer={f}] text").text_content() for f in ("council", "coven")}
    assert letters["council"] != letters["coven"], letters

    # the map zooms out to the whole board and back in
    zoom = page.locator("[data-role=dw-zoom]")
    expect(zoom).to_be_visible()
    wide = page.locator(".dw-map").bounding_box()["width"]
    zoom.click()
    page.wait_for_function(f"() => document.querySelector('.dw-map').getBoundingClientRect().width < {wide}")
    page.evaluate("window.scrollTo(0, 0)")
    docs_shot(page, "defenders-board-phone-whole")
    zoom.click()
    page.wait_for_function(f"() => document.querySelector('.dw-map').getBoundingClientRect().width >= {wide - 1}")
    frame = page.evaluate("(() => { const f = document.querySelector('[data-role=map]'); return [f.scrollLeft, f.scrollWidth - f.clientWidth]; })()")
    assert abs(frame[0] - frame[1] / 2) <= 2, frame  # zoomed in on the machine core
    legend.evaluate("(el) => el.scrollIntoView({block: 'center'})")
    docs_shot(page, "defenders-board-phone-zoomed")

    # the hand's abilities can be read
    ability = page.locator("[data-role=hand] .dw-card-ability").first
    expect(ability).to_be_visible()
    assert page.evaluate("parseFloat(getComputedStyle(document.querySelector('[data-role=hand] .dw-card-ability')).fontSize)") >= 11

    # the machines' caption stays clear of the site's header
    page.evaluate("document.querySelector('[data-role=caption]').hidden = false;"
                  "document.querySelector('[data-role=caption]').textContent = 'The machines draw an Engines card.'")
    page.evaluate("window.scrollTo(0, 0)")
    header = page.locator(".site-header").bounding_box()
    caption = page.locator("[data-role=caption]").bounding_box()
    assert caption["y"] >= header["y"] + header["height"], (caption, header)
    page.evaluate("document.querySelector('[data-role=caption]').hidden = true")
    assert page.js_errors == []
