"""The Wrath of the Ancients: a skirmish in which one seat plays the Ancients as a faction.

The mode is the skirmish with these differences (seed 003's "The Wrath of the Ancients"):

* setup: the Ancients' seat takes no colour and no shards; the map cards handed to it are
  put away without a shard on them (`shards_received`);
* arcane guardians: the Ancients claim a shard of any colour with an Ancient standing on
  it, for no point; the shard rides on that Ancient (`WrathState.carried`). From the
  Ancients' next turn on it may be spent instead of a card for that Ancient's special
  action (`wrath.actions`), and then leaves the game. An Ancient knocked out drops the
  shards it carries on its space, in their owners' colours;
* the Ancients win by knocking out five characters (`Cause.KNOCKOUTS`): their claims score
  nothing, so their score counts exactly their knock-outs;
* infamous adversaries: another player who knocks out an Ancient scores two points;
* desperate measures: at the end of every turn, before the draw, the active player may
  discard any cards from their hand (a `desperate_measures` prompt).

The mode's part of the state is in `wrath.state`, its start in `wrath.setup`, the special
actions in `wrath.actions`, its part of `legal_commands` in `wrath.legal`, and
`wrath.register.register()` plugs it into the core.
"""
from __future__ import annotations

from wildlands.rules.cards import discard_cards
from wildlands.rules.claims import claim_shard, pay_three_of_a_kind
from wildlands.rules.combat import acting_character
from wildlands.rules.commands import Command
from wildlands.rules.errors import RuleError
from wildlands.rules.events import EventLog
from wildlands.rules.frames import ask, push
from wildlands.rules.outcome import Cause, Outcome, Result
from wildlands.rules.skirmish import SkirmishRules
from wildlands.rules.state import Character, Frame, GameState, end_game
from wildlands.rules.turns import check_skirmish_outcome, finish_turn
from wildlands.rules.wrath.actions import start_special
from wildlands.rules.wrath.state import (WRATH, next_ancients_turn, shard_owners_in, turn_number,
                                     wrath_of)

KNOCKOUTS_TO_WIN = 5
INFAMY_POINTS = 2  # an Ancient knocked out by another player

WRATH_EVENT_KINDS = (
    "map_cards_removed",      # the Ancients' handed map cards left the game without shards
    "shard_guarded",          # the Ancients claimed a shard onto an Ancient (no point)
    "special_action_started",  # a carried shard was spent for an Ancient's special action
    "special_action_ended",   # the special action is over (interrupts may follow)
    "shards_dropped",         # a knocked-out Ancient's shards fell on its space
    "infamy_scored",          # another player knocked out an Ancient: two points in all
    "cards_discarded",        # desperate measures: cards thrown away before the end draw
)


