"""Turn order: revealing, draw two, interrupts, ending a turn, and how a skirmish ends."""
from __future__ import annotations

from wildlands.rules.cards import draw, draw_up_to_limit, pay_wild_card, table_pays
from wildlands.rules.commands import Command
from wildlands.rules.errors import RuleError
from wildlands.rules.events import EventLog
from wildlands.rules.frames import ask, push, register_frame_handler, resolve
from wildlands.rules.maps.hooks import revealed
from wildlands.rules.modes import mode_of
from wildlands.rules.outcome import Cause, Outcome, Result
from wildlands.rules.state import Frame, GameState, end_game


def reveal(state: GameState, seat: str, command: Command, events: EventLog) -> None:
    mode_of(state).reveal_allowed(state)
    character = state.characters.get(command.character)
    if character is None:
        raise RuleError("invalid_command", f"there is no character {command.character!r}")
    if character.player != seat:
        raise RuleError("action_not_allowed", f"{character.id} is not {seat}'s character")
    if character.knocked_out:
        raise RuleError("knocked_out", f"{character.id} is knocked out")
    if character.space is not None or character.assigned is None:
        raise RuleError("action_not_allowed", f"{character.id} is already on the board")
    character.space = character.assigned
    character.assigned = None
    if seat == state.turn.active:
        state.turn.revealed = True
    events.add("character_revealed", character=character.id, player=seat, space=character.space)
    revealed(state, character, events)


def draw_two(state: GameState, seat: str, command: Command, events: EventLog) -> None:
    if table_pays(state):
        raise RuleError("action_not_allowed",
                        "at the table (companion) the players draw their own cards")
    player = state.player(seat)
    pay_wild_card(state, player, command.cards, "draw two", "draw_two", events)
    count = 2 if len(player.hand) + 2 <= state.catalog.option("hand_limit") else 1
    draw(state, player, count, events)


def interrupt_skirmish(state: GameState, seat: str, command: Command, events: EventLog) -> None:
    turn = state.turn
    player = state.player(seat)
    window = state.prompt if state.prompt and state.prompt.kind == "interrupt_window" else None
    if window is not None:
        if window.to != seat:
            raise RuleError("interrupt_not_allowed",
                            f"{window.to} is closer in turn order and may interrupt first")
    elif seat == turn.actor:
        raise RuleError("interrupt_not_allowed", "you cannot interrupt yourself")
    elif seat == turn.active or seat in turn.interrupters:
        raise RuleError("interrupt_not_allowed", f"{seat} has already had play this turn")
    elif turn.last in ("reveal", "interrupt"):
        raise RuleError("interrupt_not_allowed",
                        f"{turn.actor} must take an action after a {turn.last} before anyone interrupts")
    elif turn.last != "action":
        raise RuleError("interrupt_not_allowed", "an interrupt must follow another player's action")
    if player.eliminated:
        raise RuleError("interrupt_not_allowed", f"{seat} has no characters left")
    pay_wild_card(state, player, command.cards, "an interrupt", "interrupt", events)
    if window is not None:
        state.prompt = None
        state.frames.pop()
    turn.interrupters.append(seat)
    turn.actor = seat
    events.add("interrupt_declared", player=seat, interrupted=turn.active)


def end_turn_skirmish(state: GameState, seat: str, events: EventLog) -> None:
    turn = state.turn
    if turn.interrupters:
        # the last interrupter is done; play returns straight to the active player
        events.add("interrupt_ended", player=seat, returns_to=turn.active)
        turn.interrupters = []
        turn.actor = turn.active
        turn.last = "returned"
        active = turn.active
        assert active is not None, "a Skirmish turn always has an active player"
        if state.player(active).eliminated:
            finish_turn(state, events)  # a wiped-out faction plays no more
        return
    if mode_of(state).must_reveal_first(state, seat):
        raise RuleError("action_not_allowed", "reveal at least one character before ending the turn")
    events.add("turn_end_declared", player=seat)
    order = _others_in_turn_order(state, seat)
    if state.catalog.option("end_turn_window") and order:
        push(state, EndTurnWindowFrame(kind="end_turn_window", player=seat, candidates=order, i=0))
        resolve(state, events)
    else:
        finish_turn(state, events)


