"""Replays in real Chromium on the real site: a finished co-op game (two real moves, then the
Ancients' turn loses it on its event track; tests/support/replays.py) is watched step by
step on the board: the buttons and the arrow keys move through it, the moved character's
token goes where the step says, the step's sentences change, Play advances by itself and
stops at the end, the URL keeps the step; a player makes the replay public and a signed-out
visitor watches it by its link, a stranger is refused the private one, and making it
private again ends the link.

The server is the session's daphne (tests/browser/live.py), as for the other site tests.
The picture in docs/ui.md (docs/replay.png) is this test's `replay-step` screenshot, copied
there when the run has WILDLANDS_DOCS_SHOTS=1.
"""
from __future__ import annotations

import os
import re
import shutil
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

# Tasks run in process here, whatever the environment (CI has a broker but no worker).
from support.site import eager_celery, make_user  # noqa: E402,F401

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.usefixtures("eager_celery")]

if not Path("/usr/bin/chromium").exists():  # pragma: no cover
    pytest.skip("needs /usr/bin/chromium", allow_module_level=True)

from playwright.sync_api import expect  # noqa: E402

from browser.pages import ARTIFACTS, shot  # noqa: E402
from support.replays import end_the_turn, play_moves, short_awoken_game  # noqa: E402

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _finished_game():
    """Made in a thread of its own: the services broadcast each step from there, which they
    cannot do from this thread, where Playwright's event loop runs."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(_play_a_short_game).result()


def _play_a_short_game():
    ada, bram = make_user("ada_replay"), make_user("bram_replay")
    game = short_awoken_game(ada, bram)
    moves = play_moves(game, ada, 2)
    game = end_the_turn(game, {"p1": ada, "p2": bram})
    assert game.status == "finished"
    return game, ada, bram, moves


def _at_step(page, n: int) -> None:
    expect(page.locator("#replay-app")).to_have_attribute("data-step", str(n), timeout=10_000)


def _token_place(page, figure: str) -> str:
    token = page.locator(f'.token[data-figure="{figure}"]')
    return token.evaluate("node => node.style.transform")


def _sentences(page) -> str:
    return page.locator("[data-role=sentences]").inner_text()


def test_a_player_steps_through_a_finished_game_on_the_board(people):
    game, ada, bram, moves = _finished_game()
    (hero, start, first_to), (_, _, second_to) = moves
    page = people(user=ada)
    page.goto(f"/play/{game.id}/replay/")
    _at_step(page, 0)
    expect(page.locator("[data-role=position]")).to_contain_text(f"Step 1 of {game.version + 1}")
    expect(page.locator("[data-role=sentences]")).to_contain_text("The game begins.")
    expect(page.locator(".map-frame svg.map")).to_be_visible()
    # everything revealed: both players' hands are on the table
    expect(page.locator(".replay-hand")).to_have_count(2)
    expect(page.locator("[data-role=first]")).to_be_disabled()
    at_start = _token_place(page, hero)

    page.click("[data-role=next]")
    _at_step(page, 1)
    expect(page.locator("[data-role=sentences]")).to_contain_text(f"from {start} to {first_to}")
    page.wait_for_timeout(500)  # the token slides (0.4 s)
    after_one = _token_place(page, hero)
    assert after_one != at_start
    assert re.search(r"[?&]step=1\b", page.url)

    page.keyboard.press("ArrowRight")
    _at_step(page, 2)
    expect(page.locator("[data-role=sentences]")).to_contain_text(f"from {first_to} to {second_to}")
    page.wait_for_timeout(500)
    assert _token_place(page, hero) != after_one

    page.keyboard.press("ArrowLeft")
    _at_step(page, 1)
    page.wait_for_timeout(500)
    assert _token_place(page, hero) == after_one
    page.click("[data-role=prev]")
    _at_step(page, 0)
    page.wait_for_timeout(500)
    assert _token_place(page, hero) == at_start

    page.keyboard.press("End")
    _at_step(page, game.version)
    expect(page.locator("[data-role=sentences]")).to_contain_text("Game over: the players lose")
    expect(page.locator("[data-role=next]")).to_be_disabled()
    expect(page.locator("[data-role=last]")).to_be_disabled()
    page.keyboard.press("Home")
    _at_step(page, 0)

    # the step is in the address: a reload comes back to it
    page.goto(f"/play/{game.id}/replay/?step=2")
    _at_step(page, 2)
    expect(page.locator("[data-role=sentences]")).to_contain_text(f"to {second_to}")

    # Play goes on by itself at the chosen speed and stops at the last step
    page.select_option("[data-role=speed]", "300")
    page.click("[data-role=play]")
    expect(page.locator("[data-role=play]")).to_have_text(re.compile("Pause"))
    # (polled in the page: a step may show for less time than the test's own polls wait)
    page.wait_for_function("Number(document.getElementById('replay-app').dataset.step) > 2",
                           timeout=10_000)
    _at_step(page, game.version)
    expect(page.locator("[data-role=play]")).to_have_text(re.compile("Play"), timeout=5_000)

    # the picture for docs/ui.md: the Ancients' turn, a monster attacking
    attack = game.events.filter(kind="attacked").order_by("seq").first().version
    page.goto(f"/play/{game.id}/replay/?step={attack - 1}")
    _at_step(page, attack - 1)
    page.click("[data-role=next]")
    _at_step(page, attack)
    shot(page, "replay-step")
    if os.environ.get("WILDLANDS_DOCS_SHOTS"):  # refresh docs/ui.md's picture on request
        shutil.copyfile(ARTIFACTS / "replay-step.png", DOCS / "replay.png")
    page.set_viewport_size({"width": 390, "height": 844})
    expect(page.locator("[data-role=next]")).to_be_visible()
    shot(page, "replay-phone")
    assert page.js_errors == []


def test_a_public_link_for_anyone_and_a_private_replay_for_nobody_else(people):
    game, ada, bram, _ = _finished_game()
    stranger = make_user("stranger_replay")
    visitor = people()  # signed out
    outsider = people(user=stranger)
    assert outsider.goto(f"/play/{game.id}/replay/").status == 403

    page = people(user=bram)
    page.goto(f"/play/{game.id}/")  # the finished game's board offers the switch too
    page.click("[data-role=gameover] button:has-text('Look at the board')")
    page.click("[data-role=make-public]")
    page.wait_for_url(f"**/play/{game.id}/replay/**")
    link = page.locator("[data-role=public-link]")
    expect(link).to_be_visible()
    address = link.input_value()
    shot(page, "replay-board-public")
    assert "/replays/" in address

    assert visitor.goto(address).status == 200
    _at_step(visitor, 0)
    visitor.click("[data-role=next]")
    _at_step(visitor, 1)
    expect(visitor.locator("[data-role=seen-as]")).to_have_text("everything revealed")
    expect(visitor.locator(".replay-hand")).to_have_count(2)
    assert visitor.js_errors == []

    page.goto(f"/play/{game.id}/replay/")
    page.click("[data-role=make-private]")
    expect(page.locator("[data-role=make-public]")).to_be_visible()
    assert visitor.goto(address).status == 404
    assert outsider.goto(f"/play/{game.id}/replay/").status == 403
