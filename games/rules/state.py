"""The whole state of a game as plain data.

Everything a game is lives here: figures on the board, every card pile, whose move it is,
the pending prompt, the resumable work stack and the generator. Content that never changes
during a game (the board, the card definitions) sits in `Catalog` and is shared between
clones, so cloning a state for `apply` copies only what can change.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Optional

from games.rules.board import Board


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
        return Character(self.id, self.player, self.name, self.health, self.space, self.assigned,
                         self.damage, self.knocked_out, self.captured_by, self.flags,
                         self.ensnared, list(self.carried), list(self.treasures))


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
        return Monster(self.id, self.kind, self.type, self.scenario, self.health, self.space,
                       self.damage, self.knocked_out, self.immortal)


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
        return Player(self.id, self.faction, self.colour, list(self.hand), list(self.deck),
                      list(self.discard), list(self.shards), self.score, list(self.map_cards),
                      self.eliminated)


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
        return Turn(self.phase, self.active, self.actor, list(self.interrupters), self.last,
                    self.revealed, self.round)


@dataclass(slots=True)
class Prompt:
    """A decision the rules need from one seat before anything else happens."""

    kind: str  # defend | choose | interrupt_window | ...
    to: str
    data: dict

    def to_data(self) -> dict:
        return {"kind": self.kind, "to": self.to, **self.data}


@dataclass(slots=True)
class GameState:
    mode: str
    catalog: Catalog
    players: list
    characters: dict
    monsters: dict = field(default_factory=dict)
    turn: Turn = field(default_factory=Turn)
    prompt: Optional[Prompt] = None
    frames: list = field(default_factory=list)  # resumable work, top last; plain dicts
    outcome: Optional[dict] = None
    version: int = 0
    rng: int = 0
    awoken: Any = None  # The Awoken's own state (scenarios, decks, objects), opaque here

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
        return GameState(
            mode=self.mode,
            catalog=self.catalog,
            players=[p.clone() for p in self.players],
            characters={k: c.clone() for k, c in self.characters.items()},
            monsters={k: m.clone() for k, m in self.monsters.items()},
            turn=self.turn.clone(),
            prompt=None if self.prompt is None else Prompt(self.prompt.kind, self.prompt.to,
                                                           _copy_frame(self.prompt.data)),
            frames=[_copy_frame(f) for f in self.frames],
            outcome=None if self.outcome is None else dict(self.outcome),
            version=self.version,
            rng=self.rng,
            awoken=None if self.awoken is None else self.awoken.clone(),
        )


def _copy_frame(frame: dict) -> dict:
    """Copy a frame two levels deep: frames hold scalars, lists and small dicts only."""
    return {k: (list(v) if type(v) is list else dict(v) if type(v) is dict else v)
            for k, v in frame.items()}
