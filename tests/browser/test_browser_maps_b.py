"""The special-rule maps of issue 15 (part B) on the board page, in real Chromium: each map's
own rules are drawn (slippery ground and thin ice, conveyor belts with their arrows, tombs
with their curses), and their questions (a push, a belt to run) are answered on the page.

Against the harness's in-memory table (tests/browser/harness.py): the real template, board.js
and engine; the websocket answered from Python.
"""
from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

if not Path("/usr/bin/chromium").exists():  # pragma: no cover
    pytest.skip("needs /usr/bin/chromium", allow_module_level=True)

from playwright.sync_api import expect  # noqa: E402

from browser.harness import case_table, open_page, skirmish_table, wait_idle  # noqa: E402
from browser.pages import shot  # noqa: E402
from wildlands.content.maps import load_map  # noqa: E402


def spaces_of(page, selector: str) -> list[int]:
    return sorted(page.eval_on_selector_all(selector, "ns => ns.map(n => +n.dataset.space)"))


def duel_on(map_name: str, p1: list, p2: list, hand: list, **extra) -> dict:
    """A rules-case position on a shipped map: Ada (p1) to play with `hand`."""
    return {
        "map": map_name,
        "players": [
            {"id": "p1", "faction": "guild", "colour": "purple", "characters": p1, "hand": hand,
             "deck": [{"id": f"g_deck{i}", "icons": {p1[0]["id"]: None}} for i in range(4)],
             **extra},
            {"id": "p2", "faction": "gnomads", "colour": "orange", "characters": p2},
        ],
    }


def test_the_lake_draws_its_slippery_ground_and_its_thin_ice(chromium):
    board = load_map("abyssal_lake")
    page = open_page(chromium, skirmish_table(board=board), "p1")
    wait_idle(page)
    assert page.locator("svg.map polygon.cell.slippery").count() == len(board.spaces)
    assert spaces_of(page, ".map-rules .thin-ice") == board.features.get("thin_ice")
    shot(page, "maps-b-abyssal-lake")
    assert page.js_errors == []


def test_the_factory_draws_both_belts_with_an_arrow_along_each_step(chromium):
    board = load_map("lost_factory")
    page = open_page(chromium, skirmish_table(board=board), "p1")
    wait_idle(page)
    for belt in board.features.get("belts"):
        group = page.locator(f'.map-rules .belt[data-belt="{belt["name"]}"]')
        expect(group).to_have_count(1)
        arrows = group.locator(".belt-arrow").evaluate_all(
            "ns => ns.map(n => [+n.dataset.from, +n.dataset.to])")
        assert arrows == [list(step) for step in zip(belt["path"], belt["path"][1:])]
        expect(group.locator(".belt-name")).to_have_text(f'{belt["name"]} belt')
    shot(page, "maps-b-lost-factory")
    assert page.js_errors == []


def test_the_maze_draws_its_tombs_and_a_curse_leaves_the_tomb_it_is_taken_from(chromium):
    board = load_map("maze")
    tomb = board.features.get("tombs")[0]
    start = min(board.neighbours(tomb))
    table = case_table(duel_on(
        "maze",
        p1=[{"id": "guild_warden", "name": "Brannoc the Warden", "health": 3, "space": start}],
        p2=[{"id": "gnomads_chief", "name": "Old Burl", "health": 3, "space": 20}],
        hand=[{"id": "g_move", "icons": {"guild_warden": None}}]))
    page = open_page(chromium, table, "p1")
    wait_idle(page)
    assert spaces_of(page, ".map-rules .tomb") == board.features.get("tombs")
    assert spaces_of(page, ".map-rules .tomb.cursed") == board.features.get("tombs")
    page.click('.card[data-card="g_move"]')
    page.click(f'polygon.cell[data-space="{tomb}"]', force=True)
    wait_idle(page)
    assert table.state.characters["guild_warden"].space == tomb
    expect(page.locator(f'.map-rules .tomb[data-space="{tomb}"]')).not_to_have_class("tomb cursed")
    assert tomb not in spaces_of(page, ".map-rules .tomb.cursed")
    expect(page.locator("[data-role=log]")).to_contain_text(f"takes the curse of the tomb on {tomb}")
    expect(page.locator(".tag.curse")).to_have_text("cursed")
    shot(page, "maps-b-maze-curse")
    assert page.js_errors == []


def test_a_slide_on_the_lake_asks_whom_to_push_and_the_push_is_made_on_the_page(chromium):
    board = load_map("abyssal_lake")
    plain = [n for n in board.spaces
             if n not in board.features.get("thin_ice") and not board.is_high(n)]
    # a walk of two moves over plain ground (no climb, no thin ice), ending where Burl stands
    before, first, there = next((a, b, c) for a in plain for b in board.neighbours(a)
                                if b in plain for c in board.neighbours(b) if c in plain and c != a)
    table = case_table(duel_on(
        "abyssal_lake",
        p1=[{"id": "guild_warden", "name": "Brannoc the Warden", "health": 3, "space": before}],
        p2=[{"id": "gnomads_chief", "name": "Old Burl", "health": 3, "space": there}],
        hand=[{"id": "g_move1", "icons": {"guild_warden": None}},
              {"id": "g_move2", "icons": {"guild_warden": None}}]))
    table.apply("p1", {"do": "move", "character": "guild_warden", "to": first, "cards": ["g_move1"]})
    page = open_page(chromium, table, "p1")
    wait_idle(page)
    page.click('.card[data-card="g_move2"]')
    page.click(f'polygon.cell[data-space="{there}"]', force=True)
    dialog = page.locator('.prompt[data-kind="push"]')
    expect(dialog).to_be_visible()
    target = min(board.neighbours(there))
    dialog.locator(f'button.choice:has-text("Push Old Burl to {target}")').click()
    wait_idle(page)
    assert table.state.characters["gnomads_chief"].space == target
    expect(page.locator("[data-role=log]")).to_contain_text(f"pushes Old Burl from {there} to {target}")
    assert page.js_errors == []


def test_a_point_in_the_factory_offers_the_belts_and_one_runs_from_the_page(chromium):
    board = load_map("lost_factory")
    north = next(b for b in board.features.get("belts") if b["name"] == "north")["path"]
    table = case_table(duel_on(
        "lost_factory",
        p1=[{"id": "guild_warden", "name": "Brannoc the Warden", "health": 3, "space": north[0]}],
        p2=[{"id": "gnomads_chief", "name": "Old Burl", "health": 3, "space": north[1]}],
        hand=[{"id": f"g_claim{i}", "icons": {"guild_warden": None}} for i in range(3)],
        shards=[north[0]]))
    page = open_page(chromium, table, "p1")
    wait_idle(page)
    table.apply("p1", {"do": "claim", "character": "guild_warden",
                       "cards": ["g_claim0", "g_claim1", "g_claim2"]})
    dialog = page.locator('.prompt[data-kind="belt"]')
    expect(dialog).to_be_visible()
    expect(dialog.locator("button.choice")).to_have_count(2)
    dialog.locator('button.choice:has-text("Run the north belt")').click()
    wait_idle(page)
    assert table.state.characters["guild_warden"].space == north[1]
    assert table.state.characters["gnomads_chief"].space == north[2]
    expect(page.locator("[data-role=log]")).to_contain_text("the north belt")
    assert page.js_errors == []
