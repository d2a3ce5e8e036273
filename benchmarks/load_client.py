"""A seat's client for load runs: plays from what the server tells it, and times each move.

A browser never holds the full game (hands, decks and face-down objects are secret), so a
load client cannot run `wildlands.bots` (which read the whole state). It plays the way a person
with the board page does: from its own seat's view and the `legal` list the server puts in
the updates for the seat that may act. Its policy is seeded: mostly a random legal action,
the turn's end one time in five when something else is possible.

Per move it records the time from sending the command to its answer (`ack` / `rejected`)
and to its own seat's update at the acknowledged version; anything that is not an ack or
an expected refusal (`stale_version` when the partner moved first) is an error: an `error`
message, a refusal with another code, no answer within `reply_timeout`, or a closed socket.
"""
from __future__ import annotations

import asyncio
import json
import random
import time
from dataclasses import dataclass, field
from typing import Any, Iterable, Optional

import orjson

from benchmarks.live_site import SocketClient


@dataclass
class Tally:
    sent: int = 0
    acked: int = 0
    stale: int = 0
    refused: dict = field(default_factory=dict)  # other rejection codes -> count
    errors: dict = field(default_factory=dict)  # what went wrong -> count
    reply_times: list = field(default_factory=list)
    update_times: list = field(default_factory=list)
    acked_commands: list = field(default_factory=list)  # (game id, version, seat, command)

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1

    def add(self, other: "Tally") -> None:
        self.sent += other.sent
        self.acked += other.acked
        self.stale += other.stale
        for name in ("refused", "errors"):
            mine = getattr(self, name)
            for key, value in getattr(other, name).items():
                mine[key] = mine.get(key, 0) + value
        self.reply_times += other.reply_times
        self.update_times += other.update_times
        self.acked_commands += other.acked_commands


def total(tallies: Iterable[Tally]) -> Tally:
    """The tallies of many clients added up."""
    summed = Tally()
    for tally in tallies:
        summed.add(tally)
    return summed


