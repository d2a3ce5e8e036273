"""The special-rule maps of part A on the board page, in real Chromium: each map opens and
shows its own rules (canyons, stairs and second numbers, thorn edges, portals, the tower and
numberless cores), and a move uses a rule's adjacency (a portal leads to the tower)."""
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


def open_map(chromium, name: str):
    """A two-player skirmish on the shipped map `name`, seen by the player to move."""
    table = skirmish_table(board=load_map(name))
    page = open_page(chromium, table, table.state.turn.active)
    wait_idle(page)
    assert page.locator("svg.map polygon.cell").count() == len(table.state.board.spaces)
    return table.state.board, page


def spaces_of(page, selector: str) -> list[int]:
    return sorted(page.eval_on_selector_all(selector, "ns => ns.map(n => +n.dataset.space)"))


def test_the_crystal_canyons_show_the_high_plateau_and_the_low_canyons(chromium):
    board, page = open_map(chromium, "crystal_canyons")
    high = [n for n in board.spaces if board.is_high(n)]
    assert len(high) > len(board.spaces) / 2  # mostly high ground
    assert spaces_of(page, "polygon.cell.high") == high
    assert spaces_of(page, "polygon.cell:not(.high)") == [n for n in board.spaces if n not in high]
    assert page.locator("g.climbs polygon").count() > 0  # the climbs out of the canyons
    shot(page, "map-crystal-canyons")


def test_the_dark_house_shows_its_stairs_in_matching_pairs_and_its_double_numbers(chromium):
    board, page = open_map(chromium, "dark_house")
    stairs = board.features.get("stairs")
    drawn = page.eval_on_selector_all("g.stair", "ns => ns.map(n => [n.dataset.stair, +n.dataset.space, +n.dataset.to])")
    assert len(drawn) == 2 * len(stairs) == 6
    for letter in {d[0] for d in drawn}:
        ends = sorted(d[1] for d in drawn if d[0] == letter)
        assert ends in stairs
    for space, second in board.features.get("second_numbers"):
        core = page.locator(f'g.core[data-space="{space}"]')
        expect(core).to_have_attribute("data-second", str(second))
        expect(core.locator("text")).to_have_text(f"{space}/{second}")
    neighbours = page.evaluate("(n) => window.wildlandsBoard.map.neighbours(n)", stairs[0][0])
    assert stairs[0][1] in neighbours  # the page moves by the stairs as the engine does
    shot(page, "map-dark-house")


def test_the_crypt_draws_thorn_edges_instead_of_walls(chromium):
    board, page = open_map(chromium, "crypt")
    thorns = board.features.get("thorns")
    drawn = page.eval_on_selector_all("line.thorn", "ns => ns.map(n => [+n.dataset.a, +n.dataset.b])")
    assert sorted(drawn) == thorns
    walls = page.eval_on_selector_all("g.walls line", "ns => ns.map(n => [+n.dataset.a, +n.dataset.b])")
    assert not [w for w in walls if sorted(w) in thorns]
    shot(page, "map-crypt")


def test_warlocks_tower_shows_portals_the_tower_and_numberless_cores(chromium):
    board, page = open_map(chromium, "warlocks_tower")
    features = board.features
    assert spaces_of(page, "g.portal") == features.get("portals")
    assert spaces_of(page, "g.portal.tower") == [features.get("tower")]
    assert spaces_of(page, "g.core.numberless") == features.get("numberless")
    for n in features.get("numberless"):
        expect(page.locator(f'g.core[data-space="{n}"] text')).to_have_text("")
    shot(page, "map-warlocks-tower")


def test_a_move_from_a_portal_offers_every_other_portal_and_takes_the_tower(chromium):
    board = load_map("warlocks_tower")
    portals, tower = board.features.get("portals"), board.features.get("tower")
    start = next(p for p in portals if p != tower)
    table = case_table({
        "map": "warlocks_tower",
        "players": [
            {"id": "p1", "faction": "guild", "colour": "purple",
             "characters": [{"id": "guild_warden", "name": "Brannoc the Warden", "health": 3, "space": start}],
             "hand": [{"id": "g_move", "icons": {"guild_warden": None}},
                      {"id": "g_move2", "icons": {"guild_warden": None}}]},
            {"id": "p2", "faction": "gnomads", "colour": "orange",
             "characters": [{"id": "gnomads_chief", "name": "Old Burl", "health": 3,
                             "space": next(n for n in board.spaces if n not in portals)}]},
        ],
    })
    page = open_page(chromium, table, "p1")
    page.click('.card[data-card="g_move"]')
    expect(page.locator("[data-role=intent]")).to_contain_text("moves to")
    highlighted = spaces_of(page, "polygon.cell.target")
    assert set(portals) - {start} <= set(highlighted)
    page.click(f'polygon.cell[data-space="{tower}"]', force=True)
    if board.is_high(tower) and not board.is_high(start):
        expect(page.locator("[data-role=intent]")).to_contain_text("second card")
        page.click('.card[data-card="g_move2"]')
    wait_idle(page)
    assert table.state.characters["guild_warden"].space == tower


def test_crossing_thorns_asks_for_a_cover_card_and_a_cover_card_stops_the_sting(chromium):
    board = load_map("crypt")
    here, there = board.features.get("thorns")[0]
    table = case_table({
        "map": "crypt",
        "players": [
            {"id": "p1", "faction": "guild", "colour": "purple",
             "characters": [{"id": "guild_warden", "name": "Brannoc the Warden", "health": 3, "space": here}],
             "hand": [{"id": "g_move", "icons": {"guild_warden": None}},
                      {"id": "g_cover", "icons": {"guild_warden": "cover"}}]},
            {"id": "p2", "faction": "gnomads", "colour": "orange",
             "characters": [{"id": "gnomads_chief", "name": "Old Burl", "health": 3,
                             "space": max(board.spaces)}]},
        ],
    })
    page = open_page(chromium, table, "p1")
    page.click('.card[data-card="g_move"]')
    expect(page.locator("[data-role=intent]")).to_contain_text("moves to")
    assert there in spaces_of(page, "polygon.cell.target")  # across the thorns
    page.click(f'polygon.cell[data-space="{there}"]', force=True)
    dialog = page.locator("dialog[open] .prompt[data-kind=defend]")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("pushes through the thorns")
    shot(page, "map-crypt-thorns-prompt")
    dialog.locator('.card[data-card="g_cover"]').click()
    wait_idle(page)
    assert table.state.characters["guild_warden"].space == there
    assert table.state.characters["guild_warden"].damage == 0
