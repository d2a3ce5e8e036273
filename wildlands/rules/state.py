"""The whole state of a game as plain data.

Everything a game is lives here: figures on the board, every card pile, whose move it is,
the pending prompt, the resumable work stack and the generator. Content that never changes
during a game (the board, the card definitions) sits in `Catalog` and is shared between
clones, so cloning a state for `apply` copies only what can change.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Optional, Required, TypedDict, TypeVar, cast

from wildlands.rules.board import Board
from wildlands.rules.events import EventLog
from wildlands.rules.outcome import Outcome


@dataclass(frozen=True)
class Catalog:
    """Immutable content of one game: board, card definitions, options."""

    board: Board
    cards: Mapping[str, Any]  # card id -> CardDef (icons, open, wild)
    options: Mapping[str, Any]
    content: Mapping[str, Any] = field(default_factory=dict)  # names of shipped content used, for records

    def option(self, name: str) -> Any:
        return self.options.get(name, DEFAULT_OPTIONS.get(name))


DEFAULT_OPTIONS: dict[str, Any] = {
    # Skip a defence prompt when the defender holds no card that could defend.
    "auto_pass_defence": True,
    # Skip an interrupt window for a player who holds no wild card.
    "auto_pass_interrupt": True,
    # Offer the other players a chance to interrupt when a turn end is declared.
    "end_turn_window": True,
    "hand_limit": 7,
    "points_to_win": 5,
}


@dataclass(slots=True)
class Character:
    id: str
    player: str
    name: str
    health: int
    space: Optional[int] = None
    assigned: Optional[int] = None
    damage: int = 0
    knocked_out: bool = False
    captured_by: Optional[str] = None
    flags: tuple = ()
    ensnared: Optional[str] = None  # The Awoken: the stasis trap holding it
    carried: list = field(default_factory=list)  # The Awoken: ancient crystals
    treasures: list = field(default_factory=list)  # The Awoken: treasure card ids

    @property
    def on_board(self) -> bool:
        return self.space is not None and not self.knocked_out

    def clone(self) -> "Character":
        new = _new(Character)  # slots set directly: half the cost of the generated __init__
        new.id = self.id
        new.player = self.player
        new.name = self.name
        new.health = self.health
        new.space = self.space
        new.assigned = self.assigned
        new.damage = self.damage
        new.knocked_out = self.knocked_out
        new.captured_by = self.captured_by
        new.flags = self.flags
        new.ensnared = self.ensnared
        new.carried = self.carried[:]
        new.treasures = self.treasures[:]
        return new


@dataclass(slots=True)
class Monster:
    """A minion or an Ancient (The Awoken)."""

    id: str
    kind: str  # "minion" | "ancient"
    type: str
    scenario: int
    health: int
    space: Optional[int] = None
    damage: int = 0
    knocked_out: bool = False
    immortal: bool = False

    @property
    def on_board(self) -> bool:
        return self.space is not None and not self.knocked_out

    def clone(self) -> "Monster":
        new = _new(Monster)
        new.id = self.id
        new.kind = self.kind
        new.type = self.type
        new.scenario = self.scenario
        new.health = self.health
        new.space = self.space
        new.damage = self.damage
        new.knocked_out = self.knocked_out
        new.immortal = self.immortal
        return new


@dataclass(slots=True)
class Player:
    id: str
    faction: str
    colour: str = ""
    hand: list = field(default_factory=list)
    deck: list = field(default_factory=list)  # top first
    discard: list = field(default_factory=list)
    shards: list = field(default_factory=list)  # skirmish: spaces holding this player's shards
    score: int = 0
    map_cards: list = field(default_factory=list)  # skirmish setup: dealt, not yet assigned
    eliminated: bool = False

    def clone(self) -> "Player":
        new = _new(Player)
        new.id = self.id
        new.faction = self.faction
        new.colour = self.colour
        new.hand = self.hand[:]
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.shards = self.shards[:]
        new.score = self.score
        new.map_cards = self.map_cards[:]
        new.eliminated = self.eliminated
        return new


@dataclass(slots=True)
class Turn:
    """Who may act. In The Awoken `active` is None during the players' shared turn."""

    phase: str = "play"  # "setup" | "play" | "ancients"
    active: Optional[str] = None
    actor: Optional[str] = None  # the seat playing cards now (active player or last interrupter)
    interrupters: list = field(default_factory=list)
    last: str = "start"  # what the actor did last: start | action | reveal | interrupt | returned
    revealed: bool = False  # the active player has revealed this turn
    round: int = 1

    def clone(self) -> "Turn":
        new = _new(Turn)
        new.phase = self.phase
        new.active = self.active
        new.actor = self.actor
        new.interrupters = self.interrupters[:]
        new.last = self.last
        new.revealed = self.revealed
        new.round = self.round
        return new


