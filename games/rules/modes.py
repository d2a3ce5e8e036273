"""What differs between game modes, behind one small interface.

The skirmish is the default behaviour; The Awoken (in `ancients_ai.engine`) registers a
subclass that overrides what the co-operative rules change. The pure core never imports the
Awoken: it only calls through this interface, which keeps the dependency pointing one way.
"""
from __future__ import annotations

from games.rules.commands import Command
from games.rules.errors import RuleError
from games.rules.events import EventLog
from games.rules.state import Character, GameState, Monster


class ModeRules:
    """The skirmish's answers; a mode overrides what its rules change."""

    name = "skirmish"

    # -- who may do what -------------------------------------------------------------------
    def check_actor(self, state: GameState, seat: str, command: Command) -> None:
        """Refuse an action from a seat that may not act now."""
        if seat != state.turn.actor:
            raise RuleError("not_your_turn", f"it is {state.turn.actor}'s move, not {seat}'s")

    def controls(self, state: GameState, seat: str, character: Character) -> bool:
        """May this seat's cards move or act with this character?"""
        return character.player == seat

    def rally_partner_ok(self, state: GameState, seat: str, character: Character) -> bool:
        return character.player == seat

    def is_enemy(self, state: GameState, side: str, figure) -> bool:
        """Is `figure` an enemy of `side` (a player id, or "ancients")?"""
        if isinstance(figure, Monster):
            return side != "ancients"
        if side == "ancients":
            return True
        return figure.player != side

    def must_reveal_first(self, state: GameState, seat: str) -> bool:
        turn = state.turn
        if seat != turn.active or turn.revealed:
            return False
        return any(c.space is None and not c.knocked_out for c in state.characters_of(seat))

    def allowed_during_prompt(self, state: GameState, seat: str, command: Command) -> bool:
        """May this command be played while a prompt waits (besides an interrupt in its
        window)? Such a command also skips `check_actor`. Skirmish: never."""
        return False

    # -- actions that differ ---------------------------------------------------------------
    def reveal_allowed(self, state: GameState) -> None:
        """Skirmish: reveals are allowed."""

    def claim(self, state: GameState, seat: str, command: Command, events: EventLog) -> None:
        from games.rules.claims import claim_shard
        claim_shard(state, seat, command, events)

    def extra_action(self, state: GameState, seat: str, command: Command,
                     events: EventLog) -> None:
        raise RuleError("action_not_allowed", f"'{command.name}' is not part of a skirmish")

    def interrupt(self, state: GameState, seat: str, command: Command, events: EventLog) -> None:
        from games.rules.turns import interrupt_skirmish
        interrupt_skirmish(state, seat, command, events)

    def end_turn(self, state: GameState, seat: str, events: EventLog) -> None:
        from games.rules.turns import end_turn_skirmish
        end_turn_skirmish(state, seat, events)

    # -- consequences ----------------------------------------------------------------------
    def monster_reaction(self, state: GameState, monster: Monster, damage_kind: str,
                         events: EventLog) -> bool:
        """Would the monster's reaction card prevent this damage? Skirmish: no monsters."""
        return False

    def other_defence(self, state: GameState, character: Character, attack: str) -> bool:
        """Could this character stop the attack by some means other than a card in hand?
        (An Awoken treasure.) Decides whether an auto-passed defence prompt is still asked."""
        return False

    def scores_knockout(self, state: GameState, character: Character, side: str) -> bool:
        return side in state.player_ids() and side != character.player

    def after_knockout(self, state: GameState, figure, side: str, events: EventLog) -> None:
        """Hook for mode-specific consequences (crystals, traps)."""

    def check_outcome(self, state: GameState, events: EventLog) -> None:
        from games.rules.turns import check_skirmish_outcome
        check_skirmish_outcome(state, events)

    def view_extra(self, state: GameState, seat: str | None) -> dict:
        return {}


MODES: dict[str, ModeRules] = {"skirmish": ModeRules()}


def register_mode(rules: ModeRules) -> None:
    MODES[rules.name] = rules


def mode_of(state: GameState) -> ModeRules:
    try:
        return MODES[state.mode]
    except KeyError:
        raise RuleError("invalid_command", f"the mode {state.mode!r} is not loaded") from None
