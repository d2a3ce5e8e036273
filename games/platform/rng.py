"""The game's only source of chance: a splitmix64 generator whose whole state is one integer.

Keeping the generator ours (not the `random` module) means a stored game replays identically
on any Python version, and cloning a state copies one int.
"""
from __future__ import annotations

from typing import MutableSequence, TypeVar

_MASK = (1 << 64) - 1
T = TypeVar("T")


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state."""
    return (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK


def next_u64(state: int) -> tuple[int, int]:
    """Return (value, new_state)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), state


class Rng:
    """A cursor over the state's generator; `holder.rng` is updated after every draw."""

    __slots__ = ("holder",)

    def __init__(self, holder) -> None:  # holder: any object with an int attribute `rng`
        self.holder = holder

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        value, self.holder.rng = next_u64(self.holder.rng)
        return value % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items):
        return items[self.below(len(items))]
