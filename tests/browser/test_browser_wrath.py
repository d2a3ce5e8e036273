"""The Wrath of the Ancients in Chromium: the Ancients' carried shards and special action on
the board (against the harness's in-memory table: the real page, the real engine), and a
game made in the lobby with a bot playing the Ancients (on the live site)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from support.site import eager_celery, make_user  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser

if not Path("/usr/bin/chromium").exists():  # pragma: no cover
    pytest.skip("needs /usr/bin/chromium", allow_module_level=True)

from playwright.sync_api import expect  # noqa: E402

from browser.harness import case_table, magus_case, open_page, wait_idle  # noqa: E402
from browser.pages import shot  # noqa: E402


def test_the_magus_spends_its_shard_and_gathers_two_characters(chromium):
    table = case_table(magus_case())
    page = open_page(chromium, table, "p2")
    row = page.locator('li.char[data-character="ancients_magus"]')
    expect(row.locator(".tag.shard")).to_have_count(1)
    expect(page.locator(".wrath-goal")).to_contain_text("0 of the 5")
    shot(page, "wrath-shard", "#board-app")

    row.locator("button.special-action").click()
    dialog = page.locator('.prompt[data-kind="special"]')
    expect(dialog).to_contain_text("Magus")
    dialog.locator("button.choice", has_text="Orrin").click()
    wait_idle(page)
    page.locator('.prompt[data-kind="special"] button.choice', has_text="Ysolde").click()
    wait_idle(page)
    page.locator('.prompt[data-kind="special"] button.choice', has_text=re.compile(r"^Space 7$")).click()
    wait_idle(page)
    state = table.state
    assert state.characters["guild_archmage"].space == 7
    assert state.characters["ancients_magus"].space == 7
    assert state.mode_state.carried["ancients_magus"] == []
    expect(row.locator(".tag.shard")).to_have_count(0)
    expect(page.locator("[data-role=log]")).to_contain_text("spends a shard")

    # desperate measures at the end of the turn: keep the hand
    page.click("[data-role=end-turn]")
    keep = page.locator('.prompt[data-kind="desperate_measures"] button', has_text="Keep my hand")
    expect(keep).to_be_visible()
    shot(page, "wrath-desperate")
    keep.click()
    wait_idle(page)
    assert table.state.turn.active == "p1"
    assert page.js_errors == []


@pytest.mark.slow
@pytest.mark.usefixtures("eager_celery")
def test_a_wrath_game_from_the_lobby_seats_a_bot_as_the_ancients(people, settings):
    settings.BOT_STEP_SECONDS = 0
    page = people(user=make_user("wrathful"))
    page.goto("/play/new/")
    page.check("input[name=mode][value=wrath]")
    expect(page.locator("#field-bots")).to_be_visible()
    page.select_option("select[name=faction]", "guild")
    page.select_option("select[name=map_name]", "dungeon")
    page.select_option("select[name=players]", "2")
    page.select_option("select[name=bots]", "1")
    page.click("main form button[type=submit]")
    page.wait_for_selector("#board-app.ready", timeout=15_000)
    expect(page.locator(".presence")).to_contain_text("Wrath bot")
    expect(page.locator(".wrath-goal")).to_be_visible()
    expect(page.locator('section.player[data-player="p2"] .faction')).to_have_text("The Ancients")

    from games.models import Game
    game = Game.objects.get(pk=re.search(r"/play/([0-9a-f-]{36})/", page.url).group(1))
    assert game.mode == "wrath"
    seats = {s.seat: (s.faction, s.colour, s.bot) for s in game.seats.all()}
    assert seats["p2"] == ("ancients", "", "wrath")
    shot(page, "wrath-lobby-board")
    assert page.js_errors == []


def test_the_ancients_claim_another_players_shard_from_the_board(chromium):
    case = magus_case()
    case["wrath"]["carried"] = {}
    case["players"][0]["shards"] = [12]  # Ada's shard under the Magus
    case["players"][1]["hand"] = [{"id": f"a_m{i}", "icons": {"ancients_magus": None}}
                                  for i in range(3)]
    table = case_table(case)
    page = open_page(chromium, table, "p2")
    page.click('.card[data-card="a_m0"]')
    page.click('button.option:has-text("Claim a shard")')
    page.click('.card[data-card="a_m1"]')
    page.click('.card[data-card="a_m2"]')
    wait_idle(page)
    state = table.state
    assert [s["owner"] for s in state.mode_state.carried["ancients_magus"]] == ["p1"]
    assert state.player("p1").shards == [] and state.player("p2").score == 0
    row = page.locator('li.char[data-character="ancients_magus"]')
    expect(row.locator(".tag.shard")).to_have_count(1)
    expect(row.locator(".tag.shard")).to_contain_text("next turn")
    expect(row.locator("button.special-action")).to_have_count(0)  # not before the next turn
    expect(page.locator("[data-role=log]")).to_contain_text("carries it")
    assert page.js_errors == []
