"""The game websocket: one per browser tab per game, for seated players only.

Protocol (the shared contract with the board UI): the client sends `command`, `resync`,
`log_before` and `ping`; the server answers `ack` / `rejected` / `pong` / `log_page`, and
pushes `update` (events + the seat's own view) after every change and `presence` when a
seat connects or leaves. A socket's first update also carries `log`, the recent history as
the seat may see it, so a reloaded page shows the game so far; `log_before` pages further
back.

Each socket remembers the last event seq it has sent. A change to the game reaches each
seat's group with that seat's update already built by the process that stored it
(games.pipeline.broadcast); the socket that sent the command sends its own seat's update straight
after the ack (the copy the layer brings back is then skipped), then sends the change to
every seat's group, and only then starts what the change left to do (the Ancients' turn, a
bot's move), so their steps never overtake it. A command is stored from the event loop
when the process holds what it needs (`services.game_apply_command_on_loop`), else on the
database thread. A socket that has sent
every event before the change forwards it as it is, and one that has not (it missed a
message, or the changes arrived out of order) reads the events after its own last seq and
its seat's view from the database instead (as it does when games.pipeline.layer_watch tells it the
channel layer was away). So a socket can never skip or repeat an event, and no socket ever
receives another seat's view.
Bad input is answered, never raised: a malformed or oversized message gets `bad_message`
(so does one holding a number a browser cannot hold exactly, beyond MAX_NUMBER, or text
with a lone surrogate, `"\\ud800"`, which JSON can write but UTF-8 cannot: either could be
stored and then fail to encode in the answer), a flood gets `rate_limited`
(pings have a budget of their own: the browser sends one every 25 s), and a user's socket
past MAX_SOCKETS_PER_USER in one process gets `too_many_sockets` and is closed with
CLOSE_TOO_MANY_SOCKETS before it costs a database query.
Once a command is stored, each thing that follows (the ack, the mover's update, the
broadcast, the next turn) runs even if one before it failed (`_announce`): a step stored
is always announced, and the next turn (a bot's, the Ancients') always started.
"""
from __future__ import annotations

import json
import logging
import math
import time
import weakref
from collections import deque
from typing import Any, Optional
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from games import game_log, presence, services
from games.pipeline import broadcast, json_text, layer_watch
from games.pipeline.on_loop import opponent_stepped
from games.pipeline.socket_dispatch import DispatchInTurn
from games.pipeline.socket_updates import socket_update
from games.platform.errors import RuleError

logger = logging.getLogger(__name__)

CLOSE_NOT_SEATED = 4403
CLOSE_TOO_MANY_SOCKETS = 4429
MAX_SOCKETS_PER_USER = 16  # open at once in one web process (tabs, games, spectated boards)
PING_LIMIT = 4  # pings per RATE_WINDOW, per connection (the browser sends one every 25 s)
MAX_MESSAGE_BYTES = 16 * 1024
RATE_LIMIT = 20  # messages ...
RATE_WINDOW = 5.0  # ... per this many seconds, per connection
MAX_ID_LENGTH = 64
MAX_NUMBER = 2 ** 53 - 1  # the largest whole number a browser's JSON holds exactly
HEARTBEAT_SECONDS = 20.0  # at most one presence write per socket this often (pings come every 25 s)


# The sockets each user has open in this process. Weak: a consumer that never saw its
# disconnect (its server task died) stops counting once it is gone.
_OPEN_SOCKETS: dict[Any, "weakref.WeakSet[GameConsumer]"] = {}


