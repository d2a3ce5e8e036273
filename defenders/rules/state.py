"""The whole state of a game of Defenders of the Wild as plain data.

Content that never changes during a game (the dealt habitats, the defenders in play, the
machine cards, the die) sits in the frozen `Catalog` and is shared between clones; the
rest is copied by `clone()` for every command, so a refused command leaves the caller's
state untouched.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Optional

from defenders.rules.content import DefenderDef, FactionDef, MachineCardDef, TrackSide
from defenders.rules.hexes import CORE, Edge, Hex
from defenders.rules.outcome import Outcome

# Which reading of the rules a game is played under, kept with it so that a stored game
# replays exactly as it was played. 1: the machine deck was reshuffled when a card was drawn
# from it empty; 2: it is reshuffled as soon as its seventh card has been resolved.
RULES_REVISION = 2


@dataclass(frozen=True)
class Catalog:
    """What one game was dealt and plays with; never changes once the game is set up."""

    habitats: Mapping[Hex, str]          # the 36 habitat hexes as dealt
    layout: tuple                        # (tile id, face) per slot, for the record
    mech_icons: tuple[Hex, ...]
    pollution_icons: tuple[Hex, ...]
    die: tuple[str, ...]
    chutes: Mapping[int, tuple[int, ...]]
    track: TrackSide
    cards: Mapping[str, MachineCardDef]
    factions: Mapping[str, FactionDef]   # the factions in play
    defenders: Mapping[str, DefenderDef]  # every defender in play


@dataclass(slots=True)
class Faction:
    """One faction's circle, piles and organizer. A seat plays one (two with one player)."""

    id: str
    seat: str
    organizer: str
    at: Optional[Hex]            # the organizer's hex; None before set-up and after exiting
    deck: list                   # top first
    exhausted: list              # the exhaustion pile, bottom first: its top is the last
    camps: list                  # hexes of built camps, in the order built
    camps_left: int              # camps still on the support track
    support: int = 0             # the tracker's space on the track (0: the start)
    damage: int = 0
    breaches_left: int = 0
    items: dict = field(default_factory=dict)  # item -> gained (True) or used side up (False)
    exited: bool = False
    top_live: bool = False       # its exhaustion pile's top is a revealed defender in force

    def clone(self) -> "Faction":
        return Faction(self.id, self.seat, self.organizer, self.at, self.deck[:],
                       self.exhausted[:], self.camps[:], self.camps_left, self.support,
                       self.damage, self.breaches_left, dict(self.items), self.exited,
                       self.top_live)

    @property
    def top(self) -> Optional[str]:
        return self.exhausted[-1] if self.exhausted else None


@dataclass(slots=True)
class Seat:
    id: str
    factions: list               # the factions this seat plays, in order
    hand: list                   # defender ids (both factions' with one player)
    chosen: Optional[str] = None  # this round's active defender, secret until all have chosen

    def clone(self) -> "Seat":
        return Seat(self.id, self.factions[:], self.hand[:], self.chosen)


@dataclass(slots=True)
class Turn:
    """Where the round is. `stage`: camps (set-up) | organize | reveal | action | machines."""

    stage: str = "camps"
    round: int = 1
    first: Optional[str] = None      # the first player marker (None with one player)
    active: Optional[str] = None     # the seat taking its turn
    faction: Optional[str] = None    # the faction that turn plays
    defender: Optional[str] = None   # the active defender
    ap: int = 0
    teamed: list = field(default_factory=list)
    done: list = field(default_factory=list)     # seats that took their turn this round
    pending: list = field(default_factory=list)  # reveal abilities waiting for a choice
    skip_machine: bool = False       # Hack Attack: no machine card after this turn

    def clone(self) -> "Turn":
        return Turn(self.stage, self.round, self.first, self.active, self.faction,
                    self.defender, self.ap, self.teamed[:], self.done[:],
                    [dict(p) for p in self.pending], self.skip_machine)


@dataclass(slots=True)
class Engine:
    """An engine on an edge between `left` and `right`, its front at the corner it shares
    with `ahead`; all None while it waits in the machine core."""

    left: Optional[Hex] = None
    right: Optional[Hex] = None
    ahead: Optional[Hex] = None

    @property
    def in_core(self) -> bool:
        return self.left is None

    def clone(self) -> "Engine":
        return Engine(self.left, self.right, self.ahead)