class WrathRules(SkirmishRules):
    """The skirmish's answers, with the Ancients faction's differences."""

    name = WRATH

    def ancients_seat(self, state: GameState) -> str | None:
        return wrath_of(state).ancients

    # -- setup and the end of a turn ---------------------------------------------------------
    def shards_received(self, state: GameState, player_id: str, spaces: list,
                        events: EventLog) -> list:
        if player_id != wrath_of(state).ancients:
            return spaces
        events.add("map_cards_removed", player=player_id, count=len(spaces))
        return []

    def hold_before_draw(self, state: GameState, events: EventLog) -> bool:
        active = state.turn.active
        assert active is not None, "a wrath turn always has an active player"
        player = state.player(active)
        if player.eliminated or not player.hand:
            return False
        push(state, DesperateMeasuresFrame(kind="desperate_measures", player=active))
        ask(state, "desperate_measures", active, hand=list(player.hand))
        return True

    # -- actions ---------------------------------------------------------------------------
    def claim(self, state: GameState, seat: str, command: Command, events: EventLog) -> None:
        if seat != wrath_of(state).ancients:
            claim_shard(state, seat, command, events)
            return
        guard_shard(state, seat, command, events)

    def extra_action(self, state: GameState, seat: str, command: Command,
                     events: EventLog) -> None:
        if command.name != "special":
            super().extra_action(state, seat, command, events)
            return
        start_special(state, seat, command, events)

    # -- consequences ----------------------------------------------------------------------
    def before_knockout(self, state: GameState, figure, side: str, events: EventLog) -> None:
        carried = wrath_of(state).carried.pop(getattr(figure, "id", ""), [])
        if not carried or figure.space is None:
            return
        for shard in carried:
            state.player(shard["owner"]).shards.append(figure.space)
        events.add("shards_dropped", character=figure.id, space=figure.space,
                   owners=[s["owner"] for s in carried])

    def after_knockout(self, state: GameState, figure, side: str, events: EventLog) -> None:
        ancients = wrath_of(state).ancients
        if (isinstance(figure, Character) and figure.player == ancients
                and side in state.player_ids() and side != ancients):
            player = state.player(side)
            player.score += INFAMY_POINTS - 1  # the knock-out's own point is already scored
            events.add("infamy_scored", player=side, figure=figure.id, points=INFAMY_POINTS,
                       score=player.score)

    def check_outcome(self, state: GameState, events: EventLog) -> None:
        if state.outcome is not None:
            return
        ancients = wrath_of(state).ancients
        if state.player(ancients).score >= KNOCKOUTS_TO_WIN:
            end_game(state, Outcome(Result.WON, Cause.KNOCKOUTS, winner=ancients), events)
            return
        check_skirmish_outcome(state, events)

    def view_extra(self, state: GameState, seat: str | None) -> dict:
        part = wrath_of(state)
        now = turn_number(state)
        return {"wrath": {
            "ancients": part.ancients,
            "knockouts": state.player(part.ancients).score,
            "knockouts_to_win": KNOCKOUTS_TO_WIN,
            "carried": {cid: [{"owner": s["owner"], "ready": s["ready"] <= now} for s in shards]
                        for cid, shards in part.carried.items() if shards},
        }}


def guard_shard(state: GameState, seat: str, command: Command, events: EventLog) -> None:
    """Arcane guardians: an Ancient claims a shard of any colour in its space with three of
    a kind, as a claim is paid; the shard rides on it and scores nothing. `object` names
    whose shard when several colours lie there."""
    character = acting_character(state, seat, command.character)
    owners = shard_owners_in(state, character.space)
    if not owners:
        raise RuleError("no_target", f"there is no shard in space {character.space}")
    owner = command.object
    if owner is None:
        if len(owners) > 1:
            raise RuleError("invalid_command",
                            f"name whose shard to take (object): one of {', '.join(owners)}")
        owner = owners[0]
    elif owner not in owners:
        raise RuleError("no_target", f"there is no shard of {owner}'s in space {character.space}")
    pay_three_of_a_kind(state, seat, character, command.cards)
    discard_cards(state.player(seat), command.cards)
    space = character.space
    state.player(owner).shards.remove(space)
    wrath_of(state).carried.setdefault(character.id, []).append(
        {"owner": owner, "ready": next_ancients_turn(state)})
    events.add("card_played", player=seat, cards=list(command.cards), action="claim",
               character=character.id)
    events.add("shard_guarded", player=seat, character=character.id, space=space, owner=owner,
               carried=len(wrath_of(state).carried[character.id]))


class DesperateMeasuresFrame(Frame):
    player: str  # the active player, about to draw


class DesperateMeasuresHandler:
    """Before the end-of-turn draw the active player may discard any cards from hand."""

    def step(self, state: GameState, frame: DesperateMeasuresFrame, events: EventLog) -> None:
        ask(state, "desperate_measures", frame["player"],
            hand=list(state.player(frame["player"]).hand))

    def respond(self, state: GameState, frame: DesperateMeasuresFrame, seat: str,
                command: Command, events: EventLog) -> None:
        player = state.player(seat)
        if command.name == "discard":
            if not command.cards:
                raise RuleError("invalid_command", "name the cards to discard, or pass")
            missing = [c for c in command.cards if c not in player.hand]
            if missing:
                raise RuleError("card_not_in_hand", f"{missing[0]} is not in {seat}'s hand")
            discard_cards(player, command.cards)
            events.add("cards_discarded", player=seat, cards=list(command.cards))
        elif command.name != "pass":
            raise RuleError("invalid_command", "answer with discard (some cards) or pass")
        state.prompt = None
        state.frames.pop()
        finish_turn(state, events, held=True)


WRATH_RULES = WrathRules()
