"""The board page in real Chromium, against the harness's in-memory table.

These need no backend: the page is the real template and board.js, the rules are the real
engine, and the websocket is answered from Python (tests/browser/harness.py). They check
what a person does on the board: pick a card, an option, a target; answer a defence; watch
the Ancients; lose the connection and get it back; play on a phone.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

if not Path("/usr/bin/chromium").exists():  # pragma: no cover
    pytest.skip("needs /usr/bin/chromium", allow_module_level=True)

from playwright.sync_api import expect  # noqa: E402

from browser.harness import (  # noqa: E402
    awoken_table, case_table, duel_case, open_page, skirmish_table, wait_idle)
from browser.pages import answer_cautiously, shot, start_a_move  # noqa: E402


def duel(chromium):
    """The duel position with both players' pages open: (table, ada's page, bram's page)."""
    table = case_table(duel_case())
    return table, open_page(chromium, table, "p1"), open_page(chromium, table, "p2")


def shoot_the_glider(page) -> None:
    """Ada's ranged attack on Bram's glider: the card, the option, the target."""
    page.click('.card[data-card="g_ranged"]')
    page.click('button.option:has-text("ranged")')
    page.click('.token[data-figure="gnomads_glider"]', force=True)


def token_space(page, figure: str):
    return page.evaluate("(id) => { const d = window.wildlandsBoard.tokens.get(id); return d ? d.space : null; }", figure)


def log_text(page) -> str:
    return page.locator("[data-role=log]").inner_text()


def test_the_board_draws_every_space_figure_and_card(chromium):
    table = skirmish_table()
    seat = table.state.turn.active
    page = open_page(chromium, table, seat)
    wait_idle(page)
    assert page.locator("svg.map polygon.cell").count() == len(table.state.board.spaces)
    on_board = [c for c in table.state.characters.values() if c.space is not None]
    for c in on_board:
        expect(page.locator(f'.token[data-figure="{c.id}"]')).to_have_count(1)
    assert page.locator("[data-role=hand] .card").count() == len(table.state.player(seat).hand)
    expect(page.locator(".turn-banner")).to_contain_text("Your turn")
    expect(page.locator(".conn")).to_have_text("Live")
    shot(page, "harness-skirmish")
    assert page.js_errors == []


def test_a_move_highlights_legal_spaces_and_moves_the_token(chromium):
    table = case_table(duel_case())
    page = open_page(chromium, table, "p1")
    page.click('.card[data-card="g_move"]')
    # one option only (move Brannoc): the flow goes straight to the target
    expect(page.locator("[data-role=intent]")).to_contain_text("moves to")
    highlighted = page.eval_on_selector_all("polygon.cell.target", "ns => ns.map(n => +n.dataset.space)")
    legal = sorted({c["to"] for c in table.initial("p1")["legal"] if c["do"] == "move"
                    and c["character"] == "guild_warden" and "g_move" in c["cards"]})
    assert sorted(highlighted) == legal and 21 in legal and 28 in legal  # 28 is a climb
    page.click('polygon.cell[data-space="21"]', force=True)
    wait_idle(page)
    assert table.state.characters["guild_warden"].space == 21
    assert token_space(page, "guild_warden") == 21
    expect(page.locator("[data-role=log]")).to_contain_text("Brannoc the Warden moves from 20 to 21")
    assert page.locator('.card[data-card="g_move"]').count() == 0


def test_a_climb_asks_for_a_second_card(chromium):
    table = case_table(duel_case())
    page = open_page(chromium, table, "p1")
    page.click('.card[data-card="g_move"]')
    page.click('polygon.cell[data-space="28"]', force=True)  # high ground: a climb
    expect(page.locator("[data-role=intent]")).to_contain_text("second card")
    expect(page.locator('.card[data-card="g_wild"]')).to_have_class(re.compile("eligible"))
    page.click('.card[data-card="g_wild"]')
    wait_idle(page)
    assert table.state.characters["guild_warden"].space == 28
    expect(page.locator("[data-role=log]")).to_contain_text("climbs from 20 to 28")


def test_an_attack_is_defended_through_the_other_players_prompt(chromium):
    table, ada, bram = duel(chromium)
    ada.click('.card[data-card="g_ranged"]')
    ada.click('button.option:has-text("ranged")')
    expect(ada.locator('.token[data-figure="gnomads_glider"]')).to_have_class(re.compile("selectable"))
    ada.click('.token[data-figure="gnomads_glider"]', force=True)
    dialog = bram.locator("dialog[open] .prompt[data-kind=defend]")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("ranged attack on Pip Thistlewing")
    expect(ada.locator(".intent")).to_contain_text("Waiting for bram")
    shot(bram, "harness-defend-prompt")
    dialog.locator('.card[data-card="n_shield"]').click()
    wait_idle(ada)
    wait_idle(bram)
    for page in (ada, bram):
        expect(page.locator("[data-role=log]")).to_contain_text("a shield prevents it")
    assert table.state.characters["gnomads_glider"].damage == 0
    expect(bram.locator("dialog[open]")).to_have_count(0)


