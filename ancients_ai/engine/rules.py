"""The Awoken as a game mode: what its co-operative rules change in the core engine.

- The players' turn is shared: any player may act (`turn.actor` is None) until every one
  of them has sent `finish` (`hand_off.py`) or one of them sends `end_turn`; then every
  player draws three (never past the hand limit) and the Ancients' turn runs
  (`ancients_turn.py`), at once, or left for `engine.advance` when the option
  `defer_ancients` is on (the site runs it in a worker).
- During the Ancients' turn only a player who has interrupted may act, until their
  `end_turn`. Interrupts are only possible in the window after an Ancients' card is revealed.
- Characters are all placed at setup: `reveal` is not an action here. `claim` takes a
  revealed ancient crystal in the character's space (three of a kind, as a shard claim);
  shards cannot be claimed. A rally may take along either player's character.
- Nobody scores for knock-outs; a knocked-out carrier's crystals pass to a character still
  on the board; an ensnared character knocked out loses its stasis trap. A knocked-out
  minion's counter goes back to its scenario's supply (the rules remove it from the board;
  summons draw on the counters beside the board), so it can be summoned again. A knocked-out
  minion keeps its id in `state.monsters` (knocked_out: true); a summon makes a new id.
- A seat may take back its own last commands while nothing hidden came to light (`undo.py`).
"""
from __future__ import annotations

from typing import cast

from wildlands.rules.cards import declared, discard_cards, draw_up_to_limit, pay_wild_card
from wildlands.rules.claims import pay_three_of_a_kind
from wildlands.rules.combat import acting_character
from wildlands.rules.commands import Command
from wildlands.rules.errors import RuleError
from wildlands.rules.events import EventLog
from wildlands.rules.frames import resolve
from wildlands.rules.maps.hooks import scored
from wildlands.rules.modes import ModeRules
from wildlands.rules.state import Character, GameState, Monster

from ancients_ai.engine import (ancients_turn, companion, hand_off, objects, outcome, treasures,
                                undo)
from ancients_ai.engine.frames import CardFrame
from ancients_ai.engine.reactions import react
from ancients_ai.engine.public import awoken_view


