"""JSON text for what the site writes per command: updates to sockets, snapshots and events.

orjson, because these are the biggest encodings on the hot path (a 12-30 KB snapshot per
step, an update per socket) and the standard library's encoder took a tenth of a web
process's CPU. Keys that are not strings are written as strings, as `json.dumps` does.

orjson writes string keys twice as fast without its option for other keys (a co-op update
6.3 against 13.0 µs, a snapshot 22 against 40), and everything the site encodes per step has
string keys only: so each value is first tried without it, and only a value that does have
another key (orjson refuses it before writing anything out) is encoded again with it.
"""
from __future__ import annotations

from typing import Any, Callable, Optional

import orjson


def dumps(value: Any, default: Optional[Callable[[Any], Any]] = None) -> str:
    """`default` turns what JSON has no type for into something it has (as `json.dumps`)."""
    try:
        return orjson.dumps(value, default=default).decode()
    except orjson.JSONEncodeError:
        return orjson.dumps(value, default=default, option=orjson.OPT_NON_STR_KEYS).decode()


def loads(text: str | bytes) -> Any:
    """What `dumps` wrote (and any JSON PostgreSQL returns as text), read back."""
    return orjson.loads(text)
