"""Defenders of the Wild in the browser, on the real site (daphne, the consumer, the
declaration, eager Celery for the machines' turn), driven in real Chromium.

Covered: a solo game played to its end (the starting camps and the first pick by clicks on
the board and the hand, the rest by the seat's own legal commands sent from the page) with
the game-over card shown; a two-person game through the secret organize phase in two browser
contexts (neither page shows the other's pick before both picked; both see both after); a
machine turn watched on the board (its steps captioned one after another, the board changed
before the update's own view is drawn); and the board at phone width.

The pictures in docs/ui.md (docs/defenders-*.png) are these tests' screenshots, copied there
when WILDLANDS_DOCS_SHOTS is set.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from support.site import eager_celery  # noqa: E402,F401

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.usefixtures("eager_celery")]

if not Path("/usr/bin/chromium").exists():  # pragma: no cover
    pytest.skip("needs /usr/bin/chromium", allow_module_level=True)

from playwright.sync_api import expect  # noqa: E402

from browser.boards import (APP, click_first_target_hex, docs_shot, first_turn, make_user,  # noqa: E402
                            new_table, open_board, pick_first_card, until_caught_up,
                            until_moved_on, until_stage, version)
from browser.harness import wait_idle  # noqa: E402
from browser.live import game_row  # noqa: E402


PREFERENCE = ("start_camp", "choose", "resolve", "end_turn")


def next_command(legal: list) -> dict:
    """What the scripted player sends: its first camp spot, its first pick, the first answer
    to an ability, else the end of its turn (the machines then take theirs)."""
    for do in PREFERENCE:
        for command in legal:
            if command.get("do") == do:
                return command
    return legal[0]


def play_scripted(page, *, commands: int = 200) -> None:
    """Send the seat's legal commands from the page until the game is over."""
    for _ in range(commands):
        wait_idle(page, timeout=30_000)
        if page.evaluate(f"!!{APP}.view.outcome"):
            return
        legal = page.evaluate(f"{APP}.legal") or []
        if not legal:
            page.wait_for_timeout(150)  # the machines' card is being played
            continue
        before = version(page)
        page.evaluate(f"(c) => {APP}.sendCommand(c, 'scripted')", next_command(legal))
        until_moved_on(page, before)
    raise AssertionError("the solo game did not end within the commands allowed")


def test_a_solo_game_played_to_its_end(people):
    ada = make_user("dw_solo")
    game = new_table(ada, players=1, bots=0, tier="extreme", deck="order:ember",
                     second_deck="sect:cog", seed=3)
    page = people(user=ada)
    open_board(page, f"/play/{game.id}/")
    expect(page.locator(".turn-banner")).to_contain_text("Set-up")
    expect(page.locator("[data-role=hint]")).to_contain_text("Place your starting camp")

    # both starting camps by clicks on the highlighted hexes
    click_first_target_hex(page)
    click_first_target_hex(page)
    until_stage(page, "organize")
    expect(page.locator(".dw-camp")).to_have_count(2)
    expect(page.locator("[data-role=hint]")).to_contain_text("Pick your active defender")

    # the first pick by a click on a card of the hand
    name = pick_first_card(page)
    expect(page.locator("[data-role=log]")).to_contain_text(f"The active defenders are turned over: {name} for you.")
    until_stage(page, "action", "reveal")
    docs_shot(page, "defenders-board")

    play_scripted(page)
    over = page.locator("[data-role=gameover]")
    expect(over).to_be_visible(timeout=15_000)
    expect(over.locator("h2")).to_have_text("The machines win")
    expect(over.locator(".gameover-cause")).to_have_text(re.compile(r"^Because (a seventh toxic site|the machines were ordered|two defenders)"))
    expect(page.locator("[data-role=log]")).to_contain_text("The defenders lose:")
    stored = game_row(game.id)
    assert stored.status == "finished"

    # its replay, drawn by the same renderer: a step and the next one played on the board
    page.goto(f"/play/{game.id}/replay/?step=6")
    page.wait_for_function("() => window.wildlandsReplay && window.wildlandsReplay.current === 6", timeout=15_000)
    expect(page.locator(".dw-hex")).to_have_count(37)
    expect(page.locator(".dw-camp")).to_have_count(2)
    expect(page.locator("[data-role=hands] .dw-card").first).to_be_visible()  # a finished game shows its hands
    page.click("[data-role=next]")
    page.wait_for_function("() => window.wildlandsReplay.current === 7")
    expect(page.locator("[data-role=sentences] li").first).not_to_have_text("")
    assert page.js_errors == []


