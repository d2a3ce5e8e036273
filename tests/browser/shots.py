"""Screenshots of the board for looking at it while working on it (not a test).

    .venv/bin/python tests/browser/shots.py [OUT_DIR]

Renders a skirmish and a two-player Awoken game through the harness at desktop and phone
sizes and writes PNGs to OUT_DIR (default test-artifacts/shots).
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

from browser.harness import (  # noqa: E402
    awoken_table, case_table, duel_case, launch, open_page, skirmish_table, wait_idle)


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = launch(p)
        table = skirmish_table()
        page = open_page(browser, table, table.state.turn.active)
        wait_idle(page)
        page.screenshot(path=str(out / "skirmish-desktop.png"), full_page=True)
        print("errors:", page.js_errors)
        aw = awoken_table()
        page = open_page(browser, aw, "p1")
        wait_idle(page)
        page.screenshot(path=str(out / "awoken-desktop.png"), full_page=True)
        print("errors:", page.js_errors)
        phone = open_page(browser, aw, "p2", viewport=(390, 844), device_scale_factor=2, is_mobile=True, has_touch=True)
        wait_idle(phone)
        phone.screenshot(path=str(out / "awoken-phone.png"), full_page=True)
        print("errors:", phone.js_errors)
        phone.click(".map-zoom")
        phone.screenshot(path=str(out / "awoken-phone-zoomed.png"))
        duel = case_table(duel_case())
        page = open_page(browser, duel, "p1")
        page.click('.card[data-card="g_ranged"]')
        page.screenshot(path=str(out / "choose-option.png"))
        page.click('button.option:has-text("ranged")')
        page.screenshot(path=str(out / "choose-target.png"))
        page.click("button:has-text('Cancel')")
        page.click('.card[data-card="g_move"]')
        page.screenshot(path=str(out / "choose-space.png"))
        browser.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "test-artifacts" / "shots")
