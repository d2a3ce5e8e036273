"""A websocket client for benchmarks: it notes when each answer arrives.

Every incoming message is timed (`time.perf_counter`) the moment the reader takes it and
filed under keys a benchmark can wait for: ("ack", id) / ("rejected", id) / ("error", None)
for answers, ("update", version) for game updates, ("echo", n) for the bare baselines'
frames `{"n": n}`. `expect(key)` must be called before the frame that causes it is sent.
"""
from __future__ import annotations

import asyncio
import json
import time
from typing import Any, Optional


class TimedSocket:
    def __init__(self, url: str, *, cookie: Optional[str] = None, origin: str) -> None:
        self.url, self.cookie, self.origin = url, cookie, origin
        self.ws = None
        self.waiting: dict[Any, asyncio.Future] = {}
        self.latest: Optional[dict] = None  # the newest game update
        self.counts: dict[str, int] = {}
        self._reader: Optional[asyncio.Task] = None

    async def open(self) -> "TimedSocket":
        import websockets

        headers = {"Cookie": f"sessionid={self.cookie}"} if self.cookie else {}
        self.ws = await websockets.connect(self.url, origin=self.origin,  # offers deflate
                                           additional_headers=headers, open_timeout=30,
                                           max_size=8 * 1024 * 1024, ping_interval=None)
        self._reader = asyncio.create_task(self._read())
        return self

    async def _read(self) -> None:
        import websockets

        try:
            async for raw in self.ws:
                now = time.perf_counter()
                message = json.loads(raw)
                kind = message.get("type", "echo") if isinstance(message, dict) else "echo"
                self.counts[kind] = self.counts.get(kind, 0) + 1
                if kind == "update":
                    key = ("update", message["version"])
                    if self.latest is None or message["version"] >= self.latest["version"]:
                        self.latest = message
                elif kind in ("ack", "rejected"):
                    key = (kind, message.get("id"))
                    future = self.waiting.get(("reply", message.get("id")))
                    if future is not None and not future.done():
                        future.set_result((now, message))
                elif kind == "error":
                    key = ("error", None)
                    for k, future in self.waiting.items():
                        if k[0] == "reply" and not future.done():
                            future.set_result((now, message))
                            break
                elif kind == "echo":
                    key = ("echo", message.get("n"))
                else:
                    key = (kind, None)
                future = self.waiting.get(key)
                if future is not None and not future.done():
                    future.set_result((now, message))
        except websockets.exceptions.ConnectionClosed:
            pass
        for future in self.waiting.values():
            if not future.done():
                future.set_exception(ConnectionError("socket closed"))

    def expect(self, key) -> asyncio.Future:
        future = asyncio.get_running_loop().create_future()
        self.waiting[key] = future
        future.add_done_callback(lambda _: self.waiting.pop(key, None))
        return future

    async def send(self, message: Any) -> float:
        text = json.dumps(message)
        started = time.perf_counter()
        await self.ws.send(text)
        return started

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)
