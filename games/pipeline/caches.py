"""What a process keeps between commands, in one kind of cache.

Every entry here is a fact that never goes stale once it is true: a game's parsed state at
a version (one writer per game, versions only grow, and an entry is added only after its
transaction committed), the seat a user holds in a started game, the game's declaration
and bot seats, the last state a replay reached. So a cache never needs invalidating, only
bounding: each holds at most `size` entries and drops the least recently used one.

Every cache is a `BoundedCache`, made here or by its owner, and `clear_caches()` empties
them all (for tests, which must not inherit another test's games).
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Callable, Generic, Hashable, Optional, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

_ALL: list["BoundedCache"] = []


class BoundedCache(Generic[K, V]):
    """At most `size` entries; the least recently used is dropped first. Safe to share
    between the event loop and the database thread."""

    def __init__(self, name: str, size: int,
                 keep: Optional[Callable[[V, V], bool]] = None) -> None:
        """`keep(old, new)`: whether a `put` leaves the entry it would replace (a later
        version of a game is never replaced by an earlier one)."""
        self.name = name
        self.size = size
        self._keep = keep
        self._items: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()
        _ALL.append(self)

    def get(self, key: K) -> Optional[V]:
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def put(self, key: K, value: V) -> None:
        with self._lock:
            known = self._items.get(key)
            if known is None or self._keep is None or not self._keep(known, value):
                self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()

    def __len__(self) -> int:
        return len(self._items)


def clear_caches() -> None:
    """Forget everything every cache of this process holds."""
    for cache in _ALL:
        cache.clear()
