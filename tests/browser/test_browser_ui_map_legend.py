"""Issue 27 item 2: the maps explain themselves. Every special map lists its own rules in the
side panel ("This map's rules": one line per feature, with a picture drawn as the map draws
it); a space with a feature explains it on hover (its tooltip) and on a tap; a tomb's curse
is a skull badge, not a diamond like a player's shard (against the harness's in-memory table:
the real page, the real engine)."""
from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

if not Path("/usr/bin/chromium").exists():  # pragma: no cover
    pytest.skip("needs /usr/bin/chromium", allow_module_level=True)

from playwright.sync_api import expect  # noqa: E402

from browser.harness import open_page, skirmish_table, wait_idle  # noqa: E402
from browser.pages import shot  # noqa: E402
from wildlands.content.maps import load_map  # noqa: E402

# each special map and the rules its legend must explain (the features the board data has)
MAPS = {
    "abyssal_lake": ["slippery", "thin_ice"],
    "lost_factory": ["belts"],
    "maze": ["tombs"],
    "dark_house": ["stairs", "second_numbers"],
    "warlocks_tower": ["portals", "tower", "numberless"],
    "crypt": ["thorns"],
}
WORDS = {"slippery": "Slippery ground", "thin_ice": "Thin ice", "belts": "Conveyor belt",
         "tombs": "Tomb", "stairs": "Stairs", "second_numbers": "two numbers",
         "portals": "Portal", "tower": "tower", "numberless": "without a number",
         "thorns": "Thorn hedge"}


@pytest.mark.parametrize("name", sorted(MAPS))
def test_each_special_map_lists_what_its_rules_do(chromium, name):
    board = load_map(name)
    page = open_page(chromium, skirmish_table(board=board), "p1")
    wait_idle(page)
    legend = page.locator("[data-role=map-legend]")
    expect(legend).to_be_visible()
    expect(legend).to_contain_text("This map's rules")
    items = legend.locator(".legend-item")
    assert items.evaluate_all("ns => ns.map(n => n.dataset.feature)") == MAPS[name]
    for feature in MAPS[name]:
        item = legend.locator(f'.legend-item[data-feature="{feature}"]')
        expect(item).to_contain_text(WORDS[feature])
        expect(item.locator("svg.legend-swatch")).to_have_count(1)
        assert len(item.inner_text()) > 40, item.inner_text()  # says what it does, not just a name
    if name == "maze":
        shot(page, "ui-map-legend-board", ".map-frame")
        legend.scroll_into_view_if_needed()
        shot(page, "ui-map-legend", "[data-role=map-legend]")
    assert page.js_errors == []


def test_a_plain_map_has_no_legend(chromium):
    page = open_page(chromium, skirmish_table(board=load_map("dungeon")), "p1")
    wait_idle(page)
    expect(page.locator("[data-role=map-legend]")).to_have_count(0)
    assert page.js_errors == []


def test_a_space_explains_its_rule_on_hover_and_on_a_tap(chromium):
    board = load_map("abyssal_lake")
    ice = board.features.get("thin_ice")[0]
    page = open_page(chromium, skirmish_table(board=board), "p1")
    wait_idle(page)
    cell = page.locator(f'polygon.cell[data-space="{ice}"]')
    title = cell.locator("title").text_content()
    assert title.startswith(f"Space {ice}.") and "Thin ice" in title and "1 damage" in title, title
    cell.click(force=True)  # no play under way: the tap explains the space
    expect(page.locator(".toast")).to_contain_text("Thin ice")
    assert page.js_errors == []


def test_a_tombs_curse_is_a_skull_badge_not_a_shard(chromium):
    board = load_map("maze")
    page = open_page(chromium, skirmish_table(board=board), "p1")
    wait_idle(page)
    curse = page.locator(".map-rules .tomb.cursed .curse").first
    expect(curse).to_be_visible()
    assert curse.evaluate("n => n.tagName") == "g"  # not the old diamond polygon
    expect(curse.locator(".curse-skull")).to_have_count(1)
    expect(curse.locator("title")).to_have_text("A curse still in this tomb")
    # its colours are none of the players'
    colours = page.evaluate("""() => [...document.querySelectorAll('.map-rules .tomb .curse *')]
      .map(n => getComputedStyle(n).fill)""")
    shards = page.evaluate("""() => [...document.querySelectorAll('.token .body')]
      .map(n => getComputedStyle(n).fill)""")
    assert colours and not set(colours) & set(shards), (colours, shards)
    assert page.js_errors == []
