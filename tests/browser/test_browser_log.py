"""The log in words, in real Chromium.

* Every event kind the engines register has a sentence in sentences.js (and no other
  kind has one), and no line names a
  card, an Ancients' card or an object by its internal id (real events from games the bots
  played through the engine, and a written sample of each kind, described by the page's own
  `describe` with the page's own names).
* A figure never reads as taking more damage than its health.
* The interrupt question names the revealed Ancients' card by what it does.
* On the real site: a game played for a while, some moves made in the browser, the page
  reloaded: the log still holds the game so far, "Show earlier" loads the older part, and
  the lines are exactly the events the seat may see, in words.
"""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

if not Path("/usr/bin/chromium").exists():  # pragma: no cover
    pytest.skip("needs /usr/bin/chromium", allow_module_level=True)

from playwright.sync_api import expect  # noqa: E402

import ancients_ai.engine  # noqa: E402,F401  (registers the Awoken's event kinds)
from browser.harness import (  # noqa: E402
    awoken_table, legal_for, open_page, skirmish_table, wait_idle)
from browser.pages import shot  # noqa: E402
from wildlands.rules.errors import RuleError  # noqa: E402
from wildlands.rules.events import EVENT_KINDS  # noqa: E402
from support.site import eager_celery  # noqa: E402,F401

# what a line must never contain: a snake_case id (guild_21, magus_a06, acolyte_3), a
# counter's id (obj4), a card code (M06), raw data, or JavaScript's placeholders
RAW = re.compile(r"[a-z]+_[a-z0-9_]+|\bobj\d+\b|\b[A-Z]\d\d\b|[{}\[\]]|\bundefined\b|\bnull\b|NaN|\[object")


def bot_played(table, seed: int, steps: int = 300):
    """`table` after random legal commands by every seat (the Ancients' turns run too)."""
    rng = random.Random(seed)
    for _ in range(steps):
        if table.state.outcome is not None:
            break
        options = [(seat, command) for seat in table.state.player_ids()
                   for command in legal_for(table.state, seat) or []]
        if not options:
            break
        seat, command = rng.choice(options)
        try:
            table.apply(seat, command)
        except RuleError:
            continue
    return table


def events_of(table) -> list[dict]:
    return [{**event.data, "kind": event.kind, "seq": seq} for seq, event in table.log]


