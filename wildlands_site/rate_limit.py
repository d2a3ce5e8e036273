"""Counting events in fixed windows in Django's cache, for the site's limits on what a
visitor may do (sign-in failures: accounts.throttle; new table-companion games:
ancients_ai.companion_views).

A window starts with its first event and ends `window` seconds later, whatever happens in
it (an increment keeps the key's expiry, in Redis as in the local-memory cache), so a limit
never holds anyone for longer than one window. The cache is shared by every web process
when REDIS_URL is set (settings.CACHES), else each process counts on its own.
"""
from __future__ import annotations

from django.core.cache import cache
from django.http import HttpRequest


def count(key: str, *, window: float) -> int:
    """One more event under `key`; the number in the current window, this one included."""
    cache.add(key, 0, timeout=window)
    try:
        return int(cache.incr(key))
    except ValueError:  # expired between the two calls: a new window
        cache.set(key, 1, timeout=window)
        return 1


def so_far(key: str) -> int:
    """The events under `key` in the current window."""
    return int(cache.get(key) or 0)


def forget(key: str) -> None:
    cache.delete(key)


def client_address(request: HttpRequest) -> str:
    """The visitor's address. Behind the proxy uvicorn puts the client's own there from
    X-Forwarded-For, trusting only the proxy (docker-compose.yml, --forwarded-allow-ips)."""
    return request.META.get("REMOTE_ADDR") or "unknown"
