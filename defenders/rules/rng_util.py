"""The game's one generator (games.platform.rng, a splitmix64 kept in `state.rng`)."""
from __future__ import annotations

from typing import Any, MutableSequence, Sequence, TypeVar

from games.platform.rng import Rng

T = TypeVar("T")


class Seeded:
    """A bare holder of the generator, for dealing before a state exists."""

    def __init__(self, rng: int) -> None:
        self.rng = rng


def shuffle(state: Any, items: MutableSequence[T]) -> None:
    Rng(state).shuffle(items)


def below(state: Any, n: int) -> int:
    return Rng(state).below(n)


def choice(state: Any, items: Sequence[T]) -> T:
    return items[below(state, len(items))]