def written_samples(state) -> dict[str, dict]:
    """One event of every kind, written by hand from what the engines add (ids from `state`),
    for the kinds random play may not reach."""
    chars = [c for c in state.characters.values()]
    hero, friend = chars[0], chars[1]
    monsters = list(state.monsters.values())
    minion = next(m for m in monsters if m.kind == "minion")
    ancient = next(m for m in monsters if m.kind == "ancient")
    scenario = state.mode_state.scenarios[0]
    rules = scenario.rules
    minion_card = next(iter(rules.minion_cards.values()))
    ancient_card = next(iter(rules.ancient_cards.values()))
    cards = list(state.catalog.cards)
    treasure = next(iter(state.mode_state.treasure_defs))
    n = scenario.number
    return {
        "map_cards_assigned": {"player": "p2"},
        "assignment_recorded": {"player": "p1", "spaces": {hero.id: 4, friend.id: 9}},
        "shards_placed": {"player": "p2", "spaces": [3, 8, 12]},
        "turn_started": {"player": "p1", "round": 2},
        "turn_end_declared": {"player": "p2"},
        "seat_finished": {"player": "p1", "waiting_for": ["p2"]},
        "seat_resumed": {"player": "p2"},
        "command_undone": {"player": "p1", "back_to": 4},
        # War for the Crystals (wildlands/rules/war/register.py)
        "teams_formed": {"teams": [{"id": "t1", "name": "Team Dawn", "players": ["p1"], "shard_owner": "p1"},
                                   {"id": "t2", "name": "Team Dusk", "players": ["p2"], "shard_owner": "p2"}]},
        "teammate_finished": {"player": "p1", "waiting_for": ["p2"]},
        "teammate_resumed": {"player": "p2"},
        "figure_corrected": {"player": "p1", "figure": minion.id, "figure_kind": "minion",
                             "field": "space", "from": 3, "to": 4},
        "turn_ended": {"player": None},
        "interrupt_declared": {"player": "p2", "interrupted": "ancients"},
        "interrupt_ended": {"player": "p2", "returns_to": "ancients"},
        "character_revealed": {"character": hero.id, "player": "p1", "space": 7},
        "prompted": {"to_seat": "p2", "prompt_kind": "defend"},
        "card_played": {"player": "p1", "cards": cards[:2], "action": "move", "character": hero.id},
        "cards_drawn": {"player": "p1", "count": 2},
        "cards_received": {"player": "p1", "cards": cards[2:4]},
        "deck_reshuffled": {"deck": f"scenario {n} ancient deck", "size": 7},
        "character_moved": {"character": hero.id, "from": 3, "to": 4, "pushed_by": ancient.id},
        "attacked": {"attacker": "obj1", "attack": "trap", "space": 5, "target": None},
        "target_chosen": {"by": ancient.id, "target": hero.id},
        "defence_declined": {"character": hero.id},
        "damage_prevented": {"figure": hero.id, "by": "treasure", "attack": "ranged"},
        "damage_dealt": {"figure": hero.id, "amount": 1, "cause": "melee", "total": 1},
        "knocked_out": {"figure": minion.id, "space": 6, "by": "p1", "point": False},
        "shard_claimed": {"player": "p2", "character": friend.id, "space": 12, "score": 3},
        "faction_wiped_out": {"player": "p2"},
        "game_ended": {"result": "lost", "cause": "event_track", "scenario": n},
        "ancients_turn_started": {"round": 2},
        "ancients_turn_ended": {},
        "minion_card_revealed": {"scenario": n, "card": minion_card.id, "def": minion_card.to_data()},
        "ancient_card_revealed": {"scenario": n, "card": ancient_card.id, "def": ancient_card.to_data()},
        "card_discarded": {"scenario": n, "deck": "ancient", "card": ancient_card.id},
        "deck_ran_out": {"scenario": n, "deck": "minion"},
        "map_card_drawn": {"space": 14},
        "interrupt_passed": {"player": "p1"},
        "minion_order_chosen": {"by": "p1", "minion": minion.id},
        "minion_moved": {"figure": minion.id, "from": 3, "to": 4},
        "ancient_moved": {"figure": ancient.id, "from": 9, "to": 2, "teleported": True},
        "monster_acted": {"figure": ancient.id, "action": "blink"},
        "monster_idled": {"figure": minion.id, "action": "ranged"},
        "monster_healed": {"figure": ancient.id, "by": ancient.id, "amount": 1, "total": 0},
        "minion_summoned": {"figure": minion.id, "type": minion.type, "space": 11, "scenario": n},
        "summon_failed": {"type": minion.type, "scenario": n},
        "reaction_revealed": {"figure": ancient.id, "card": ancient_card.id, "damage": "melee",
                              "prevents": ["heavy_melee", "melee"], "prevented": True},
        "special_fizzled": {"figure": ancient.id, "reason": "no_target"},
        "track_advanced": {"scenario": n, "position": 4, "by": 1},
        "track_effect_applied": {"scenario": n, "position": 4},
        "object_revealed": {"object": "obj2", "object_kind": "stasis_trap", "space": 8,
                            "character": hero.id},
        "pit_trap_cards_turned": {"player": "p1", "cards": cards[4:6], "safe": False},
        "character_ensnared": {"character": hero.id, "object": "obj2"},
        "stasis_released": {"character": hero.id, "object": "obj2", "reason": "knocked_out"},
        "treasure_found": {"character": hero.id, "treasure": treasure},
        "treasure_deck_ran_out": {"character": hero.id},
        "treasure_used": {"player": "p1", "character": hero.id, "treasure": treasure},
        "character_healed": {"character": hero.id, "amount": 2, "total": 0},
        "crystal_claimed": {"player": "p1", "character": hero.id, "crystal": "obj3", "carried": 2},
        "crystals_passed": {"to": friend.id, "crystals": ["obj3", "obj5"], "source": hero.id},
        "crystals_lost": {"character": hero.id, "crystals": ["obj3"]},
        # a map's own rules (wildlands/rules/maps/hooks.py)
        "ice_cracked": {"character": hero.id, "space": 6, "targets": [friend.id]},
        "curse_taken": {"character": hero.id, "space": 9, "curses": 2},
        "belt_ran": {"player": "p1", "belt": "north", "path": [3, 4, 9], "characters": [hero.id],
                     "monsters": [minion.id], "shards": 1, "objects": ["obj2"]},
        # The Wrath of the Ancients
        "map_cards_removed": {"player": "p2", "count": 5},
        "shard_guarded": {"player": "p2", "character": friend.id, "space": 12, "owner": "p1",
                          "carried": 1},
        "special_action_started": {"player": "p2", "character": friend.id, "special": "magus",
                                   "owner": "p1", "left": 0},
        "special_action_ended": {"player": "p2", "character": friend.id, "special": "magus"},
        "shards_dropped": {"character": friend.id, "space": 12, "owners": ["p1", "p1"]},
        # War for the Crystals with five players (wildlands/rules/war/setup.py)
        "ancients_shards_placed": {"player": "p2", "colour": "green", "ancients": [friend.id]},
        "infamy_scored": {"player": "p1", "figure": friend.id, "points": 2, "score": 3},
        "cards_discarded": {"player": "p1", "cards": cards[6:8]},
    }


