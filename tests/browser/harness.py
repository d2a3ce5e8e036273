"""A board page without the site: the real template and board.js, the real rules engine,
and a websocket answered from Python through Playwright's routing.

Why: the page can be looked at, screenshotted and tested before (and independently of)
the backend's views and consumer. `FakeTable` follows the web contract's protocol
(`command` / `resync` / `ping` in; `ack` / `rejected` / `update` / `presence` out, events
numbered per game without gaps, secret events sent as `{"kind": "hidden"}` placeholders) so
what passes here should pass against the real consumer.

Nothing here touches the database: the page is rendered with a stand-in `game` object.
"""
from __future__ import annotations

import json
import mimetypes
import re
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Callable, Optional

from wildlands.rules import engine
from games.platform.errors import RuleError
from wildlands.rules.frames import has_deferred_work
from wildlands.rules.view import view_for

from .pages import first_motion, noting_errors

BASE = "http://wildlands.test"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
FIXTURE_BOARD = Path(__file__).with_name("fixture_board.json")


def launch(playwright):
    """Debian's Chromium, headless; never a downloaded browser build."""
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)


def board_data(board) -> dict:
    """The contract's board data, from the backend's own builder (what the site sends)."""
    from wildlands.board_data import board_svg_data

    return board_svg_data(board)


def legal_for(state, seat) -> Optional[list]:
    from wildlands.rules.legal import legal_commands

    if state.outcome is not None:
        return None
    return [c.to_data() if hasattr(c, "to_data") else c for c in legal_commands(state, seat)]


def render_board_page(initial: dict, seat: Optional[str], game_id: str) -> str:
    """The real board template, rendered the way the backend's view renders it."""
    from django.contrib.auth.models import AnonymousUser
    from django.template.loader import render_to_string
    from django.test import RequestFactory

    request = RequestFactory().get(f"/play/{game_id}/")
    request.user = AnonymousUser()
    game = SimpleNamespace(pk=game_id, id=game_id, name="", campaign_id=None)
    # a Wildlands board: its declaration's renderer and renderer module, as the view passes them
    return render_to_string("games/board.html", {"game": game, "seat": seat, "initial": initial,
                                                 "board_renderer": "wildlands",
                                                 "renderer_module": "games/wildlands/index.js"},
                            request=request)


def static_file(path: str) -> Optional[Path]:
    from django.contrib.staticfiles import finders
    found = finders.find(path)
    return Path(found) if found else None


@dataclass
class Socket:
    route: Any
    seat: Optional[str]
    last_seq: int = 0
    open: bool = True


