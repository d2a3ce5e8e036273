"""The end of the players' turn handed off between two people, and taking a move back, in
real Chromium (issue 13: play that reads like the table).

Against the harness's in-memory table (tests/browser/harness.py): one player's "I'm done"
does not end the shared turn, the partner's half-made play survives what the first player
does, the turn ends when both are done; "End for both…" asks first and says what the
partner gives up; a double click on a turn button sends one command. Against the live site
(tests/browser/live.py), since an undo is replayed from the stored log: a player takes a
move back and the partner reads it in the log.
"""
from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

if not Path("/usr/bin/chromium").exists():  # pragma: no cover
    pytest.skip("needs /usr/bin/chromium", allow_module_level=True)

from playwright.sync_api import expect  # noqa: E402

from browser.harness import awoken_table, open_page, wait_idle  # noqa: E402
from browser.pages import answer_cautiously, shot, start_a_move  # noqa: E402
from support.site import eager_celery  # noqa: E402,F401  (fixture)

END = "[data-role=end-turn]"
BOTH = "[data-role=end-both]"
UNDO = "[data-role=undo]"
INTENT = "[data-role=intent]"


def a_plain_move(table, seat: str) -> dict:
    """A move of `seat`'s with one card that is not wild (it offers a "Move ..." option)."""
    state = table.state
    cards = state.catalog.cards
    legal = table.initial(seat)["legal"]
    return next(c for c in legal if c["do"] == "move" and len(c["cards"]) == 1
                and not cards[c["cards"][0]].wild)


def sent(table, seat: str, name: str) -> list:
    return [m for s, m in table.received if s == seat and m.get("type") == "command"
            and m["command"].get("do") == name]


def play_out_the_ancients(table, pages) -> None:
    # with the animations on, the page shows the Ancients' actions one by one (about 0.8 s
    # each): up to 40 s
    for _ in range(160):
        pages[0].wait_for_timeout(250)
        answered = [answer_cautiously(page) for page in pages]
        if not any(answered) and table.state.turn.phase == "play" and not table.state.prompt:
            return


def test_one_players_done_waits_for_the_other_whose_half_made_move_survives(chromium):
    table = awoken_table(players=2)
    ada, bram = open_page(chromium, table, "p1"), open_page(chromium, table, "p2")
    wait_idle(ada)
    wait_idle(bram)
    expect(ada.locator(END)).to_have_text("I'm done")

    # bram is half-way through a move: card and option picked, the destination awaited
    move = a_plain_move(table, "p2")
    start_a_move(bram, move)
    # meanwhile ada moves, then says she is done
    table.apply("p1", a_plain_move(table, "p1"))
    ada.click(END)
    wait_idle(ada)
    wait_idle(bram)

    assert table.state.turn.phase == "play"  # the turn did not end
    expect(ada.locator(END)).to_have_text("Waiting for bram…")
    expect(ada.locator(END)).to_be_disabled()
    expect(bram.locator("[data-role=handoff-status]")).to_contain_text("Ada is done")
    expect(bram.locator(INTENT).filter(has_text="moves to")).to_be_visible()  # still waiting
    assert bram.evaluate("window.wildlandsBoard.flow.draft.cards") == move["cards"]
    expect(bram.locator("[data-role=log]")).to_contain_text("Ada is done and waits for you.")
    shot(bram, "hand-off-partner-done")

    bram.click(f'polygon.cell[data-space="{move["to"]}"]', force=True)
    wait_idle(bram)
    assert table.state.characters[move["character"]].space == move["to"]
    assert table.state.turn.phase == "play"
    bram.click(END)
    play_out_the_ancients(table, [ada, bram])
    wait_idle(ada)
    assert table.state.turn.round == 2 or table.state.outcome is not None
    expect(ada.locator("[data-role=log]")).to_contain_text("The Ancients take their turn.")
    expect(ada.locator(END)).to_have_text("I'm done")  # a new turn: nobody is done
    assert ada.js_errors == [] and bram.js_errors == []


