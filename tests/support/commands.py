"""Commands compared as the engine compares them."""
from __future__ import annotations


def key(command: dict) -> tuple:
    """A command up to the order of its cards (the engine accepts any order)."""
    data = dict(command)
    if "cards" in data:
        data["cards"] = tuple(sorted(data["cards"]))
    if isinstance(data.get("to"), dict):
        data["to"] = tuple(sorted(data["to"].items()))
    return tuple(sorted(data.items()))