@dataclass
class FakeTable:
    """One game held in memory and served to any number of pages (one per seat)."""

    state: Any
    seats: list = field(default_factory=list)  # [{"seat", "username", "faction", "colour"}]
    with_legal: bool = True
    run_ancients: bool = True
    log: list = field(default_factory=list)  # [(seq, Event)]
    sockets: list = field(default_factory=list)
    game_id: str = field(default_factory=lambda: str(uuid.uuid4()))
    received: list = field(default_factory=list)  # every client message, for assertions
    hold_updates: bool = False  # tests: lose updates on the way, as a broken network might
    kept_out: set = field(default_factory=set)  # seats whose reconnects are closed at once
    on_command: Optional[Callable] = None

    # ---- the page
    def url(self) -> str:
        return f"{BASE}/play/{self.game_id}/"

    def initial(self, seat: Optional[str]) -> dict:
        data = {
            "game_id": self.game_id, "seat": seat, "view": view_for(self.state, seat),
            "last_seq": len(self.log), "version": self.state.version,
            "board": board_data(self.state.board),
            "seats": [{**s, "connected": self.is_connected(s["seat"])} for s in self.seats],
            "ws_url": f"/ws/play/{self.game_id}/",
        }
        legal = legal_for(self.state, seat) if (self.with_legal and seat) else None
        if legal is not None:
            data["legal"] = legal
        return data

    def attach(self, page, seat: Optional[str]) -> None:
        """Serve the board page, static files and the websocket to `page` as `seat`."""
        def serve(route):
            path = route.request.url[len(BASE):].split("?")[0]
            if path.startswith("/static/"):
                found = static_file(path[len("/static/"):])
                if found is None:
                    return route.fulfill(status=404, body="not found")
                ctype = mimetypes.guess_type(found.name)[0] or "application/octet-stream"
                if found.suffix == ".js":
                    ctype = "text/javascript"
                return route.fulfill(status=200, body=found.read_bytes(), headers={"Content-Type": ctype})
            if path.startswith(f"/play/{self.game_id}/"):
                html = render_board_page(self.initial(seat), seat, self.game_id)
                return route.fulfill(status=200, body=html, headers={"Content-Type": "text/html; charset=utf-8"})
            return route.fulfill(status=404, body="not found")

        page.route(f"{BASE}/**", serve)
        page.route_web_socket(re.compile(r".*/ws/play/.*"), lambda ws: self._connect(ws, seat))

    # ---- the socket protocol
    def is_connected(self, seat: str) -> bool:
        return any(s.open and s.seat == seat for s in self.sockets)

    def _connect(self, route, seat) -> None:
        if seat in self.kept_out:
            route.close()  # the network is still down for this seat: the page retries
            return
        sock = Socket(route, seat, last_seq=len(self.log))
        self.sockets.append(sock)
        route.on_message(lambda message: self._receive(sock, message))
        route.on_close(lambda *args: self._closed(sock))
        self._presence()
        self._send_update(sock, after=None, force=True)

    def _closed(self, sock: Socket) -> None:
        sock.open = False
        self._presence()

    def drop(self, seat: Optional[str] = None, keep_out: bool = False) -> None:
        """Close the server side of every socket (of one seat), as a network failure would.

        With `keep_out` the seat's reconnects fail too until `let_in`, so a test can look at
        the other pages while the seat is away without racing its page's first retry."""
        if keep_out and seat is not None:
            self.kept_out.add(seat)
        for sock in self.sockets:
            if sock.open and (seat is None or sock.seat == seat):
                sock.open = False
                try:
                    sock.route.close()
                except Exception:  # noqa: BLE001 - the page may be gone already
                    pass
        self._presence()

    def let_in(self, seat: str) -> None:
        """The network is back for `seat`: its page's next retry connects."""
        self.kept_out.discard(seat)

    def _send(self, sock: Socket, message: dict) -> None:
        if sock.open:
            sock.route.send(json.dumps(message))

    def _presence(self) -> None:
        connected = sorted({s.seat for s in self.sockets if s.open and s.seat})
        for sock in self.sockets:
            self._send(sock, {"type": "presence", "connected": connected})

    def _receive(self, sock: Socket, raw) -> None:
        try:
            message = json.loads(raw)
        except (TypeError, ValueError):
            return self._send(sock, {"type": "error", "code": "bad_message", "message": "not JSON"})
        self.received.append((sock.seat, message))
        kind = message.get("type")
        if kind == "ping":
            return self._send(sock, {"type": "pong"})
        if kind == "resync":
            return self._send_update(sock, after=int(message.get("last_seq", 0)), force=True)
        if kind != "command":
            return self._send(sock, {"type": "error", "code": "bad_message", "message": f"unknown type {kind!r}"})
        if message.get("expected_version") != self.state.version:
            return self._send(sock, {"type": "rejected", "id": message.get("id"), "code": "stale_version",
                                     "message": "the game moved on: your board has been refreshed"})
        try:
            self.apply(sock.seat, message["command"])
        except RuleError as error:
            return self._send(sock, {"type": "rejected", "id": message.get("id"), "code": error.code,
                                     "message": str(error.message if hasattr(error, "message") else error)})
        self._send(sock, {"type": "ack", "id": message.get("id"), "version": self.state.version})

    def apply(self, seat: str, command: dict) -> None:
        """Apply a command (and run the Ancients' deferred turn), then tell every page."""
        self.state, events = engine.apply(self.state, seat, command)
        self._record(events)
        if self.on_command:
            self.on_command(self, seat, command)
        while self.run_ancients and has_deferred_work(self.state):
            self.state, events = engine.advance(self.state)
            self._record(events)

    def _record(self, events) -> None:
        for event in events:
            self.log.append((len(self.log) + 1, event))
        for sock in self.sockets:
            if self.hold_updates:
                sock.last_seq = len(self.log)  # the update is lost on the way
            else:
                self._send_update(sock, after=sock.last_seq)

    def _send_update(self, sock: Socket, *, after: Optional[int], force: bool = False) -> None:
        if not sock.open:
            return
        events = []
        if after is not None:
            for seq, event in self.log[after:]:
                data, seats = split_visibility(event)
                shown = seats is None or sock.seat in seats
                events.append({**data, "kind": event.kind, "seq": seq} if shown else {"seq": seq, "kind": "hidden"})
        payload = {"type": "update", "version": self.state.version, "events": events,
                   "view": view_for(self.state, sock.seat), "last_seq": len(self.log)}
        if self.with_legal and sock.seat:
            legal = legal_for(self.state, sock.seat)
            if legal is not None:
                payload["legal"] = legal
        sock.last_seq = len(self.log)
        self._send(sock, payload)


