"""Issue 27 item 1: finding the modes, on the live site in Chromium. Every mode has its place
with its sentence (its game's page, the menu's "Games", the lobby), in the words of the
games' declarations; the lobby's player counts follow the chosen mode, its "Bots" help too,
and the map list says which maps suit which mode and count and what each map's own rules do
before "Create game"; a refusal, the waiting page and a replay's header never show a mode's or
a map's id."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from support.site import eager_celery, make_user  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser

if not Path("/usr/bin/chromium").exists():  # pragma: no cover
    pytest.skip("needs /usr/bin/chromium", allow_module_level=True)

from playwright.sync_api import expect  # noqa: E402

from browser.pages import shot  # noqa: E402

NEWER = ("skirmish", "wrath", "war")  # the modes a new player could not find


def declared(key: str):
    from games.platform import registry

    return registry.get(key)


def offered(page, select: str) -> list[str]:
    return page.eval_on_selector_all(f"{select} option", "os => os.filter(o => !o.disabled && !o.hidden).map(o => o.value)")


def test_every_mode_has_its_place_and_sentence_on_its_games_page_and_in_the_menu(people):
    page = people()
    page.goto("/games/wildlands/")  # the home page presents the games (issue 33), each its modes
    for key in NEWER:
        card = page.locator(f'.ways [data-mode="{key}"]')
        expect(card).to_contain_text(declared(key).title)
        expect(card).to_contain_text(declared(key).summary)
    menu = page.locator("[data-role=ways-to-play]")
    menu.locator("summary").click()
    for key in NEWER:
        entry = menu.locator(f'li[data-mode="{key}"]')
        expect(entry).to_be_visible()
        expect(entry).to_contain_text(declared(key).title)
        expect(entry).to_contain_text(declared(key).summary)
    shot(page, "ui-modes-menu")
    menu.locator('li[data-mode="wrath"] a').click()
    page.wait_for_url(re.compile(r"/play/new/|/login"))
    assert page.js_errors == []


def test_the_lobby_offers_counts_help_and_maps_that_fit_the_chosen_mode(people):
    page = people(user=make_user("newcomer"))
    page.goto("/play/new/?mode=wrath")
    for key in NEWER:
        expect(page.locator(f'.lobby-modes [data-mode="{key}"]')).to_contain_text(declared(key).summary)

    page.check("input[name=mode][value=war]")
    summary = page.locator("[data-role=mode-summary]")
    expect(summary).to_contain_text(declared("war").summary)
    assert offered(page, "select[name=players]") == ["4", "5"]
    expect(page.locator("#field-bots .form__help")).to_contain_text("team")
    expect(page.locator("#field-bots .form__help")).not_to_contain_text("Skirmish only")
    maze = page.locator('select[name=map_name] option[value="maze"]')
    expect(maze).to_be_disabled()
    expect(maze).to_contain_text("Skirmish or The Wrath of the Ancients, 2 players")

    page.check("input[name=mode][value=wrath]")
    assert offered(page, "select[name=players]") == ["2", "3", "4"]
    expect(page.locator("#field-bots .form__help")).to_contain_text("Ancients")
    page.select_option("select[name=players]", "3")
    expect(maze).to_be_disabled()  # the Maze is for two
    page.select_option("select[name=players]", "2")
    expect(maze).to_be_enabled()
    page.select_option("select[name=map_name]", "maze")
    notes = page.locator("[data-role=map-notes]")
    expect(notes).to_contain_text("The Maze suits Skirmish or The Wrath of the Ancients, 2 players")
    expect(notes.locator('[data-feature="tombs"]')).to_contain_text("curse")
    page.select_option("select[name=map_name]", "abyssal_lake")
    expect(notes.locator('[data-feature="thin_ice"]')).to_contain_text("1 damage")
    shot(page, "ui-modes-lobby", "main form")
    assert page.js_errors == []


def test_a_refusal_names_modes_and_maps_in_words(people):
    page = people(user=make_user("stubborn"))
    page.goto("/play/new/?mode=solo")
    page.check("input[name=mode][value=solo]")
    page.evaluate("""() => { const s = document.querySelector('select[name=map_name]');
      for (const o of s.options) o.disabled = false; s.value = 'maze'; }""")
    page.click("main form button[type=submit]")
    errors = page.locator(".form__errors")
    expect(errors).to_contain_text("The Maze is not played in Solo (The Awoken)")
    text = errors.inner_text()
    assert not re.search(r"\b(awoken|maze|skirmish|wrath)\b", text), text
    assert page.js_errors == []


@pytest.mark.usefixtures("eager_celery")
def test_the_waiting_page_and_the_replay_header_name_the_map(people):
    page = people(user=make_user("host"))
    page.goto("/play/new/?mode=skirmish")
    page.check("input[name=mode][value=skirmish]")
    page.select_option("select[name=faction]", "guild")
    page.select_option("select[name=players]", "2")
    page.select_option("select[name=map_name]", "abyssal_lake")
    page.click("main form button[type=submit]")
    expect(page.locator("h1")).to_have_text("Waiting for players")
    lede = page.locator(".lede").first
    expect(lede).to_contain_text("Skirmish on The Abyssal Lake")
    body = page.locator("main").inner_text()
    assert "abyssal_lake" not in body and "guild" not in body, body
    expect(page.locator('li[data-seat="p1"]')).to_contain_text("Seat 1")
    game_id = re.search(r"/play/([0-9a-f-]{36})/", page.url).group(1)
    page.goto(f"/play/{game_id}/replay/")
    expect(page.locator(".replay-about")).to_contain_text("The Abyssal Lake")
    assert "abyssal_lake" not in page.locator(".replay-about").inner_text()
    assert page.js_errors == []