class GameConsumer(DispatchInTurn, AsyncJsonWebsocketConsumer):
    rate_limit = RATE_LIMIT
    rate_window = RATE_WINDOW
    ping_limit = PING_LIMIT
    max_sockets_per_user = MAX_SOCKETS_PER_USER

    @classmethod
    async def encode_json(cls, content: Any) -> str:
        """What a socket reads from the database (a greeting, a catch-up, a resync) is
        encoded here; a change's update arrives as the writer's text (games.pipeline.broadcast)."""
        return json_text.dumps(content)

    async def connect(self) -> None:
        self.seat: Optional[str] = None
        self.group: Optional[str] = None
        self.last_seq: Optional[int] = None
        self.sent_version: Optional[int] = None
        self.last_presence: Optional[list] = None
        self.recent: deque[float] = deque()
        self.recent_pings: deque[float] = deque()
        self.last_heartbeat = time.monotonic()  # connecting marks the seat alive
        self.game_id = str(self.scope["url_route"]["kwargs"]["game_id"])
        user = self.scope.get("user")
        await self.accept()
        if user is not None and user.is_authenticated and not self._count_socket(user.pk):
            await self.send_json({"type": "error", "code": "too_many_sockets",
                                  "message": "you have too many game tabs open; close some "
                                             "and reload this one"})
            await self.close(code=CLOSE_TOO_MANY_SOCKETS)
            return
        seat = None
        if user is not None and user.is_authenticated:
            seat = await services.seat_for_socket_on_loop(game_id=self.game_id, user=user)
        if seat is None:
            await self.send_json({"type": "error", "code": "not_seated",
                                  "message": "sign in with a seat in this game to play it"})
            await self.close(code=CLOSE_NOT_SEATED)
            return
        self.user = user
        self.seat = seat.seat
        self.group = broadcast.game_group(self.game_id)
        self.seat_group = broadcast.seat_group(self.game_id, self.seat)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.channel_layer.group_add(self.seat_group, self.channel_name)
        layer_watch.watch(self.channel_layer, self.channel_name)
        connected = await presence.seat_connect_on_loop(
            game_id=self.game_id, seat=self.seat, game=seat.game)
        await self._send_presence(connected)
        await self.channel_layer.group_send(
            self.group, {"type": "game.presence", "from": self.channel_name})
        await self._send_update(after=_query_int(self.scope, "last_seq"), log=True)

    def _count_socket(self, user_pk: Any) -> bool:
        """Count this socket among the user's open ones, unless they are at the cap."""
        sockets = _OPEN_SOCKETS.setdefault(user_pk, weakref.WeakSet())
        if len(sockets) >= self.max_sockets_per_user:
            return False
        sockets.add(self)
        self.counted_for = user_pk
        return True

    async def disconnect(self, code: int) -> None:
        sockets = _OPEN_SOCKETS.get(getattr(self, "counted_for", None))
        if sockets is not None:
            sockets.discard(self)
            if not sockets:
                _OPEN_SOCKETS.pop(self.counted_for, None)
        if self.seat is None or self.group is None:
            return
        layer_watch.forget(self.channel_name)
        await self.channel_layer.group_discard(self.group, self.channel_name)
        await self.channel_layer.group_discard(self.seat_group, self.channel_name)
        await presence.seat_disconnect_on_loop(game_id=self.game_id, seat=self.seat)
        await self.channel_layer.group_send(
            self.group, {"type": "game.presence", "from": self.channel_name})

    # -- client messages ---------------------------------------------------------------------
    async def receive(self, text_data: Optional[str] = None,
                      bytes_data: Optional[bytes] = None) -> None:
        if self.seat is None:
            return
        if text_data is None:
            await self._error("bad_message", "send JSON text frames")
            return
        if len(text_data.encode("utf-8", "surrogatepass")) > MAX_MESSAGE_BYTES:
            await self._error("bad_message", f"messages are limited to {MAX_MESSAGE_BYTES} bytes")
            return
        try:
            message = json.loads(text_data)
        except (ValueError, RecursionError):  # RecursionError: JSON nested absurdly deep
            await self._error("bad_message", "that was not valid JSON")
            return
        await self.receive_json(message)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        if not isinstance(content, dict) or not isinstance(content.get("type"), str):
            await self._error("bad_message", "a message is an object with a 'type'")
            return
        kind = content["type"]
        text = _unsafe_value(content)
        if text is not None:
            if kind == "command":
                await self._reject(_client_id(content), "bad_message", text)
            else:
                await self._error("bad_message", text)
            return
        if kind == "ping":
            if self._flooding(self.recent_pings, self.ping_limit):
                await self._error("rate_limited", "too many pings; one every few seconds is plenty")
                return
            await self.send_json({"type": "pong"})
            await self._heartbeat()
            return
        if self._flooding(self.recent, self.rate_limit):
            if kind == "command":
                await self._reject(_client_id(content), "rate_limited",
                                   "too many messages; wait a moment")
            else:
                await self._error("rate_limited", "too many messages; wait a moment")
            return
        try:
            if kind == "command":
                await self._command(content)
            elif kind == "resync":
                await self._resync(content)
            elif kind == "log_before":
                await self._log_before(content)
            else:
                await self._error("bad_message", f"unknown message type {kind[:40]!r}")
        except Exception:  # never a traceback to the client, never a dead socket
            logger.exception("game %s seat %s: message failed", self.game_id, self.seat)
            if kind == "command":  # the command's transaction rolled back: say which one
                await self._reject(_client_id(content), "server_error",
                                   "something went wrong on the server and nothing was stored; "
                                   "try the move again")
            else:
                await self._error("server_error", "something went wrong on the server; try resync")

    def _flooding(self, recent: deque, limit: int) -> bool:
        now = time.monotonic()
        while recent and now - recent[0] > self.rate_window:
            recent.popleft()
        if len(recent) >= limit:
            return True
        recent.append(now)
        return False

    async def _command(self, content: dict) -> None:
        client_id = content.get("id")
        if not _valid_id(client_id):
            await self._reject(None, "bad_message", "a command needs an 'id' (a short string or number)")
            return
        version = content.get("expected_version")
        command = content.get("command")
        if type(version) is not int:
            await self._reject(client_id, "bad_message", "'expected_version' must be a whole number")
            return
        if not isinstance(command, dict):
            await self._reject(client_id, "bad_message", "'command' must be an object")
            return
        try:
            result = await services.game_apply_command_on_loop(
                game_id=self.game_id, user=self.user, expected_version=version, command=command)
            if result is None:  # it needs the database thread
                result = await database_sync_to_async(services.game_apply_command)(
                    game_id=self.game_id, user=self.user, expected_version=version,
                    command=command, publish=False)
        except (RuleError, services.ServiceError) as error:
            await self._reject(client_id, error.code, error.message)
            return
        await self._announce(client_id, result)

    async def _announce(self, client_id: Any, result: services.ApplyResult) -> None:
        """What follows a stored command, in order: the ack, the mover's own update, the
        change to every seat's group, then the next turn (the Ancients', a bot's), so that
        its steps never overtake the change. Each part runs even if one before it failed
        (the mover's tab closed mid-answer, the channel layer away): the step is stored, a
        socket that missed its part catches up at the next change or a resync, but a next
        turn never started would leave the table waiting (for ever without a beat sweep,
        as in the embedded mode). Failures are logged, never raised: the command's answer
        must not turn into "nothing was stored"."""
        async def own_update() -> None:
            for delivery in result.deliveries:  # not through Redis (whose copy is not
                if delivery.group == self.seat_group:  # handed back: send's `had_it`)
                    await self.game_changed(delivery.message)

        parts = (
            ("the ack", lambda: self.send_json(
                {"type": "ack", "id": client_id, "version": result.version})),
            ("the mover's update", own_update),
            ("the update to every seat", lambda: broadcast.send(
                result.deliveries, self.channel_layer, had_it=self.channel_name)),
            ("the next turn", lambda: services.start_next_turn(result)),
        )
        for name, part in parts:
            try:
                await part()
            except Exception:
                logger.exception("game %s: %s for stored version %s failed", self.game_id,
                                 name, result.version)

    async def _resync(self, content: dict) -> None:
        last_seq = content.get("last_seq")
        if type(last_seq) is not int or last_seq < 0:
            await self._error("bad_message", "'last_seq' must be a whole number >= 0")
            return
        await self._send_update(after=last_seq, force=True, extra={"resync": True})

    async def _log_before(self, content: dict) -> None:
        """Older history for the page's log: the events before `seq`, filtered for this
        seat exactly as updates are."""
        before = content.get("seq")
        if type(before) is not int or before < 1:
            await self._error("bad_message", "'seq' must be a whole number >= 1")
            return
        page = await database_sync_to_async(game_log.log_page)(
            game_id=self.game_id, seat=self.seat, before=before)
        if page is None:
            await self._error("game_not_started",
                              "the game is waiting for players: it has no log yet")
            return
        await self.send_json(page)

    # -- group messages ----------------------------------------------------------------------
    async def game_changed(self, message: dict) -> None:
        if self.seat is None:
            return
        version, text = message.get("version"), message.get("update_text")
        opponent_stepped(self.game_id, message)  # the opponent's step, replayed when held
        if self.sent_version is not None and type(version) is int and version <= self.sent_version:
            return  # this socket has already sent that change (or a later one)
        if text is not None and self.last_seq is not None \
                and message.get("first_seq") == self.last_seq + 1:
            self.last_seq = message["last_seq"]
            self.sent_version = version
            await self.send(text_data=text)
            return
        await self._send_update(after=self.last_seq)

    async def game_catch_up(self, message: dict) -> None:
        """The channel layer was away (games.pipeline.layer_watch): changes may have been lost."""
        if self.seat is not None:
            await self._send_update(after=self.last_seq)

    async def game_presence(self, message: dict) -> None:
        """A seat's socket opened or closed. The notice carries no list of seats: two
        notices can arrive in another order than their senders read the seats (a seat's old
        socket closing while its new one opens), so each socket reads them when a notice
        arrives, and the last notice shows the table as it is. A socket's own notice is
        not read again: it read the seats after its own change, in the group already, so
        any later change comes with its maker's notice."""
        if self.seat is None or message.get("from") == self.channel_name:
            return
        connected = await presence.connected_seats_on_loop(self.game_id)
        await self._send_presence(connected)

    # -- sending -----------------------------------------------------------------------------
    async def _send_update(self, *, after: Optional[int], force: bool = False,
                           extra: Optional[dict] = None, log: bool = False) -> None:
        payload = await socket_update(game_id=self.game_id, seat=self.seat, after=after, log=log)
        if payload is None:
            return
        if extra:
            payload.update(extra)
        if not force and not payload["events"] and payload["version"] == self.sent_version:
            return  # a notice for a change this socket has already sent
        self.last_seq = payload["last_seq"]
        self.sent_version = payload["version"]
        await self.send_json(payload)

    async def _heartbeat(self) -> None:
        """Mark the seat alive (the browser pings every 25 s; a flood of pings writes at
        most once per HEARTBEAT_SECONDS) and tell this socket if a seat has gone silent."""
        now = time.monotonic()
        if now - self.last_heartbeat < HEARTBEAT_SECONDS:
            return
        self.last_heartbeat = now
        connected = await presence.seat_seen_on_loop(game_id=self.game_id, seat=self.seat)
        await self._send_presence(connected)

    async def _send_presence(self, connected: list) -> None:
        if connected == self.last_presence:
            return
        self.last_presence = connected
        await self.send_json({"type": "presence", "connected": connected})

    async def _reject(self, client_id: Any, code: str, message: str) -> None:
        await self.send_json({"type": "rejected", "id": client_id, "code": code,
                              "message": message})

    async def _error(self, code: str, message: str) -> None:
        await self.send_json({"type": "error", "code": code, "message": message})


