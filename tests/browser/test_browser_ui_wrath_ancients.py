"""Issue 27 item 6: playing the Ancients in The Wrath. The page offers a claim only when the
server lists one (no more "Claim a shard" answered by "not three of a kind for
ancients_lizardman"), the goal panel tells the Ancients' player how shards buy special
actions and why an Ancient on a shard cannot take it yet, and a refusal names characters in
words (against the harness's in-memory table: the real page, the real engine)."""
from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

if not Path("/usr/bin/chromium").exists():  # pragma: no cover
    pytest.skip("needs /usr/bin/chromium", allow_module_level=True)

from playwright.sync_api import expect  # noqa: E402

from browser.harness import case_table, magus_case, open_page, wait_idle  # noqa: E402
from browser.pages import shot  # noqa: E402


def on_a_shard(hand: list) -> dict:
    """Ada's shard lies under the Magus (space 12); Bram plays the Ancients with `hand`."""
    case = magus_case()
    case["wrath"]["carried"] = {}
    case["players"][0]["shards"] = [12]
    case["players"][1]["hand"] = hand
    return case


def magus(i: int) -> dict:
    return {"id": f"a_m{i}", "icons": {"ancients_magus": None}}


def tyrant(i: int) -> dict:
    return {"id": f"a_t{i}", "icons": {"ancients_tyrant": None}}


def test_no_claim_is_offered_the_server_would_refuse_and_the_panel_says_why(chromium):
    table = case_table(on_a_shard([magus(0), tyrant(0), tyrant(1)]))
    page = open_page(chromium, table, "p2")
    wait_idle(page)
    page.click('.card[data-card="a_m0"]')
    expect(page.locator("[data-role=intent]")).to_contain_text("Ysolde")
    expect(page.locator("button.option", has_text="Claim")).to_have_count(0)
    claims = [m for _, m in table.received if m.get("type") == "command" and m["command"].get("do") == "claim"]
    assert claims == []

    howto = page.locator("[data-role=special-howto]")
    expect(howto).to_contain_text("three cards showing that Ancient")
    expect(howto).to_contain_text("special action")
    expect(howto).to_contain_text("Ysolde the Unwritten stands on a shard on 12, but taking it needs three cards")
    expect(howto).to_contain_text("you hold 1")
    shot(page, "ui-wrath-ancients-howto", ".wrath-goal")
    assert page.js_errors == []


def test_a_claim_the_server_lists_is_offered_with_only_the_cards_that_pay(chromium):
    table = case_table(on_a_shard([magus(0), magus(1), tyrant(0), magus(2)]))
    page = open_page(chromium, table, "p2")
    wait_idle(page)
    expect(page.locator("[data-role=special-howto]")).to_contain_text("stands on a shard: pick a card showing")
    page.click('.card[data-card="a_m0"]')
    page.click('button.option:has-text("Claim a shard for a special action")')
    page.click('.card[data-card="a_t0"]')  # a Tyrant card cannot pay for the Magus's claim
    assert page.evaluate("window.wildlandsBoard.flow.draft.cards") == ["a_m0"]
    page.click('.card[data-card="a_m1"]')
    page.click('.card[data-card="a_m2"]')
    wait_idle(page)
    assert [s["owner"] for s in table.state.mode_state.carried["ancients_magus"]] == ["p1"]
    assert page.js_errors == []


def test_a_refusal_names_the_characters_in_words(chromium):
    table = case_table(on_a_shard([magus(0), tyrant(0), tyrant(1)]))
    page = open_page(chromium, table, "p2")
    wait_idle(page)
    page.evaluate("""() => window.wildlandsBoard.sendCommand(
      {do: "claim", character: "ancients_magus", cards: ["a_m0", "a_t0", "a_t1"]}, "claim")""")
    error = page.locator(".intent-row.error")
    expect(error).to_contain_text("Ysolde the Unwritten")
    expect(error).not_to_contain_text("ancients_magus")
    assert "ancients_magus" not in page.locator("[data-role=log]").inner_text()
    assert page.js_errors == []
