"""The Ancients' turn: card by card, each one revealed, offered for interrupts, resolved.

`awoken_ancients_turn` walks the scenarios in ascending number: a minion card for each,
then, if that scenario's Ancient is on the board, an Ancient card (never one for an Ancient
off the board). Each card is an `awoken_card` frame:

1. draw: the top card of the deck (its discard shuffled in when the deck is empty) is
   revealed (`minion_card_revealed` / `ancient_card_revealed`).
2. window: before it resolves, each player in seat order gets an `interrupt_window` prompt,
   skipped for a player without a wild card when `auto_pass_interrupt` is on. Answer
   `pass`, or `interrupt` with a wild card: the card frame pauses, the interrupter plays
   cards as on their own turn, and their `end_turn` resumes the window with the next player.
3. minion card: the top type's minions act, the one in the lowest-numbered space first
   (after each one acts, the next is again the not-yet-acted one in the lowest space); two
   or more in that space: the first player in seat order chooses which acts next (`choose`,
   reason "minion_order"). Then the bottom type likewise, then the scenario effect:
   summon (a map card places a minion, if one is left in the supply) or advance (the shard
   moves one space and that space's effect resolves).
   Ancient card: the Ancient resolves all its actions in order.
4. the card is discarded.

When the last card is done the players' shared turn begins (round + 1).
"""
from __future__ import annotations

from wildlands.rules.commands import Command
from wildlands.rules.errors import RuleError
from wildlands.rules.events import EventLog
from wildlands.rules.frames import ask, push
from wildlands.rules.state import GameState
from wildlands.rules.turns import can_interrupt

from ancients_ai.engine import decks
from ancients_ai.engine.frames import AncientsTurnFrame, CardFrame
from ancients_ai.engine.monster_actions import ancients_deferred, push_monster_actions
from ancients_ai.engine.summons import summon_by_map_card
from ancients_ai.engine.track import push_advance


def start_ancients_turn(state: GameState, events: EventLog) -> None:
    turn = state.turn
    turn.phase = "ancients"
    turn.active = turn.actor = None
    turn.interrupters = []
    events.add("ancients_turn_started", round=turn.round)
    push(state, AncientsTurnFrame(kind="awoken_ancients_turn",
                                  order=[s.number for s in state.mode_state.scenarios], i=0,
                                  stage="minion", deferred=ancients_deferred(state)))


def start_players_turn(state: GameState, events: EventLog) -> None:
    turn = state.turn
    turn.phase = "play"
    turn.active = turn.actor = None
    turn.interrupters = []
    turn.last = "start"
    turn.round += 1
    events.add("ancients_turn_ended")
    events.add("turn_started", player=None, round=turn.round)


class AncientsTurnHandler:
    def step(self, state: GameState, frame: AncientsTurnFrame, events: EventLog) -> None:
        if frame["i"] >= len(frame["order"]):
            state.frames.pop()
            start_players_turn(state, events)
            return
        number = frame["order"][frame["i"]]
        scenario = state.mode_state.scenario(number)
        if frame["stage"] == "minion":
            frame["stage"] = "ancient"
            push_card(state, number, "minion")
            return
        frame["stage"] = "minion"
        frame["i"] += 1
        ancient = state.monsters.get(scenario.ancient)
        if ancient is not None and ancient.on_board:
            push_card(state, number, "ancient")

    def respond(self, state, frame, seat, command, events) -> None:
        raise AssertionError("the Ancients' turn frame does not ask questions")


def push_card(state: GameState, number: int, deck: str) -> None:
    push(state, CardFrame(kind="awoken_card", scenario=number, deck=deck, card=None,
                          stage="draw", window=[], wi=0, acted=[], options=[], paused=False,
                          deferred=ancients_deferred(state)))