@dataclass(slots=True)
class Prompt:
    """A decision the rules need from one seat before anything else happens."""

    kind: str  # defend | choose | interrupt_window | ...
    to: str
    data: dict

    def to_data(self) -> dict:
        return {"kind": self.kind, "to": self.to, **self.data}


class Frame(TypedDict, total=False):
    """What every frame may hold; a kind's own TypedDict adds its fields. Values stay
    JSON-ready (str keys; scalars, lists, small dicts), since frames are stored as they are."""

    kind: Required[str]
    deferred: bool  # left for `engine.advance` (the Ancients' turn on the site)
    paused: bool    # waiting for a player's interrupt to finish; not deferred work


@dataclass(slots=True)
class GameState:
    mode: str
    catalog: Catalog
    players: list
    characters: dict
    monsters: dict = field(default_factory=dict)
    turn: Turn = field(default_factory=Turn)
    prompt: Optional[Prompt] = None
    frames: list[Frame] = field(default_factory=list)  # resumable work, top last
    outcome: Optional[Outcome] = None  # set only by `end_game`
    version: int = 0
    rng: int = 0
    # the mode's own part (The Awoken's scenarios, decks and objects; the war's teams; the
    # Wrath's carried shards), opaque here: stored through `serialize.EXTENSIONS[mode]`
    mode_state: Any = None
    # what a map's own rules remember (wildlands/rules/maps/effects.py): flat, JSON-ready values
    map_state: dict = field(default_factory=dict)

    # -- lookups -------------------------------------------------------------------------
    @property
    def board(self) -> Board:
        return self.catalog.board

    def player(self, player_id: str) -> Player:
        for player in self.players:
            if player.id == player_id:
                return player
        raise KeyError(player_id)

    def player_ids(self) -> list:
        return [p.id for p in self.players]

    def characters_of(self, player_id: str) -> list:
        return [c for c in self.characters.values() if c.player == player_id]

    def figure(self, figure_id: str):
        """A character or a monster by id, or None."""
        return self.characters.get(figure_id) or self.monsters.get(figure_id)

    def figures_in(self, space: int) -> list:
        """Characters then monsters on the board in one space."""
        found = [c for c in self.characters.values() if c.space == space and not c.knocked_out]
        found += [m for m in self.monsters.values() if m.space == space and not m.knocked_out]
        return found

    def card(self, card_id: str):
        return self.catalog.cards[card_id]

    # -- copying -------------------------------------------------------------------------
    def clone(self) -> "GameState":
        """An independent copy of everything that can change (`apply` runs on one).

        Hot: once per command. Objects are built with `object.__new__` and their slots set
        directly, which costs half of what the generated `__init__`s do."""
        new = _new(GameState)
        new.mode = self.mode
        new.catalog = self.catalog
        new.players = [p.clone() for p in self.players]
        new.characters = {k: c.clone() for k, c in self.characters.items()}
        new.monsters = {k: m.clone() for k, m in self.monsters.items()}
        new.turn = self.turn.clone()
        prompt = self.prompt
        new.prompt = None if prompt is None else Prompt(prompt.kind, prompt.to,
                                                        _copy_frame(prompt.data))
        new.frames = [_copy_frame(f) for f in self.frames]
        new.outcome = self.outcome  # frozen: shared between clones
        new.version = self.version
        new.rng = self.rng
        new.mode_state = None if self.mode_state is None else self.mode_state.clone()
        new.map_state = _copy_frame(self.map_state)
        return new


_new = object.__new__


_Data = TypeVar("_Data", bound=Mapping[str, Any])


def _copy_frame(frame: _Data) -> _Data:
    """Copy a frame (or a prompt's data) two levels deep: they hold scalars, lists and
    small dicts only."""
    return cast(_Data, {k: (list(v) if type(v) is list else dict(v) if type(v) is dict else v)
                        for k, v in frame.items()})


def end_game(state: GameState, outcome: Outcome, events: EventLog) -> None:
    """End the game: the one place that sets `state.outcome` and reports `game_ended`."""
    state.outcome = outcome
    events.add("game_ended", **outcome.to_data())
