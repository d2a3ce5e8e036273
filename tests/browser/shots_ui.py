"""The pictures of docs/ui.md's "Every mode's first turn" (issue 27): each mode's first turn
as its first player sees it, and the map legend, drawn through the harness (the real page
and engine, no site). Not a test; run it after changing what these pages show:

    .venv/bin/python tests/browser/shots_ui.py [OUT_DIR]     (default: docs/)
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wildlands_site.settings")
os.environ.setdefault("SECRET_KEY", "shots-only")
os.environ.setdefault("DEBUG", "1")

import django  # noqa: E402

django.setup()

from playwright.sync_api import sync_playwright  # noqa: E402

from browser.harness import FakeTable, awoken_table, launch, open_page, skirmish_table, wait_idle  # noqa: E402

NAMES = ("ada", "bram", "cyd", "dee")


def seated(state, colours=("purple", "orange", "blue", "red")) -> FakeTable:
    """A table of `state` with every seat assigned in secret, as the site does for people."""
    from wildlands.rules.setup import auto_assignment

    seats = [{"seat": p.id, "username": name, "faction": p.faction, "colour": p.colour or ""}
             for p, name in zip(state.players, NAMES)]
    table = FakeTable(state=state, seats=seats)
    for p in state.players:
        table.apply(p.id, {"do": "assign", "spaces": auto_assignment(table.state, p.id)})
    return table


def wrath_table() -> FakeTable:
    from wildlands.content.factions import load_faction
    from wildlands.content.maps import load_map
    from wildlands.rules.wrath.setup import new_wrath

    state = new_wrath(board=load_map("dungeon"), factions=[load_faction("guild"), load_faction("ancients")],
                      player_ids=["p1", "p2"], seed=5, ancients="p2")
    return seated(state)


def war_table() -> FakeTable:
    from wildlands.content.factions import load_faction
    from wildlands.content.maps import load_map
    from wildlands.rules.war.setup import new_war

    factions = [load_faction(f) for f in ("guild", "gnomads", "lawbringers", "pit_fighters")]
    state = new_war(board=load_map("dungeon"), factions=factions, player_ids=["p1", "p2", "p3", "p4"], seed=5)
    return seated(state)


def skirmish_first_turn() -> FakeTable:
    table = skirmish_table(assign=False)
    return seated(table.state)


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    tables = {
        "solo": (awoken_table(players=1), "p1"),
        "coop": (awoken_table(players=2), "p1"),
        "skirmish": (skirmish_first_turn(), None),
        "wrath": (wrath_table(), None),
        "war": (war_table(), None),
    }
    with sync_playwright() as p:
        browser = launch(p)
        for mode, (table, seat) in tables.items():
            seat = seat or table.state.turn.active or "p1"
            page = open_page(browser, table, seat)
            wait_idle(page)
            page.wait_for_timeout(600)
            page.screenshot(path=str(out / f"ui-first-turn-{mode}.png"))
            print(mode, seat, "errors:", page.js_errors)
        from wildlands.content.maps import load_map

        page = open_page(browser, skirmish_table(board=load_map("maze")), "p1")
        wait_idle(page)
        legend = page.locator("[data-role=map-legend]")
        legend.scroll_into_view_if_needed()
        page.wait_for_timeout(600)
        legend.screenshot(path=str(out / "ui-map-legend.png"))
        page.locator(".map-frame").screenshot(path=str(out / "ui-map-legend-board.png"))
        lake = open_page(browser, skirmish_table(board=load_map("lost_factory")), "p1")
        wait_idle(lake)
        lake.locator("[data-role=map-legend]").scroll_into_view_if_needed()
        lake.wait_for_timeout(600)
        lake.locator("[data-role=map-legend]").screenshot(path=str(out / "ui-map-legend-factory.png"))
        browser.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs")