def split_visibility(event) -> tuple[dict, Optional[list]]:
    """(data, seats that may see it or None for everyone), as the backend stores events."""
    return dict(event.data), None if event.seats is None else list(event.seats)


# ---------------------------------------------------------------- ready-made positions


def fixture_board():
    from wildlands.rules.board import board_from_data
    return board_from_data(json.loads(FIXTURE_BOARD.read_text()), name="fixture_glade")


def skirmish_table(*, seed: int = 5, board=None, assign: bool = True) -> FakeTable:
    """A two-player skirmish (Guild against Gnomads), characters assigned and revealed."""
    from wildlands.content.factions import load_faction
    from wildlands.rules.setup import auto_assignment, new_skirmish

    board = board or fixture_board()
    factions = [load_faction("guild"), load_faction("gnomads")]
    state = new_skirmish(board=board, factions=factions, player_ids=["p1", "p2"], seed=seed)
    seats = [{"seat": "p1", "username": "ada", "faction": "guild", "colour": "purple"},
             {"seat": "p2", "username": "bram", "faction": "gnomads", "colour": "orange"}]
    table = FakeTable(state=state, seats=seats)
    if assign:
        for seat in ("p1", "p2"):
            table.apply(seat, {"do": "assign", "spaces": auto_assignment(table.state, seat)})
        active = table.state.turn.active
        for c in table.state.characters_of(active)[:3]:
            table.apply(active, {"do": "reveal", "character": c.id})
    return table


def awoken_table(*, players: int = 2, seed: int = 3, map_name: str = "dungeon",
                 scenarios: tuple = ("magus", "tyrant"), options: Optional[dict] = None) -> FakeTable:
    """The Awoken for one or two players on a shipped map."""
    from wildlands.content.factions import load_faction
    from wildlands.content.maps import load_map
    from ancients_ai.engine.setup import new_awoken

    ids = ["p1", "p2"][:players]
    factions = [load_faction("guild"), load_faction("gnomads")][:players]
    opts = {"defer_ancients": True, **(options or {})}
    state = new_awoken(board=load_map(map_name), factions=factions, player_ids=ids,
                       scenario_ids=list(scenarios[:players]), seed=seed, options=opts)
    seats = [{"seat": "p1", "username": "ada", "faction": "guild", "colour": "purple"},
             {"seat": "p2", "username": "bram", "faction": "gnomads", "colour": "orange"}][:players]
    return FakeTable(state=state, seats=seats)


def open_page(browser, table: FakeTable, seat: Optional[str], *, viewport=(1400, 900),
              motion: Optional[str] = "off", **kwargs):
    """A fresh page showing `table` as `seat`, with the board started and the animations
    at `motion` (off unless a test watches them, as `pages.People.page` explains; None
    leaves them to the page, as on a first visit)."""
    page = noting_errors(browser.new_page(viewport={"width": viewport[0], "height": viewport[1]},
                                          **kwargs), console=True)
    if motion is not None:
        page.add_init_script(first_motion(motion))
    table.attach(page, seat)
    page.goto(table.url())
    page.wait_for_selector("#board-app.ready", timeout=10_000)
    return page


def wait_idle(page, timeout: int = 10_000) -> None:
    """Until the page has drawn every update it received."""
    page.wait_for_function(
        "() => window.wildlandsBoard && !window.wildlandsBoard.draining && !window.wildlandsBoard.queue.length",
        timeout=timeout)


def case_table(case: dict, seats: Optional[list] = None, **kwargs) -> FakeTable:
    """A table from a rules-case style position (`wildlands.rules_cases.build_state`)."""
    from wildlands.rules_cases import build_state

    state = build_state(case, "browser test")
    seats = seats or [{"seat": p.id, "username": name, "faction": p.faction, "colour": p.colour}
                      for p, name in zip(state.players, ("ada", "bram", "cyd", "dee"))]
    return FakeTable(state=state, seats=seats, **kwargs)


