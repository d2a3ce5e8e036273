"""JSON text for what the site writes per command: updates to sockets, snapshots and events.

orjson, because these are the biggest encodings on the hot path (a 12-30 KB snapshot per
step, an update per socket) and the standard library's encoder took a tenth of a web
process's CPU. Keys that are not strings are written as strings, as `json.dumps` does.
"""
from __future__ import annotations

from typing import Any, Callable, Optional

import orjson


def dumps(value: Any, default: Optional[Callable[[Any], Any]] = None) -> str:
    """`default` turns what JSON has no type for into something it has (as `json.dumps`)."""
    return orjson.dumps(value, default=default, option=orjson.OPT_NON_STR_KEYS).decode()


def loads(text: str | bytes) -> Any:
    """What `dumps` wrote (and any JSON PostgreSQL returns as text), read back."""
    return orjson.loads(text)
