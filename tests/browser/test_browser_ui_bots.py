"""Issue 27 item 7: bots read as bots. A skirmish of a person and three greedy bots, made in
the database as the lobby makes it: the page names each bot seat apart ("Greedy bot 1", "2",
"3"), shows it as a bot (a "bot" pill, never the grey "away" dot of an absent person) in the
status bar and the side panel, with its team in a war."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from support.site import eager_celery, make_user  # noqa: F401  (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("eager_celery")]

if not Path("/usr/bin/chromium").exists():  # pragma: no cover
    pytest.skip("needs /usr/bin/chromium", allow_module_level=True)

from playwright.sync_api import expect  # noqa: E402

from browser.pages import shot  # noqa: E402


def test_three_greedy_bots_are_told_apart_and_read_as_bots(people, settings):
    from games.models import Seat
    from games import selectors

    settings.BOT_STEP_SECONDS = 0
    page = people(user=make_user("lonewolf"))
    page.goto("/play/new/")
    page.check("input[name=mode][value=war]")
    page.select_option("select[name=faction]", "guild")
    page.select_option("select[name=map_name]", "dungeon")
    page.locator("select[name=players]:visible").first.select_option("4")
    page.locator("select[name=bots]:visible").first.select_option("3")
    page.click("main form button[type=submit]")
    page.wait_for_selector("#board-app.ready", timeout=20_000)
    game_id = re.search(r"/play/([0-9a-f-]{36})/", page.url).group(1)

    bots = list(Seat.objects.filter(game_id=game_id).exclude(bot="").order_by("seat"))
    assert len(bots) == 3
    summary = {s["seat"]: s for s in selectors.seats_summary(bots[0].game)}
    names = [summary[b.seat]["username"] for b in bots]
    assert len(set(names)) == 3, names

    presence = page.locator(".presence")
    for bot, name in zip(bots, names):
        seat = presence.locator(f'.seat[data-seat="{bot.seat}"]')
        expect(seat).to_have_class(re.compile(r"\bbot\b"))
        expect(seat.locator(".bot-badge")).to_have_text("bot")
        expect(seat).to_have_attribute("title", re.compile("a bot"))
        expect(seat).to_contain_text(name)
        expect(seat).to_contain_text(summary[bot.seat]["team"])
        head = page.locator(f'section.player[data-player="{bot.seat}"] .player-head')
        expect(head.locator(".bot-badge")).to_be_visible()
        expect(head.locator(".dot")).to_have_count(0)
        expect(head).to_contain_text(name)
    shot(page, "ui-bots", "#board-app")
    assert page.js_errors == []
