"""End to end: the real site (accounts, lobby, board page, websocket consumer, the Ancients'
worker) served by daphne, driven in real Chromium.

How the server runs is explained in tests/browser/live.py: daphne in a thread of this
process, sharing the test database, the in-memory channel layer and eager Celery.

Covered: two people sign up, start a co-op game through the invite link, play cards in two
browsers and see each other's moves, end the turn and watch the Ancients act, reload and
resume; a solo game finished with a win and another with a loss, each set up one step from
the end through the models, then finished in the browser.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

# Tasks run in process here, whatever the environment (CI has a broker but no worker).
from support.site import eager_celery  # noqa: E402,F401
from support.replays import one_card_from_the_end_of_the_track  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.usefixtures("eager_celery")]

if not Path("/usr/bin/chromium").exists():  # pragma: no cover
    pytest.skip("needs /usr/bin/chromium", allow_module_level=True)

from playwright.sync_api import expect  # noqa: E402

from browser.harness import wait_idle  # noqa: E402
from browser.live import game_row, game_state_now  # noqa: E402
from browser.pages import PASSWORD, answer_cautiously, shot, start_a_move  # noqa: E402

# `people` (tests/conftest.py): people() is a new person's page on the live site.


def sign_up(page, username: str) -> None:
    page.goto("/accounts/signup/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.click("main form button[type=submit]")
    page.wait_for_url(re.compile(r"/accounts/profile/"))


def start_game(page, *, mode: str, scenarios: tuple, faction: str, map_name: str = "dungeon") -> None:
    page.goto("/play/new/")
    page.check(f"input[name=mode][value={mode}]")
    page.select_option("select[name=scenario]", scenarios[0])
    if len(scenarios) > 1:
        page.select_option("select[name=scenario_2]", scenarios[1])
    page.select_option("select[name=faction]", faction)
    page.select_option("select[name=map_name]", map_name)
    page.click("main form button[type=submit]")


def board_ready(page) -> None:
    page.wait_for_selector("#board-app.ready", timeout=15_000)
    expect(page.locator(".conn")).to_have_text("Live", timeout=15_000)
    wait_idle(page, timeout=30_000)


def answer_prompts(pages, until, rounds: int = 400, describe=lambda: "") -> None:
    """Answer whatever the rules ask (interrupt windows, defences, choices) with the
    cautious answer, in every page, until `until()` holds (with the animations on, the pages
    show the Ancients' actions one by one, about 0.8 s each, so a question can take a while
    to come)."""
    for _ in range(rounds):
        if until():
            return
        for page in pages:
            answer_cautiously(page)
        pages[0].wait_for_timeout(250)
    for i, page in enumerate(pages):
        shot(page, f"stuck-{i}")
    assert until(), f"the game did not get where the test expected: {describe()}"


def past_the_first_ancients_turn(page) -> bool:
    """The page shows the players' turn of round 2 (the Ancients have acted), or the end.

    Waits in these tests look at the pages, not the database: with SQLite the test database
    is one shared-cache database, where a read by the test that meets the site storing a
    move makes that write fail at once ("database table is locked"), and the site refuses
    the move ("nothing was stored; try the move again")."""
    return page.evaluate("""() => { const v = window.wildlandsBoard.view;
        return !!v.outcome || (v.turn.round >= 2 && v.turn.phase !== "ancients"); }""")


def log_of(page) -> str:
    return page.locator("[data-role=log]").inner_text()


def _describe(game_id) -> str:
    from wildlands.rules.serialize import state_to_data

    game = game_row(game_id)
    snap = state_to_data(game_state_now(game_id))
    return (f"status={game.status} version={game.version} awaiting={game.awaiting} "
            f"turn={snap['turn']} prompt={snap.get('prompt')} frames={[f.get('kind') for f in snap.get('frames', [])]}")


def game_id_of(page) -> str:
    return re.search(r"/play/([0-9a-f-]{36})/", page.url).group(1)


def test_two_players_start_a_coop_game_and_play_it_together(people):
    # the one live two-browser game that watches the Ancients' turn at its readable pace
    ada, bram = people(motion="full"), people(motion="full")
    sign_up(ada, "ada")
    sign_up(bram, "bram")
    start_game(ada, mode="coop", scenarios=("magus", "tyrant"), faction="guild")
    expect(ada.locator("h1")).to_have_text("Waiting for players")
    invite = ada.locator("#invite-url").input_value()

    bram.goto(invite)
    bram.select_option("select[name=faction]", "gnomads")
    bram.click("main form button[type=submit]")
    board_ready(bram)
    ada.wait_for_url(re.compile(r"/play/[0-9a-f-]+/$"))
    board_ready(ada)  # the waiting page opened the board by itself
    game_id = game_id_of(ada)
    expect(ada.locator('.presence .seat[data-seat="p2"]')).to_have_class(re.compile(r"\bon\b"))
    shot(ada, "e2e-coop-start")

    # ada plays a move card from her hand; bram sees the token move
    legal = ada.evaluate("window.wildlandsBoard.legal")
    wild = set(ada.evaluate("window.wildlandsBoard.me().hand.filter(c => c.wild).map(c => c.id)"))
    move = next(c for c in legal if c.get("do") == "move" and len(c["cards"]) == 1
                and c["cards"][0] not in wild)
    start_a_move(ada, move)
    # force: the space's number and whatever stands in it (figures, object counters) are
    # drawn over the cell, and a click on them picks the space just the same
    ada.click(f'polygon.cell[data-space="{move["to"]}"]', force=True)
    wait_idle(ada)
    expect(ada.locator("[data-role=log]")).to_contain_text(f"to {move['to']}.", timeout=10_000)
    expect(bram.locator("[data-role=log]")).to_contain_text(f"to {move['to']}.", timeout=10_000)
    bram.wait_for_function(
        "([id, to]) => window.wildlandsBoard.tokens.get(id)?.space === to",
        arg=[move["character"], move["to"]])
    wait_idle(bram)

    # both say they are done (the turn ends when both have); both watch the Ancients act
    bram.click("[data-role=end-turn]")
    expect(bram.locator("[data-role=end-turn]")).to_have_text("Waiting for ada…")
    # ada ends the turn once her board shows bram done: clicked before, her command is for
    # the version before bram's, and the page answers it with "the board changed, try again"
    expect(ada.locator("[data-role=handoff-status]")).to_contain_text("Bram is done")
    ada.click("[data-role=end-turn]")
    answer_prompts([ada, bram], lambda: all(past_the_first_ancients_turn(p) for p in (ada, bram)),
                   describe=lambda: _describe(game_id))
    for page in (ada, bram):
        wait_idle(page, timeout=60_000)
        expect(page.locator("[data-role=log]")).to_contain_text("The Ancients take their turn.")
        expect(page.locator("[data-role=log]")).to_contain_text("reveal a minion card")
    shot(bram, "e2e-coop-after-ancients")

    # reload and resume where we were
    version = game_row(game_id).version
    bram.reload()
    board_ready(bram)
    assert bram.evaluate("window.wildlandsBoard.version") == version
    expect(bram.locator(".turn-banner")).to_contain_text("Round 2")
    assert ada.js_errors == [] and bram.js_errors == []


def _solo_game(page, username: str, scenario: str = "magus"):
    sign_up(page, username)
    start_game(page, mode="solo", scenarios=(scenario,), faction="guild")
    board_ready(page)
    return game_id_of(page)


def _rewrite_state(game_id, change) -> None:
    """Change the stored position in place (same version), as a test set-up step."""
    from games import selectors
    from games.models import Game
    from games.pipeline import states
    from games.platform import registry
    from wildlands.rules.serialize import state_to_data

    game = Game.objects.get(pk=game_id)
    state = selectors.game_state(game).clone()
    change(state)
    game.snapshot = state_to_data(state)
    game.save(update_fields=["snapshot"])
    states.hold(game.id, registry.get(game.mode), state)


def test_a_solo_game_won_by_claiming_the_last_crystal(people):
    page = people()
    game_id = _solo_game(page, "solo_winner")

    holder = {}

    def one_crystal_from_victory(state):
        awoken = state.mode_state
        hero = next(c for c in state.characters.values() if c.on_board)
        hero.carried.extend(f"earlier_crystal_{i}" for i in range(awoken.crystals_to_win - 1))
        last = next(iter(awoken.objects.values()))
        awoken.update_object(last.id, kind="crystal", revealed=True, space=hero.space)
        player = state.player(hero.player)
        claim = [cid for cid in player.hand + player.deck if hero.id in state.card(cid).icons][:3]
        player.hand = claim + [cid for cid in player.hand if cid not in claim][:4]
        player.deck = [cid for cid in player.deck if cid not in player.hand]
        holder["hero"] = hero.id

    _rewrite_state(game_id, one_crystal_from_victory)
    page.reload()
    board_ready(page)
    hero = holder["hero"]
    expect(page.locator(".panel.goal")).to_contain_text("4 of 5")
    page.locator("[data-role=hand] .card").first.click()
    page.locator('button.option[data-action="claim"]').click()
    for _ in range(3):
        if page.locator(".intent").inner_text().startswith("Pick the character"):
            page.click(f'.token[data-figure="{hero}"]', force=True)
        eligible = page.locator("[data-role=hand] .card.eligible")
        if eligible.count():
            eligible.first.click()
    over = page.locator("[data-role=gameover]")
    expect(over).to_be_visible(timeout=15_000)
    expect(over).to_contain_text("Victory!")
    expect(over).to_contain_text("ancient crystals")
    shot(page, "e2e-solo-win")
    assert game_row(game_id).result == "won"


def test_a_solo_game_lost_when_the_event_track_runs_out(people):
    page = people()
    game_id = _solo_game(page, "solo_loser", scenario="magus")

    _rewrite_state(game_id, one_card_from_the_end_of_the_track)
    page.reload()
    board_ready(page)
    page.click("[data-role=end-turn]")
    over = page.locator("[data-role=gameover]")
    answer_prompts([page], over.is_visible, describe=lambda: _describe(game_id))
    expect(over).to_be_visible(timeout=30_000)
    expect(over).to_contain_text("Defeat")
    expect(over).to_contain_text("event track")
    expect(page.locator("[data-role=log]")).to_contain_text("event track")
    shot(page, "e2e-solo-loss")
    assert game_row(game_id).result == "lost"
