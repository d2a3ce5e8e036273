"""Issue 33 items 2 and 3 in the browser, on the real site (daphne, the consumer, eager Celery
for the opponent's turn), in real Chromium: each game's rules page (its sections, a search
that keeps and marks what matches without a round trip, pictures drawn by the board's own
renderer), the board's Rules panel (the goal, how to win and lose, the phase the view is in),
every board mark explaining itself on hover (its title) and on a tap (a note), and the
guided first game of Defenders of the Wild from its start to the real game it offers.

The pictures in docs/ui.md (docs/learn-*.png) are these tests' screenshots, copied there when
WILDLANDS_DOCS_SHOTS is set.
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

from browser.boards import APP, docs_shot, make_user, open_board, version  # noqa: E402
from browser.harness import wait_idle  # noqa: E402
from browser.live import game_row  # noqa: E402
from browser.pages import answer_cautiously, start_a_move  # noqa: E402


def until_moved_on(page, before: int, timeout: int = 30_000) -> None:
    page.wait_for_function(f"(v) => {APP}.version > v", arg=before, timeout=timeout)
    wait_idle(page, timeout=timeout)


# --- the rules pages ----------------------------------------------------------------------
@pytest.mark.parametrize("key, heading, picture_mark, search, kept, gone", [
    ("defenders", "How to play Defenders of the Wild", "mech", "toxic damage", "damage", "items"),
    ("wildlands", "How to play Wildlands and The Awoken", "object", "event track", "goal", "fighting"),
])
def test_a_rules_page_reads_searches_and_shows_the_boards_drawings(
        people, key, heading, picture_mark, search, kept, gone):
    page = people(csp=True)  # under the site's Content-Security-Policy
    page.goto(f"/games/{key}/rules/")
    page.wait_for_selector("[data-role=rules-page][data-ready]")
    expect(page.locator("h1")).to_have_text(heading)
    sections = page.locator(".rules-section")
    total = sections.count()
    assert total >= 8
    # pictures: the board's own drawing of a real first board, the section's marks lit
    picture = page.locator(f'.rules-picture[data-picture~="{picture_mark}"]').first
    expect(picture.locator("svg")).to_be_visible()
    lit = picture.locator(f'svg [data-mark="{picture_mark}"].lit')
    assert lit.count() >= 1, f"no {picture_mark} lit in the picture"
    docs_shot(page, f"learn-rules-{key}")

    # the search keeps what matches and marks the words, with no request to the server
    asked: list = []
    page.on("request", lambda r: asked.append(r.url))
    page.fill("[data-role=rules-query]", search)
    expect(page.locator(f"#{kept}")).to_be_visible()
    expect(page.locator(f"#{gone}")).to_be_hidden()
    expect(page.locator(f"#{kept} mark.rules-hit").first).to_be_visible()
    expect(page.locator("[data-role=rules-found]")).to_have_text(re.compile(r"^\d+ sections? match"))
    docs_shot(page, f"learn-rules-{key}-search")
    page.fill("[data-role=rules-query]", "zzzz qqqq")
    expect(page.locator("[data-role=rules-found]")).to_have_text("Nothing in the rules matches that.")
    page.fill("[data-role=rules-query]", "")
    expect(sections).to_have_count(total)
    expect(page.locator(".rules-section:visible")).to_have_count(total)
    assert page.locator("mark.rules-hit").count() == 0
    assert asked == []
    assert page.js_errors == []


def test_the_rules_page_answers_any_mode_of_its_game_and_refuses_an_unknown_one(people):
    page = people()
    page.goto("/games/solo/rules/")
    expect(page.locator("h1")).to_have_text("How to play Wildlands and The Awoken")
    answer = page.goto("/games/chess/rules/")
    assert answer.status == 404


# --- the board's Rules panel and its marks ---------------------------------------------------
def test_the_defenders_board_has_a_rules_panel_and_marks_that_explain_themselves(people):
    from games import lobby

    ada = make_user("learn_dw_panel")
    game = lobby.game_create(user=ada, mode="defenders", players=1, bots=0, tier="base",
                             deck="order:ember", second_deck="sect:cog", seed=3)
    page = people(user=ada)
    open_board(page, f"/play/{game.id}/")
    panel = page.locator("[data-role=rules-panel]")
    expect(panel.locator("summary")).to_contain_text("now: Before the first round")
    panel.locator("summary").click()
    expect(panel.locator("[data-role=rules-goal]")).to_contain_text("Build every one of your camps")
    expect(panel.locator("[data-role=rules-lose] li")).to_have_count(3)
    expect(panel.locator("[data-role=rules-phase]")).to_have_attribute("data-phase", "camps")
    expect(panel.locator("[data-role=rules-link]")).to_have_attribute("href", "/games/defenders/rules/")
    expect(page.locator("[data-role=how-to-play]")).to_have_attribute("href", "/games/defenders/rules/")

    # the phase follows the game: the starting camps placed, the panel speaks of the pick
    panel.locator("summary").click()  # closed: it lies over the board when open
    for _ in range(2):
        key = page.evaluate(f"[...{APP}.defenders.board.targets.hexes][0]")
        before = version(page)
        page.click(f'.dw-target-ring[data-hex="{key}"]', force=True)
        until_moved_on(page, before)
    expect(panel.locator("summary")).to_contain_text("now: Picking defenders")
    panel.locator("summary").click()
    expect(panel.locator("[data-role=rules-phase]")).to_have_attribute("data-phase", "organize")
    expect(panel.locator("[data-role=rules-phase]")).to_contain_text("Picking defenders")

    docs_shot(page, "learn-defenders-panel")
    panel.locator("summary").click()

    # every kind of mark on this board carries its words in its title
    for mark, words in [("mech", "Destroy one for one support"), ("engine", "leaving a wall"),
                        ("wall", "Nobody moves through it"), ("pollution", "toxic site"),
                        ("camp", "heal"), ("core", "factories still to be built"),
                        ("organizer", "every action happens"), ("habitat", "home habitat")]:
        title = page.locator(f'[data-role=map] [data-mark="{mark}"] > title').first
        expect(title).to_contain_text(words)
    # a tap on a mech opens its note (a finger cannot hover)
    page.locator('[data-role=map] [data-mark="mech"]').first.dispatch_event("click")
    note = page.locator("[data-role=mark-note]")
    expect(note).to_be_visible()
    expect(note).to_contain_text("A mech")
    expect(note).to_contain_text("Destroy one for one support")
    docs_shot(page, "learn-defenders-mark")
    note.locator(".mark-note-close").click()
    expect(note).to_be_hidden()
    assert page.js_errors == []


def test_the_awoken_board_has_a_rules_panel_and_marks_that_explain_themselves(people):
    from games import lobby

    ada = make_user("learn_aw_panel")
    game = lobby.game_create(user=ada, mode="solo", players=1, bots=0, faction="guild",
                             colour="", scenario_ids=["magus"], map_name="dungeon", seed=11)
    page = people(user=ada)
    open_board(page, f"/play/{game.id}/")
    panel = page.locator("[data-role=rules-panel]")
    panel.locator("summary").click()
    expect(panel.locator("[data-role=rules-goal]")).to_contain_text("five ancient crystals")
    expect(panel.locator("[data-role=rules-lose]")).to_contain_text("event track")
    expect(panel.locator("[data-role=rules-phase]")).to_have_attribute("data-phase", "play")
    expect(panel.locator("[data-role=rules-phase]")).to_contain_text("The players' turn")
    for mark, words in [("character", "pips"), ("minion", "Ancients' servants"),
                        ("ancient", "knocking out every Ancient"), ("object", "ancient crystal"),
                        ("wall", "nobody moves or sees"), ("cover", "ranged attack")]:
        expect(page.locator(f'[data-role=map] [data-mark="{mark}"] > title').first).to_contain_text(words)
    panel.locator("summary").click()  # closed again: opened, it lies over the board
    page.locator('[data-role=map] [data-mark="minion"]').first.dispatch_event("click")
    note = page.locator("[data-role=mark-note]")
    expect(note).to_contain_text("A minion")

    # the Ancients' turn: the panel says what happens then (answering what the rules ask)
    page.evaluate(f"{APP}.sendCommand({{do: 'end_turn'}}, 'end')")
    seen_ancients = False
    for _ in range(400):
        phase = page.evaluate(f"{APP}.view.turn.phase")
        if phase == "ancients" and not seen_ancients:
            expect(panel.locator("[data-role=rules-phase]")).to_have_attribute("data-phase", "ancients")
            expect(panel.locator("[data-role=rules-phase]")).to_contain_text("The Ancients' turn")
            seen_ancients = True
        if page.evaluate(f"() => {APP}.view.turn.round > 1 && {APP}.view.turn.phase === 'play'"):
            break
        answer_cautiously(page)
        page.wait_for_timeout(150)
    assert seen_ancients
    wait_idle(page, timeout=30_000)
    expect(panel.locator("[data-role=rules-phase]")).to_have_attribute("data-phase", "play")
    page.keyboard.press("Escape")  # the minion's note goes
    panel.locator("summary").click()
    expect(panel.locator("[data-role=rules-phase]")).to_be_visible()
    docs_shot(page, "learn-awoken-panel")
    assert page.js_errors == []


@pytest.mark.parametrize("map_name, feature, words", [
    ("maze", "tomb", "holds a curse"), ("lost_factory", "belt", "along the arrows")])
def test_a_skirmish_boards_shards_hidden_characters_and_map_features_explain_themselves(
        people, map_name, feature, words):
    from games import lobby

    ada = make_user(f"learn_sk_{map_name}")
    game = lobby.game_create(user=ada, mode="skirmish", players=2, bots=1, faction="guild",
                             colour="", map_name=map_name, seed=5)
    page = people(user=ada)
    open_board(page, f"/play/{game.id}/")
    panel = page.locator("[data-role=rules-panel]")
    panel.locator("summary").click()
    expect(panel.locator("[data-role=rules-goal]")).to_contain_text("The goal (Skirmish)")
    expect(panel.locator("[data-role=rules-win]")).to_contain_text("five points win")
    for mark, said in [("shard", "Only its owner can claim it"), (feature, words),
                       ("hidden", "not yet on the board")]:
        expect(page.locator(f'[data-role=map] [data-mark="{mark}"] > title').first).to_contain_text(said)
    page.locator(f'[data-role=map] [data-mark="{feature}"]').first.dispatch_event("click")
    expect(page.locator("[data-role=mark-note]")).to_contain_text(words)
    assert page.js_errors == []


# --- the guided first game ---------------------------------------------------------------------
def test_the_guided_first_game_of_defenders_leads_to_a_real_game(people):
    ada = make_user("learn_dw_guided")
    page = people(user=ada)
    page.goto("/games/defenders/rules/")
    page.click("[data-role=guided-link]")
    expect(page.locator("h1")).to_have_text("A guided first game of Defenders of the Wild")
    page.click("[data-role=start-guided]")
    page.wait_for_selector("#board-app.ready", timeout=15_000)
    expect(page.locator(".conn")).to_have_text("Live", timeout=15_000)
    assert page.url.endswith("?guide=1")
    game_id = page.evaluate(f"{APP}.gameId")
    stored = game_row(game_id)
    assert (stored.mode, stored.seed) == ("defenders", 3)

    guide = page.locator("[data-role=guide]")
    expect(guide).to_have_attribute("data-step", "camps")
    expect(guide).to_contain_text("step 1 of 6")
    expect(page.locator(".dw-target-ring.guide-point").first).to_be_attached()
    docs_shot(page, "learn-guided-defenders-start")
    for _ in range(2):
        ring = page.locator(".dw-target-ring.guide-point").first
        before = version(page)
        ring.click(force=True)
        until_moved_on(page, before)

    expect(guide).to_have_attribute("data-step", "pick")
    card = page.locator(".dw-card.playable.guide-point").first
    expect(card).to_be_visible()
    before = version(page)
    card.click()
    until_moved_on(page, before)

    expect(guide).to_have_attribute("data-step", "act", timeout=15_000)
    clear = page.locator(".dw-actions [data-do=clear_pollution]")
    expect(clear).to_have_class(re.compile("guide-point"))
    docs_shot(page, "learn-guided-defenders-act")
    before = version(page)
    clear.click()
    until_moved_on(page, before)

    expect(guide).to_have_attribute("data-step", "more")
    end = page.locator("[data-role=end-turn]")
    expect(end).to_have_class(re.compile("guide-point"))
    end.click()
    dialog = page.locator("dialog[open]")
    if dialog.count():  # points left: the page asks before ending the turn
        dialog.locator("button", has_text=re.compile("End")).first.click()

    # the machines' turn, told in words in the guide box
    expect(guide).to_have_attribute("data-step", "machines", timeout=30_000)
    page.wait_for_function(f"() => {APP}.view.turn.round > 1", timeout=30_000)
    wait_idle(page, timeout=30_000)
    log = guide.locator("[data-role=guide-log] li")
    expect(log.first).to_be_visible()
    expect(guide.locator("[data-role=guide-log]")).to_contain_text(re.compile("machine", re.I))
    docs_shot(page, "learn-guided-defenders-machines")
    guide.locator("[data-role=guide-next]").click()
    expect(guide).to_have_attribute("data-step", "next")
    guide.locator("[data-role=guide-next]").click()

    # the end: a real game offered
    expect(guide).to_have_attribute("data-step", "finished")
    real = guide.locator("[data-role=real-game]")
    expect(real).to_have_attribute("href", "/play/new/?mode=defenders")
    docs_shot(page, "learn-guided-defenders-end")
    real.click()
    page.wait_for_url(re.compile(r"/play/new/\?mode=defenders$"))
    expect(page.locator("form.form")).to_contain_text("Difficulty")
    assert page.js_errors == []


def test_a_board_opened_without_the_guide_shows_no_guide(people):
    from games import lobby

    ada = make_user("learn_dw_noguide")
    game = lobby.game_create(user=ada, mode="defenders", players=1, bots=0, tier="base",
                             deck="order:ember", second_deck="sect:cog", seed=4)
    page = people(user=ada)
    open_board(page, f"/play/{game.id}/?guide=1")  # not the guided game's seed
    expect(page.locator("[data-role=rules-panel]")).to_be_attached()
    expect(page.locator("[data-role=guide]")).to_have_count(0)


def test_the_guided_first_game_of_the_awoken_leads_to_a_real_game(people):
    ada = make_user("learn_aw_guided")
    page = people(user=ada)
    page.goto("/games/wildlands/rules/")
    page.click("[data-role=guided-link]")
    expect(page.locator("h1")).to_have_text("A guided first game of The Awoken")
    page.click("[data-role=start-guided]")
    page.wait_for_selector("#board-app.ready", timeout=15_000)
    expect(page.locator(".conn")).to_have_text("Live", timeout=15_000)
    wait_idle(page, timeout=30_000)
    game_id = page.evaluate(f"{APP}.gameId")
    stored = game_row(game_id)
    assert (stored.mode, stored.seed) == ("solo", 11)

    guide = page.locator("[data-role=guide]")
    expect(guide).to_have_attribute("data-step", "play")
    expect(guide).to_contain_text("step 1 of 4")
    expect(page.locator("[data-role=hand] .card.guide-point").first).to_be_visible()
    docs_shot(page, "learn-guided-awoken-start")

    # a card from the hand moves a character: the card, its "Move" option, a lit space
    legal = page.evaluate(f"{APP}.legal")
    wild = set(page.evaluate(f"{APP}.me().hand.filter(c => c.wild).map(c => c.id)"))
    move = next(c for c in legal if c.get("do") == "move" and len(c["cards"]) == 1
                and c["cards"][0] not in wild)
    start_a_move(page, move)
    before = version(page)
    page.click(f'polygon.cell[data-space="{move["to"]}"]', force=True)
    until_moved_on(page, before)

    expect(guide).to_have_attribute("data-step", "more")
    end = page.locator("[data-role=end-turn]")
    expect(end).to_have_class(re.compile("guide-point"))
    end.click()
    expect(guide).to_have_attribute("data-step", "ancients", timeout=30_000)
    for _ in range(400):  # the Ancients act; the page asks about interrupts and defences
        if page.evaluate(f"() => {APP}.view.turn.round > 1 && {APP}.view.turn.phase === 'play'"):
            break
        answer_cautiously(page)
        page.wait_for_timeout(150)
    wait_idle(page, timeout=30_000)
    expect(guide.locator("[data-role=guide-log]")).to_contain_text("The Ancients reveal a minion card")
    docs_shot(page, "learn-guided-awoken-ancients")
    guide.locator("[data-role=guide-next]").click()
    expect(guide).to_have_attribute("data-step", "next")
    guide.locator("[data-role=guide-next]").click()
    expect(guide).to_have_attribute("data-step", "finished")
    real = guide.locator("[data-role=real-game]")
    expect(real).to_have_attribute("href", "/play/new/?mode=solo")
    real.click()
    page.wait_for_url(re.compile(r"/play/new/\?mode=solo$"))
    expect(page.locator("form.form")).to_contain_text("Scenario")
    assert page.js_errors == []


def test_the_guide_and_the_rules_panel_fit_a_phone(people):
    from games import lobby
    from games.learning import book_for

    ada = make_user("learn_dw_phone")
    guide = book_for("defenders")[1].guide
    game = lobby.game_create(user=ada, mode="defenders", seed=guide["seed"], **guide["choices"])
    page = people((390, 844), user=ada)
    open_board(page, f"/play/{game.id}/?guide=1")
    box = page.locator("[data-role=guide]")
    expect(box).to_be_visible()
    bounds = box.bounding_box()
    assert bounds["x"] >= 0 and bounds["x"] + bounds["width"] <= 390, bounds
    expect(page.locator(".dw-target-ring.guide-point").first).to_be_attached()
    panel = page.locator("[data-role=rules-panel]")
    panel.locator("summary").click()
    expect(panel.locator("[data-role=rules-phase]")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    docs_shot(page, "learn-guided-defenders-phone")
    assert page.js_errors == []


def test_a_character_held_by_a_stasis_trap_explains_the_trap(people):
    """A revealed trap acts and leaves the board, but a stasis trap stays under the
    character it holds (with more than one in the scenario): that character is the trap's
    mark. Seed 2 against the Automaton: the Stormcaller walks onto one and turns it over."""
    from games import lobby

    ada = make_user("learn_aw_trap")
    game = lobby.game_create(user=ada, mode="solo", players=1, bots=0, faction="guild",
                             colour="", scenario_ids=["automaton"], map_name="dungeon", seed=2)
    page = people(user=ada)
    open_board(page, f"/play/{game.id}/")
    for command in ({"do": "move", "character": "guild_stormcaller", "to": 40, "cards": ["guild_22"]},
                    {"do": "reveal_object", "character": "guild_stormcaller", "object": "obj15"}):
        before = version(page)
        page.evaluate("(c) => window.wildlandsBoard.sendCommand(c, 'scripted')", command)
        until_moved_on(page, before)
    held = page.locator('[data-role=map] .token.character.ensnared')
    expect(held).to_have_attribute("data-mark", "trap")
    expect(held.locator("> title")).to_contain_text("a stasis trap holds the character that found it")
    held.dispatch_event("click")
    expect(page.locator("[data-role=mark-note]")).to_contain_text("A trap")
    assert page.js_errors == []
