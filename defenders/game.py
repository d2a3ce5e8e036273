"""Defenders of the Wild as the site sees it: the declaration the platform reads
(`games.platform.definition.GameDefinition`), registered from `DefendersConfig.ready`.

The players against the machines: after each seat's actions the machine card is due, and
the site's worker runs it (`advance`) as the opponent's turn, "machines" in
`Game.awaiting`. What a stored game holds is a `Table` (the core's state and the trail of
moves that may be taken back, `defenders.site.table`). The rules are the pure core's
(`defenders.rules`); seats, bots and forms are `defenders.site.lobby` and
`defenders.forms`. Set-up decisions the site makes for people: none; each seat places its
own starting camp, and the organize phase's secret pick is held by the server (the core's
view hides it until every seat has picked).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, ClassVar, Mapping, Optional, Sequence

from defenders.catalogue import ENTRY
from defenders.rules.events import KINDS
from defenders.rules.legal import legal_commands
from defenders.rules.outcome import CAUSES
from defenders.rules.rng_util import Seeded
from defenders.rules.setup import TIERS, new_game
from defenders.rules.turns import awaiting
from defenders.rules.view import view_for
from defenders.site import table as tables
from defenders.site.lobby import DefendersLobby, checked_tier, content, seat_decks
from defenders.site.table import Table
from games.platform.catalogue_entry import CatalogueEntry
from games.platform.definition import FirstSteps, GameDefinition, GameSetup, SetupRefused
from games.platform.registry import register as add
from defenders.rules.errors import RuleError
from games.platform.rng import Rng, seed_state

MACHINES = "machines"  # the core's name for the opponent in `awaiting`
# how to play, in the project's words, and the guided first game (games/rulebook.py)
RULES_DOCUMENT = Path(__file__).resolve().parent / "content" / "how_to_play.yaml"
# Every event kind a Defenders log holds (the board's sentences cover each one).
EVENT_KINDS = tuple(KINDS)
# A bot seat that has made this many moves in one turn with nothing coming to light ends its
# turn: the greedy bot's scores can loop (bread, then a move onto another camp that gives
# the bread back, for ever), and a bot must never hold the table.
BOT_TURN_MOVES = 40
CAUSE_WORDS = {"rewilded": "the wild rewilded", "core_complete": "the machine core complete",
               "toxic_disaster": "a toxic disaster", "massacre": "a massacre"}


class DefendersGame(DefendersLobby, GameDefinition):
    key: ClassVar[str] = "defenders"
    game_name: ClassVar[str] = "Defenders of the Wild"
    title: ClassVar[str] = "Defenders of the Wild"
    summary: ClassVar[str] = ("One to four players build camps and rewild the factories "
                              "before the machine deck covers the wild.")
    order: ClassVar[int] = 70
    renderer: ClassVar[str] = "defenders"
    renderer_module: ClassVar[str] = "games/defenders/index.js"
    opponent: ClassVar[str] = MACHINES
    catalogue: ClassVar[CatalogueEntry] = ENTRY

    # --- setting up ------------------------------------------------------------------------
    def first_steps(self, setup: GameSetup) -> FirstSteps:
        """The dealt board and hands for the seats' decks at the tier chosen; the game then
        waits for each seat's starting camp."""
        factions: dict[str, list[str]] = {}
        organizers: dict[str, str] = {}
        for seat in setup.seats:
            decks = seat_decks(seat)
            if not decks:
                raise SetupRefused("invalid_choice", f"{seat.seat} has no deck")
            factions[seat.seat] = [f for f, _ in decks]
            organizers.update(decks)
        tier = checked_tier(setup.options.get("tier"))
        try:
            state, _ = new_game(content(), [s.seat for s in setup.seats], factions, tier=tier,
                                seed=setup.seed, organizers=organizers)
        except RuleError as error:
            raise SetupRefused("invalid_choice", error.message) from None
        table = Table(state)
        return FirstSteps(table, table)

    def content_record(self, state: Table, setup: GameSetup) -> dict:
        catalog = state.game.catalog
        return {"game": self.key, "tier": state.game.tier,
                "decks": {s.seat: [f"{f}:{o}" for f, o in seat_decks(s)] for s in setup.seats},
                "layout": [list(x) for x in catalog.layout],
                "machine_cards": sorted(catalog.cards)}

    def content_fingerprint(self, data: Mapping[str, Any]) -> Any:
        return data["catalog"]

    # --- rules -------------------------------------------------------------------------------
    def prepare(self, command: Any) -> dict:
        """:raises RuleError: invalid_command: not a mapping naming what it does, or an
        undo with fields."""
        if not isinstance(command, Mapping) or not isinstance(command.get("do"), str):
            raise RuleError("invalid_command",
                            'a command is a mapping like {"do": "move", "to": [q, r]}')
        if command["do"] == tables.UNDO and len(command) != 1:
            raise RuleError("invalid_command", 'an undo is just {"do": "undo"}')
        return dict(command)

    def apply(self, state: Table, seat: str, command: Any) -> tuple[Table, list]:
        return tables.apply(state, seat, self.prepare(command))

    def advance(self, state: Table) -> tuple[Table, list]:
        return tables.advance(state)

    def opponent_due(self, state: Table) -> bool:
        return awaiting(state.game) == [MACHINES]

    def legal_commands(self, state: Table, seat: str) -> list[dict]:
        return legal_commands(state.game, seat)

    def view(self, state: Table, seat: Optional[str]) -> dict:
        """The core's view for `seat` (`defenders.rules.view.view_for`), and `undo`: the
        seat that may take back the latest move now (None when nobody may)."""
        view = view_for(state.game, seat)
        view["undo"] = tables.may_undo(state)
        return view

    def update_extras(self, state: Table, seat: Optional[str], events: Sequence[dict]) -> dict:
        """What the defenders named in the events `seat` may see are (`cards`: id -> name,
        habitat, action points, ability): a killed or teamed-up defender may be on no pile
        the view shows. Only ids in the given (already filtered) events are added."""
        known = state.game.catalog.defenders
        found: dict[str, dict] = {}
        for event in events:
            for value in event.values():
                values = (value.values() if isinstance(value, Mapping)
                          else value if isinstance(value, list) else (value,))
                for card in values:
                    if isinstance(card, str) and card in known and card not in found:
                        found[card] = known[card].to_data()
        return {"cards": found} if found else {}

    def replay_view(self, state: Table) -> dict:
        """The whole table face up, in a view's shape: every hand, every pick (face down
        until all had picked), every exhaustion pile whole. Deck orders stay out."""
        view = self.view(state, None)
        own = {s.id: view_for(state.game, s.id) for s in state.game.seats}
        view["seats"] = [next(e for e in own[s["id"]]["seats"] if e["id"] == s["id"])
                         for s in view["seats"]]
        view["factions"] = [next(e for e in own[f["seat"]]["factions"] if e["id"] == f["id"])
                            for f in view["factions"]]
        view["revealed"] = True
        return view

    def awaiting(self, state: Table) -> list[str]:
        return list(awaiting(state.game))

    def outcome(self, state: Table) -> Optional[dict]:
        outcome = state.game.outcome
        return None if outcome is None else outcome.to_data()

    def outcome_record(self, state: Table) -> dict:
        """Rounds played, and the defenders the machines killed."""
        return {"rounds": state.game.turn.round,
                "characters_lost": sum(len(v) for v in state.game.deaths.values())}

    def seat_ids(self, state: Table) -> list[str]:
        return state.game.seat_ids()

    def describe_outcome(self, outcome: Mapping[str, Any]) -> str:
        cause = CAUSE_WORDS.get(str(outcome.get("cause")), "")
        result = {"won": "won", "lost": "lost"}.get(str(outcome.get("result")), "finished")
        return f"{result}: {cause}" if cause else result

    # --- storing -----------------------------------------------------------------------------
    def state_to_data(self, state: Table) -> dict:
        return tables.table_to_data(state)

    def state_from_data(self, data: Mapping[str, Any]) -> Table:
        return tables.table_from_data(data)

    # --- undo: while nothing hidden was revealed (`defenders.site.table`) ----------------------
    def can_undo(self) -> bool:
        return True

    def undo_target(self, state: Table, seat: str) -> int:
        return tables.undo_target(state, seat)

    def take_back(self, state: Table, seat: str, earlier: Table) -> tuple[Table, list]:
        return tables.take_back(state, seat, earlier)

    def is_take_back(self, command: Any) -> bool:
        return isinstance(command, Mapping) and command.get("do") == tables.UNDO

    # --- bots -----------------------------------------------------------------------------------
    def bot_command(self, state: Table, seat: str, bot: str, seed: int) -> Optional[dict]:
        """The greedy bot's pick (`defenders.bots`), ties broken by a generator seeded from
        `seed`, so a replayed game's bot plays the same."""
        from defenders import bots

        legal = legal_commands(state.game, seat)
        if not legal:
            return None
        if len(state.undo) >= BOT_TURN_MOVES and {"do": "end_turn"} in legal:
            return {"do": "end_turn"}
        return bots.choose(state.game, seat, legal, Rng(Seeded(seed_state(seed))))

    def fallback_command(self, state: Table, seat: str) -> Optional[dict]:
        """Ending the turn when it may be ended, else the first legal command."""
        legal = legal_commands(state.game, seat)
        return next((c for c in legal if c["do"] == "end_turn"), legal[0] if legal else None)

    # --- what the site's tools ask -------------------------------------------------------------
    def event_kinds(self) -> Sequence[str]:
        """Every event kind a game's log may hold (the board's sentences cover each)."""
        return EVENT_KINDS

    def loss_causes(self) -> Sequence[str]:
        return tuple(c for c, r in CAUSES.items() if r == "lost")

    def rules_document(self) -> Path:
        return RULES_DOCUMENT

    def rules_cases(self) -> Any:
        """The rules-case adapter the site's runner uses for `mode: defenders` cases
        (`defenders.rules_cases`: build_state, check_expect, run_case)."""
        from defenders import rules_cases

        return rules_cases

    def simulator(self) -> Callable[..., dict]:
        """`play_games(players, tier, games, seed)` of bot games, summarised (win rate, mean
        rounds, how each game ended): what `simulate --mode defenders` prints."""
        from defenders.simulate import play_games

        return play_games

    def difficulties(self) -> Sequence[str]:
        """The tiers, easiest first (`simulate --difficulty`, the admin's balance runs)."""
        return tuple(TIERS)


GAME = DefendersGame()


def register() -> None:
    """Declare Defenders of the Wild to the site (from `DefendersConfig.ready`)."""
    add(GAME)
