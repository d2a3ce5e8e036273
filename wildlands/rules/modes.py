"""What differs between game modes: the `ModeRules` interface and the registry of modes.

The core (`engine`, `combat`, `claims`, `movement`, `turns`, `legal`, `view`) asks the
state's mode through `mode_of(state)` wherever the rules of a skirmish and of The Awoken
part ways. The skirmish's answers are in `skirmish.py`, The Awoken's in
`ancients_ai.engine.rules`. The skirmish, part of the core, registers itself when
`skirmish.py` is imported (`engine`, `legal` and `view` import it); The Awoken is
registered by the explicit `ancients_ai.engine.register()`. This module imports neither,
so the dependency points one way: modes know the core, the core knows only this interface.
"""
from __future__ import annotations

from wildlands.rules.commands import Command
from wildlands.rules.errors import RuleError
from wildlands.rules.events import EventLog
from wildlands.rules.state import Character, GameState, Monster


class ModeRules:
    """The questions the core asks a mode. Every mode answers all of them."""

    name: str

    # -- who may do what -------------------------------------------------------------------
    def check_actor(self, state: GameState, seat: str, command: Command) -> None:
        """Refuse (`RuleError`) an action from a seat that may not act now."""
        raise NotImplementedError

    def controls(self, state: GameState, seat: str, character: Character) -> bool:
        """May this seat's cards move or act with this character?"""
        raise NotImplementedError

    def rally_partner_ok(self, state: GameState, seat: str, character: Character) -> bool:
        """May this seat's rally take this character along?"""
        raise NotImplementedError

    def is_enemy(self, state: GameState, side: str, figure) -> bool:
        """Is `figure` an enemy of `side` (a player id, or "ancients")?"""
        raise NotImplementedError

    def must_reveal_first(self, state: GameState, seat: str) -> bool:
        """Must this seat reveal a character before it may end its turn?"""
        raise NotImplementedError

    def allowed_during_prompt(self, state: GameState, seat: str, command: Command) -> bool:
        """May this command be played while a prompt waits (besides an interrupt in its
        window)? Such a command also skips `check_actor`."""
        raise NotImplementedError

    # -- actions that differ ---------------------------------------------------------------
    def reveal_allowed(self, state: GameState) -> None:
        """Refuse a `reveal` in a mode without hidden characters."""
        raise NotImplementedError

    def claim(self, state: GameState, seat: str, command: Command, events: EventLog) -> None:
        """Carry out a `claim` (a shard, or an ancient crystal)."""
        raise NotImplementedError

    def extra_action(self, state: GameState, seat: str, command: Command,
                     events: EventLog) -> None:
        """Carry out a command the core does not know, or refuse it."""
        raise NotImplementedError

    def interrupt(self, state: GameState, seat: str, command: Command, events: EventLog) -> None:
        """Carry out an `interrupt`, or refuse it when its window is closed."""
        raise NotImplementedError

    def end_turn(self, state: GameState, seat: str, events: EventLog) -> None:
        """Carry out an `end_turn` (an interrupter's, or the turn's own)."""
        raise NotImplementedError

    # -- around every command (a mode without bookkeeping keeps these defaults) ------------
    def before_command(self, state: GameState) -> object:
        """A mark of `state` taken before a command runs, handed to `after_command` (the
        state itself may be changed in place by then)."""
        return None

    def after_command(self, state: GameState, seat: str, command: Command, mark: object,
                      version: int, events: EventLog) -> None:
        """Bookkeeping after an accepted command (`version`: the state's version before
        it); The Awoken keeps its done seats and what may be taken back."""
        return None

    def carry_along(self, state: GameState, steps: dict[int, int], events: EventLog) -> list:
        """A conveyor belt runs (`maps/belts.py`): move the mode's own things lying on it
        from each space to the next (`steps`); return their ids. A mode with none keeps this."""
        return []

    # -- hooks a mode may leave as they are (The Wrath of the Ancients uses them) -----------
    def ancients_seat(self, state: GameState) -> str | None:
        """The seat playing the Ancients faction, whose characters are Ancients (rules that
        spare minions and Ancients spare them too); None when no seat does."""
        return None

    def shards_received(self, state: GameState, player_id: str, spaces: list,
                        events: EventLog) -> list:
        """The shard spaces a player keeps from the map cards handed over at setup."""
        return spaces

    def hold_before_draw(self, state: GameState, events: EventLog) -> bool:
        """Stop the end of the active player's turn before the draw (a prompt of the
        mode's, whose frame finishes the turn later)? The skirmish draws at once."""
        return False

    def before_knockout(self, state: GameState, figure, side: str, events: EventLog) -> None:
        """Consequences that need the figure's space, before it leaves the board."""
        return None

    def turn_number(self, state: GameState) -> int:
        """Every turn of the game numbered in order (a shard the Ancients faction claims
        waits for a later one): rounds times seats plus the active seat's place. A mode
        whose turns belong to teams numbers them its own way."""
        ids = state.player_ids()
        active = state.turn.active
        return state.turn.round * len(ids) + (ids.index(active) if active in ids else 0)

    def next_turn_of(self, state: GameState, seat: str) -> int:
        """The number of `seat`'s next own turn after the current one."""
        ids = state.player_ids()
        now = self.turn_number(state)
        theirs = now - now % len(ids) + ids.index(seat)
        return theirs if theirs > now else theirs + len(ids)

    # -- consequences ----------------------------------------------------------------------
    def monster_reaction(self, state: GameState, monster: Monster, damage_kind: str,
                         events: EventLog) -> bool:
        """Would the monster's reaction card prevent this damage?"""
        raise NotImplementedError

    def other_defence(self, state: GameState, character: Character, attack: str) -> bool:
        """Could this character stop the attack by some means other than a card in hand
        (an Awoken treasure)? Decides whether an auto-passed defence prompt is still asked."""
        raise NotImplementedError

    def scores_knockout(self, state: GameState, character: Character, side: str) -> bool:
        """Does knocking out this character score a point for `side`?"""
        raise NotImplementedError

    def after_knockout(self, state: GameState, figure, side: str, events: EventLog) -> None:
        """Mode-specific consequences of a knock-out (crystals, traps, supply)."""
        raise NotImplementedError

    def check_outcome(self, state: GameState, events: EventLog) -> None:
        """End the game (`state.outcome`) when the mode's winning or losing condition holds."""
        raise NotImplementedError

    # True when `view_extra` shows every seat (and a spectator) the same: a change's views
    # then build it once for all seats (`view.views_for`).
    public_view_extra = False

    def view_extra(self, state: GameState, seat: str | None) -> dict:
        """The mode's own part of `view_for` (what this seat may see of it)."""
        raise NotImplementedError


MODES: dict[str, ModeRules] = {}


def register_mode(rules: ModeRules) -> None:
    MODES[rules.name] = rules


def mode_of(state: GameState) -> ModeRules:
    try:
        return MODES[state.mode]
    except KeyError:
        raise RuleError("invalid_command", f"the mode {state.mode!r} is not loaded") from None
