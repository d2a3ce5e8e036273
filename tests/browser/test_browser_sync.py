"""Two browsers in one co-op game stay in sync: real headless Chromium on the real site
(daphne, the websocket consumer, the Ancients run eagerly), 50 legal commands sent from the
pages' own sockets, a reload of one page midway and a dropped socket on the other, and in
the end each page has drawn every event exactly once, in order, and sits on the game's
version.

What a page "drew" is taken from the page itself: an init script wraps the board app's
`play` (the one place an update's events are shown) when the app is published as
`window.wildlandsBoard`, and notes each event's seq; the board's JS is not changed. Each
page load is a session: it starts from the `last_seq` the page was rendered with and must
continue from there without a gap or a repeat; the next session must start where the
previous one stopped. The very first load of each page asks (with `resync` from 0) for the
events from the start, so together the sessions cover seq 1..last.

The server is the same daphne as test_browser_e2e.py (tests/browser/live.py): Twisted's
reactor cannot be restarted, so when that module already started it, this one reuses it.
"""
from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

# Tasks run in process here, whatever the environment (CI has a broker but no worker).
from support.site import eager_celery, make_user, start_coop  # noqa: E402,F401

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.usefixtures("eager_celery")]

if not Path("/usr/bin/chromium").exists():  # pragma: no cover
    pytest.skip("needs /usr/bin/chromium", allow_module_level=True)

from playwright.sync_api import expect  # noqa: E402

from browser.live import game_row, off_loop  # noqa: E402
from browser.pages import shot  # noqa: E402

COMMANDS = 50
RELOAD_A_AT = 18
DROP_B_AT, BACK_B_AT = 30, 36

# Runs before the page's own scripts on every load of the page.
RECORDER = """
(() => {
  const record = { initialSeq: null, initialVersion: null, seqs: [], rejected: [] };
  window.__sync = record;
  const firstLoad = !sessionStorage.getItem("sync-test-loaded");
  sessionStorage.setItem("sync-test-loaded", "1");
  let app = null;
  Object.defineProperty(window, "wildlandsBoard", {
    configurable: true,
    get() { return app; },
    set(value) {
      app = value;
      record.initialSeq = app.queuedSeq;
      record.initialVersion = app.version;
      if (firstLoad) { app.queuedSeq = 0; record.initialSeq = 0; }  // resync from the start
      const play = app.play.bind(app);
      app.play = (update) => {
        for (const e of update.events) if (typeof e.seq === "number") record.seqs.push(e.seq);
        return play(update);
      };
      const onMessage = app.onMessage.bind(app);
      app.onMessage = (msg) => {
        if (msg.type === "rejected") record.rejected.push(msg);
        return onMessage(msg);
      };
    },
  });
  // Animation pacing says nothing about sync and would make 50 commands take minutes.
  Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
})();
"""


@pytest.fixture
def machine_speed(monkeypatch):
    """The test plays far faster than people: lift the per-socket flood limit."""
    from games.consumers import GameConsumer

    monkeypatch.setattr(GameConsumer, "rate_limit", 10_000)


@pytest.fixture
def signed_in(people):
    """A page on the live site signed in as `user`, recording what it draws (RECORDER)."""

    def page_for(user):
        page = people(user=user)
        page.add_init_script(RECORDER)
        return page

    return page_for


def settled_game(page, game_id, newer_than: int, timeout: float = 30.0):
    """The game once a command moved it past `newer_than` and no Ancients' turn is pending.

    Waits on the page first (its version moved on, out of the Ancients' phase) so that the
    database is read once the server is quiet, rather than polled while it writes."""
    page.wait_for_function(
        """(v) => { const a = window.wildlandsBoard;
                    return a.version > v && !a.pending.size && !a.draining && !a.queue.length
                           && (a.view.turn.phase !== "ancients" || !!a.view.prompt); }""",
        arg=newer_than, timeout=int(timeout * 1000))
    deadline = time.monotonic() + timeout
    while True:
        game = game_row(game_id)
        if game.version > newer_than and (game.awaiting != ["ancients"] or game.status == "finished"):
            return game
        assert time.monotonic() < deadline, f"stuck at version {game.version}, awaiting {game.awaiting}"
        time.sleep(0.2)


def caught_up(page, version: int) -> None:
    """Until the page has drawn everything up to `version` and has no command in flight."""
    page.wait_for_function(
        """(v) => { const a = window.wildlandsBoard;
                    return a && a.version === v && !a.draining && !a.queue.length && !a.pending.size; }""",
        arg=version, timeout=20_000)


def session_of(page) -> dict:
    return page.evaluate("window.__sync")