def _others_in_turn_order(state: GameState, seat: str) -> list:
    ids = state.player_ids()
    start = ids.index(seat)
    ordered = ids[start + 1:] + ids[:start]
    return [p for p in ordered if not state.player(p).eliminated]


def can_interrupt(state: GameState, seat: str) -> bool:
    """Would a window be offered to this seat (it holds a wild card, or windows never skip)?"""
    if not state.catalog.option("auto_pass_interrupt"):
        return True
    player = state.player(seat)
    return any(state.card(card_id).wild for card_id in player.hand)


class EndTurnWindowFrame(Frame):
    player: str            # who declared the end of the turn
    candidates: list[str]  # who may interrupt, closest in turn order first
    i: int                 # the next candidate


class EndTurnWindowHandler:
    """After a turn end is declared, each other player, closest in turn order first, may
    interrupt before the active player draws and passes the marker."""

    def step(self, state: GameState, frame: EndTurnWindowFrame, events: EventLog) -> None:
        while frame["i"] < len(frame["candidates"]):
            seat = frame["candidates"][frame["i"]]
            if can_interrupt(state, seat):
                ask(state, "interrupt_window", seat, after="end_turn", player=frame["player"])
                return
            frame["i"] += 1
        state.frames.pop()
        self.finish(state, events)

    def finish(self, state: GameState, events: EventLog) -> None:
        """Nobody interrupted: the turn ends (a team mode ends the team's turn instead)."""
        finish_turn(state, events)

    def respond(self, state: GameState, frame: EndTurnWindowFrame, seat: str, command: Command,
                events: EventLog) -> None:
        if command.name != "pass":
            raise RuleError("invalid_command", "answer with pass, or play an interrupt")
        state.prompt = None
        frame["i"] += 1


register_frame_handler("end_turn_window", EndTurnWindowHandler())


def finish_turn(state: GameState, events: EventLog, *, held: bool = False) -> None:
    """The active player draws three (up to the hand limit) and the next player begins.

    A mode may first hold the turn before the draw (`ModeRules.hold_before_draw`: The Wrath
    of the Ancients' desperate measures); its frame calls this again with `held=True`."""
    turn = state.turn
    active = turn.active
    assert active is not None, "only Skirmish turns finish here, and they have an active player"
    if not held and mode_of(state).hold_before_draw(state, events):
        return
    player = state.player(active)
    draw_up_to_limit(state, player, 3, events)
    events.add("turn_ended", player=player.id)
    ids = state.player_ids()
    i = ids.index(player.id)
    for step in range(1, len(ids) + 1):
        nxt = ids[(i + step) % len(ids)]
        if not state.player(nxt).eliminated:
            break
    if ids.index(nxt) <= i:
        turn.round += 1
    turn.active = turn.actor = nxt
    turn.interrupters = []
    turn.last = "start"
    turn.revealed = False
    events.add("turn_started", player=nxt, round=turn.round)


def check_skirmish_outcome(state: GameState, events: EventLog) -> None:
    """Five points wins at once. When a faction is wiped out, the survivor with the most
    points wins; a tie for most plays on until one survivor leads."""
    if state.outcome is not None:
        return
    target = state.catalog.option("points_to_win")
    for player in state.players:
        if player.score >= target:
            end_game(state, Outcome(Result.WON, Cause.POINTS, winner=player.id), events)
            return
    for player in state.players:
        if not player.eliminated and all(c.knocked_out for c in state.characters_of(player.id)):
            player.eliminated = True
            events.add("faction_wiped_out", player=player.id)
    if any(p.eliminated for p in state.players):
        survivors = [p for p in state.players if not p.eliminated]
        if not survivors:
            end_game(state, Outcome(Result.DRAW, Cause.WIPED_OUT), events)
            return
        best = max(p.score for p in survivors)
        leaders = [p for p in survivors if p.score == best]
        if len(leaders) == 1:
            end_game(state, Outcome(Result.WON, Cause.WIPED_OUT, winner=leaders[0].id), events)
