"""Telling a game's sockets what changed: the groups they listen on and the sending.

Every socket of a game joins the game's group (presence) and its own seat's group. A
stored change is sent to each seat's group with that seat's update already built
(`updates.seat_update`), once per version, by the process that stored it: a socket that
has every earlier event just forwards it and never reads the database to learn what
changed. Sending per seat group means no socket is ever handed another seat's view, not
even inside the server. The update travels as its JSON text, encoded once by the writer: the
channel layer then packs and unpacks one string instead of a few hundred nested values
(msgpack decoding them was the biggest single cost of a group message), and a socket sends
the text as it is.

Async code (the game consumer) awaits `send`. Sync code (a Celery worker, a view) calls
`send_sync`, which the site's Redis layer publishes in the calling thread
(`channel_layer.group_send_many_sync`). Another Redis layer's sends run on one event loop
kept for the whole process, because channels-redis keeps its connections per event loop: a
fresh loop per call (what `async_to_sync` does in a thread with no loop) would open a new
Redis connection for every message.
"""
from __future__ import annotations

import asyncio
import os
import threading
from dataclasses import dataclass
from typing import Any, Optional, Sequence

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer

from games.pipeline import json_text

SEND_TIMEOUT_SECONDS = 10


def game_group(game_id: Any) -> str:
    """The group every socket of the game joins (presence)."""
    return f"game-{game_id}"


def seat_group(game_id: Any, seat: str) -> str:
    """The group of one seat's sockets (its updates)."""
    return f"game-{game_id}-{seat}"


@dataclass(frozen=True)
class Delivery:
    """One message for one group."""

    group: str
    message: dict


def changed(game_id: Any, version: int, first_seq: int, last_seq: int,
            updates: dict[str, dict], *, advanced_from: Optional[int] = None) -> list[Delivery]:
    """A stored change as one delivery per seat: the version, the seqs it added
    (first_seq > last_seq when it added none) and that seat's own update as JSON text
    (`update_text`: its version and last seq are the change's). `advanced_from`: the change
    is one step of the opponent's from that version, which a process holding the game there
    replays instead of reading it from the log (`on_loop.opponent_stepped`); the opponent's
    step is the one command that says nothing a seat may not know, and only the update text
    ever reaches a socket."""
    extra = {} if advanced_from is None else {"advanced_from": advanced_from}
    return [Delivery(seat_group(game_id, seat),
                     {"type": "game.changed", "version": version, "first_seq": first_seq,
                      "last_seq": last_seq, "update_text": json_text.dumps(update), **extra})
            for seat, update in updates.items()]


async def send(deliveries: Sequence[Delivery], layer: Any = None, *,
               had_it: Optional[str] = None) -> None:
    """Send each delivery to its group. `had_it`: the channel of a socket that has sent its
    own seat's update already (the site's Redis layer then neither hands it on to it in
    this process nor lets Redis's copy through to it)."""
    layer = layer or get_channel_layer()
    if layer is None:
        return
    if hasattr(layer, "group_send_many"):  # the site's Redis layer: one round trip
        await layer.group_send_many([(d.group, d.message) for d in deliveries], had_it=had_it)
        return
    await asyncio.gather(*(layer.group_send(d.group, d.message) for d in deliveries))


def send_sync(deliveries: Sequence[Delivery]) -> None:
    """Send from sync code (see the module's docstring for why a kept loop)."""
    if not deliveries:
        return
    layer = get_channel_layer()
    if layer is None:
        return
    # looked up on the class: channels-redis's layer answers a name it lacks through a loop
    send_here = getattr(type(layer), "group_send_many_sync", None)
    if send_here is not None and send_here(layer, [(d.group, d.message) for d in deliveries]):
        return
    if _uses_redis(layer):
        future = asyncio.run_coroutine_threadsafe(send(deliveries, layer), _loop())
        future.result(timeout=SEND_TIMEOUT_SECONDS)
    else:  # the in-memory layer lives on the server's own loop: asgiref finds it
        async_to_sync(send)(deliveries, layer)


def _uses_redis(layer: Any) -> bool:
    return not isinstance(layer, InMemoryChannelLayer)


_LOOP: Optional[asyncio.AbstractEventLoop] = None
_LOOP_PID: Optional[int] = None
_LOOP_LOCK = threading.Lock()


def _loop() -> asyncio.AbstractEventLoop:
    """The process's sending loop, started on first use in a daemon thread (again in a
    forked child, such as a prefork Celery worker: the parent's thread did not fork)."""
    global _LOOP, _LOOP_PID
    with _LOOP_LOCK:
        if _LOOP is None or _LOOP.is_closed() or _LOOP_PID != os.getpid():
            loop = asyncio.new_event_loop()
            threading.Thread(target=loop.run_forever, name="broadcast-loop",
                             daemon=True).start()
            _LOOP, _LOOP_PID = loop, os.getpid()
        return _LOOP