def describe_on(page, table, events: list[dict]) -> dict:
    """The page's own sentences for `events`, with the game's card definitions known (as
    the server sends them beside events)."""
    cards = {cid: card.to_data() for cid, card in table.state.catalog.cards.items()}
    return page.evaluate("""async ([events, cards]) => {
        const words = await import("/static/games/wildlands/sentences.js");
        const app = window.wildlandsBoard;
        app.learnCards(cards);
        return { kinds: words.DESCRIBED_KINDS,
                 lines: events.map((e) => [e.kind, words.describe(e, app.names)]) };
    }""", [events, cards])


def ids_of(table) -> set[str]:
    """Internal ids a line must never show: cards, Ancients' cards, objects, treasures' ids."""
    state = table.state
    found = set(state.catalog.cards)
    if state.mode_state is not None:
        for scenario in state.mode_state.scenarios:
            found |= set(scenario.rules.minion_cards) | set(scenario.rules.ancient_cards)
        found |= set(state.mode_state.objects)
    return found


def assert_in_words(lines: list, ids: set[str]) -> None:
    for kind, line in lines:
        assert isinstance(line, str) and line.strip(), f"{kind} has no sentence"
        assert not RAW.search(line), f"{kind}: raw data in {line!r}"
        leaked = [i for i in ids if i in line or i.replace("_", " ").title() in line]
        assert not leaked, f"{kind}: an id in {line!r}"


def test_every_event_kind_reads_as_a_sentence_without_ids(chromium):
    awoken = bot_played(awoken_table(players=2, seed=1), seed=1)
    skirmish = bot_played(skirmish_table(seed=2), seed=2)
    played = {e["kind"] for t in (awoken, skirmish) for e in events_of(t)}
    samples = written_samples(awoken.state)
    assert set(samples) == set(EVENT_KINDS), "a registered kind without a written sample"
    assert len(played) >= 35  # the bots reach most kinds for real

    page = open_page(chromium, awoken, "p1")
    wait_idle(page)
    written = describe_on(page, awoken, [{**data, "kind": kind, "seq": 0}
                                         for kind, data in samples.items()])
    assert set(EVENT_KINDS) <= set(written["kinds"]), \
        f"kinds without a sentence: {sorted(set(EVENT_KINDS) - set(written['kinds']))}"
    assert set(written["kinds"]) <= set(EVENT_KINDS), \
        f"sentences for kinds no engine registers: {sorted(set(written['kinds']) - set(EVENT_KINDS))}"
    assert_in_words(written["lines"], ids_of(awoken))
    assert_in_words(describe_on(page, awoken, events_of(awoken))["lines"], ids_of(awoken))
    assert page.js_errors == []

    page = open_page(chromium, skirmish, "p1")
    wait_idle(page)
    assert_in_words(describe_on(page, skirmish, events_of(skirmish))["lines"], ids_of(skirmish))
    assert page.js_errors == []


