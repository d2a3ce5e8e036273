"""Issue 33 item 5: the stumbles a newcomer met in both games, in real Chromium.

- the menu's table companion is open to a signed-out visitor (a table needs no account);
- a game in progress links to its replay so far, from the board and from "My games";
- two people handing over the turn see their whole hand beside the turn buttons;
- the lobby offers no player count or number of bots it would refuse after "Create game";
- at phone size the menu is one line that opens within the page.

The live site (tests/browser/live.py) serves all but the hand, which is checked on the
harness's in-memory co-op table (tests/browser/harness.py) as the other board tests are.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from support.site import eager_celery, make_user, start_coop  # noqa: F401  (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("eager_celery")]

if not Path("/usr/bin/chromium").exists():  # pragma: no cover
    pytest.skip("needs /usr/bin/chromium", allow_module_level=True)

from playwright.sync_api import expect  # noqa: E402

from browser.harness import awoken_table, open_page, wait_idle  # noqa: E402
from browser.pages import shot  # noqa: E402


# -- the table companion, signed out -----------------------------------------------------------
def test_a_signed_out_visitor_reaches_the_table_companion_without_signing_in(people):
    page = people()
    page.goto("/")
    menu = page.locator("[data-role=ways-to-play]")
    menu.locator("summary").click()
    menu.locator('li[data-mode="companion"] a').click()
    page.wait_for_url(re.compile(r"/table/new/$"))
    expect(page.locator("main h1")).to_be_visible()
    assert "login" not in page.url

    # the game's page and an old lobby link lead there too
    page.goto("/games/wildlands/")
    page.locator('.way[data-mode="companion"] a').click()
    page.wait_for_url(re.compile(r"/table/new/$"))
    page.goto("/play/new/?mode=companion")
    page.wait_for_url(re.compile(r"/table/new/$"))
    # every other way to play still asks for an account first
    page.goto("/play/new/?mode=solo")
    page.wait_for_url(re.compile(r"/login/\?next="))
    assert page.js_errors == []


# -- the replay so far -------------------------------------------------------------------------
def a_game_in_progress(kind: str, owner):
    from games import lobby

    if kind == "wildlands":
        return start_coop(owner, make_user("replay_partner"))
    return lobby.game_create(user=owner, mode="defenders", players=1, bots=0, tier="base",
                             deck="order:ember", second_deck="sect:cog", seed=4)


@pytest.mark.parametrize("kind", ["wildlands", "defenders"])
def test_a_game_in_progress_links_to_its_replay_from_the_board_and_my_games(people, kind):
    owner = make_user(f"replayer_{kind}")
    game = a_game_in_progress(kind, owner)
    assert game.status == "playing"
    page = people(user=owner)
    page.goto(f"/play/{game.id}/")
    page.wait_for_selector("#board-app.ready", timeout=15_000)
    link = page.locator("[data-role=replay-so-far]")
    expect(link).to_be_visible()
    expect(link).to_have_text("Replay so far")
    shot(page, f"replay-so-far-{kind}", ".board-tools")
    link.click()
    page.wait_for_url(re.compile(rf"/play/{game.id}/replay/"))
    page.wait_for_function("() => !!window.wildlandsReplay", timeout=15_000)

    page.goto("/play/")
    row_link = page.locator(f'a[data-role="replay-so-far"][href="/play/{game.id}/replay/"]')
    expect(row_link).to_be_visible()
    assert page.js_errors == []


# -- the hand beside the turn buttons ----------------------------------------------------------
def whole_cards(page) -> dict:
    return page.evaluate("""() => {
      const hand = document.querySelector('[data-role=hand]');
      const box = hand.getBoundingClientRect();
      const cards = [...hand.querySelectorAll('.card')];
      const cut = cards.filter((c) => { const r = c.getBoundingClientRect();
        return r.left < box.left - 1 || r.right > box.right + 1; }).length;
      return {cards: cards.length, cut, scroll: hand.scrollWidth - hand.clientWidth};
    }""")


@pytest.mark.parametrize("viewport", [(1024, 768), (1152, 864)])
def test_two_people_handing_over_see_their_whole_hand_beside_the_turn_buttons(chromium, viewport):
    table = awoken_table(players=2)
    page = open_page(chromium, table, "p1", viewport=viewport)
    wait_idle(page)
    for role in ("end-turn", "end-both"):
        expect(page.locator(f"[data-role={role}]")).to_be_visible()
    found = whole_cards(page)
    assert found["cards"] >= 6
    assert found["cut"] == 0 and found["scroll"] <= 1, found
    hand = page.locator("[data-role=hand]").bounding_box()
    for role in ("end-turn", "end-both"):
        button = page.locator(f"[data-role={role}]").bounding_box()
        overlaps = (button["x"] < hand["x"] + hand["width"] and hand["x"] < button["x"] + button["width"]
                    and button["y"] < hand["y"] + hand["height"] and hand["y"] < button["y"] + button["height"])
        assert not overlaps, (role, button, hand)
    shot(page, f"hand-off-hand-{viewport[0]}", ".hand-bar")
    assert page.js_errors == []
    page.close()


# -- the lobby offers what it accepts ----------------------------------------------------------
def values(page, select: str) -> list[int]:
    return [int(v) for v in page.eval_on_selector_all(f"{select} option", "os => os.map(o => o.value)")]


def test_the_lobby_offers_no_player_count_or_bot_it_would_refuse(people):
    page = people(user=make_user("botmaker"), csp=True)  # the lobby's scripts under the policy
    page.goto("/play/new/?mode=skirmish")
    assert values(page, "select[name=players]") == [2, 3, 4]
    for players, bots in ((2, [0, 1]), (3, [0, 1, 2]), (4, [0, 1, 2, 3])):
        page.select_option("select[name=players]", str(players))
        assert values(page, "select[name=bots]") == bots, players
    page.select_option("select[name=bots]", "3")
    page.select_option("select[name=players]", "2")  # fewer seats: the bots follow
    assert page.input_value("select[name=bots]") == "1"

    page.check("input[name=mode][value=war]")
    assert values(page, "select[name=players]") == [4, 5]
    assert values(page, "select[name=bots]") == [0, 1, 2, 3]
    page.select_option("select[name=players]", "5")
    assert values(page, "select[name=bots]") == [0, 1, 2, 3, 4]

    page.goto("/play/new/?mode=defenders")
    assert values(page, "select[name=players]") == [1, 2, 3, 4]
    for players, bots in ((1, [0]), (2, [0, 1]), (4, [0, 1, 2, 3])):
        page.select_option("select[name=players]", str(players))
        assert values(page, "select[name=bots]") == bots, players

    # what is offered is accepted: a skirmish of two with its one bot starts
    page.goto("/play/new/?mode=skirmish")
    page.select_option("select[name=faction]", "guild")
    page.select_option("select[name=map_name]", "dungeon")
    page.select_option("select[name=players]", "2")
    page.select_option("select[name=bots]", "1")
    page.click("main form button[type=submit]")
    page.wait_for_url(re.compile(r"/play/[0-9a-f-]{36}/$"), timeout=20_000)
    expect(page.locator(".form__errors")).to_have_count(0)
    assert page.js_errors == []


# -- the phone menu ----------------------------------------------------------------------------
def inside(box: dict, width: int) -> bool:
    return box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5


def test_at_phone_size_the_menu_is_one_line_that_opens_within_the_page(people):
    page = people(viewport=(390, 844), user=make_user("pocket"))
    page.goto("/")
    header = page.locator("header.site-header").bounding_box()
    assert header["height"] <= 64, header
    nav = page.locator("nav.site-nav")
    expect(nav).to_be_hidden()
    shot(page, "phone-menu-closed", "header.site-header")

    page.click("[data-role=menu-button]")
    expect(nav).to_be_visible()
    for name in ("My games", "Campaigns", "Log out"):
        item = nav.get_by_text(name, exact=True)
        expect(item).to_be_visible()
        assert inside(item.bounding_box(), 390), name
    nav.locator("[data-role=ways-to-play] summary").click()
    for section in nav.locator(".site-nav__game").all():
        expect(section).to_be_visible()
        assert inside(section.bounding_box(), 390)
    for name in ("My games", "Campaigns", "Log out"):  # below the games, not pushed aside
        assert inside(nav.get_by_text(name, exact=True).bounding_box(), 390), name
    shot(page, "phone-menu-open")
    nav.locator('.site-nav__game[data-game="defenders"] .site-nav__game-name').click()
    page.wait_for_url(re.compile(r"/games/defenders/$"))
    expect(nav).to_be_hidden()  # a new page starts with the menu folded
    assert page.js_errors == []
