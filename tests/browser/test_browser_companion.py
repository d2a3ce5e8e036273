"""The table companion in real Chromium at phone size: a whole Awoken game played against the
engine from the phone on the table, with two corrections, to its end; then the state the
site believes is compared with the engine's own game played from the same commands.

The server is the session's daphne (tests/browser/live.py). No account is used: the game is
opened by its secret link. The pictures in docs/ui.md (docs/companion-*.png) are this
test's screenshots, copied there when the run has WILDLANDS_DOCS_SHOTS=1.
"""
from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest

from support.site import eager_celery  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.usefixtures("eager_celery")]

if not Path("/usr/bin/chromium").exists():  # pragma: no cover
    pytest.skip("needs /usr/bin/chromium", allow_module_level=True)

from playwright.sync_api import expect  # noqa: E402

from browser.live import game_row, game_state_now  # noqa: E402
from browser.pages import ARTIFACTS, shot  # noqa: E402

PHONE = (390, 844)
DOCS = Path(__file__).resolve().parents[2] / "docs"


def version(page) -> int:
    return page.evaluate("window.companion.version")


def tap(page, selector: str) -> None:
    """Tap a button that sends a command, and wait for the site's answer (a new version)."""
    before = version(page)
    page.locator(selector).first.click()
    page.wait_for_function(f"window.companion.version > {before}", timeout=15_000)
    expect(page.locator("[data-role=alert]")).to_be_hidden()


def fits_the_phone(page) -> None:
    """Nothing wider than the screen, and every button big enough for a thumb."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE[0], f"the page scrolls sideways: {width}px"
    small = page.evaluate("""[...document.querySelectorAll('.c-btn')]
        .map((b) => b.getBoundingClientRect()).filter((r) => r.width && r.height < 44).length""")
    assert small == 0


def story(page) -> str:
    return page.locator("[data-role=story]").inner_text()


def keep(name: str) -> None:
    if os.environ.get("WILDLANDS_DOCS_SHOTS"):
        shutil.copyfile(ARTIFACTS / f"{name}.png", DOCS / f"{name}.png")


def test_a_whole_table_game_on_a_phone_with_two_corrections(people):
    from ancients_ai.engine.setup import new_companion
    from wildlands.content.factions import load_faction
    from wildlands.content.maps import load_map
    from games.models import GameCommand
    from wildlands.rules import engine
    from wildlands.rules.serialize import state_to_data

    page = people(PHONE)
    page.goto("/table/new/")
    page.select_option("select[name=map_name]", "dungeon")
    page.select_option("select[name=faction]", "guild")
    shot(page, "companion-start")
    keep("companion-start")
    page.click("[data-role=start]")
    page.wait_for_url(re.compile(r"/table/[0-9a-f-]+/[^/]+/$"))
    game_id = page.url.rstrip("/").split("/")[-2]
    page.wait_for_function("window.companion !== undefined")
    expect(page.locator("[data-role=setup]")).to_contain_text("set up the table")
    fits_the_phone(page)

    # the players' turn: a character is tapped, then the space it moved to
    page.locator("[data-role=character]").first.click()
    shot(page, "companion-players-turn")
    keep("companion-players-turn")
    mover = page.evaluate("window.companion.selected")
    tap(page, "[data-role=move]")
    assert "moves from" in story(page)
    assert game_state_now(game_id).characters[mover].space is not None

    # correction 1: a minion is not where the site put it
    state = game_state_now(game_id)
    minion = next(m for m in state.monsters.values() if m.kind == "minion" and m.on_board)
    elsewhere = next(n for n in sorted(state.board.spaces) if n != minion.space)
    page.click("[data-role=fix]")
    page.click(f"[data-role=fix-figure][data-test={minion.id}]")
    page.select_option("[data-role=fix-space]", str(elsewhere))
    shot(page, "companion-correction")
    keep("companion-correction")
    tap(page, "[data-role=fix-save]")
    assert f"stands on {elsewhere}" in story(page)
    assert game_state_now(game_id).monsters[minion.id].space == elsewhere

    # then the Ancients' turns, one question at a time, until the game is over
    corrected_twice = defended = told = False
    for _ in range(300):
        if page.locator("[data-role=outcome]").count():
            break
        question = page.locator("[data-role=question]")
        if question.count():
            kind = question.get_attribute("data-kind")
            if kind == "defend" and not defended:
                shot(page, "companion-question")
                keep("companion-question")
                tap(page, "[data-role=defend]")
                defended = True
                assert "is not hurt" in story(page)
            elif kind == "choose":
                tap(page, "[data-role=choose]")
            else:
                tap(page, "[data-role=pass]")
            continue
        state = game_state_now(game_id)
        if not corrected_twice and state.turn.round >= 2:
            # correction 2: a character's damage at the table is not what the site thinks
            character = next(c for c in state.characters.values()
                             if c.on_board and c.health > 1)
            damage = 0 if character.damage else 1
            page.click("[data-role=fix]")
            page.click(f"[data-role=fix-figure][data-test={character.id}]")
            page.select_option("[data-role=fix-damage]", str(damage))
            tap(page, "[data-role=fix-save]")
            assert f"has {damage} damage" in story(page)
            assert game_state_now(game_id).characters[character.id].damage == damage
            corrected_twice = True
            continue
        tap(page, "[data-role=end-turn]")
        if "reveal" in story(page) and not told:
            shot(page, "companion-ancients-turn")
            keep("companion-ancients-turn")
            told = True
    expect(page.locator("[data-role=outcome]")).to_be_visible()
    shot(page, "companion-end")
    keep("companion-end")
    fits_the_phone(page)
    assert corrected_twice and defended

    # the site's state is the engine's own game played from the same commands
    game = game_row(game_id)
    assert game.status == "finished" and game.result in ("won", "lost")
    assert game.events.filter(kind="figure_corrected").count() == 2
    seats = list(game.seats.order_by("seat"))
    alone = new_companion(board=load_map(game.map_name),
                          factions=[load_faction(s.faction) for s in seats],
                          player_ids=[s.seat for s in seats], scenario_ids=game.scenario_ids,
                          seed=game.seed, options={"defer_ancients": True})
    for row in GameCommand.objects.filter(game=game).order_by("version"):
        alone, _ = engine.apply(alone, row.seat, row.command)
    assert state_to_data(alone) == state_to_data(game_state_now(game_id))
    assert page.js_errors == []