def duel_case() -> dict:
    """Two Guild and two Gnomad characters close together on the fixture board, with hands
    that allow a move, a ranged attack, a shield defence and a wild card."""
    return {
        "board": json.loads(FIXTURE_BOARD.read_text()),
        "options": {"end_turn_window": True},
        "players": [
            {"id": "p1", "faction": "guild", "colour": "purple",
             "characters": [
                 {"id": "guild_archmage", "name": "Archmage Orrin Vell", "health": 2, "space": 12},
                 {"id": "guild_warden", "name": "Brannoc the Warden", "health": 3, "space": 20}],
             "hand": [
                 {"id": "g_ranged", "icons": {"guild_archmage": "ranged", "guild_warden": None}},
                 {"id": "g_move", "icons": {"guild_warden": None}},
                 {"id": "g_wild", "wild": True},
                 {"id": "g_rally", "icons": {"guild_warden": "rally"}}],
             "deck": [{"id": f"g_deck{i}", "icons": {"guild_warden": None}} for i in range(6)]},
            {"id": "p2", "faction": "gnomads", "colour": "orange",
             "characters": [
                 {"id": "gnomads_glider", "name": "Pip Thistlewing", "health": 2, "space": 12},
                 {"id": "gnomads_chief", "name": "Old Burl", "health": 3, "space": 28}],
             "hand": [
                 {"id": "n_shield", "icons": {"gnomads_glider": "shield"}},
                 {"id": "n_move", "icons": {"gnomads_chief": None}},
                 {"id": "n_wild", "wild": True}],
             "deck": [{"id": f"n_deck{i}", "icons": {"gnomads_chief": None}} for i in range(6)]},
        ],
    }


def war_case() -> dict:
    """Four players on the fixture board: ada (p1) and cyd (p3) are Team Dawn, bram (p2)
    and dee (p4) Team Dusk; Team Dawn's turn, its reveals done."""
    def deck(prefix: str, who: str) -> list:
        return [{"id": f"{prefix}_deck{i}", "icons": {who: None}} for i in range(6)]

    return {
        "mode": "war",
        "board": json.loads(FIXTURE_BOARD.read_text()),
        "teams": {"t1": ["p1", "p3"], "t2": ["p2", "p4"]},
        "turn": {"revealed": True},
        "players": [
            {"id": "p1", "faction": "guild", "colour": "purple", "score": 1, "shards": [27],
             "characters": [{"id": "guild_warden", "name": "Brannoc the Warden", "health": 3, "space": 20}],
             "hand": [{"id": "g_move", "icons": {"guild_warden": None}},
                      {"id": "g_ranged", "icons": {"guild_warden": "ranged"}}],
             "deck": deck("g", "guild_warden")},
            {"id": "p2", "faction": "gnomads", "colour": "orange", "shards": [4],
             "characters": [{"id": "gnomads_glider", "name": "Pip Thistlewing", "health": 2, "space": 12}],
             "deck": deck("n", "gnomads_glider")},
            {"id": "p3", "faction": "lawbringers", "colour": "blue", "score": 2,
             "characters": [{"id": "law_judge", "name": "Judge Maren", "health": 3, "space": 21}],
             "hand": [{"id": "l_move", "icons": {"law_judge": None}}],
             "deck": deck("l", "law_judge")},
            {"id": "p4", "faction": "pit_fighters", "colour": "red",
             "characters": [{"id": "pit_brute", "name": "Grask", "health": 3, "space": 13}],
             "deck": deck("p", "pit_brute")},
        ],
    }


def magus_case() -> dict:
    """Bram plays the Ancients: his Magus carries a ready shard of Ada's colour; Ada's
    archmage stands far away."""
    return {
        "mode": "wrath",
        "board": json.loads(FIXTURE_BOARD.read_text()),
        "options": {"end_turn_window": False},
        "wrath": {"ancients": "p2", "carried": {"ancients_magus": ["p1"]}},
        "active": "p2",
        "players": [
            {"id": "p1", "faction": "guild", "colour": "purple",
             "characters": [{"id": "guild_archmage", "name": "Archmage Orrin Vell", "health": 2,
                             "space": 28}],
             "shards": [3]},
            {"id": "p2", "faction": "ancients", "colour": "",
             "characters": [
                 {"id": "ancients_magus", "name": "Ysolde the Unwritten", "health": 4, "space": 12},
                 {"id": "ancients_tyrant", "name": "King Hollowcrown", "health": 5, "space": 20}],
             "hand": [{"id": "a_move", "icons": {"ancients_magus": None}}],
             "deck": [{"id": f"a_deck{i}", "icons": {"ancients_tyrant": None}} for i in range(4)]},
        ],
    }
