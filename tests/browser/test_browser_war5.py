"""War for the Crystals with five players in Chromium: the teams panel names the Ancients in
the team of two, their carried shards (starting and claimed) and special action show on
their character rows, a special action is played from the board in the team's turn, the
Ancients claim the other team's shard from the board (against the harness's in-memory
table: the real page, the real engine), and the lobby seats a five-player war with bots
(on the live site)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from support.site import eager_celery, make_user  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser

if not Path("/usr/bin/chromium").exists():  # pragma: no cover
    pytest.skip("needs /usr/bin/chromium", allow_module_level=True)

from playwright.sync_api import expect  # noqa: E402

from browser.harness import FIXTURE_BOARD, case_table, open_page, wait_idle  # noqa: E402
from browser.pages import shot  # noqa: E402

NAMES = ("ada", "bram", "cyd", "dee", "eve")


def war5_case() -> dict:
    """Ada (p1), Cyd (p3) and Eve (p5) are Team Dawn; Bram (p2) plays the Ancients with Dee
    (p4), whose colour Team Dusk plays for. Team Dusk's turn, its reveals done. The Magus
    carries its starting shard (ready) and one of Ada's it claimed; the Tyrant was revealed
    this turn, so its starting shard is not ready yet."""
    def deck(prefix: str, who: str) -> list:
        return [{"id": f"{prefix}_deck{i}", "icons": {who: None}} for i in range(6)]

    return {
        "mode": "war",
        "board": json.loads(FIXTURE_BOARD.read_text()),
        "options": {"end_turn_window": False},
        "teams": {"t1": ["p1", "p3", "p5"], "t2": ["p4", "p2"]},
        "wrath": {"ancients": "p2", "carried": {
            "ancients_magus": [{"start": "green"}, "p1"],
            "ancients_tyrant": [{"start": "green", "ready": False}]}},
        "active": "p2",
        "turn": {"revealed": True},
        "players": [
            {"id": "p1", "faction": "guild", "colour": "purple", "shards": [27],
             "characters": [{"id": "guild_archmage", "name": "Archmage Orrin Vell", "health": 2, "space": 28}],
             "deck": deck("g", "guild_archmage")},
            {"id": "p2", "faction": "ancients", "colour": "",
             "characters": [
                 {"id": "ancients_magus", "name": "Ysolde the Unwritten", "health": 4, "space": 12},
                 {"id": "ancients_tyrant", "name": "King Hollowcrown", "health": 5, "space": 20}],
             "hand": [{"id": f"a_m{i}", "icons": {"ancients_magus": None}} for i in range(3)],
             "deck": deck("a", "ancients_tyrant")},
            {"id": "p3", "faction": "lawbringers", "colour": "blue",
             "characters": [{"id": "law_judge", "name": "Judge Maren", "health": 3, "space": 21}],
             "deck": deck("l", "law_judge")},
            {"id": "p4", "faction": "pit_fighters", "colour": "red", "shards": [4],
             "characters": [{"id": "pit_brute", "name": "Grask", "health": 3, "space": 13}],
             "deck": deck("p", "pit_brute")},
            {"id": "p5", "faction": "gnomads", "colour": "orange",
             "characters": [{"id": "gnomads_glider", "name": "Pip Thistlewing", "health": 2, "space": 3}],
             "deck": deck("n", "gnomads_glider")},
        ],
    }


def table_for(case: dict):
    seats = [{"seat": p["id"], "username": name, "faction": p["faction"], "colour": p["colour"]}
             for p, name in zip(case["players"], NAMES)]
    return case_table(case, seats=seats)


def test_the_ancients_spend_a_starting_shard_in_their_teams_turn(chromium):
    table = table_for(war5_case())
    page = open_page(chromium, table, "p2")
    wait_idle(page)
    teams = page.locator("[data-role=teams]")
    expect(teams.locator('[data-team="t2"]')).to_contain_text("(the Ancients)")
    expect(page.locator("[data-role=ancients-in-war]")).to_contain_text("worth 2")
    magus = page.locator('li.char[data-character="ancients_magus"]')
    tyrant = page.locator('li.char[data-character="ancients_tyrant"]')
    expect(magus.locator(".tag.shard")).to_have_count(2)
    expect(magus.locator(".tag.shard.start")).to_contain_text("starting shard")
    expect(tyrant.locator(".tag.shard.start")).to_contain_text("not yet")
    expect(tyrant.locator("button.special-action")).to_have_count(0)
    shot(page, "war5-ancients", "#board-app")

    magus.locator("button.special-action").click()
    dialog = page.locator('.prompt[data-kind="special"]')
    expect(dialog).to_contain_text("Magus")
    dialog.locator("button.choice", has_text="Orrin").click()
    wait_idle(page)
    page.locator('.prompt[data-kind="special"] button.choice', has_text="Judge").click()
    wait_idle(page)
    page.locator('.prompt[data-kind="special"] button.choice', has_text=re.compile(r"^Space 12$")).click()
    wait_idle(page)
    state = table.state
    assert state.characters["guild_archmage"].space == 12
    assert state.characters["law_judge"].space == 12
    assert [s["owner"] for s in state.mode_state.wrath.carried["ancients_magus"]] == ["p1"]
    expect(magus.locator(".tag.shard")).to_have_count(1)
    expect(page.locator("[data-role=log]")).to_contain_text("spends a shard")
    assert page.js_errors == []

    teammate = open_page(chromium, table, "p4")
    wait_idle(teammate)
    expect(teammate.locator('li.char[data-character="ancients_magus"] .tag.shard')).to_have_count(1)
    expect(teammate.locator("button.special-action")).to_have_count(0)
    assert teammate.js_errors == []


def test_the_ancients_claim_the_other_teams_shard_from_the_board(chromium):
    case = war5_case()
    case["wrath"]["carried"] = {}
    case["players"][0]["shards"] = [12]  # Ada's (Team Dawn's) shard under the Magus
    table = table_for(case)
    page = open_page(chromium, table, "p2")
    page.click('.card[data-card="a_m0"]')
    page.click('button.option:has-text("Claim a shard")')
    page.click('.card[data-card="a_m1"]')
    page.click('.card[data-card="a_m2"]')
    wait_idle(page)
    state = table.state
    assert [s["owner"] for s in state.mode_state.wrath.carried["ancients_magus"]] == ["p1"]
    assert state.player("p1").shards == []
    assert state.player("p2").score == 0 and state.player("p4").score == 0
    row = page.locator('li.char[data-character="ancients_magus"]')
    expect(row.locator(".tag.shard")).to_contain_text("next turn")
    expect(page.locator('[data-role=teams] [data-team="t2"]')).to_contain_text("0 / 10 pts")
    expect(page.locator("[data-role=log]")).to_contain_text("carries it")
    assert page.js_errors == []


@pytest.mark.slow
@pytest.mark.usefixtures("eager_celery")
def test_a_five_player_war_from_the_lobby_seats_four_bots_one_of_them_the_ancients(people, settings):
    settings.BOT_STEP_SECONDS = 0
    page = people(user=make_user("warlord"))
    page.goto("/play/new/")
    page.check("input[name=mode][value=war]")
    expect(page.locator("#field-bots")).to_be_visible()
    page.select_option("select[name=faction]", "guild")
    page.select_option("select[name=map_name]", "dungeon")
    page.select_option("select[name=players]", "5")
    page.select_option("select[name=bots]", "4")
    page.click("main form button[type=submit]")
    page.wait_for_selector("#board-app.ready", timeout=15_000)
    expect(page.locator("[data-role=teams]")).to_contain_text("(the Ancients)")
    expect(page.locator('section.player[data-player="p2"] .faction')).to_have_text("The Ancients")

    from games.models import Game
    game = Game.objects.get(pk=re.search(r"/play/([0-9a-f-]{36})/", page.url).group(1))
    assert game.mode == "war" and game.seats.count() == 5
    seats = {s.seat: (s.faction, s.bot) for s in game.seats.all()}
    assert seats["p2"] == ("ancients", "wrath")
    shot(page, "war5-lobby-board")
    assert page.js_errors == []
