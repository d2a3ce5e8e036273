"""Issue 27 item 5: questions that don't bury the board. An interrupt question during the
Ancients' turn docks beside the board (not modal: the map stays in view and usable) and
offers "Pass, and don't ask me again this turn", after which that turn's further interrupt
questions are passed without asking. The Wrath's desperate measures is one docked, skippable
choice with the hand laid out card by card, named in words in the hint, and can be turned off
for the game (against the harness's in-memory table: the real page, the real engine)."""
from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

if not Path("/usr/bin/chromium").exists():  # pragma: no cover
    pytest.skip("needs /usr/bin/chromium", allow_module_level=True)

from playwright.sync_api import expect  # noqa: E402

from browser.harness import awoken_table, case_table, magus_case, open_page, wait_idle  # noqa: E402
from browser.pages import shot  # noqa: E402

UNCOVERED = """() => {
  const map = document.querySelector('[data-role=map] svg.map').getBoundingClientRect();
  const x = map.left + map.width / 2, y = map.top + map.height / 2;
  const hit = document.elementFromPoint(x, y);
  return !!hit && !!hit.closest('[data-role=map]');
}"""


def passes(table) -> int:
    return sum(1 for seat, m in table.received if m.get("type") == "command"
               and m["command"].get("respond") == "pass")


def test_interrupt_questions_dock_beside_the_board_and_can_be_silenced_for_the_turn(chromium):
    table = awoken_table(players=1, scenarios=("magus",), seed=3)
    page = open_page(chromium, table, "p1")
    wait_idle(page)
    page.click("[data-role=end-turn]")
    question = page.locator("dialog[open] .prompt[data-kind=interrupt_window]")
    expect(question).to_be_visible()
    assert page.evaluate("document.querySelector('dialog[data-role=prompt]').matches(':modal')") is False
    assert page.evaluate(UNCOVERED), "the question covers the middle of the map"
    box, side = question.bounding_box(), page.locator("aside.side").bounding_box()
    assert box["x"] >= side["x"] - 1, (box, side)  # over the side panel, beside the map
    shot(page, "ui-interrupt-docked")

    question.locator("[data-role=quiet-turn]").click()
    page.wait_for_function("() => window.wildlandsBoard.view.turn.phase === 'play'", timeout=20_000)
    wait_idle(page)
    assert table.state.turn.phase == "play"
    assert passes(table) > 1, "later questions of the turn were passed without asking"
    expect(page.locator("dialog[open]")).to_have_count(0)
    assert page.js_errors == []


def desperate_case() -> dict:
    case = magus_case()
    case["players"][1]["hand"] = [{"id": "a_move", "icons": {"ancients_magus": None}},
                                  {"id": "a_two", "icons": {"ancients_tyrant": None}},
                                  {"id": "a_wild", "wild": True}]
    return case


def test_desperate_measures_is_one_clear_skippable_choice_card_by_card(chromium):
    table = case_table(desperate_case())
    page = open_page(chromium, table, "p2")
    wait_idle(page)
    page.click("[data-role=end-turn]")
    prompt = page.locator('dialog[open] .prompt[data-kind="desperate_measures"]')
    expect(prompt).to_be_visible()
    assert page.evaluate("document.querySelector('dialog[data-role=prompt]').matches(':modal')") is False
    assert page.evaluate(UNCOVERED)
    intent = page.locator("[data-role=intent]")
    expect(intent).to_contain_text("Before you draw")
    expect(intent).not_to_contain_text("desperate_measures")
    expect(intent).not_to_contain_text("A decision for you")
    cards = prompt.locator(".discard-cards .card")
    expect(cards).to_have_count(3)
    tops = cards.evaluate_all("ns => ns.map(n => n.getBoundingClientRect())")
    for a, b in zip(tops, tops[1:]):  # each card its own box, none run together
        assert a["right"] <= b["left"] + 1 or a["bottom"] <= b["top"] + 1, tops
    expect(prompt.locator("[data-role=keep-hand]")).to_be_visible()
    cards.nth(1).click()
    expect(prompt.locator("[data-role=discard-picked]")).to_have_text("Throw away 1 card, then draw")
    shot(page, "ui-desperate-measures")
    prompt.locator("[data-role=keep-hand-always]").check()
    prompt.locator("[data-role=keep-hand]").click()
    wait_idle(page)
    assert table.state.turn.active == "p1"
    assert table.state.player("p2").hand[:3] == ["a_move", "a_two", "a_wild"]  # kept

    # Ada's turn, then Bram's ends again: his hand is kept without asking
    table.apply("p1", {"do": "end_turn"})
    wait_idle(page)
    before = passes(table)
    page.click("[data-role=end-turn]")
    page.wait_for_function("() => window.wildlandsBoard.view.turn.active === 'p1'", timeout=10_000)
    assert passes(table) == before + 1
    expect(page.locator('dialog[open] .prompt[data-kind="desperate_measures"]')).to_have_count(0)
    assert page.js_errors == []