class AwokenRules(ModeRules):
    name = "awoken"

    # -- who may do what -------------------------------------------------------------------
    def check_actor(self, state: GameState, seat: str, command: Command) -> None:
        turn = state.turn
        if (turn.phase == "ancients" and not (seat == turn.actor and seat in turn.interrupters)
                and not treasures.any_time_use(state, seat, command)):
            raise RuleError("not_your_turn", "the Ancients are taking their turn")

    def controls(self, state: GameState, seat: str, character: Character) -> bool:
        return character.player == seat

    def rally_partner_ok(self, state: GameState, seat: str, character: Character) -> bool:
        """Either player's characters count as yours for a rally."""
        return True

    def is_enemy(self, state: GameState, side: str, figure) -> bool:
        if side == "ancients":
            return isinstance(figure, Character)
        return isinstance(figure, Monster)

    def must_reveal_first(self, state: GameState, seat: str) -> bool:
        return False

    def allowed_during_prompt(self, state: GameState, seat: str, command: Command) -> bool:
        """A treasure used in its holder's own defence, or one usable at any moment."""
        return treasures.passes_prompt(state, seat, command)

    # -- actions that differ ---------------------------------------------------------------
    def reveal_allowed(self, state: GameState) -> None:
        raise RuleError("action_not_allowed",
                        "in The Awoken every character is placed on the board at setup")

    def claim(self, state: GameState, seat: str, command: Command, events: EventLog) -> None:
        """Claim a face-up ancient crystal in the character's space with three of a kind;
        it is carried on that character. `object` names one when several lie there (else the
        lowest id). With no face-up crystal there the claim could only be a shard claim,
        which The Awoken does not have: `action_not_allowed`."""
        character = acting_character(state, seat, command.character)
        here = [o for o in state.mode_state.objects_in(character.space)
                if o.kind == "crystal" and o.revealed]
        if command.object is not None:
            here = [o for o in here if o.id == command.object]
        if not here and command.object is None:
            raise RuleError("action_not_allowed",
                            "shards cannot be claimed in The Awoken, and there is no face-up "
                            f"ancient crystal in space {character.space}")
        if not here:
            raise RuleError("no_target",
                            f"{command.object} is not a face-up crystal in {character.id}'s space")
        crystal = min(here, key=lambda o: o.id)
        if not declared(state, command.cards):
            pay_three_of_a_kind(state, seat, character, command.cards)
            discard_cards(state.player(seat), command.cards)
            events.add("card_played", player=seat, cards=list(command.cards), action="claim",
                       character=character.id)
        state.mode_state.update_object(crystal.id, removed=True, space=None)
        character.carried.append(crystal.id)
        state.mode_state.crystals_taken.append(crystal.id)
        events.add("crystal_claimed", player=seat, character=character.id, crystal=crystal.id,
                   carried=outcome.carried_crystals(state))
        outcome.check_outcome(state, events)
        scored(state, seat, events)  # a crystal is the Awoken's point: a belt may run

    def extra_action(self, state: GameState, seat: str, command: Command,
                     events: EventLog) -> None:
        if command.name == "reveal_object":
            objects.reveal_object(state, seat, command, events)
        elif command.name == "use_treasure":
            treasures.use_treasure(state, seat, command, events)
        elif command.name == "finish":
            if state.turn.phase == "ancients" or hand_off.finish(state, seat, events):
                self.end_turn(state, seat, events)  # the interrupter's, or everyone is done
        elif command.name == "undo":
            undo.check_undo(state, seat)
        elif command.name == "correct":
            companion.correct(state, seat, command, events)
        else:
            raise RuleError("action_not_allowed", f"'{command.name}' is not part of The Awoken")

    def interrupt(self, state: GameState, seat: str, command: Command, events: EventLog) -> None:
        """Only in the window after an Ancients' card is revealed, offered to `seat`."""
        window = state.prompt if state.prompt and state.prompt.kind == "interrupt_window" else None
        if window is None:
            raise RuleError("interrupt_not_allowed", "you may interrupt only after a minion or "
                                                     "Ancient card is revealed")
        if window.to != seat:
            raise RuleError("interrupt_not_allowed", f"{window.to} is asked first")
        pay_wild_card(state, state.player(seat), command.cards, "an interrupt", "interrupt",
                      events)
        state.prompt = None
        frame = cast(CardFrame, state.frames[-1])  # an interrupt window: the card's frame
        frame["wi"] += 1
        frame["paused"] = True
        state.turn.actor = seat
        state.turn.interrupters = [seat]
        events.add("interrupt_declared", player=seat, interrupted="ancients",
                   card=frame.get("card"))

    def end_turn(self, state: GameState, seat: str, events: EventLog) -> None:
        turn = state.turn
        if turn.phase == "ancients":  # check_actor let only the interrupter through
            turn.actor = None
            turn.interrupters = []
            turn.last = "returned"
            for frame in state.frames:
                frame.pop("paused", None)
            events.add("interrupt_ended", player=seat, returns_to="ancients")
            resolve(state, events)
            return
        events.add("turn_end_declared", player=seat)
        state.mode_state.done = []
        for player in state.players:
            draw_up_to_limit(state, player, 3, events)
        events.add("turn_ended", player=None)
        ancients_turn.start_ancients_turn(state, events)
        resolve(state, events)

    def carry_along(self, state: GameState, steps: dict[int, int], events: EventLog) -> list:
        """A conveyor belt carries the object counters on it, face down or up (a stasis trap
        holding a character stays with its catch)."""
        holding = {c.ensnared for c in state.characters.values() if c.ensnared}
        moved = []
        for obj in list(state.mode_state.objects.values()):
            if not obj.removed and obj.space in steps and obj.id not in holding:
                state.mode_state.update_object(obj.id, space=steps[obj.space])
                moved.append(obj.id)
        return moved

    def before_command(self, state: GameState) -> object:
        return undo.secrets_mark(state)

    def after_command(self, state: GameState, seat: str, command: Command, mark: object,
                      version: int, events: EventLog) -> None:
        undo.after_command(state, seat, command, mark, version, events)

    # -- consequences ----------------------------------------------------------------------
    def monster_reaction(self, state: GameState, monster: Monster, damage_kind: str,
                         events: EventLog) -> bool:
        return react(state, monster, damage_kind, events)

    def other_defence(self, state: GameState, character: Character, attack: str) -> bool:
        from ancients_ai.engine.treasures import prevents_attack
        return prevents_attack(state, character, attack)

    def scores_knockout(self, state: GameState, character: Character, side: str) -> bool:
        return False

    def after_knockout(self, state: GameState, figure, side: str, events: EventLog) -> None:
        if isinstance(figure, Character):
            if figure.ensnared:
                objects.release(state, figure, events, "knocked_out")
            outcome.hand_over_crystals(state, figure, events)
            objects.check_stasis_release(state, events)
        elif figure.kind == "minion":
            # the counter goes back beside the board, ready to be summoned again
            scenario = state.mode_state.scenario(figure.scenario)
            scenario.supply[figure.type] = scenario.supply.get(figure.type, 0) + 1

    def check_outcome(self, state: GameState, events: EventLog) -> None:
        outcome.check_outcome(state, events)

    public_view_extra = True  # the Awoken's part shows every seat the same

    def view_extra(self, state: GameState, seat: str | None) -> dict:
        return {"awoken": awoken_view(state)}


AWOKEN = AwokenRules()
