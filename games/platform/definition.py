"""The one object a game declares for the site.

The site (lobby, forms, the consumer, the store, tasks, bot seats, replays, undo,
`simulate`, the rules-case runner, the admin's balance runs) asks a game's declaration
everything it needs and never tests a game's or a mode's name. A game with modes declares
one object per mode (usually subclasses of one base that holds the shared rules calls).

Split as boardgame.io splits its `Game` (setup, moves, turn order, endIf, playerView) and
as a BGA game class splits states from notifications: the rules stay in a pure core, and
this object is the thin adapter the site reads. Unlike boardgame.io, the opponent's own
turn (the Ancients, the machines) is first-class: `opponent_due` says when the site must
run `advance` in a worker, and `awaiting` names who the table waits for.

A declaration is a class instance with no per-game state: every method takes what it
needs. Methods with a body here are defaults most games keep.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Mapping, Optional, Protocol, Sequence

from games.platform.catalogue_entry import CatalogueEntry
from games.platform.lobby_rules import LobbyRules, SeatChoice, SetupRefused  # noqa: F401  (the interface's names)
from games.platform.errors import RuleError


@dataclass(frozen=True)
class GameSetup:
    """What a game row says about how to build the first state: the lobby's choices as
    stored on the row, so a game can be set up again from them."""

    key: str
    seed: int
    seats: Sequence[SeatChoice]
    options: Mapping[str, Any] = field(default_factory=dict)  # the game's own lobby choices
    map_name: str = ""
    scenario_ids: Sequence[Any] = ()
    difficulty: str = ""
    campaign_treasures: Sequence[str] = ()


@dataclass(frozen=True)
class PlayedStep:
    """A command the site played for a seat during set-up, and what it produced."""

    seat: str
    command: dict  # as the log stores it
    version: int  # the version it produced
    events: Sequence[Any]


@dataclass(frozen=True)
class FirstSteps:
    """The state a game starts from (`initial`, stored as the game's initial snapshot) and
    the set-up commands the site played for people before anyone moves (secret choices made
    for them), with the state they lead to (`state`; `initial` when there are none)."""

    initial: Any
    state: Any
    steps: Sequence[PlayedStep] = ()


class RulesCaseAdapter(Protocol):
    """What `GameDefinition.rules_cases` returns (a module or an object) and the site's
    runner (games/platform/rules_cases.py) calls."""

    # the case `mode:` values it runs besides the game's key; None among them claims the
    # cases that name no mode
    CASE_MODES: Sequence[Optional[str]]

    def run_case(self, case: Any, source: str) -> Optional[str]:
        """Run one case: None when it passes, else the problem."""


class GameDefinition(LobbyRules):
    """A game (or one mode of a game) as the site sees it. Subclasses set the class
    attributes and implement the methods that raise NotImplementedError."""

    # --- who it is ------------------------------------------------------------------------
    key: ClassVar[str]  # stored in `Game.mode`; unique across the registry
    game_name: ClassVar[str]  # the game as people name it ("Wildlands")
    title: ClassVar[str]  # this mode as people name it ("Co-op (The Awoken)")
    summary: ClassVar[str] = ""  # one sentence for the home page and the lobby
    order: ClassVar[int] = 100  # place in lists
    # shown among the lobby's choices; False for a mode with its own page (the companion)
    offered_in_lobby: ClassVar[bool] = True
    renderer: ClassVar[str] = ""  # the board's JavaScript renderer (`registerRenderer` name)
    # the static path of the module that registers it ("games/<game>/index.js", in the game's
    # own app); the board and replay pages load it before their entry module
    renderer_module: ClassVar[str] = ""
    # the seat name the site stores in `Game.awaiting` while the game's opponent (a worker)
    # has its turn, e.g. "ancients"; "" for a game with no opponent of its own
    opponent: ClassVar[str] = ""
    opponent_name: ClassVar[str] = ""  # the opponent as game lists name it ("the Ancients")
    uses_campaigns: ClassVar[bool] = False  # games of this mode may belong to a campaign
    # the game's page in the site's catalogue (games.platform.catalogue); every mode of one
    # game names the same entry, and a mode without one is listed only in the lobby
    catalogue: ClassVar[Optional[CatalogueEntry]] = None

    # --- seats (counts, bots: `LobbyRules`) -------------------------------------------------
    def teams(self, seats: Sequence[SeatChoice]) -> dict[str, str]:
        """seat -> team name, for a game played in teams ({} otherwise)."""
        return {}

    # --- setting up ------------------------------------------------------------------------
    def first_steps(self, setup: GameSetup) -> FirstSteps:
        """The first state (and set-up commands played for people) from the lobby's choices.

        :raises SetupRefused: content the choices name cannot be loaded."""
        raise NotImplementedError

    def content_record(self, state: Any, setup: GameSetup) -> dict:
        """What a stored game says it was built from (names and versions of its content)."""
        return {}

    def content_fingerprint(self, data: Mapping[str, Any]) -> Any:
        """The part of the first state's data whose digest says which exact content a game
        was played with (`Game.content_version`)."""
        return data

    # --- rules -------------------------------------------------------------------------------
    def prepare(self, command: Any) -> Any:
        """The client's command checked for shape and parsed once, for `apply` and
        `stored`. :raises RuleError: `invalid_command`."""
        return dict(command) if isinstance(command, Mapping) else command

    def apply(self, state: Any, seat: str, command: Any) -> tuple[Any, list]:
        """(new state, events) for one command from `seat` (a client's dict or what
        `prepare` returned); the state given is untouched.

        :raises RuleError: the command is refused (a stable code and a readable message)."""
        raise NotImplementedError

    def stored(self, command: Any) -> dict:
        """A prepared command as the log stores it (equal commands are stored alike)."""
        return dict(command)

    def advance(self, state: Any) -> tuple[Any, list]:
        """One step of the opponent's deferred work (run by a worker), as (state, events)."""
        return state, []

    def opponent_due(self, state: Any) -> bool:
        """Is the game waiting on its own opponent (a worker must run `advance`)?"""
        return False

    def legal_commands(self, state: Any, seat: str) -> list[dict]:
        """What `seat` may send now, as command objects (the board and bots choose from it)."""
        raise NotImplementedError

    def view(self, state: Any, seat: Optional[str]) -> dict:
        """Everything `seat` (None: a spectator) may see: the only state a browser gets."""
        raise NotImplementedError

    def seat_views(self, state: Any, seats: Sequence[str]) -> dict[str, dict]:
        """Each of `seats`' `view` of one state, for a change's updates. A game whose seats
        see much alike may build that once and share it between the views, which are only
        encoded, never changed."""
        return {seat: self.view(state, seat) for seat in seats}

    def update_extras(self, state: Any, seat: Optional[str], events: Sequence[dict]) -> dict:
        """Fields added to a seat's update beside its view and the events it may see (e.g.
        what the cards named in those events do); nothing the seat may not see."""
        return {}

    def replay_view(self, state: Any) -> dict:
        """The state with every secret shown, for a finished game's replay."""
        return self.view(state, None)

    def awaiting(self, state: Any) -> list[str]:
        """The seats the table waits for now (`opponent` while the opponent's turn is due,
        [] when the game is over)."""
        raise NotImplementedError

    def seats_to_act(self, state: Any, seats: Sequence[str]) -> list[str]:
        """Of `seats`, those that may act now, in the order a bot seat is asked to."""
        return [s for s in self.awaiting(state) if s in seats]

    def outcome(self, state: Any) -> Optional[dict]:
        """The outcome as a JSON-ready dict once the game is over, else None. It holds at
        least "result" ("won", "lost", "draw"), and "winner" when a seat won."""
        raise NotImplementedError

    def outcome_record(self, state: Any) -> dict:
        """Extra columns of the finished game row (`rounds`, `crystals`, `knockouts`,
        `characters_lost`): the figures game lists and campaigns read."""
        return {}

    def version(self, state: Any) -> int:
        return int(state.version)

    def seat_ids(self, state: Any) -> list[str]:
        """Every seat of the state, in turn order."""
        raise NotImplementedError

    # --- storing -----------------------------------------------------------------------------
    def state_to_data(self, state: Any) -> dict:
        """The whole state as JSON-ready data (secrets included: storage only), with the
        state's version under the key "version": the store reads which version a stored
        snapshot holds without parsing it."""
        raise NotImplementedError

    def state_from_data(self, data: Mapping[str, Any]) -> Any:
        raise NotImplementedError

    def record_finished(self, game: Any, state: Any) -> None:
        """Called in the transaction that stores a game's last step (`state`: its last), so a
        result is recorded exactly once; a game with campaigns records what the game gives
        its campaign here. Most games keep this: nothing."""

    # --- undo ---------------------------------------------------------------------------------
    def can_undo(self) -> bool:
        """Does this game take moves back at all (`undo` is refused otherwise)?"""
        return False

    def undo_target(self, state: Any, seat: str) -> int:
        """The version `seat`'s undo returns the game to.

        :raises RuleError: nothing to take back, or something hidden was revealed since."""
        raise RuleError("action_not_allowed", f"moves cannot be taken back in {self.title}")

    def take_back(self, state: Any, seat: str, earlier: Any) -> tuple[Any, list]:
        """(state, events) of `seat`'s undo, given the game at `undo_target`'s version."""
        raise RuleError("action_not_allowed", f"moves cannot be taken back in {self.title}")

    def is_take_back(self, command: Any) -> bool:
        """Is `command` (as `prepare` returned it, or as the log stores it) a seat's undo? The
        site stores it like any command, but works its state out from the game's log: the
        game as it was at `undo_target`'s version, handed to `take_back`."""
        return False

    # --- bots -----------------------------------------------------------------------------------
    def bot_command(self, state: Any, seat: str, bot: str, seed: int) -> Optional[dict]:
        """The command bot `bot` in `seat` sends now, or None (nothing to do)."""
        return None

    def fallback_command(self, state: Any, seat: str) -> Optional[dict]:
        """A command the rules accept from `seat` now, sent for a bot whose own choice was
        refused (a bot must never stall the table); None when there is none."""
        return None

    # --- the game's own pages ------------------------------------------------------------------
    def urls(self) -> list:
        """The game's own pages beside the shared ones (`django.urls.path` entries with
        names, mounted in the "games" namespace by games/urls.py): The Awoken's campaigns.
        The site names no game, so a game's pages come from its declaration; modes that
        share pages may all return them, each name is mounted once."""
        return []

    def websocket_urls(self) -> list:
        """The game's own websocket routes (games/routing.py mounts them once each)."""
        return []

    def rules_document(self) -> Optional[Any]:
        """The path of the game's rules document (YAML in its own package, read by
        games/rulebook.py): its rules page, the board's Rules panel, its marks' words and its
        guided first game. Every mode of a game names the same file; None: no rules yet."""
        return None

    # --- the site's tools (`manage.py simulate`, `manage.py rules_cases`) -----------------------
    def simulator(self) -> Any:
        """The game's headless bot games for `simulate` (docs/adding-a-game.md), or None."""
        return None

    def rules_cases(self) -> Optional[RulesCaseAdapter]:
        """The game's rules-case adapter, or None."""
        return None

    # --- words for the site --------------------------------------------------------------------
    def describe_outcome(self, outcome: Mapping[str, Any]) -> str:
        """A short line for game lists: how a finished game ended."""
        result = str(outcome.get("result", ""))
        return {"won": "won", "lost": "lost", "draw": "a draw"}.get(result, "finished")
