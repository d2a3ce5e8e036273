"""Issue 33 item 1: a house of games. On the live site in Chromium: the home page presents
every game of the catalogue (its name, its sentence, for how many, how long, the picture of
its board, its page and a start button), the menu's "Games" lists each game (its page) with
its ways to play, and each game's page says what it is, for how many, how long, how hard,
shows its board and its ways to play, and starts a game of it.

Every word checked comes from the games' declarations (`GameDefinition.catalogue`,
games/platform/catalogue.py), so the test reads them there too.

The board pictures the catalogue shows are screenshots of each game's real board, made by
`test_each_games_picture_is_a_screenshot_of_its_real_board` below: with
WILDLANDS_CATALOGUE_PICTURES=1 it writes them to the static files the entries name (run it
after a change to a board's drawing); docs/ui.md's pictures of these pages are refreshed with
WILDLANDS_DOCS_SHOTS=1, as test_browser_defenders does.
"""
from __future__ import annotations

import os
import re
import shutil
import struct
from pathlib import Path

import pytest

from support.site import eager_celery, make_user, start_coop  # noqa: F401  (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("eager_celery")]

if not Path("/usr/bin/chromium").exists():  # pragma: no cover
    pytest.skip("needs /usr/bin/chromium", allow_module_level=True)

from playwright.sync_api import expect  # noqa: E402

from browser.boards import docs_shot, open_board  # noqa: E402
from browser.pages import ARTIFACTS, shot  # noqa: E402


def the_catalogue():
    from games.platform.catalogue import catalogue

    return catalogue()


def png_size(path: Path) -> tuple[int, int]:
    """(width, height) of a PNG file, from its header."""
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return struct.unpack(">II", head[16:24])


def picture_loaded(page, selector: str) -> bool:
    return page.eval_on_selector(selector, "img => img.complete && img.naturalWidth > 300")


def test_the_home_page_presents_each_game_with_its_picture_page_and_start(people):
    games = the_catalogue()
    assert [g.entry.slug for g in games] == ["wildlands", "defenders"]
    page = people()
    page.goto("/")
    expect(page).to_have_title(re.compile("Wild Table"))
    expect(page.locator("main h1")).to_have_text("Wild Table")
    for game in games:
        entry = game.entry
        card = page.locator(f'.game-card[data-game="{entry.slug}"]')
        expect(card.locator("h2")).to_have_text(entry.name)
        expect(card).to_contain_text(entry.tagline)
        expect(card.locator('[data-fact="players"]')).to_have_text(game.players)
        expect(card.locator('[data-fact="time"]')).to_have_text(entry.play_time)
        expect(card.locator('[data-fact="ways"]')).to_contain_text(str(len(game.modes)))
        assert picture_loaded(page, f'.game-card[data-game="{entry.slug}"] img')
        expect(card.locator("[data-role=about]")).to_have_attribute("href", f"/games/{entry.slug}/")
    # "1–5 players" over every way to play Wildlands; Defenders is one to four
    expect(page.locator('[data-game="wildlands"] [data-fact="players"]')).to_have_text("1–5 players")
    expect(page.locator('[data-game="defenders"] [data-fact="players"]')).to_have_text("1–4 players")
    docs_shot(page, "catalogue-home")

    # the menu: every game (its page), and under it its ways to play with their sentences
    menu = page.locator("[data-role=ways-to-play]")
    menu.locator("summary").click()
    for game in games:
        section = menu.locator(f'.site-nav__game[data-game="{game.entry.slug}"]')
        expect(section.locator(".site-nav__game-name")).to_have_text(game.entry.name)
        expect(section.locator(".site-nav__game-name")).to_have_attribute("href", f"/games/{game.entry.slug}/")
        for mode in game.modes:
            expect(section.locator(f'li[data-mode="{mode.key}"]')).to_contain_text(mode.title)
    menu.locator('.site-nav__game[data-game="defenders"] .site-nav__game-name').click()
    page.wait_for_url(re.compile(r"/games/defenders/$"))
    expect(page.locator("main h1")).to_have_text("Defenders of the Wild")
    assert page.js_errors == []