@dataclass(slots=True)
class GameState:
    catalog: Catalog
    seats: list                                  # clockwise: a seat's left is the next one
    factions: dict                               # faction id -> Faction
    turn: Turn = field(default_factory=Turn)
    direction: str = "right"                     # the machine direction
    core: list = field(default_factory=list)     # factory tiles still stacked, bottom first
    arrows: dict = field(default_factory=dict)   # factory tile -> the corner its arrow points at
    factories: dict = field(default_factory=dict)  # hex -> [tile, rewilded]
    walls: set = field(default_factory=set)
    breaches: dict = field(default_factory=dict)   # edge -> faction whose marker it is
    engines: list = field(default_factory=list)
    mechs: dict = field(default_factory=dict)      # hex (the core too) -> count
    pollution: dict = field(default_factory=dict)  # hex -> 1 or 2 tokens
    toxic: set = field(default_factory=set)
    deck: list = field(default_factory=list)       # machine deck, top first
    discard: list = field(default_factory=list)
    deaths: dict = field(default_factory=dict)     # habitat -> killed defenders
    tier: str = "base"
    outcome: Optional[Outcome] = None
    version: int = 0
    rng: int = 0
    rules_revision: int = RULES_REVISION         # see RULES_REVISION; older stored games: 1

    # -- lookups -------------------------------------------------------------------------
    def seat(self, seat_id: str) -> Seat:
        for s in self.seats:
            if s.id == seat_id:
                return s
        raise KeyError(seat_id)

    def seat_ids(self) -> list:
        return [s.id for s in self.seats]

    def defender(self, card: str) -> DefenderDef:
        return self.catalog.defenders[card]

    def habitat(self, hex_: Hex) -> Optional[str]:
        """The hex's habitat, "wild" for a rewilded factory, None for a factory or the core."""
        if hex_ in self.factories:
            return "wild" if self.factories[hex_][1] else None
        return self.catalog.habitats.get(hex_)

    def is_factory(self, hex_: Hex) -> bool:
        """A built or rewilded factory, or the core: a hex with walls on all six edges."""
        return hex_ == CORE or hex_ in self.factories

    def camp_at(self, hex_: Hex) -> Optional[str]:
        """The faction whose camp is in the hex (covered by a factory or not)."""
        for f in self.factions.values():
            if hex_ in f.camps:
                return f.id
        return None

    def usable_camp_at(self, hex_: Hex) -> Optional[str]:
        """A camp that is not under an unrewilded factory."""
        if hex_ in self.factories and not self.factories[hex_][1]:
            return None
        return self.camp_at(hex_)

    def mechs_at(self, hex_: Hex) -> int:
        return self.mechs.get(hex_, 0)

    def live_factions(self) -> list:
        return [f for f in self.factions.values() if not f.exited]

    # -- copying -------------------------------------------------------------------------
    def clone(self) -> "GameState":
        return GameState(
            catalog=self.catalog, seats=[s.clone() for s in self.seats],
            factions={k: f.clone() for k, f in self.factions.items()}, turn=self.turn.clone(),
            direction=self.direction, core=self.core[:], arrows=dict(self.arrows),
            factories={k: list(v) for k, v in self.factories.items()}, walls=set(self.walls),
            breaches=dict(self.breaches), engines=[e.clone() for e in self.engines],
            mechs=dict(self.mechs), pollution=dict(self.pollution), toxic=set(self.toxic),
            deck=self.deck[:], discard=self.discard[:],
            deaths={k: list(v) for k, v in self.deaths.items()}, tier=self.tier,
            outcome=self.outcome, version=self.version, rng=self.rng,
            rules_revision=self.rules_revision)


def set_count(counts: dict, hex_: Hex, value: int) -> None:
    """Store a per-hex count, dropping zeros so equal positions have equal data."""
    if value > 0:
        counts[hex_] = value
    else:
        counts.pop(hex_, None)


def edge_list(edges: Any) -> list[Edge]:
    return sorted(edges)