class SeatClient(SocketClient):
    def __init__(self, port: int, game_id, seat: str, cookie: str, seed: int, *,
                 reply_timeout: float = 5.0) -> None:
        self.game_id = str(game_id)
        self.url = f"ws://127.0.0.1:{port}/ws/play/{game_id}/"
        self.origin = f"http://127.0.0.1:{port}"
        self.seat, self.cookie = seat, cookie
        self.rng = random.Random(seed)
        self.reply_timeout = reply_timeout
        self.ws = None
        self.latest: Optional[dict] = None
        self.version_seen = asyncio.Event()
        self.reply: Optional[asyncio.Future] = None
        self.reply_id = None
        self.tally = Tally()
        self.closed = False
        self._reader: Optional[asyncio.Task] = None
        self._next_id = 0

    async def open(self) -> None:
        import websockets

        self.ws = await websockets.connect(
            self.url, origin=self.origin, open_timeout=60,  # offers deflate, as browsers do
            additional_headers={"Cookie": f"sessionid={self.cookie}"},
            max_size=8 * 1024 * 1024, ping_interval=None)
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        import websockets

        try:
            while True:  # the frame's bytes, parsed as a browser does (in native code)
                message = orjson.loads(await self.ws.recv(decode=False))
                kind = message.get("type")
                if kind == "update":
                    if self.latest is None or message["version"] >= self.latest["version"]:
                        self.latest = message
                    self.version_seen.set()
                elif kind in ("ack", "rejected", "error"):
                    if kind == "error" or message.get("id") == self.reply_id:
                        if self.reply is not None and not self.reply.done():
                            self.reply.set_result((time.perf_counter(), message))
                        elif kind == "error":
                            self.tally.error(f"error {message.get('code')}")
        except websockets.exceptions.ConnectionClosed:
            pass
        if not self.closed:
            self.tally.error("socket closed")
            if self.reply is not None and not self.reply.done():
                self.reply.set_result((time.perf_counter(), {"type": "closed"}))

    def choose(self) -> Optional[dict]:
        legal = (self.latest or {}).get("legal") or []
        if not legal:
            return None
        ends = [c for c in legal if c.get("do") == "end_turn"]
        others = [c for c in legal if c.get("do") != "end_turn"]
        if others and (not ends or self.rng.random() > 0.2):
            return self.rng.choice(others)
        return self.rng.choice(ends or legal)

    async def move(self) -> None:
        """One move now, if the seat has one, timed."""
        if self.latest is None or self.ws is None:
            return
        command = self.choose()
        if command is None:
            return
        self._next_id += 1
        self.reply_id = self._next_id
        self.reply = asyncio.get_running_loop().create_future()
        version = self.latest["version"]
        self.tally.sent += 1
        started = time.perf_counter()
        try:
            await self.ws.send(json.dumps({"type": "command", "id": self.reply_id,
                                           "expected_version": version, "command": command}))
            answered, message = await asyncio.wait_for(self.reply, self.reply_timeout)
        except asyncio.TimeoutError:
            self.tally.error("no answer in time")
            return
        except Exception as error:  # a send on a dead socket
            self.tally.error(type(error).__name__)
            return
        kind = message.get("type")
        if kind == "ack":
            self.tally.acked += 1
            self.tally.acked_commands.append((self.game_id, message["version"], self.seat, command))
            self.tally.reply_times.append(answered - started)
            target = message["version"]
            while self.latest["version"] < target:
                self.version_seen.clear()
                try:
                    await asyncio.wait_for(self.version_seen.wait(),
                                           self.reply_timeout - (time.perf_counter() - started))
                except asyncio.TimeoutError:
                    self.tally.error("no update in time")
                    return
            self.tally.update_times.append(time.perf_counter() - started)
        elif kind == "rejected" and message.get("code") == "stale_version":
            self.tally.stale += 1
            self.tally.reply_times.append(answered - started)
            await self._wait_past(version, started)  # as a page does: the next move is
            # chosen on the update that made this one stale, not sent again on the old view
        elif kind == "rejected":
            code = message.get("code")
            self.tally.refused[code] = self.tally.refused.get(code, 0) + 1
            self.tally.reply_times.append(answered - started)
            if code in ("rate_limited", "server_error", "bad_message"):
                self.tally.error(f"rejected {code}")
        else:
            self.tally.error(f"{kind} {message.get('code', '')}".strip())

    async def _wait_past(self, version: int, started: float) -> None:
        """Until an update after `version` has arrived (the reply timeout at most)."""
        while self.latest["version"] <= version:
            self.version_seen.clear()
            try:
                await asyncio.wait_for(self.version_seen.wait(),
                                       self.reply_timeout - (time.perf_counter() - started))
            except asyncio.TimeoutError:
                return

    async def play(self, *, period: float, until: float) -> None:
        """One move every `period` seconds (first after a random offset) until `until`."""
        await asyncio.sleep(self.rng.random() * period)
        while time.perf_counter() < until:
            tick = time.perf_counter()
            await self.move()
            await asyncio.sleep(max(0.0, period - (time.perf_counter() - tick)))

    @property
    def finished(self) -> bool:
        """Whether the game is over, as the board page tells: an update with no `legal` list
        (a seat that may not act now gets an empty one)."""
        return self.latest is not None and "legal" not in self.latest

    async def play_flat_out(self, *, until: float) -> None:
        """Move again as soon as the last move is answered (and waited for when the seat has
        nothing to do), until `until` or the end of the game."""
        while time.perf_counter() < until and not self.finished:
            before = self.tally.sent
            await self.move()
            if self.tally.sent == before:
                self.version_seen.clear()
                try:
                    await asyncio.wait_for(self.version_seen.wait(), 0.5)
                except asyncio.TimeoutError:
                    pass


def seat_clients(port: int, game_ids: Iterable[Any], people: list, *, first_seed: int = 0,
                 **kwargs: Any) -> list:
    """Two clients for each game, p1 and p2 with the cookies of that game's two players
    (`people[i]`: (users, cookies), `live_site.table_people`), each one's policy seeded by
    its place in the list from `first_seed` (so a run's clients play alike from one run to
    the next)."""
    seats = [(game_id, seat, cookie) for game_id, (_, cookies) in zip(game_ids, people)
             for seat, cookie in zip(("p1", "p2"), cookies)]
    return [SeatClient(port, game_id, seat, cookie, seed=first_seed + i, **kwargs)
            for i, (game_id, seat, cookie) in enumerate(seats)]