def test_old_lines_name_a_minion_by_the_space_it_had_then(chromium):
    table = awoken_table(players=2, seed=8)  # a seed whose random play hits minions 5 times
    at = {m.id: m.space for m in table.state.monsters.values() if m.kind == "minion"}
    bot_played(table, seed=8)
    page = open_page(chromium, table, "p1")
    wait_idle(page)
    events = [e if table.log[e["seq"] - 1][1].visible_to("p1") else {"seq": e["seq"], "kind": "hidden"}
              for e in events_of(table)]
    cards = {cid: card.to_data() for cid, card in table.state.catalog.cards.items()}
    page.evaluate("""([events, cards, last]) => {
        const app = window.wildlandsBoard;
        app.learnCards(cards);
        app.panels.logHistory({ events, first_seq: 1, last_seq: last, more: false }, last, app.view);
    }""", [events, cards, len(events)])
    lines = dict(_log_lines(page))
    checked = 0
    for e in events:  # where each minion stood when it was hit, following the events forward
        if e["kind"] == "damage_dealt" and e["figure"] in at and at[e["figure"]] is not None:
            minion = table.state.monsters[e["figure"]]
            assert f"{minion.type.title()} on {at[e['figure']]} takes" in lines[e["seq"]], lines[e["seq"]]
            checked += 1
        if e["kind"] in ("minion_moved", "minion_summoned"):
            at[e["figure"]] = e.get("to", e.get("space"))
        elif e["kind"] == "knocked_out" and e["figure"] in at:
            at[e["figure"]] = None
    assert checked >= 3
    assert_in_words(list(lines.items()), ids_of(table))


def test_damage_never_reads_as_more_than_a_figures_health(chromium):
    table = awoken_table(players=2, seed=3)
    minion = next(m for m in table.state.monsters.values() if m.kind == "minion")
    page = open_page(chromium, table, "p1")
    wait_idle(page)
    health = minion.health
    # the engine counts a hit of 2 on a figure with one point of health left as total health + 1
    hit = {"kind": "damage_dealt", "seq": 0, "figure": minion.id, "amount": 2, "cause": "ranged",
           "total": health + 1}
    ((_, line),) = describe_on(page, table, [hit])["lines"]
    assert f"({health}/{health})" in line and f"({health + 1}/{health})" not in line
    assert "takes 1 damage" in line  # it had one point of health left to lose


def test_the_interrupt_question_names_the_revealed_card_by_what_it_does(chromium):
    table = awoken_table(players=1, scenarios=("magus",), options={"auto_pass_interrupt": False})
    table.apply("p1", {"do": "end_turn"})  # the Ancients draw a card and ask before it acts
    prompt = table.state.prompt
    assert prompt is not None and prompt.kind == "interrupt_window" and prompt.data["card"]
    page = open_page(chromium, table, "p1")
    wait_idle(page)

    revealed = page.locator("dialog[open] .revealed-card")
    expect(revealed).to_contain_text("Revealed: the Magus's")
    text = revealed.inner_text()
    assert not RAW.search(text) and prompt.data["card"] not in text
    rules = table.state.mode_state.scenarios[0].rules
    if prompt.data["deck"] == "minion":  # which minions act, and how
        card = rules.minion_cards[prompt.data["card"]]
        assert f"{card.top_type.title()}s {str(card.top_actions[0]).replace('_', ' ')}" in text
    else:
        assert rules.ancient_cards[prompt.data["card"]].actions and "own card: " in text
    shot(page, "log-interrupt-question")


# --- the real site: the log survives a reload ---------------------------------------------------
def _skirmish_some_moves_in(moves: int):
    """Two people and a skirmish they have played `moves` random legal commands into (through
    the services, as the consumer would, before any page is open)."""
    from games import services
    from support.site import current_state, make_user, random_legal_command, start_skirmish

    ada, bram = make_user("ada"), make_user("bram")
    game = start_skirmish(ada, bram)
    users = {"p1": ada, "p2": bram}
    rng = random.Random(21)
    for _ in range(moves):
        state = current_state(game.id)
        seat, command = random_legal_command(state, rng)
        services.game_apply_command(game_id=game.id, user=users[seat],
                                    expected_version=state.version, command=command, publish=False)
    return game, ada, bram


