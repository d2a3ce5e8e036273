"""What every Wildlands mode answers alike: the one rules engine (`wildlands.rules.engine`),
its views, storage and outcome. Each mode's declaration subclasses `WildlandsGame` and adds
its seats, set-up and bots."""
from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar, Mapping, Optional, Sequence

from games.platform.catalogue_entry import CatalogueEntry
from games.platform.definition import GameDefinition, GameSetup
from wildlands.rules import engine
from wildlands.rules.commands import Command, parse_command
from wildlands.rules.frames import has_deferred_work
from wildlands.rules.legal import legal_commands
from wildlands.rules.serialize import state_from_data, state_to_data
from wildlands.rules.state import GameState
from wildlands.rules.view import view_for, views_for
from wildlands import seat_bots
from wildlands.lobby import WildlandsLobby
from wildlands.seating import load_board, load_factions

# Seats the table waits on while the Ancients' deferred work is pending (stored in
# `Game.awaiting`, which the stalled-turn sweep reads).
ANCIENTS_SEAT = "ancients"
# Cards named in these events are described in a seat's update (`update_extras`).
CARD_EVENTS = ("card_played", "cards_received", "pit_trap_cards_turned")
# how to play Wildlands and The Awoken, and its guided first game
RULES_DOCUMENT = Path(__file__).resolve().parent / "content" / "how_to_play.yaml"

# The game's page in the site's catalogue (games.platform.catalogue), shared by every mode.
CATALOGUE = CatalogueEntry(
    slug="wildlands",
    name="Wildlands",
    tagline="Small bands of heroes cross a ruined land: stand together against the Ancients, "
            "or race rival factions for their shards.",
    about=(
        "Each player leads a band of characters across a map of walls, high ground and "
        "ruins. Cards are everything: the same hand moves your characters, strikes from afar "
        "or up close, and answers an enemy's attack, so every card spent is a choice.",
        "In The Awoken you play together, alone or with a friend: gather crystals while the "
        "Ancients wake and hunt you, their every move dealt from their own decks by the "
        "server. Campaigns carry your treasures from one evening to the next, and the table "
        "companion runs the Ancients for a game played on your own table.",
        "The competitive ways to play set the factions against each other: a skirmish for "
        "shards, a war of two teams, or a game in which one player takes the Ancients' side.",
    ),
    minutes=(30, 75),
    weight="Medium: quick turns, tactical choices; hidden starting places in the "
           "competitive modes",
    levels="The Awoken: easy, normal or hard; the competitive modes are even",
    picture="games/wildlands/board-picture.png",
    picture_alt="A Wildlands board in play: the map's numbered spaces, walls and the "
                "characters' tokens",
    order=10,
)


