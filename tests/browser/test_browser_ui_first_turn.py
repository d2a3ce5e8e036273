"""Issue 27 item 3: a skirmish's first turn, when every character still waits hidden. The
hint says to reveal a character first (not to pick a card), a card picked says the same, and
revealing is a button away (against the harness's in-memory table: the real page, the real
engine)."""
from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

if not Path("/usr/bin/chromium").exists():  # pragma: no cover
    pytest.skip("needs /usr/bin/chromium", allow_module_level=True)

from playwright.sync_api import expect  # noqa: E402

from browser.harness import open_page, skirmish_table, wait_idle  # noqa: E402
from browser.pages import shot  # noqa: E402


def hidden_start():
    """A skirmish just after both players placed their characters in secret."""
    from wildlands.rules.setup import auto_assignment

    table = skirmish_table(assign=False)
    for seat in ("p1", "p2"):
        table.apply(seat, {"do": "assign", "spaces": auto_assignment(table.state, seat)})
    return table


def test_the_first_turn_asks_for_a_reveal_and_offers_one(chromium):
    table = hidden_start()
    seat = table.state.turn.active
    mine = [c for c in table.state.characters_of(seat)]
    page = open_page(chromium, table, seat)
    intent = page.locator("[data-role=intent]")
    expect(intent).to_contain_text("Reveal a character first")
    expect(intent).not_to_contain_text("pick a card")
    buttons = intent.locator("button.reveal-now")
    expect(buttons).to_have_count(len(mine))
    expect(page.locator("#board-app.must-reveal")).to_have_count(1)
    shot(page, "ui-first-turn-skirmish", "#board-app")

    # a card picked now says the same, and the reveal buttons stay at hand
    page.locator(".card").first.click()
    expect(intent).to_contain_text("Reveal a character first")
    expect(intent).not_to_contain_text("its characters are not on the board")
    expect(buttons).to_have_count(len(mine))

    first = mine[0]
    intent.locator(f'button.reveal-now[data-character="{first.id}"]').click()
    wait_idle(page)
    assert table.state.characters[first.id].space is not None
    expect(intent).not_to_contain_text("Reveal a character first")
    expect(intent.locator("button.reveal-now")).to_have_count(0)
    expect(page.locator("#board-app.must-reveal")).to_have_count(0)
    assert page.js_errors == []
