"""Issue 27 item 4: whose turn it is. The banner says whom the table waits for (co-op and a
war team's turn share a turn: "waiting for you and bram", then "waiting for bram"); a seat
that said "I'm done" is no longer told "your move"; and when an interrupt hands the turn
back, the page says why and what is expected (against the harness's in-memory table: the
real page, the real engine)."""
from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

if not Path("/usr/bin/chromium").exists():  # pragma: no cover
    pytest.skip("needs /usr/bin/chromium", allow_module_level=True)

from playwright.sync_api import expect  # noqa: E402

from browser.harness import (awoken_table, case_table, duel_case, open_page, wait_idle,  # noqa: E402
                             war_case)

END = "[data-role=end-turn]"
BANNER = ".turn-banner"
HINT = "[data-role=intent]"


def test_co_op_banner_names_whom_the_players_turn_waits_for(chromium):
    table = awoken_table(players=2)
    ada, bram = open_page(chromium, table, "p1"), open_page(chromium, table, "p2")
    for page in (ada, bram):
        wait_idle(page)
    expect(ada.locator(BANNER)).to_contain_text("waiting for you and bram")
    expect(bram.locator(BANNER)).to_contain_text("waiting for you and ada")

    ada.click(END)
    wait_idle(ada)
    wait_idle(bram)
    expect(ada.locator(BANNER)).to_contain_text("waiting for bram")
    expect(ada.locator(BANNER)).not_to_contain_text("you")
    expect(ada.locator(f"{BANNER}.yours")).to_have_count(0)
    expect(ada.locator(HINT)).to_contain_text("You are done: the table waits for bram")
    expect(ada.locator(HINT)).not_to_contain_text("Your move")
    expect(bram.locator(BANNER)).to_contain_text("waiting for you")
    expect(bram.locator(BANNER)).not_to_contain_text("ada")
    assert ada.js_errors == [] and bram.js_errors == []


def test_a_war_teammate_who_is_done_is_not_told_it_is_their_move(chromium):
    table = case_table(war_case())
    ada, cyd = open_page(chromium, table, "p1"), open_page(chromium, table, "p3")
    for page in (ada, cyd):
        wait_idle(page)
    expect(ada.locator(BANNER)).to_contain_text("waiting for you and cyd")

    cyd.click(END)
    wait_idle(cyd)
    wait_idle(ada)
    expect(cyd.locator(BANNER)).to_contain_text("waiting for ada")
    expect(cyd.locator(HINT)).to_contain_text("You are done")
    expect(cyd.locator(HINT)).not_to_contain_text("Your move")
    expect(cyd.locator(f"{BANNER}.yours")).to_have_count(0)
    expect(ada.locator(BANNER)).to_contain_text("waiting for you")
    expect(ada.locator(HINT)).to_contain_text("Your move")
    assert ada.js_errors == [] and cyd.js_errors == []


def test_an_interrupt_that_hands_the_turn_back_says_why_and_what_now(chromium):
    table = case_table(duel_case())
    ada = open_page(chromium, table, "p1")
    wait_idle(ada)
    ada.click(END)
    wait_idle(ada)
    table.apply("p2", {"do": "interrupt", "cards": ["n_wild"]})
    wait_idle(ada)
    expect(ada.locator(BANNER)).to_contain_text("bram's interrupt")
    table.apply("p2", {"do": "end_turn"})
    wait_idle(ada)
    assert table.state.turn.actor == "p1"
    expect(ada.locator(BANNER)).to_contain_text("Your turn")
    hint = ada.locator(HINT)
    expect(hint).to_contain_text("Bram's interrupt is over and the turn is back with you")
    expect(hint).to_contain_text("end your turn when you are done")
    expect(ada.locator("[data-role=log]")).to_contain_text("play returns to you, who play on")
    assert ada.js_errors == []
