"""The shapes of the Awoken's frames (see `wildlands.rules.frames`): one TypedDict per kind.

Kept in one module rather than beside each handler because the handlers push each other's
frames (a card pushes monster actions, a track space pushes steps), and the shapes must not
make their modules import one another.
"""
from __future__ import annotations

from typing import Any, Optional

from wildlands.rules.state import Frame


class AncientsTurnFrame(Frame):
    """`awoken_ancients_turn`: each scenario's minion card, then its Ancient card."""

    order: list[int]  # scenario numbers, in turn order
    i: int            # the scenario now acting
    stage: str        # "minion" | "ancient": which of its cards comes next


class CardFrame(Frame):
    """`awoken_card`: one revealed card, from draw through interrupts to discard."""

    scenario: int
    deck: str                 # "minion" | "ancient"
    card: Optional[str]       # None until drawn
    stage: str                # draw | window | top | bottom | effect | actions | done
    window: list[str]         # seats offered an interrupt, in order
    wi: int                   # the next seat of `window`
    acted: list[str]          # minions that have resolved the current half
    options: list[str]        # minions sharing the lowest space, while a seat chooses


class MonsterFrame(Frame):
    """`awoken_monster`: one monster resolving a row of card actions, left to right."""

    monster: str
    card: str
    half: Optional[str]  # "top" | "bottom" of a minion card; None for an Ancient card
    i: int
    scenario: int


class StepsFrame(Frame):
    """`awoken_steps`: a special action or a track effect, one step at a time."""

    steps: list[Any]          # steps as in scenario sheets, JSON-ready
    i: int
    actor: Optional[str]      # the monster acting them out, if any
    scenario: int
    target: Optional[str]     # the figure chosen by a `target` step
    options: list[str]        # tied targets while a seat chooses


class AdvanceFrame(Frame):
    """`awoken_advance`: the shard moving along its event track, one space at a time."""

    scenario: int
    left: int  # spaces still to move


class _CrystalsFields(Frame):
    crystals: list[str]
    options: list[str]   # characters on the board who could take them
    chooser: str         # the knocked-out carrier's player
    source: str          # the knocked-out carrier


class CrystalsFrame(_CrystalsFields, total=False):
    """`awoken_crystals`: a knocked-out carrier's crystals, handed to a chosen character."""

    chosen: str  # set once answered
