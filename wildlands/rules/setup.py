"""Setting up a skirmish: decks, dealt map cards, secret assignments, shards, first player."""
from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from wildlands.rules.cards import draw
from wildlands.rules.board import Board
from wildlands.rules.commands import Command
from wildlands.rules.errors import RuleError
from wildlands.rules.events import EventLog
from wildlands.rules.maps.features import allows
from wildlands.rules.maps.numbers import cards_left, first_player, holds_cards, map_cards
from wildlands.rules.modes import mode_of
from games.platform.rng import Rng, seed_state
from wildlands.rules.state import Catalog, Character, GameState, Player, Turn

MAP_CARDS_DEALT = 10
SHARDS = 5
OPENING_HAND = 7

# mode -> what starts play once every character has its map card (default: the skirmish's);
# War for the Crystals registers its own (`war.register.register`)
BEGIN_PLAY: dict[str, Callable[[GameState, EventLog], None]] = {}


def new_skirmish(*, board: Board, factions: Sequence[Any], player_ids: Sequence[str],
                 seed: int, colours: Sequence[str] | None = None,
                 options: Mapping[str, Any] | None = None) -> GameState:
    """A skirmish at the start of setup: map cards dealt, waiting for every `assign`."""
    if not 2 <= len(player_ids) <= 4 or len(factions) != len(player_ids):
        raise ValueError("a skirmish needs two to four players, one faction each")
    if len({f.id for f in factions}) != len(factions):
        raise ValueError("each player needs a different faction")
    refusal = allows(board.features, mode="skirmish", players=len(player_ids))
    if refusal:
        raise ValueError(f"{board.title or board.name}: {refusal}")
    cards = {card.id: card for faction in factions for card in faction.deck}
    catalog = Catalog(board=board, cards=cards, options=dict(options or {}),
                      content={"map": board.name, "factions": [f.id for f in factions]})
    players, characters = [], {}
    for i, (pid, faction) in enumerate(zip(player_ids, factions)):
        colour = colours[i] if colours else faction.colour
        players.append(Player(id=pid, faction=faction.id, colour=colour,
                              deck=[card.id for card in faction.deck]))
        for cdef in faction.characters:
            characters[cdef.id] = Character(id=cdef.id, player=pid, name=cdef.name,
                                            health=cdef.health, flags=tuple(cdef.flags))
    state = GameState(mode="skirmish", catalog=catalog, players=players, characters=characters,
                      turn=Turn(phase="setup"), rng=seed_state(seed))
    rng = Rng(state)
    for player in players:
        rng.shuffle(player.deck)
    deal_map_cards(state)
    return state


def deal_map_cards(state: GameState, count: int = MAP_CARDS_DEALT) -> None:
    """Shuffle the board's map deck with the game's generator and hand `count` cards to each
    player in turn order; cards nobody is dealt stay out of the game. One function, so the
    rules cases' set-up deals exactly as a real game does."""
    map_deck = map_cards(state.catalog.board)
    Rng(state).shuffle(map_deck)
    for player in state.players:
        player.map_cards = sorted(map_deck[:count])
        del map_deck[:count]


def assign(state: GameState, seat: str, command: Command, events: EventLog) -> None:
    """A player secretly assigns one dealt map card to each character."""
    if state.turn.phase != "setup":
        raise RuleError("action_not_allowed", "map cards are assigned only during setup")
    player = state.player(seat)
    own = {c.id for c in state.characters_of(seat)}
    if any(c.assigned is not None for c in state.characters_of(seat)):
        raise RuleError("action_not_allowed", f"{seat} has already assigned map cards")
    spaces = dict(command.spaces)
    if set(spaces) != own:
        raise RuleError("invalid_command", f"assign one map card to each of {', '.join(sorted(own))}")
    if not holds_cards(player.map_cards, spaces.values()):
        raise RuleError("invalid_command", "assign different map cards from the ones you were dealt")
    for name, space in spaces.items():
        state.characters[name].assigned = space
    events.add("map_cards_assigned", player=seat)
    events.add("assignment_recorded", visible_to=(seat,), player=seat, spaces=spaces)
    if all(c.assigned is not None for c in state.characters.values()):
        BEGIN_PLAY.get(state.mode, _begin)(state, events)


def _begin(state: GameState, events: EventLog) -> None:
    """Leftover map cards go to the player on the right as shard spaces; hands are drawn;
    the lowest shard space goes first."""
    players = state.players
    count = len(players)
    for i, player in enumerate(players):
        giver = players[(i + 1) % count]  # my left-hand neighbour passes to me, on their right
        assigned = [c.assigned for c in state.characters_of(giver.id)]
        spaces = cards_left(giver.map_cards, assigned)[:SHARDS]
        player.shards = mode_of(state).shards_received(state, player.id, spaces, events)
    for player in players:
        player.map_cards = []
        if player.shards:
            events.add("shards_placed", player=player.id, spaces=list(player.shards))
        draw(state, player, OPENING_HAND, events)
    first = first_player(players, Rng(state))
    state.turn = Turn(phase="play", active=first, actor=first)
    events.add("turn_started", player=first, round=1)


def auto_assignment(state: GameState, seat: str, rng: Rng | None = None) -> dict:
    """A legal assignment for a seat (bots, quick starts): random dealt cards, one each."""
    player = state.player(seat)
    cards = list(player.map_cards)
    (rng or Rng(state)).shuffle(cards)
    return {c.id: cards[i] for i, c in enumerate(state.characters_of(seat))}