def pick(state, prefer: str, allowed: set, turn_every: int, i: int):
    """(seat, command): a legal command for `prefer` if it has one (else the other seat),
    never a seat outside `allowed` when avoidable; answers to prompts first; playing cards
    and revealing before ending the turn, which is taken every `turn_every` commands or when
    nothing else is left."""
    from wildlands.rules.legal import legal_commands

    rng = random.Random(i)
    by_seat = {seat: [c for c in legal_commands(state, seat, verify=True)] for seat in state.player_ids()}
    order = [prefer] + [s for s in by_seat if s != prefer]
    order = [s for s in order if s in allowed] + [s for s in order if s not in allowed]
    for seat in order:
        options = by_seat.get(seat) or []
        if not options:
            continue
        answers = [c for c in options if "respond" in c]
        if answers:
            return seat, rng.choice(answers)
        others = [c for c in options if c.get("do") != "end_turn"]
        ends = [c for c in options if c.get("do") == "end_turn"]
        if ends and (not others or i % turn_every == turn_every - 1):
            return seat, ends[0]
        if others:
            return seat, rng.choice(others)
    return None


def test_two_browsers_stay_in_sync_through_fifty_commands_a_reload_and_a_dropped_socket(
        signed_in, machine_speed):
    from games import selectors, services
    from games.models import GameEvent

    ada, bram = make_user("sync_ada"), make_user("sync_bram")
    game = off_loop(start_coop, ada, bram)
    users = {"p1": ada, "p2": bram}
    pages = {"p1": signed_in(ada), "p2": signed_in(bram)}
    sessions = {"p1": [], "p2": []}
    for page in pages.values():
        page.goto(f"/play/{game.id}/")
        page.wait_for_selector("#board-app.ready", timeout=15_000)
        expect(page.locator(".conn")).to_have_text("Live", timeout=15_000)
    for page in pages.values():
        caught_up(page, game_row(game.id).version)

    online = {"p1", "p2"}
    sent_from_browser = applied = 0
    for i in range(COMMANDS):
        if i == RELOAD_A_AT:  # ada reloads: the new page starts from what it is rendered with
            sessions["p1"].append(session_of(pages["p1"]))
            pages["p1"].reload()
            pages["p1"].wait_for_selector("#board-app.ready", timeout=15_000)
            caught_up(pages["p1"], game_row(game.id).version)
        if i == DROP_B_AT:  # bram's socket drops and stays down for a few commands ...
            pages["p2"].evaluate("() => { const s = window.wildlandsBoard.socket; s.closed = true; s.drop(); }")
            pages["p2"].wait_for_function("() => window.wildlandsBoard.socket.ws === null", timeout=5_000)
            online.discard("p2")
            seq_at_drop = game_row(game.id).last_seq
        if i == BACK_B_AT:  # ... and comes back on its own: reconnect, resync from its last seq
            pages["p2"].evaluate("() => { const s = window.wildlandsBoard.socket; s.closed = false; s.schedule(); }")
            expect(pages["p2"].locator(".conn")).to_have_text("Live", timeout=10_000)
            online.add("p2")
            missed = game_row(game.id).last_seq - seq_at_drop
            caught_up(pages["p2"], game_row(game.id).version)

        state = selectors.game_state(game_row(game.id))
        if state.outcome is not None:
            break
        picked = pick(state, "p1" if i % 2 == 0 else "p2", online, 10, i)
        assert picked is not None, f"nobody may act at version {state.version}"
        seat, command = picked
        if seat in online:
            pages[seat].evaluate("(c) => window.wildlandsBoard.sendCommand(c, 'sync test')", command)
            sent_from_browser += 1
        else:  # the absent player's move, made from another tab
            off_loop(services.game_apply_command, game_id=game.id, user=users[seat],
                     expected_version=state.version, command=command)
        applied += 1
        now = settled_game(pages[seat] if seat in online else pages["p1"], game.id, state.version)
        for s in online:
            caught_up(pages[s], now.version)

    final = game_row(game.id)
    for seat, page in pages.items():
        caught_up(page, final.version)
        sessions[seat].append(session_of(page))
    shot(pages["p1"], "sync-ada")
    shot(pages["p2"], "sync-bram")

    stored = list(GameEvent.objects.filter(game_id=game.id).order_by("seq").values_list("seq", flat=True))
    assert stored == list(range(1, final.last_seq + 1))
    for seat, page in pages.items():
        start = 0
        for n, session in enumerate(sessions[seat]):
            assert not session["rejected"], (seat, n, session["rejected"])
            assert session["initialSeq"] == start, (seat, n, "a load started away from where the last stopped")
            assert session["seqs"] == list(range(start + 1, start + 1 + len(session["seqs"]))), \
                (seat, n, "a gap or a repeat")
            start = session["initialSeq"] + len(session["seqs"])
        assert start == final.last_seq, (seat, start, final.last_seq)
        assert page.evaluate("window.wildlandsBoard.version") == final.version
        assert page.js_errors == [], page.js_errors
    assert len(sessions["p1"]) == 2 and sessions["p1"][1]["initialSeq"] > 0  # the reload resumed mid-game
    assert missed > 0  # events happened while bram was away; his one session took them on resync
    assert applied == COMMANDS, f"the game ended after {applied} commands"
    assert sent_from_browser >= COMMANDS - (BACK_B_AT - DROP_B_AT)