def test_two_players_pick_in_secret_and_see_both_picks_after(people):
    ada, bea = make_user("dw_ada"), make_user("dw_bea")
    game = new_table(ada, players=2, bots=0, tier="base", deck="order:ember", seed=5)
    from games import lobby

    lobby.game_join(game=game, user=bea, token=game.invite_token, deck="coven:morrow")
    a, b = people(user=ada), people(user=bea)
    open_board(a, f"/play/{game.id}/")
    open_board(b, f"/play/{game.id}/")

    # each places its own starting camp (ada on the board, bea from the list of the same
    # choices, as a keyboard would); the other's shows up on both boards
    click_first_target_hex(a)
    until_caught_up(b, a)
    b.click(".dw-choices summary")
    choice = b.locator(".dw-choices button").first
    expect(choice).to_have_text(re.compile(r"^Start the Coven camp in the marsh .+ of (the core|factory \d)$"))
    before = version(b)
    choice.click()
    until_moved_on(b, before)
    for page in (a, b):
        until_stage(page, "organize")
        expect(page.locator(".dw-camp")).to_have_count(2)
        expect(page.locator("[data-role=hint]")).to_contain_text("Pick your active defender in secret. 1 other player still has to pick.")
        expect(page.locator("[data-role=first-player]")).to_have_count(1)  # one seat holds the marker

    # ada picks; bea's page tells her someone picked, never what
    secret = pick_first_card(a)
    expect(a.locator("[data-role=hint]")).to_contain_text(f"You picked {secret}. Waiting for 1 player to pick")
    expect(b.locator("[data-role=log]")).to_contain_text("ada has picked an active defender.")
    wait_idle(b)
    expect(b.locator("[data-role=hint]")).to_have_text("Pick your active defender in secret. The others have picked: yours turns them all over.")
    expect(b.locator('.dw-faction[data-faction=order] [data-role=active]')).to_have_text("Active defender: picked, face down.")
    picks = "[data-role=picks] li[data-seat={}] .dw-pick-state"
    expect(b.locator(picks.format("p1"))).to_have_text("picked, face down")
    expect(b.locator(picks.format("p2"))).to_have_text("choosing…")
    expect(a.locator(picks.format("p1"))).to_have_text(f"picked {secret}")
    docs_shot(b, "defenders-organize")
    assert secret not in b.locator("body").inner_text()
    assert secret not in b.evaluate(f"JSON.stringify({APP}.view)")

    # bea picks: both picks are turned over on both pages
    hers = b.locator(".dw-card.playable .dw-card-name").first.inner_text()
    assert hers not in a.locator("body").inner_text()
    assert pick_first_card(b) == hers
    for page in (a, b):
        expect(page.locator("[data-role=log]")).to_contain_text("The active defenders are turned over:")
        expect(page.locator("[data-role=log]")).to_contain_text(secret)
        expect(page.locator("[data-role=log]")).to_contain_text(hers)
    assert a.js_errors == [] and b.js_errors == []


# the machines' steps that change the board (the others are told in the caption only)
BOARD_STEPS = ("engine_advanced", "wall_built", "engine_deployed", "engine_reset", "factory_landed",
               "pollution_spread", "mech_deployed", "mech_moved", "toxic_site_formed", "snipers_deployed")