def test_taking_the_hit_shows_damage_pips(chromium):
    table, ada, bram = duel(chromium)
    shoot_the_glider(ada)
    bram.locator("dialog[open] button:has-text('Take the hit')").click()
    wait_idle(ada)
    expect(ada.locator('.token[data-figure="gnomads_glider"] .pip.hurt')).to_have_count(1)
    expect(ada.locator("[data-role=log]")).to_contain_text("Pip Thistlewing takes 1 damage (1/2)")


def test_a_refused_command_is_explained_in_words(chromium):
    table = case_table(duel_case(), with_legal=False)  # no hints: the server must explain
    page = open_page(chromium, table, "p1")
    page.click('.card[data-card="g_move"]')
    # without the legal list the page still offers neighbours; make it send a far space
    page.evaluate("""() => { const f = window.wildlandsBoard.flow; f.step.choices.add(40); }""")
    page.click('polygon.cell[data-space="40"]', force=True)
    expect(page.locator(".intent-row.error")).to_contain_text("is not next to")
    assert table.state.characters["guild_warden"].space == 20


def test_end_turn_and_interrupt_window(chromium):
    table, ada, bram = duel(chromium)
    ada.click("[data-role=end-turn]")
    prompt = bram.locator("dialog[open] .prompt[data-kind=interrupt_window]")
    expect(prompt).to_be_visible()
    prompt.locator("button:has-text('Pass')").click()
    wait_idle(bram)
    expect(bram.locator(".turn-banner")).to_contain_text("Your turn")
    expect(ada.locator(".turn-banner")).to_contain_text("bram's turn")


def test_reconnect_resyncs_what_was_missed(chromium):
    table, ada, bram = duel(chromium)
    table.drop("p2", keep_out=True)  # bram stays away until let in: no race with his retry
    expect(bram.locator(".conn")).not_to_have_text("Live")
    expect(ada.locator('.presence .seat[data-seat="p2"]')).not_to_have_class(re.compile(r"\bon\b"))
    table.apply("p1", {"do": "move", "character": "guild_warden", "to": 21, "cards": ["g_move"]})
    table.let_in("p2")
    expect(bram.locator(".conn")).to_have_text("Live", timeout=15_000)
    wait_idle(bram)
    assert token_space(bram, "guild_warden") == 21
    expect(bram.locator("[data-role=log]")).to_contain_text("moves from 20 to 21")
    assert any(seat == "p2" and m.get("type") == "resync" for seat, m in table.received)


def test_a_gap_in_event_numbers_asks_for_a_resync(chromium):
    table = case_table(duel_case())
    bram = open_page(chromium, table, "p2")
    wait_idle(bram)
    table.hold_updates = True  # this change never reaches the page...
    table.apply("p1", {"do": "move", "character": "guild_warden", "to": 21, "cards": ["g_move"]})
    table.hold_updates = False  # ...the next one does, and its numbers jump
    table.apply("p1", {"do": "move", "character": "guild_warden", "to": 22, "cards": ["g_wild"]})
    wait_idle(bram)
    expect(bram.locator("[data-role=log]")).to_contain_text("moves from 20 to 21")
    expect(bram.locator("[data-role=log]")).to_contain_text("moves from 21 to 22")
    resyncs = [m for seat, m in table.received if seat == "p2" and m.get("type") == "resync"]
    assert len(resyncs) >= 2  # one on connect, one for the gap


def test_the_ancients_turn_is_animated_and_logged(chromium):
    table = awoken_table(players=1, scenarios=("magus",))
    page = open_page(chromium, table, "p1", motion="full")
    expect(page.locator(".panel.scenario")).to_have_count(1)
    expect(page.locator(".panel.goal")).to_contain_text("0 of 5")
    page.click("[data-role=end-turn]")
    # answer whatever the Ancients ask (interrupts, defences, choices); the page plays each
    # action at a readable pace first, so a question shows up some seconds after the last
    for _ in range(80):
        page.wait_for_timeout(300)
        if (not answer_cautiously(page) and table.state.turn.phase == "play"
                and not table.state.prompt):
            break
    wait_idle(page, timeout=30_000)
    log = log_text(page)
    assert "The Ancients take their turn." in log
    assert "reveal a minion card" in log
    assert table.state.turn.round == 2 or table.state.outcome is not None
    shot(page, "harness-awoken-after-ancients")
    assert page.js_errors == []


def test_game_over_screen(chromium):
    case = duel_case()
    case["players"][0]["score"] = 4
    case["players"][1]["characters"][0]["health"] = 1
    table = case_table(case, )
    ada = open_page(chromium, table, "p1")
    shoot_the_glider(ada)
    bram = open_page(chromium, table, "p2")
    if table.state.prompt:
        bram.locator("dialog[open] button:has-text('Take the hit')").click()
    over = ada.locator("[data-role=gameover]")
    expect(over).to_be_visible()
    expect(over).to_contain_text("You win!")
    expect(over.locator("a:has-text('My games')")).to_have_attribute("href", "/play/")
    expect(bram.locator("[data-role=gameover]")).to_contain_text("Ada wins")
    shot(ada, "harness-game-over")