def _log_lines(page) -> list[tuple[int, str]]:
    return page.evaluate("""() => [...document.querySelectorAll('[data-role=log] li[data-seq]')]
        .map((li) => [Number(li.dataset.seq), li.textContent])""")


def _ready(page) -> None:
    page.wait_for_selector("#board-app.ready", timeout=15_000)
    expect(page.locator(".conn")).to_have_text("Live", timeout=15_000)
    wait_idle(page, timeout=30_000)


def _play_in_the_browser(pages, game_id, moves: int) -> None:
    """Whoever may act sends a legal command from their page (no ending the turn, while
    there is something else to do), and both pages catch up."""
    from browser.live import game_row

    rng = random.Random(5)
    for _ in range(moves):
        version = game_row(game_id).version
        for page in pages:
            legal = page.evaluate("window.wildlandsBoard.legal") or []
            if legal:
                doing = [c for c in legal if c.get("do") != "end_turn"] or legal
                page.evaluate("(c) => window.wildlandsBoard.sendCommand(c, 'test move')", rng.choice(doing))
                break
        for page in pages:
            page.wait_for_function("(v) => window.wildlandsBoard.version > v", arg=version, timeout=15_000)
            wait_idle(page)


@pytest.mark.slow
@pytest.mark.usefixtures("eager_celery")
def test_the_log_survives_a_reload_and_shows_earlier_parts_on_request(people, monkeypatch):
    from browser.live import game_row
    from games import game_log, selectors
    from games.models import GameEvent

    monkeypatch.setattr(game_log, "LOG_PAGE_SIZE", 12)  # daphne runs in this process
    game, ada, bram = _skirmish_some_moves_in(30)
    ada_page, bram_page = people(user=ada), people(user=bram)
    for page in (ada_page, bram_page):
        page.goto(f"/play/{game.id}/")
        _ready(page)
    earlier = ada_page.locator("button.log-earlier")
    expect(earlier).to_be_visible()  # the page opened with the last 12 events only
    _play_in_the_browser([ada_page, bram_page], game.id, moves=4)
    before = _log_lines(ada_page)

    ada_page.reload()
    _ready(ada_page)
    ada_page.wait_for_function("(seq) => document.querySelector(`[data-role=log] li[data-seq='${seq}']`)",
                               arg=before[-1][0])  # the socket's first update has come
    reloaded = _log_lines(ada_page)
    assert reloaded and reloaded == before[-len(reloaded):]  # the recent part, as it read
    expect(earlier).to_be_visible()
    shot(ada_page, "log-reloaded", ".log-panel")
    for _ in range(20):
        if not earlier.is_visible():
            break
        oldest = ada_page.evaluate("window.wildlandsBoard.panels.logged.oldest")
        earlier.click()
        ada_page.wait_for_function("(n) => window.wildlandsBoard.panels.logged.oldest < n",
                                   arg=oldest, timeout=10_000)
    expect(earlier).to_be_hidden()
    after = _log_lines(ada_page)

    last_seq = game_row(game.id).last_seq
    rows = GameEvent.objects.filter(game_id=game.id, seq__lte=last_seq).order_by("seq")
    visible = [e["seq"] for e in selectors.events_for_seat(rows, "p1") if e["kind"] != "hidden"]
    assert [seq for seq, _ in after] == visible  # every event ada may see, once, in order
    assert after[-len(before):] == before  # the same words as before the reload
    for seq, line in after:
        assert not RAW.search(line), f"event {seq}: raw data in {line!r}"
    text = ada_page.locator("[data-role=log]").inner_text()
    for card in GameEvent.objects.filter(game_id=game.id, kind="card_played"):
        for cid in [card.data.get("card"), *(card.data.get("cards") or [])]:
            assert not cid or cid not in text
    shot(ada_page, "log-after-reload")
    assert ada_page.js_errors == [] and bram_page.js_errors == []
