"""The skirmish as a game mode: the rulebook's competitive game, behind `ModeRules`.

Every seat acts on its own turn with its own characters; characters start hidden and are
revealed; shards are claimed with three of a kind; knocking out another faction's
character scores a point; interrupts follow another player's action (or, with the option
`end_turn_window`, a declared turn end). The Awoken's `ModeRules` is in
`ancients_ai.engine.rules`, registered by `ancients_ai.engine.register()`.
"""
from __future__ import annotations

from wildlands.rules.claims import claim_shard
from wildlands.rules.commands import Command
from wildlands.rules.errors import RuleError
from wildlands.rules.events import EventLog
from wildlands.rules.modes import ModeRules, register_mode
from wildlands.rules.state import Character, GameState, Monster
from wildlands.rules.turns import check_skirmish_outcome, end_turn_skirmish, interrupt_skirmish


class SkirmishRules(ModeRules):
    """The skirmish's answers to the mode interface."""

    name = "skirmish"

    # -- who may do what -------------------------------------------------------------------
    def check_actor(self, state: GameState, seat: str, command: Command) -> None:
        if seat != state.turn.actor:
            raise RuleError("not_your_turn", f"it is {state.turn.actor}'s move, not {seat}'s")

    def controls(self, state: GameState, seat: str, character: Character) -> bool:
        return character.player == seat

    def rally_partner_ok(self, state: GameState, seat: str, character: Character) -> bool:
        return character.player == seat

    def is_enemy(self, state: GameState, side: str, figure) -> bool:
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
        return False

    # -- actions ---------------------------------------------------------------------------
    def reveal_allowed(self, state: GameState) -> None:
        """Reveals are part of every skirmish turn."""

    def claim(self, state: GameState, seat: str, command: Command, events: EventLog) -> None:
        claim_shard(state, seat, command, events)

    def extra_action(self, state: GameState, seat: str, command: Command,
                     events: EventLog) -> None:
        raise RuleError("action_not_allowed", f"'{command.name}' is not part of a skirmish")

    def interrupt(self, state: GameState, seat: str, command: Command, events: EventLog) -> None:
        interrupt_skirmish(state, seat, command, events)

    def end_turn(self, state: GameState, seat: str, events: EventLog) -> None:
        end_turn_skirmish(state, seat, events)

    # -- consequences ----------------------------------------------------------------------
    def monster_reaction(self, state: GameState, monster: Monster, damage_kind: str,
                         events: EventLog) -> bool:
        """A skirmish has no monsters, so no reaction cards."""
        return False

    def other_defence(self, state: GameState, character: Character, attack: str) -> bool:
        return False

    def scores_knockout(self, state: GameState, character: Character, side: str) -> bool:
        return side in state.player_ids() and side != character.player

    def after_knockout(self, state: GameState, figure, side: str, events: EventLog) -> None:
        """Nothing follows a knock-out in a skirmish besides the point."""

    def check_outcome(self, state: GameState, events: EventLog) -> None:
        check_skirmish_outcome(state, events)

    def view_extra(self, state: GameState, seat: str | None) -> dict:
        return {}


SKIRMISH = SkirmishRules()
register_mode(SKIRMISH)
