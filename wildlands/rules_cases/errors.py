"""What a rules case can be wrong about: the case file, not the engine."""
from __future__ import annotations


class CaseError(Exception):
    """The case file itself is wrong (not the engine)."""
