"""Bot seats in Chromium, on the live site (tests/browser/live.py: daphne in a thread, eager
Celery, so a bot's moves are played as soon as the person's command is stored): a skirmish
against one bot and a co-op game with the Awoken bot as the partner, both chosen in the
lobby; the person moves and watches the bot's moves arrive in the log and on the board."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from support.site import eager_celery, make_user  # noqa: F401  (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.usefixtures("eager_celery")]

if not Path("/usr/bin/chromium").exists():  # pragma: no cover
    pytest.skip("needs /usr/bin/chromium", allow_module_level=True)

from playwright.sync_api import expect  # noqa: E402

from browser.harness import wait_idle  # noqa: E402
from browser.live import game_row, game_state_now  # noqa: E402
from browser.pages import answer_cautiously, shot  # noqa: E402


@pytest.fixture(autouse=True)
def _no_pause(settings):
    settings.BOT_STEP_SECONDS = 0


def board_ready(page) -> None:
    page.wait_for_selector("#board-app.ready", timeout=15_000)
    expect(page.locator(".conn")).to_have_text("Live", timeout=15_000)
    wait_idle(page, timeout=30_000)


def game_id_of(page) -> str:
    return re.search(r"/play/([0-9a-f-]{36})/", page.url).group(1)


def bot_commands(game_id) -> int:
    """How many commands the bots have stored (read again if the live site is writing: see
    `live.game_row`)."""
    import time

    from django.db import OperationalError

    from games.models import GameCommand

    for _ in range(100):
        try:
            return GameCommand.objects.filter(game_id=game_id).exclude(seat__in=["", "p1"]).count()
        except OperationalError as exc:
            if "locked" not in str(exc):
                raise
            time.sleep(0.05)
    return GameCommand.objects.filter(game_id=game_id).exclude(seat__in=["", "p1"]).count()


def until(page, condition, what: str, rounds: int = 400) -> None:
    """Answer any question the rules put to the person (cautiously) until `condition()`
    (with the animations on, the page shows the Ancients' actions one by one, 0.8 s each)."""
    for _ in range(rounds):
        if condition():
            return
        answer_cautiously(page)
        page.wait_for_timeout(250)
    shot(page, "bots-stuck")
    assert condition(), what


def caught_up(page, game_id) -> bool:
    """The page has drawn the stored game's newest version."""
    return page.evaluate("window.wildlandsBoard.version") == game_row(game_id).version


def my_turn(game_id) -> bool:
    """The person (p1) is the one to act, with no question open (if the bot went first, its
    turn ends with the offer to interrupt, which the loop passes)."""
    state = game_state_now(game_id)
    return state.turn.actor == "p1" and state.prompt is None


def new_game(page, mode: str) -> None:
    page.goto("/play/new/")
    page.check(f"input[name=mode][value={mode}]")
    page.select_option("select[name=faction]", "guild")
    page.select_option("select[name=map_name]", "dungeon")


def test_a_skirmish_against_a_bot_from_the_lobby(people):
    page = people(user=make_user("skirmisher"))
    new_game(page, "skirmish")
    page.select_option("select[name=players]", "2")
    expect(page.locator("#field-bots")).to_be_visible()
    expect(page.locator("#field-bot_partner")).to_be_hidden()
    page.select_option("select[name=bots]", "1")
    shot(page, "bots-lobby", "main form")
    page.click("main form button[type=submit]")
    board_ready(page)  # no waiting page: the bot was seated at once
    game_id = game_id_of(page)
    expect(page.locator(".presence")).to_contain_text("Greedy bot")

    until(page, lambda: my_turn(game_id) and caught_up(page, game_id),
          "the person's turn never came")
    wait_idle(page)
    before = bot_commands(game_id)
    # the person's move: reveal a character (a click on its ghost), then end the turn
    # (the click event itself: another figure drawn over the ghost would take a pointer click)
    page.locator("g.token.ghost").first.dispatch_event("click")
    expect(page.locator("[data-role=log]")).to_contain_text("appears on", timeout=10_000)
    wait_idle(page)
    page.click("[data-role=end-turn]")
    expect(page.locator("[data-role=log]")).to_contain_text("Greedy bot", timeout=15_000)
    until(page, lambda: bot_commands(game_id) > before and caught_up(page, game_id),
          "the bot's turn did not reach the page")
    wait_idle(page, timeout=30_000)
    log = page.locator("[data-role=log]").inner_text()
    after = log.split("You end the turn.", 1)[1]  # the bot's turn (or its interrupt)
    assert "Greedy bot" in after and len(after.strip().splitlines()) >= 2, after
    shot(page, "bots-skirmish")
    assert page.js_errors == []


def test_a_co_op_game_with_the_awoken_bot_as_partner(people):
    page = people(user=make_user("partnered"))
    new_game(page, "coop")
    page.select_option("select[name=scenario]", "magus")
    page.select_option("select[name=scenario_2]", "tyrant")
    expect(page.locator("#field-bots")).to_be_hidden()
    page.check("input[name=bot_partner]")
    page.click("main form button[type=submit]")
    board_ready(page)
    game_id = game_id_of(page)
    expect(page.locator(".presence")).to_contain_text("Awoken bot")
    before = bot_commands(game_id)

    # the person ends the shared turn; the Ancients act; in the next round the bot plays
    # its share again, and its moves arrive on the page. The bot may already have acted, so
    # a question (may the person interrupt?) can stand between the page and its button.
    end_turn = page.locator("[data-role=end-turn]")
    until(page, end_turn.is_enabled, "the person's end-of-turn button never became usable")
    end_turn.click()
    until(page, lambda: bot_commands(game_id) > before and caught_up(page, game_id)
          and game_state_now(game_id).turn.round >= 2,
          "the bot partner did not act after the Ancients' turn")
    wait_idle(page, timeout=60_000)
    log = page.locator("[data-role=log]")
    expect(log).to_contain_text("The Ancients take their turn.")
    # the bot keeps playing its share at its own pace, so compare once the page has drawn
    # the newest stored version (a move stored between two reads only delays the match)
    def bot_figures_match() -> bool:
        state = game_state_now(game_id)
        bots = [c for c in state.characters_of("p2") if c.on_board]
        on_page = page.evaluate(
            "(ids) => ids.map((id) => window.wildlandsBoard.tokens.get(id)?.space)",
            [c.id for c in bots])
        return caught_up(page, game_id) and on_page == [c.space for c in bots]

    until(page, bot_figures_match, "the page does not show the bot's figures where they stand")
    shot(page, "bots-coop")
    assert page.js_errors == []
