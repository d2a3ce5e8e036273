"""War for the Crystals on the board, in real Chromium against the harness's table.

What two teammates at two browsers see and do: the teams panel says who plays with whom
and each team's total; both teammates may play in their team's turn; one says "I'm done"
and waits for the other; when both are, the other team's turn begins on every page. The
other team's characters are the targets; a teammate's are not.
"""
from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

if not Path("/usr/bin/chromium").exists():  # pragma: no cover
    pytest.skip("needs /usr/bin/chromium", allow_module_level=True)

from playwright.sync_api import expect  # noqa: E402

from browser.harness import case_table, open_page, wait_idle, war_case  # noqa: E402
from browser.pages import shot  # noqa: E402

END = "[data-role=end-turn]"
STATUS = "[data-role=handoff-status]"


def test_the_board_shows_the_teams_their_totals_and_whose_turn_it_is(chromium):
    table = case_table(war_case())
    ada = open_page(chromium, table, "p1")
    bram = open_page(chromium, table, "p2")
    wait_idle(ada)
    wait_idle(bram)
    teams = ada.locator("[data-role=teams]")
    expect(teams).to_contain_text("War for the Crystals")
    expect(teams.locator('[data-team="t1"]')).to_contain_text("Team Dawn")
    expect(teams.locator('[data-team="t1"]')).to_contain_text("3 / 10 pts")  # 1 + 2: the team's total
    expect(teams.locator('[data-team="t2"]')).to_contain_text("Team Dusk")
    expect(teams.locator('[data-team="t2"]')).to_contain_text("0 / 10 pts")
    for seat, team in (("p1", "Team Dawn"), ("p3", "Team Dawn"), ("p2", "Team Dusk"), ("p4", "Team Dusk")):
        expect(ada.locator(f'section.player[data-player="{seat}"] .team-tag')).to_have_text(team)
    expect(ada.locator(".turn-banner")).to_contain_text("Your team's turn")
    expect(bram.locator(".turn-banner")).to_contain_text("Team Dawn's turn")
    expect(ada.locator(END)).to_have_text("I'm done")
    shot(ada, "war-teams")
    watcher = open_page(chromium, table, None)
    wait_idle(watcher)
    expect(watcher.locator("[data-role=teams]")).to_contain_text("Team Dusk")
    expect(watcher.locator(".turn-banner")).to_contain_text("Team Dawn's turn")
    assert ada.js_errors == [] and watcher.js_errors == []


def test_teammates_play_in_any_order_and_the_turn_passes_when_both_are_done(chromium):
    table = case_table(war_case())
    ada, cyd, bram = (open_page(chromium, table, s) for s in ("p1", "p3", "p2"))
    for page in (ada, cyd, bram):
        wait_idle(page)

    # cyd moves first, then ada: both may play in their team's turn
    cyd.click('.card[data-card="l_move"]')
    cyd.click('polygon.cell[data-space="20"]', force=True)
    wait_idle(cyd)
    assert table.state.characters["law_judge"].space == 20
    ada.click('.card[data-card="g_move"]')  # one option: straight to the destination
    ada.click('polygon.cell[data-space="19"]', force=True)
    wait_idle(ada)
    assert table.state.characters["guild_warden"].space == 19

    # cyd is done; the team's turn waits for ada
    cyd.click(END)
    wait_idle(cyd)
    wait_idle(ada)
    expect(cyd.locator(END)).to_have_text("Waiting for ada…")
    expect(cyd.locator(END)).to_be_disabled()
    expect(ada.locator(STATUS)).to_contain_text("Cyd is done")
    assert table.state.mode_state.active_team == "t1"
    shot(ada, "war-teammate-done")

    ada.click(END)
    for page in (ada, cyd, bram):
        wait_idle(page)
    assert table.state.mode_state.active_team == "t2"
    expect(bram.locator(".turn-banner")).to_contain_text("Your team's turn")
    expect(ada.locator(".turn-banner")).to_contain_text("Team Dusk's turn")
    expect(ada.locator("[data-role=log]")).to_contain_text("Team Dawn's turn is over.")
    log = ada.locator("[data-role=log]").inner_text()
    assert "Cyd is done; waiting for you." in log and "Round 1: Team Dusk's turn." in log
    assert not any(word in log.split() for word in ("t1", "t2", "p1", "p2", "p3", "p4")), log
    assert len(table.state.player("p1").hand) == 4  # one card left, three drawn
    assert len(table.state.player("p3").hand) == 3


def test_the_other_teams_character_is_a_target_and_a_teammates_is_not(chromium):
    table = case_table(war_case())
    ada = open_page(chromium, table, "p1")
    wait_idle(ada)
    targets = ada.evaluate("window.wildlandsBoard.flow.enemies().map((f) => f.id)")
    assert sorted(targets) == ["gnomads_glider", "pit_brute"]
    ada.click('.card[data-card="g_ranged"]')
    ada.click('button.option:has-text("ranged")')
    ada.click('.token[data-figure="gnomads_glider"]', force=True)
    wait_idle(ada)
    assert table.state.characters["gnomads_glider"].damage == 1  # bram holds no defence


# --- the lobby, on the live site (tests/browser/live.py, eager Celery) -------------------------
@pytest.mark.slow
def test_the_lobby_starts_a_war_with_three_bots_and_the_board_shows_the_teams(people, settings):
    from support.site import make_user

    settings.BOT_STEP_SECONDS = 0
    page = people(user=make_user("warlord"))
    page.goto("/play/new/")
    page.check("input[name=mode][value=war]")
    expect(page.locator("#field-players")).to_be_visible()
    expect(page.locator("#field-bots")).to_be_visible()
    expect(page.locator("#field-scenario")).to_be_hidden()
    page.select_option("select[name=faction]", "guild")
    page.select_option("select[name=map_name]", "dungeon")

    # six players are not offered at all (the server refuses them too:
    # tests/site/test_site_war.py; five play with the Ancients: test_browser_war5)
    expect(page.locator('select[name=players] option[value="6"]')).to_have_count(0)

    page.select_option("select[name=players]", "4")
    page.select_option("select[name=bots]", "3")
    page.click("main form button[type=submit]")
    page.wait_for_selector("#board-app.ready", timeout=15_000)
    teams = page.locator("[data-role=teams]")
    expect(teams).to_contain_text("Team Dawn", timeout=15_000)
    expect(teams).to_contain_text("Team Dusk")
    expect(page.locator('section.player[data-player="p1"] .team-tag')).to_have_text("Team Dawn")
    expect(page.locator('section.player[data-player="p3"] .team-tag')).to_have_text("Team Dawn")
    expect(page.locator('section.player[data-player="p2"] .team-tag')).to_have_text("Team Dusk")
    expect(page.locator(".presence")).to_contain_text("Greedy bot")
    expect(page.locator("[data-role=log]")).to_contain_text("Teams: Team Dawn")
    shot(page, "war-lobby-board")
    assert page.js_errors == []
