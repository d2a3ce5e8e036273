"""A game's live board in Chromium, for the browser tests on the served site: a player who
can sign in, the board opened and settled, its version, a screenshot that also refreshes
docs/ui.md's picture on request, and the Defenders board's own steps (a table made through
the lobby, a click on a lit hex, a pick from the hand, waiting for a stage or a partner).

Why here: test_browser_learn, test_browser_defenders, _friendly and _marks open the same
boards the same way; a test module importing another (and with it its module-level skip
and marks) hid which helpers were shared.
"""
from __future__ import annotations

import os
import shutil
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError, TimeoutError as PlaywrightTimeout, expect

from .harness import wait_idle
from .pages import ARTIFACTS, MOTION_KEY, PASSWORD, shot

DOCS = Path(__file__).resolve().parents[2] / "docs"
APP = "window.wildlandsBoard"


def make_user(name: str):
    """A user who can sign in with the browser tests' password."""
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user(name, password=PASSWORD)


def docs_shot(page, name: str, element: str = "") -> None:
    shot(page, name, element)
    if os.environ.get("WILDLANDS_DOCS_SHOTS"):  # refresh docs/ui.md's pictures on request
        shutil.copyfile(ARTIFACTS / f"{name}.png", DOCS / f"{name}.png")


def open_board(page, url: str, *, motion: str = "off") -> None:
    """The board at `url`, live, with the animations as asked (set before the page starts)."""
    page.add_init_script(f"localStorage.setItem('{MOTION_KEY}', '{motion}')")
    page.goto(url)
    page.wait_for_selector("#board-app.ready", timeout=15_000)
    expect(page.locator(".conn")).to_have_text("Live", timeout=15_000)
    wait_idle(page, timeout=30_000)


def version(page) -> int:
    return page.evaluate(f"{APP}.version")


# --- Defenders of the Wild's board -----------------------------------------------------------
def new_table(user, **choices):
    """A Defenders table made through the lobby as the new-game form would."""
    from games import lobby

    return lobby.game_create(user=user, mode="defenders", **choices)


def stage(page) -> str:
    return page.evaluate(f"{APP}.view.turn.stage")


def until_stage(page, *stages: str, timeout: int = 30_000) -> None:
    page.wait_for_function(f"(s) => s.includes({APP}.view.turn.stage) || !!{APP}.view.outcome",
                           arg=list(stages), timeout=timeout)
    wait_idle(page, timeout=timeout)


def until_moved_on(page, before: int, timeout: int = 30_000) -> None:
    """Until the page shows a version after `before`, or its command was refused."""
    page.wait_for_function(f"(v) => {APP}.version > v || ({APP}.pending.size === 0 && {APP}.version >= v)",
                           arg=before, timeout=timeout)
    wait_idle(page, timeout=timeout)


def until_caught_up(page, other, timeout: int = 30_000) -> None:
    """Until `page` has seen every move `other` has seen. A partner's camp reaches the other
    board a moment later; a click on a board not yet told of it is sent for an old version
    and refused as stale, so a person (and a test) acts once the partner's move shows."""
    page.wait_for_function(f"(v) => {APP}.version >= v", arg=version(other), timeout=timeout)
    wait_idle(page, timeout=timeout)


def click_first_target_hex(page) -> None:
    """Click the first lit hex and wait for its command's answer. A click that sent no
    command (the ring drawn again between finding it and the click landing: seen in whole
    runs as "Element is not visible", and as a click that reached no ring, after which the
    board waited for ever) is made again on the new drawing. On a loaded machine the rings
    may be drawn a moment after the board's version moved on (the whole run of 2026-11-29
    01:40 found "no hex is offered"), so they are waited for; and a click whose command went
    out only after the wait for it is not made again."""
    before = version(page)
    first = commands_sent(page)
    for attempt in range(3):
        sent = commands_sent(page)
        if attempt and sent > first:
            break  # the last click's command did go, late
        try:
            page.wait_for_function(f"() => [...{APP}.defenders.board.targets.hexes].length > 0",
                                   timeout=10_000)
        except PlaywrightTimeout:
            raise AssertionError("no hex is offered") from None
        key = page.evaluate(f"[...{APP}.defenders.board.targets.hexes][0]")
        ring = f'.dw-target-ring[data-hex="{key}"]'
        # in sight as a person would bring it (a zoomed phone board is taller than the space
        # above the hand, which stays at the foot of the screen)
        page.locator(ring).evaluate("(el) => el.scrollIntoView({block: 'center', inline: 'center'})")
        try:
            page.click(ring, force=True)
            page.wait_for_function(f"(n) => {APP}.messageCounter > n", arg=sent, timeout=3_000)
            break
        except PlaywrightError as error:
            if attempt == 2 or not (isinstance(error, PlaywrightTimeout)
                                    or "not visible" in str(error)):
                raise
            wait_idle(page)
    until_moved_on(page, before)


def commands_sent(page) -> int:
    """How many commands the page has sent (each click that plays one counts one)."""
    return page.evaluate(f"{APP}.messageCounter")


def pick_first_card(page) -> str:
    """Click the first card of the hand the seat may pick; its name."""
    card = page.locator(".dw-card.playable").first
    name = card.locator(".dw-card-name").inner_text()
    before = version(page)
    card.click()
    until_moved_on(page, before)
    return name


def start_solo(page, game_id, motion: str = "off") -> None:
    """Both starting camps placed and the first defender picked: the first turn's actions."""
    open_board(page, f"/play/{game_id}/", motion=motion)
    click_first_target_hex(page)
    click_first_target_hex(page)
    until_stage(page, "organize")
    pick_first_card(page)
    until_stage(page, "action", "reveal")
    while stage(page) == "reveal":  # an ability asks first: its first answer
        before = version(page)
        page.locator(".dw-actions button, .dw-target-ring").first.click(force=True)
        until_moved_on(page, before)


def first_turn(people, name: str, viewport: tuple[int, int] = (1400, 900), *,
               motion: str = "off"):
    """A new player `name` alone (the Council and the Coven, seed 13) at the first turn's
    actions; their page."""
    ada = make_user(name)
    game = new_table(ada, players=1, bots=0, tier="base", deck="council:barley",
                     second_deck="coven:morrow", seed=13)
    page = people(viewport, user=ada)
    start_solo(page, game.id, motion=motion)
    return page