class CardHandler:
    def step(self, state: GameState, frame: CardFrame, events: EventLog) -> None:
        scenario = state.mode_state.scenario(frame["scenario"])
        stage = frame["stage"]
        if stage == "draw":
            self._draw(state, frame, scenario, events)
        elif stage == "window":
            self._window(state, frame)
        elif stage in ("top", "bottom"):
            self._minions(state, frame, scenario, events)
        elif stage == "effect":
            frame["stage"] = "done"
            effect = scenario.rules.minion_cards[frame["card"]].effect
            if effect and "summon" in effect:
                summon_by_map_card(state, scenario, effect["summon"], events)
            elif effect and "advance" in effect:
                push_advance(state, scenario.number, effect["advance"])
        elif stage == "actions":
            frame["stage"] = "done"
            ancient = state.monsters.get(scenario.ancient)
            card = frame["card"]
            assert card is not None, "_draw pops the frame when no card was drawn"
            if ancient is not None and ancient.on_board:
                push_monster_actions(state, ancient, scenario.number, card, None)
        else:  # done
            pile = scenario.minion_discard if frame["deck"] == "minion" else scenario.ancient_discard
            pile.append(frame["card"])
            events.add("card_discarded", scenario=scenario.number, deck=frame["deck"],
                       card=frame["card"])
            state.frames.pop()

    def _draw(self, state, frame, scenario, events) -> None:
        if frame["deck"] == "minion":
            card_id = decks.draw_minion_card(state, scenario, events)
        else:
            card_id = decks.draw_ancient_card(state, scenario, events)
        if card_id is None:
            events.add("deck_ran_out", scenario=scenario.number, deck=frame["deck"])
            state.frames.pop()
            return
        frame["card"] = card_id
        cards = scenario.rules.minion_cards if frame["deck"] == "minion" else scenario.rules.ancient_cards
        events.add(f"{frame['deck']}_card_revealed", scenario=scenario.number, card=card_id,
                   **{"def": cards[card_id].to_data()})
        frame["stage"] = "window"
        frame["window"] = [p.id for p in state.players if not p.eliminated]
        frame["wi"] = 0

    def _window(self, state, frame) -> None:
        while frame["wi"] < len(frame["window"]):
            seat = frame["window"][frame["wi"]]
            if can_interrupt(state, seat):
                ask(state, "interrupt_window", seat, after="card", card=frame["card"],
                    deck=frame["deck"], scenario=frame["scenario"])
                return
            frame["wi"] += 1
        frame["stage"] = "top" if frame["deck"] == "minion" else "actions"

    def _minions(self, state, frame, scenario, events) -> None:
        card = scenario.rules.minion_cards[frame["card"]]
        top = frame["stage"] == "top"
        mtype = card.top_type if top else card.bottom_type
        number, acted = scenario.number, frame["acted"]
        waiting = [m for m in state.monsters.values()
                   if m.type == mtype and m.space is not None and not m.knocked_out
                   and m.kind == "minion" and m.scenario == number and m.id not in acted]
        if not waiting:
            frame["stage"] = "bottom" if top else "effect"
            frame["acted"] = []
            return
        lowest = min(m.space for m in waiting)
        here = sorted(m.id for m in waiting if m.space == lowest)
        if len(here) > 1:
            frame["options"] = here
            ask(state, "choose", state.players[0].id, reason="minion_order", options=list(here),
                space=lowest)
            return
        self._act(state, frame, here[0], scenario)

    def _act(self, state, frame, minion_id, scenario) -> None:
        frame["acted"].append(minion_id)
        push_monster_actions(state, state.monsters[minion_id], scenario.number, frame["card"],
                             frame["stage"])

    def respond(self, state: GameState, frame: CardFrame, seat: str, command: Command,
                events: EventLog) -> None:
        prompt = state.prompt
        assert prompt is not None, "frames.respond routes only answers to a pending prompt"
        if prompt.kind == "interrupt_window":
            if command.name != "pass":
                raise RuleError("invalid_command", "answer with pass, or play an interrupt")
            state.prompt = None
            frame["wi"] += 1
            events.add("interrupt_passed", player=seat)
            return
        chosen = command.character or command.target or command.figure
        if command.name != "choose" or chosen not in frame["options"]:
            raise RuleError("invalid_command", f"choose one of {', '.join(frame['options'])}")
        state.prompt = None
        frame["options"] = []
        events.add("minion_order_chosen", by=seat, minion=chosen)
        self._act(state, frame, chosen, state.mode_state.scenario(frame["scenario"]))