class WildlandsGame(WildlandsLobby, GameDefinition):
    """The shared answers of every Wildlands mode (the lobby's: `wildlands.lobby`)."""

    game_name: ClassVar[str] = "Wildlands"
    renderer: ClassVar[str] = "wildlands"
    renderer_module: ClassVar[str] = "games/wildlands/index.js"
    opponent: ClassVar[str] = ANCIENTS_SEAT
    opponent_name: ClassVar[str] = "the Ancients"
    catalogue: ClassVar[CatalogueEntry] = CATALOGUE

    def rules_document(self) -> Path:
        """Wildlands' rules in the project's words, The Awoken first (games/rulebook.py)."""
        return RULES_DOCUMENT

    # --- rules ---------------------------------------------------------------------------
    def prepare(self, command: Any) -> Command:
        return parse_command(command)

    def apply(self, state: GameState, seat: str, command: Any) -> tuple[GameState, list]:
        return engine.apply(state, seat, command)

    def stored(self, command: Command) -> dict:
        return command.to_data()

    def advance(self, state: GameState) -> tuple[GameState, list]:
        return engine.advance(state)

    def opponent_due(self, state: GameState) -> bool:
        return has_deferred_work(state)

    def legal_commands(self, state: GameState, seat: str) -> list[dict]:
        # the rules build a fresh dict for each command, every call: no copy needed
        return [c if type(c) is dict else c.to_data() if hasattr(c, "to_data") else dict(c)
                for c in legal_commands(state, seat)]

    def view(self, state: GameState, seat: Optional[str]) -> dict:
        return view_for(state, seat)

    def seat_views(self, state: GameState, seats: Sequence[str]) -> dict[str, dict]:
        return views_for(state, seats)  # what every seat sees alike, built once

    def update_extras(self, state: GameState, seat: Optional[str], events: Sequence[dict]) -> dict:
        """What the players' cards named in the events a seat may see do (`cards`): events
        name a card by id only, and a card played long ago may be back in a deck, so the
        page could not look it up. Only cards in the given (filtered) events are added."""
        known = state.catalog.cards
        found: dict[str, dict] = {}
        for event in events:
            if event.get("kind") not in CARD_EVENTS:
                continue
            for card in (event.get("card"), *(event.get("cards") or [])):
                if isinstance(card, str) and card in known and card not in found:
                    found[card] = known[card].to_data()
        return {"cards": found} if found else {}

    def replay_view(self, state: GameState) -> dict:
        """The whole table face up, in the shape of a seat's view (so the board draws it):
        every player's entry as its own seat sees it (hand and dealt map cards included),
        every character's secret placement, the pending prompt in full and the kind of each
        face-down object. Deck orders stay out: a replay shows the table, not what was
        still to come."""
        view = view_for(state, None)
        own = {p.id: view_for(state, p.id) for p in state.players}
        view["players"] = [next(e for e in own[p.id]["players"] if e["id"] == p.id)
                           for p in state.players]
        for entry in view["characters"]:
            mine = own.get(entry["player"])
            secret: dict = (next((c for c in mine["characters"] if c["id"] == entry["id"]), {})
                            if mine else {})
            if "assigned" in secret:
                entry["assigned"] = secret["assigned"]
        if state.prompt is not None and state.prompt.to in own:
            view["prompt"] = own[state.prompt.to]["prompt"]
        self.reveal_mode_secrets(state, view)
        view["revealed"] = True
        return view

    def reveal_mode_secrets(self, state: GameState, view: dict) -> None:
        """A mode's own face-down things, turned up in a replay's view (none by default)."""

    def awaiting(self, state: GameState) -> list[str]:
        if state.outcome is not None:
            return []
        if state.prompt is not None:
            return [state.prompt.to]
        if has_deferred_work(state):
            return [ANCIENTS_SEAT]
        turn = state.turn
        if turn.phase == "setup":
            return [p.id for p in state.players
                    if any(c.assigned is None and c.space is None
                           for c in state.characters_of(p.id))]
        if turn.actor is not None:
            return [turn.actor]
        return self.shared_turn_seats(state)

    def shared_turn_seats(self, state: GameState) -> list[str]:
        """Who may act when no one seat holds the turn (every player still in the game)."""
        return [p.id for p in state.players if not p.eliminated]

    def seats_to_act(self, state: GameState, seats: Sequence[str]) -> list[str]:
        """Of `seats` (the bot seats), those asked now: the prompt's seat, else the actor,
        else the shared turn's seats; none in set-up, whose secret choices the site makes."""
        if state.outcome is not None or has_deferred_work(state):
            return []
        if state.prompt is not None:
            asked = [state.prompt.to]
        elif state.turn.phase == "setup":
            asked = []
        elif state.turn.actor is not None:
            asked = [state.turn.actor]
        else:
            asked = self.shared_turn_seats(state)
        return [s for s in asked if s in seats]

    def outcome(self, state: GameState) -> Optional[dict]:
        return None if state.outcome is None else dict(state.outcome)

    def outcome_record(self, state: GameState) -> dict:
        return {"rounds": state.turn.round,
                "crystals": sum(len(c.carried) for c in state.characters.values()),
                "knockouts": sum(1 for c in state.characters.values() if c.knocked_out),
                "characters_lost": None}

    def seat_ids(self, state: GameState) -> list[str]:
        return [p.id for p in state.players]

    # --- set-up -------------------------------------------------------------------------------
    def setup_keywords(self, setup: GameSetup) -> dict[str, Any]:
        """What every mode's new game is dealt from, as the keywords of its `new_*` function:
        the map's board, the seats' factions in seat order, the seats and the game's seed.

        :raises SetupRefused: an unknown map or faction."""
        return {"board": load_board(setup.map_name),
                "factions": load_factions([s.faction for s in setup.seats]),
                "player_ids": [s.seat for s in setup.seats], "seed": setup.seed}

    # --- storing -----------------------------------------------------------------------------
    def state_to_data(self, state: GameState) -> dict:
        return state_to_data(state)

    def state_from_data(self, data: Mapping[str, Any]) -> GameState:
        return state_from_data(dict(data))

    def content_record(self, state: GameState, setup: GameSetup) -> dict:
        return {**state.catalog.content, "map": setup.map_name,
                "factions": [s.faction for s in setup.seats],
                "scenarios": list(setup.scenario_ids)}

    def content_fingerprint(self, data: Mapping[str, Any]) -> Any:
        return data["catalog"]

    # --- the site's tools ----------------------------------------------------------------------
    def simulator(self) -> Any:
        from wildlands.simulation.command import SIMULATOR

        return SIMULATOR

    def rules_cases(self) -> Any:
        from wildlands.rules_cases import adapter

        return adapter

    # --- bots -----------------------------------------------------------------------------------
    def bot_command(self, state: GameState, seat: str, bot: str, seed: int) -> Optional[dict]:
        return seat_bots.decide(state, seat, bot, seed)

    def fallback_command(self, state: GameState, seat: str) -> Optional[dict]:
        return seat_bots.checked_command(state, seat)

    # --- undo (offered by The Awoken's modes: `ancients_ai.modes`) --------------------------------
    def is_take_back(self, command: Any) -> bool:
        if isinstance(command, Command):
            return command.name == "undo" and not command.is_response
        return isinstance(command, Mapping) and command.get("do") == "undo"