def test_end_for_both_asks_first_and_names_what_the_partner_loses(chromium):
    table = awoken_table(players=2)
    ada, bram = open_page(chromium, table, "p1"), open_page(chromium, table, "p2")
    wait_idle(ada)
    cards = len(table.state.player("p2").hand)

    ada.click(BOTH)
    dialog = ada.locator("dialog[data-role=confirm-end]")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Bram has not said they are done")
    expect(dialog).to_contain_text(f"the {cards} cards in their hand stay unplayed")
    shot(ada, "hand-off-end-for-both")
    dialog.locator("[data-role=keep-playing]").click()
    expect(dialog).to_be_hidden()
    assert sent(table, "p1", "end_turn") == [] and table.state.turn.phase == "play"

    ada.click(BOTH)
    dialog.locator("[data-role=confirm-end-both]").click()
    play_out_the_ancients(table, [ada, bram])
    assert len(sent(table, "p1", "end_turn")) == 1
    assert table.state.turn.round == 2 or table.state.outcome is not None
    assert ada.js_errors == [] and bram.js_errors == []


def test_a_double_click_on_the_turns_end_sends_it_once_and_shows_no_refusal(chromium):
    table = awoken_table(players=1, scenarios=("magus",))
    page = open_page(chromium, table, "p1")
    wait_idle(page)
    expect(page.locator(END)).to_have_text("End the players' turn")

    page.dblclick(END)
    play_out_the_ancients(table, [page])
    wait_idle(page, timeout=30_000)

    assert len(sent(table, "p1", "end_turn")) == 1
    assert "Refused" not in page.locator("[data-role=log]").inner_text()
    expect(page.locator(".toast.error")).to_have_count(0)
    assert page.js_errors == []


def test_a_double_click_on_im_done_sends_it_once(chromium):
    table = awoken_table(players=2)
    ada = open_page(chromium, table, "p1")
    wait_idle(ada)

    ada.dblclick(END)
    wait_idle(ada)

    assert len(sent(table, "p1", "finish")) == 1
    expect(ada.locator(END)).to_have_text("Waiting for bram…")
    assert "Refused" not in ada.locator("[data-role=log]").inner_text()
    assert ada.js_errors == []


# ---------------------------------------------------------------- on the live site
@pytest.mark.slow
@pytest.mark.usefixtures("eager_celery")
def test_a_player_takes_a_move_back_and_the_partner_reads_it_in_the_log(people):
    from browser.live import game_row
    from games.history import history_problems
    from support.site import make_user, start_coop

    mira_user, ari_user = make_user("mira"), make_user("ari")
    game = start_coop(mira_user, ari_user)
    mira, ari = people(user=mira_user), people(user=ari_user)
    for page in (mira, ari):
        page.goto(f"/play/{game.id}/")
        page.wait_for_selector("#board-app.ready", timeout=15_000)
        expect(page.locator(".conn")).to_have_text("Live", timeout=15_000)
        wait_idle(page)
    expect(mira.locator(UNDO)).to_be_disabled()  # nothing to take back yet

    legal = mira.evaluate("window.wildlandsBoard.legal")
    hand = mira.evaluate("window.wildlandsBoard.me().hand")
    wild = {c["id"] for c in hand if c.get("wild")}
    move = next(c for c in legal if c.get("do") == "move" and len(c["cards"]) == 1
                and c["cards"][0] not in wild)
    start = mira.evaluate("(id) => window.wildlandsBoard.tokens.get(id).space", move["character"])
    start_a_move(mira, move)
    mira.click(f'polygon.cell[data-space="{move["to"]}"]', force=True)
    expect(mira.locator(UNDO)).to_be_enabled(timeout=10_000)
    wait_idle(ari)
    expect(ari.locator(UNDO)).to_be_disabled()  # only mira may take her move back

    mira.dblclick(UNDO)  # twice, quickly: one undo
    expect(ari.locator("[data-role=log]")).to_contain_text("Mira took back their move.",
                                                          timeout=10_000)
    wait_idle(ari)
    wait_idle(mira)
    shot(ari, "undo-partner-log")
    space = "(id) => window.wildlandsBoard.tokens.get(id).space"
    assert ari.evaluate(space, move["character"]) == start
    assert mira.evaluate(space, move["character"]) == start
    assert move["cards"][0] in [c["id"] for c in mira.evaluate("window.wildlandsBoard.me().hand")]
    expect(mira.locator("[data-role=log]")).to_contain_text("You took back your move.")
    assert "Refused" not in mira.locator("[data-role=log]").inner_text()
    stored = game_row(game.id)
    assert stored.version == game.version + 2  # the move, and its undo
    assert history_problems(stored) == []
    assert mira.js_errors == [] and ari.js_errors == []