CAPTIONS = """() => {
  const caption = document.querySelector("[data-role=caption]");
  window.dwSteps = [];
  new MutationObserver(() => {
    const root = document.getElementById("board-app");
    if (caption.textContent) window.dwSteps.push({kind: caption.dataset.kind, text: caption.textContent,
      version: window.wildlandsBoard.version, flashes: document.querySelectorAll(".dw-flash, .dw-flash-edge").length,
      last: root.dataset.lastStep || ""});
  }).observe(caption, {childList: true, characterData: true, subtree: true, attributes: true});
}"""


def test_a_machine_turn_is_watched_step_by_step(people):
    page = first_turn(people, "dw_watch")

    # a move, taken back while nothing hidden came to light (no die was rolled)
    move = page.evaluate(f"{APP}.legal.find((c) => c.do === 'move')")
    origin = page.evaluate(f"{APP}.view.factions.find((f) => f.id === {APP}.view.turn.faction).at")
    assert not any(hex_ == origin for hex_, _ in page.evaluate(f"{APP}.view.mechs")), \
        "a mech shares the starting camp (a move would roll the die): the test needs another seed"
    faction = page.evaluate(f"{APP}.view.turn.faction")
    organizer = page.locator(f".dw-organizer[data-organizer={faction}]")
    before = version(page)
    page.click(f'.dw-target-ring[data-hex="{move["to"][0]},{move["to"][1]}"]', force=True)
    until_moved_on(page, before)
    expect(organizer).to_have_attribute("data-hex", f"{move['to'][0]},{move['to'][1]}")
    undo = page.locator("[data-role=undo]")
    expect(undo).to_be_enabled()
    undo.click()
    expect(page.locator("[data-role=log]")).to_contain_text("You took back your last move.")
    wait_idle(page)
    expect(organizer).to_have_attribute("data-hex", f"{origin[0]},{origin[1]}")

    # the machines' card, watched with the animations on
    page.select_option("[data-role=motion]", "full")
    page.evaluate(CAPTIONS)
    seen = page.evaluate(f"{APP}.version")
    page.click("[data-role=end-turn]")
    page.wait_for_function("() => window.dwSteps.some((s) => s.kind === 'machine_card_drawn')", timeout=20_000)
    page.wait_for_function("(kinds) => window.dwSteps.some((s) => kinds.includes(s.kind))",
                           arg=list(BOARD_STEPS), timeout=30_000)
    docs_shot(page, "defenders-machine-turn")
    wait_idle(page, timeout=60_000)
    steps = page.evaluate("window.dwSteps")
    kinds = [s["kind"] for s in steps]
    assert kinds[0] == "machines_turn_started" or "machine_card_drawn" in kinds[:2], kinds
    assert kinds[-1] == "machines_turn_ended", kinds
    board_steps = [s for s in steps if s["kind"] in BOARD_STEPS]
    assert board_steps, kinds
    # each was shown on the board while the page still held the view from before the card
    assert any(s["flashes"] > 0 for s in board_steps), steps
    assert all(s["version"] <= seen + 1 for s in board_steps), steps
    expect(page.locator("[data-role=log]")).to_contain_text("The machines' turn is over.")
    assert page.js_errors == []


def test_the_board_at_phone_width(people):
    ada = make_user("dw_phone")
    game = new_table(ada, players=1, bots=0, tier="base", deck="order:quill",
                     second_deck="council:oaken", seed=4)
    page = people((390, 844), user=ada)
    open_board(page, f"/play/{game.id}/")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways ({width} px)"
    box = page.locator(".dw-map").bounding_box()
    assert box["width"] >= 340
    click_first_target_hex(page)  # a hex is big enough to tap
    expect(page.locator(".dw-camp")).to_have_count(1)
    docs_shot(page, "defenders-board-phone")
    assert page.js_errors == []