def test_a_phone_sized_screen(chromium):
    table = awoken_table(players=2)
    page = open_page(chromium, table, "p1", viewport=(390, 844), device_scale_factor=2,
                     is_mobile=True, has_touch=True)
    wait_idle(page)
    width = page.evaluate("document.documentElement.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    hand = page.locator("[data-role=hand]")
    assert hand.evaluate("n => n.scrollWidth > n.clientWidth")  # the hand scrolls sideways
    assert page.locator("svg.map").bounding_box()["width"] <= width
    shot(page, "harness-phone")


def test_a_rally_moves_the_leader_and_keeps_the_friend(chromium):
    table = case_table(duel_case())
    page = open_page(chromium, table, "p1")
    page.click('.card[data-card="g_rally"]')
    page.click('button.option[data-action="rally"]')
    page.click('.token[data-figure="guild_archmage"]', force=True)  # the friend, next door on 12
    expect(page.locator("[data-role=intent]")).to_contain_text("where Brannoc goes")
    page.click('polygon.cell[data-space="21"]', force=True)
    page.click("button:has-text('Stay put')")
    wait_idle(page)
    assert table.state.characters["guild_warden"].space == 21
    assert table.state.characters["guild_archmage"].space == 12
    expect(page.locator("[data-role=log]")).to_contain_text("Brannoc the Warden rallies from 20 to 21")


def test_revealing_a_face_down_object_from_the_board(chromium):
    table = awoken_table(players=2)
    state = table.state
    hero = state.characters["guild_warden"]
    obj = next(o for o in state.mode_state.objects.values() if not o.revealed and o.space is not None)
    hero.space = obj.space
    page = open_page(chromium, table, "p1")
    page.click(f'.token[data-figure="{obj.id}"]', force=True)
    # two players: revealing costs a card showing a character in that space
    expect(page.locator("[data-role=intent]")).to_contain_text("revealing costs a card")
    eligible = page.locator("[data-role=hand] .card.eligible")
    assert eligible.count() >= 1
    eligible.first.click()
    wait_idle(page)
    expect(page.locator("[data-role=log]")).to_contain_text(f"turns over the object on {obj.space}")
    assert state is not table.state and table.state.mode_state.objects[obj.id].revealed


def test_a_spectator_sees_the_board_but_no_hand(chromium):
    table = case_table(duel_case())
    page = open_page(chromium, table, None)
    wait_idle(page)
    expect(page.locator(".intent")).to_contain_text("watching")
    assert page.locator("[data-role=hand] .card").count() == 0
    expect(page.locator("[data-role=end-turn]")).to_be_hidden()
    expect(page.locator('.token[data-figure="guild_warden"]')).to_have_count(1)
    assert page.js_errors == []


def test_choices_are_also_buttons_for_keyboards_and_small_screens(chromium):
    table = case_table(duel_case())
    page = open_page(chromium, table, "p1")
    page.click('.card[data-card="g_ranged"]')
    page.click('button.option:has-text("ranged")')
    expect(page.locator("button.chip")).to_have_text(["Pip Thistlewing"])
    page.click('.card[data-card="g_ranged"]')  # the same card again cancels
    page.click('.card[data-card="g_move"]')
    page.locator('button.chip[data-choice="21"]').focus()
    page.keyboard.press("Enter")
    wait_idle(page)
    assert table.state.characters["guild_warden"].space == 21


def test_a_click_on_a_counter_in_a_target_space_picks_that_space(chromium):
    """Counters lying in a space cover part of it: a click on one while the play asks for a
    space is a click on the space it lies in (it used to be refused: "That is not a choice here.")."""
    from wildlands.rules.legal import legal_commands

    table = awoken_table(players=2)
    state = table.state
    legal = [c.to_data() if hasattr(c, "to_data") else c for c in legal_commands(state, "p1")]
    move = next(c for c in legal if c.get("do") == "move" and len(c["cards"]) == 1
                and not state.card(c["cards"][0]).wild)
    counter = next(o for o in state.mode_state.objects.values() if not o.revealed)
    state.mode_state.update_object(counter.id, space=move["to"])
    page = open_page(chromium, table, "p1")
    start_a_move(page, move)
    expect(page.locator(f'polygon.cell.target[data-space="{move["to"]}"]')).to_be_visible()
    page.click(f'.token[data-figure="{counter.id}"]', force=True)
    wait_idle(page)
    assert table.state.characters[move["character"]].space == move["to"]
    expect(page.locator("[data-role=log]")).to_contain_text(f"to {move['to']}.")
    assert page.js_errors == []