@pytest.mark.parametrize("slug, first_mode", [("wildlands", "solo"), ("defenders", "defenders")])
def test_each_game_has_its_own_page_that_starts_a_game_of_it(people, slug, first_mode):
    from games.platform.catalogue import find

    game = find(slug)
    entry = game.entry
    page = people(user=make_user(f"visitor_{slug}"))
    page.goto("/")
    page.locator(f'.game-card[data-game="{slug}"] h2 a').click()
    page.wait_for_url(re.compile(rf"/games/{slug}/$"))
    expect(page).to_have_title(f"{entry.name} — Wild Table")
    main = page.locator(f'.game-page[data-game="{slug}"]')
    expect(main.locator("h1")).to_have_text(entry.name)
    expect(main.locator(".lede")).to_have_text(entry.tagline)
    expect(main.locator('[data-fact="players"]')).to_have_text(game.players)
    expect(main.locator('[data-fact="time"]')).to_have_text(entry.play_time)
    expect(main.locator('[data-fact="weight"]')).to_have_text(entry.weight)
    expect(main.locator('[data-fact="levels"]')).to_have_text(entry.levels)
    for paragraph in entry.about:
        expect(main.locator(".game-page__about")).to_contain_text(paragraph)
    image = main.locator(".game-page__picture img")
    expect(image).to_have_attribute("alt", entry.picture_alt)
    assert picture_loaded(page, ".game-page__picture img")
    ways = main.locator(".way")
    expect(ways).to_have_count(len(game.modes))
    for mode in game.modes:
        way = main.locator(f'.way[data-mode="{mode.key}"]')
        expect(way.locator("h3")).to_have_text(mode.title)
        expect(way).to_contain_text(mode.summary)
        expect(way.locator(".way__players")).to_contain_text("player")
    docs_shot(page, f"game-page-{slug}")

    # how to play it (issue 33 items 2-3, games/learning.py): its rules page and guided game
    from games.learning import book_of

    book = book_of(game.first_mode)
    assert book is not None, f"{entry.name} has no rules document"
    rules = main.locator("[data-role=rules]")
    expect(rules).to_have_attribute("href", f"/games/{book.key}/rules/")
    assert page.request.get(rules.get_attribute("href")).status == 200
    guided = main.locator("[data-role=guided]")
    expect(guided).to_have_count(1 if book.guide else 0)
    if book.guide:
        expect(guided).to_have_attribute("href", f"/games/{book.key}/guided/")

    # "Start a game": the lobby, this game's form, its first way to play chosen
    main.locator("[data-role=start]").click()
    page.wait_for_url(re.compile(r"/play/new/\?mode="))
    form = page.locator("main form[data-game]")
    expect(form).to_have_attribute("data-game", game.first_mode.game_name)
    chosen = page.locator(f'input[name=mode][value="{first_mode}"]')
    assert chosen.get_attribute("type") == "hidden" or chosen.is_checked()
    # a page no game has is the 404 page
    assert page.goto(f"/games/{slug}-and-more/").status == 404
    expect(page.locator("main h1")).to_have_text("There is no page here")
    assert page.js_errors == []


def board_shot(page, game_id, name: str) -> Path:
    open_board(page, f"/play/{game_id}/")
    shot(page, name, ".map-frame")
    return ARTIFACTS / f"{name}.png"


def test_each_games_picture_is_a_screenshot_of_its_real_board(people):
    """The pictures are drawn by the boards themselves: each is this screenshot of a game
    just started on the live site (the board page's map, at 1280x800), shipped as the
    static file the game's entry names."""
    from django.contrib.staticfiles import finders

    from games import lobby
    from games.platform.catalogue import find

    host, friend = make_user("picture_host"), make_user("picture_friend")
    coop = start_coop(host, friend, seed=11)
    defenders = lobby.game_create(user=host, mode="defenders", players=1, bots=0, tier="base",
                                  deck="order:ember", second_deck="sect:cog", seed=4)
    page = people(viewport=(1280, 800), user=host)
    for slug, game in (("wildlands", coop), ("defenders", defenders)):
        made = board_shot(page, game.id, f"board-picture-{slug}")
        # the house's pages name the game played, never another house's game
        expect(page).to_have_title(re.compile(rf"^{re.escape(game.mode_title)} [0-9a-f]{{8}} — Wild Table$"))
        picture = find(slug).entry.picture
        if os.environ.get("WILDLANDS_CATALOGUE_PICTURES"):  # over the shipped file, or
            # beside the game's other static files when there is none yet
            target = finders.find(picture) or Path(finders.find(str(Path(picture).parent))) / Path(picture).name
            shutil.copyfile(made, target)
        shipped = finders.find(picture)
        assert shipped, f"{picture} is not a static file"
        # the same drawing, as far as a size tells: the board page's frame changes size as
        # panels change around it, so its shape is compared (regenerate when it changes more)
        (width, height), (made_width, made_height) = png_size(Path(shipped)), png_size(made)
        assert width >= 600 and abs(width / height - made_width / made_height) <= 0.1 * made_width / made_height, (
            picture, (width, height), (made_width, made_height))
    assert page.js_errors == []