def _valid_id(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return abs(value) <= MAX_NUMBER
    return isinstance(value, str) and 0 < len(value) <= MAX_ID_LENGTH and _is_unicode(value)


def _is_unicode(text: str) -> bool:
    """False for text holding a lone surrogate: `json.loads` reads `"\\ud800"`, but no
    answer quoting it can be encoded, and PostgreSQL will not store it. ASCII text (nearly
    every string of a message) is answered without encoding it."""
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _unsafe_value(message: Any) -> Optional[str]:
    """Why a parsed message may not be handled, or None: a whole number beyond MAX_NUMBER,
    a float that is not finite (`json.loads` reads NaN and Infinity), or text (a key or a
    value) with a lone surrogate. One walk, without recursion: nesting is bounded only by
    the parser's own limit. It runs on every message, so it asks each item's exact type
    once (`json.loads` makes only dict, list, str, int, float, bool and None; a bool is
    not an int here)."""
    stack = [message]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is dict:
            stack.extend(item.values())
            stack.extend(item.keys())
        elif kind is list:
            stack.extend(item)
        elif kind is str:
            if not _is_unicode(item):
                return "text in a message must be valid Unicode (no lone surrogate like \\ud800)"
        elif kind is int and abs(item) > MAX_NUMBER or kind is float and not math.isfinite(item):
            return f"numbers in a message are limited to {MAX_NUMBER} either way, and finite"
    return None


def _client_id(content: dict) -> Any:
    value = content.get("id")
    return value if _valid_id(value) else None


def _query_int(scope: dict, name: str) -> Optional[int]:
    raw = parse_qs(scope.get("query_string", b"").decode("latin-1")).get(name)
    if not raw:
        return None
    try:
        value = int(raw[0])
    except ValueError:
        return None
    return value if 0 <= value <= MAX_NUMBER else None
