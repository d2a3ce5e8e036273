"""A treasure usable at any moment, on the board page, in the moments its card allows.

Troll Salve's card says it may be used at any moment, even in the Ancients' turn or while its
holder is asked to defend; the engine's legal list then offers `use_treasure`. The question
dialog is modal, so it offers the treasure itself; a use answers nothing, so the question
is still there afterwards. And a legal list holding only such a use is no turn of one's own:
the page must not say "Your move" then.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

if not Path("/usr/bin/chromium").exists():  # pragma: no cover
    pytest.skip("needs /usr/bin/chromium", allow_module_level=True)

from playwright.sync_api import expect  # noqa: E402

from browser.harness import case_table, open_page, wait_idle  # noqa: E402
from browser.pages import shot  # noqa: E402

SALVE = {"do": "use_treasure", "character": "ash", "treasure": "troll_salve"}
ROW = {"bounds": [0, 0, 50, 10], "spaces": [{"n": n, "at": [n * 10 - 5, 5]} for n in range(1, 6)],
       "open": [[n, n + 1] for n in range(1, 5)]}


def salve_case(options: dict) -> dict:
    """Ash (hurt once) holds Troll Salve; a hound two spaces away shoots in the Ancients' turn."""
    return {
        "mode": "awoken", "board": ROW, "options": options,
        "players": [{"id": "p1", "faction": "guild", "colour": "purple", "characters": [
            {"id": "ash", "name": "Ash Emberhand", "health": 3, "space": 2, "damage": 1,
             "treasures": ["troll_salve"]}]}],
        "awoken": {"scenarios": [{
            "number": 3, "player": "p1", "ancient": {"id": "magus", "health": 6, "space": None},
            "minion_types": {"hound": {"health": 1}}, "minions": [{"id": "m1", "type": "hound", "space": 4}],
            "minion_deck": [{"id": "mc1", "top": {"type": "hound", "actions": ["ranged"]},
                             "bottom": {"type": "hound", "actions": ["move"]}}]}]},
    }


def commands_sent(table) -> list:
    return [m["command"] for _, m in table.received if m.get("type") == "command"]


def test_the_defence_question_offers_the_salve_and_stays_for_the_defence(chromium):
    table = case_table(salve_case({"auto_pass_defence": False}))
    page = open_page(chromium, table, "p1")
    table.apply("p1", {"do": "end_turn"})  # the hound shoots Ash: Ash is asked to defend
    wait_idle(page)
    dialog = page.locator("dialog[open] .prompt[data-kind=defend]")
    expect(dialog).to_be_visible()
    use = dialog.locator("button.treasure-use")
    expect(use).to_have_count(1)
    expect(use).to_contain_text("Use Troll Salve (Ash)")
    expect(use).to_contain_text("remove one damage from the holder")  # what the card does
    shot(page, "harness-defend-with-treasure")
    use.click()
    expect(page.locator("[data-role=log]")).to_contain_text("uses Troll Salve")
    wait_idle(page)
    assert commands_sent(table) == [SALVE]  # exactly as the legal list offered it
    assert table.state.characters["ash"].damage == 0
    # the salve answered nothing: the same question, drawn again without the used card
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Defend Ash")
    expect(dialog.locator("button.treasure-use")).to_have_count(0)
    dialog.locator("button:has-text('Take the hit')").click()
    wait_idle(page)
    assert table.state.prompt is None and table.state.characters["ash"].damage == 1
    expect(page.locator("dialog[open]")).to_have_count(0)
    assert page.js_errors == []


def test_the_interrupt_question_offers_the_salve_without_using_the_wild_card(chromium):
    case = salve_case({})
    case["players"][0]["hand"] = [{"id": "w1", "wild": True}]
    case["awoken"]["scenarios"][0]["minion_deck"][0]["top"]["actions"] = ["move"]
    table = case_table(case)
    page = open_page(chromium, table, "p1")
    table.apply("p1", {"do": "end_turn"})  # a minion card is revealed: interrupt?
    wait_idle(page)
    dialog = page.locator("dialog[open] .prompt[data-kind=interrupt_window]")
    expect(dialog).to_be_visible()
    dialog.locator("button.treasure-use:has-text('Use Troll Salve (Ash)')").click()
    expect(page.locator("[data-role=log]")).to_contain_text("uses Troll Salve")
    wait_idle(page)
    assert commands_sent(table) == [SALVE]
    assert table.state.player("p1").hand == ["w1"]  # the wild card was not spent
    expect(dialog).to_be_visible()
    expect(dialog.locator('.card[data-card="w1"]')).to_have_count(1)
    expect(dialog.locator("button.treasure-use")).to_have_count(0)
    assert page.js_errors == []


def test_a_salve_in_the_ancients_turn_is_not_your_move(chromium):
    table = case_table(salve_case({"defer_ancients": True}), run_ancients=False)
    table.apply("p1", {"do": "end_turn"})  # the Ancients' turn waits for its worker
    assert table.initial("p1")["legal"] == [SALVE]
    page = open_page(chromium, table, "p1")
    wait_idle(page)
    intent = page.locator("[data-role=intent]")
    expect(intent).to_contain_text("The Ancients are taking their turn.")
    expect(intent).not_to_contain_text("Your move")
    expect(page.locator(".turn-banner")).not_to_have_class(re.compile(r"\byours\b"))
    # the panel's "use" button is still there for it
    page.locator('li.char[data-character="ash"] button.mini:has-text("use")').click()
    expect(page.locator("[data-role=log]")).to_contain_text("uses Troll Salve")
    wait_idle(page)
    assert commands_sent(table) == [SALVE]
    assert table.state.characters["ash"].damage == 0
    expect(intent).not_to_contain_text("Your move")
    assert page.js_errors == []
