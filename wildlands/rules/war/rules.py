"""War for the Crystals: the skirmish played by two teams, behind `ModeRules`.

What changes from a skirmish: teammates take one turn together. At its start each of them
who still has a character on its card reveals one, and nobody acts before all who can have
done so; then any of them plays cards and reveals, in any order. Each says when they are
done (`finish`), or one of them ends the team's turn for all (`end_turn`); then each draws
up to three (hand of seven). Only the other team may interrupt, and while one of its players
interrupts only that player acts. A rally may take a teammate's character along, enemies
are the other team's characters, shards belong to a team (any teammate claims them) and
points are counted per team: ten wins, and when a faction is wiped out the team with more
points wins at once (on a tie, the team of the wiped-out faction loses).

Teams live in `war.state.WarState`; setup is in `war.setup`, the legal-command hook in
`war.legal`, and `war.register.register()` plugs the mode in.
"""
from __future__ import annotations

from wildlands.rules.cards import draw_up_to_limit, pay_wild_card
from wildlands.rules.claims import point_scored, take_shard
from wildlands.rules.combat import acting_character
from wildlands.rules.commands import Command
from wildlands.rules.errors import RuleError
from wildlands.rules.events import EventLog
from wildlands.rules.frames import push, resolve
from wildlands.rules.modes import ModeRules
from wildlands.rules.outcome import Cause, Outcome, Result
from wildlands.rules.state import Character, GameState, Monster, end_game
from wildlands.rules.turns import EndTurnWindowFrame, EndTurnWindowHandler
from wildlands.rules.war.state import (Team, active_team, has_hidden, public, same_team,
                                   team_by_id, team_of, team_score, war_of)

POINTS_TO_WIN = 10


def points_to_win(state: GameState) -> int:
    """Ten, unless the game's options say otherwise (the skirmish's default of five is not
    the war's)."""
    return int(state.catalog.options.get("points_to_win", POINTS_TO_WIN))


# -- the team turn ---------------------------------------------------------------------------
def start_team_turn(state: GameState, team: Team, events: EventLog) -> None:
    """The team's turn begins with its reveal round: each player with a hidden character
    must reveal one before anyone of the team acts."""
    war = war_of(state)
    turn = state.turn
    war.active_team, war.stage, war.done = team.id, "turn", []
    war.to_reveal = [p for p in team.players if has_hidden(state, p)]
    turn.active, turn.actor = team.players[0], None
    turn.interrupters, turn.last, turn.revealed = [], "start", False
    events.add("turn_started", player=team.players[0], team=team.id, players=list(team.players),
               round=turn.round, must_reveal=list(war.to_reveal))


def next_opening_group(state: GameState, events: EventLog) -> None:
    """Move on to the next group of opening reveals, or to the first team's turn."""
    war = war_of(state)
    while war.opening:
        group = [p for p in war.opening.pop(0) if has_hidden(state, p)]
        if group:
            war.to_reveal = group
            state.turn.active = group[0]
            return
    war.to_reveal = []
    start_team_turn(state, team_by_id(state, war.first_team), events)


def declare_team_end(state: GameState, seat: str, events: EventLog) -> None:
    """The team is done: the other team may interrupt (closest in turn order first), then
    every teammate draws."""
    team = active_team(state)
    war_of(state).done = []
    events.add("turn_end_declared", player=seat, team=team.id)
    ids = state.player_ids()
    start = ids.index(seat)
    candidates = [p for p in ids[start + 1:] + ids[:start] if p not in team.players]
    if state.catalog.option("end_turn_window") and candidates:
        push(state, EndTurnWindowFrame(kind="war_end_window", player=seat,
                                       candidates=candidates, i=0))
        resolve(state, events)
    else:
        finish_team_turn(state, events)


class TeamEndWindowHandler(EndTurnWindowHandler):
    """The skirmish's window after a declared turn end (offered to the other team only, by
    its candidates); when nobody interrupts, the team's turn ends."""

    def finish(self, state: GameState, events: EventLog) -> None:
        finish_team_turn(state, events)


def finish_team_turn(state: GameState, events: EventLog) -> None:
    """Each teammate draws up to three (never past the hand limit); the other team begins."""
    war = war_of(state)
    team = active_team(state)
    for seat in team.players:
        draw_up_to_limit(state, state.player(seat), 3, events)
    events.add("turn_ended", player=team.players[0], team=team.id)
    i = next(n for n, t in enumerate(war.teams) if t.id == team.id)
    nxt = war.teams[(i + 1) % len(war.teams)]
    if (i + 1) % len(war.teams) == 0:
        state.turn.round += 1
    start_team_turn(state, nxt, events)


def war_end_turn(state: GameState, seat: str, events: EventLog) -> None:
    """An interrupter's end returns play to the team; a teammate's ends the team's turn."""
    turn = state.turn
    war = war_of(state)
    if turn.interrupters:
        events.add("interrupt_ended", player=seat, returns_to=turn.active, team=war.active_team)
        turn.interrupters, turn.actor, turn.last = [], None, "returned"
        return
    _refuse_before_reveals(state, seat)
    declare_team_end(state, seat, events)


def war_finish(state: GameState, seat: str, events: EventLog) -> None:
    """One teammate is done; the team's turn ends when every teammate is."""
    if state.turn.interrupters:
        war_end_turn(state, seat, events)
        return
    _refuse_before_reveals(state, seat)
    war = war_of(state)
    if seat in war.done:
        raise RuleError("action_not_allowed", f"{seat} has already said they are done")
    war.done.append(seat)
    waiting = [p for p in active_team(state).players if p not in war.done]
    events.add("teammate_finished", player=seat, waiting_for=waiting)
    if not waiting:
        declare_team_end(state, seat, events)


def _refuse_before_reveals(state: GameState, seat: str) -> None:
    war = war_of(state)
    if war.stage == "opening":
        raise RuleError("action_not_allowed", "the opening reveals come before the first turn")
    if war.to_reveal:
        raise RuleError("action_not_allowed",
                        f"{', '.join(war.to_reveal)} must reveal a character first")


def war_interrupt(state: GameState, seat: str, command: Command, events: EventLog) -> None:
    """Only the other team interrupts, right after an action (not a reveal or an
    interrupt) or when the team's end is declared; while one of its players interrupts,
    nobody else may."""
    turn = state.turn
    war = war_of(state)
    window = state.prompt if state.prompt and state.prompt.kind == "interrupt_window" else None
    if window is not None:
        if window.to != seat:
            raise RuleError("interrupt_not_allowed",
                            f"{window.to} is closer in turn order and may interrupt first")
    elif war.stage != "turn" or seat in active_team(state).players:
        raise RuleError("interrupt_not_allowed", "only the other team may interrupt")
    elif turn.interrupters:
        raise RuleError("interrupt_not_allowed",
                        f"{turn.actor} is interrupting; wait until play returns")
    elif turn.last in ("reveal", "interrupt"):
        raise RuleError("interrupt_not_allowed",
                        f"the team must take an action after a {turn.last} before anyone interrupts")
    elif turn.last != "action":
        raise RuleError("interrupt_not_allowed", "an interrupt must follow an action")
    pay_wild_card(state, state.player(seat), command.cards, "an interrupt", "interrupt", events)
    if window is not None:
        state.prompt = None
        state.frames.pop()
    turn.interrupters.append(seat)
    turn.actor = seat
    events.add("interrupt_declared", player=seat, interrupted=turn.active, team=war.active_team)


# -- claims and the end -----------------------------------------------------------------------
def war_claim(state: GameState, seat: str, command: Command, events: EventLog) -> None:
    """Any player of a team claims the team's shards with three of a kind: a team point."""
    character = acting_character(state, seat, command.character)
    team = team_of(state, seat)
    owner = state.player(team.shard_owner)
    if character.space not in owner.shards:
        raise RuleError("no_target", f"there is no shard of {team.name}'s in space {character.space}")
    player = take_shard(state, seat, character, owner, command.cards, events)
    events.add("shard_claimed", player=seat, character=character.id, space=character.space,
               score=player.score, team=team.id, team_score=team_score(state, team))
    point_scored(state, seat, events)


def check_war_outcome(state: GameState, events: EventLog) -> None:
    """Ten team points win at once. When a faction has lost every character, the team with
    more points wins at once; on a tie the team of the wiped-out faction loses."""
    if state.outcome is not None:
        return
    war = war_of(state)
    target = points_to_win(state)
    for team in war.teams:
        if team_score(state, team) >= target:
            _team_wins(state, team, Cause.POINTS, events)
            return
    wiped = [p for p in state.players if not p.eliminated and state.characters_of(p.id)
             and all(c.knocked_out for c in state.characters_of(p.id))]
    if not wiped:
        return
    for player in wiped:
        player.eliminated = True
        events.add("faction_wiped_out", player=player.id, team=team_of(state, player.id).id)
    scores = {t.id: team_score(state, t) for t in war.teams}
    best = max(scores.values())
    leaders = [t for t in war.teams if scores[t.id] == best]
    if len(leaders) > 1:
        losers = {team_of(state, p.id).id for p in wiped}
        leaders = [t for t in leaders if t.id not in losers]
    if len(leaders) == 1:
        _team_wins(state, leaders[0], Cause.WIPED_OUT, events)
    else:
        end_game(state, Outcome(Result.DRAW, Cause.WIPED_OUT), events)


def _team_wins(state: GameState, team: Team, cause: Cause, events: EventLog) -> None:
    end_game(state, Outcome(Result.WON, cause, winner=team.players[0], team=team.id), events)


# -- the mode ---------------------------------------------------------------------------------
class WarRules(ModeRules):
    """War for the Crystals' answers to the mode interface."""

    name = "war"

    def check_actor(self, state: GameState, seat: str, command: Command) -> None:
        turn = state.turn
        war = war_of(state)
        if turn.interrupters:
            if seat != turn.actor:
                raise RuleError("not_your_turn", f"{turn.actor} is interrupting")
            return
        if war.stage == "opening":
            if seat not in war.to_reveal:
                raise RuleError("not_your_turn",
                                f"waiting for {', '.join(war.to_reveal)} to reveal a character")
            return
        team = active_team(state)
        if seat not in team.players:
            raise RuleError("not_your_turn", f"it is {team.name}'s turn")
        if war.to_reveal and seat not in war.to_reveal and command.name not in ("reveal", "end_turn"):
            raise RuleError("action_not_allowed",
                            f"waiting for {', '.join(war.to_reveal)} to reveal a character: "
                            "no action before each teammate who can has revealed one")

    def controls(self, state: GameState, seat: str, character: Character) -> bool:
        return character.player == seat

    def rally_partner_ok(self, state: GameState, seat: str, character: Character) -> bool:
        return same_team(state, seat, character.player)

    def is_enemy(self, state: GameState, side: str, figure) -> bool:
        if isinstance(figure, Monster):
            return side != "ancients"
        if side not in state.player_ids():
            return True
        return not same_team(state, side, figure.player)

    def must_reveal_first(self, state: GameState, seat: str) -> bool:
        war = war_of(state)
        if war.stage == "opening":
            return seat in war.to_reveal
        return bool(war.to_reveal) and seat in active_team(state).players

    def allowed_during_prompt(self, state: GameState, seat: str, command: Command) -> bool:
        return False

    def reveal_allowed(self, state: GameState) -> None:
        """Reveals are part of every team turn."""

    def claim(self, state: GameState, seat: str, command: Command, events: EventLog) -> None:
        war_claim(state, seat, command, events)

    def extra_action(self, state: GameState, seat: str, command: Command,
                     events: EventLog) -> None:
        if command.name == "finish":
            war_finish(state, seat, events)
            return
        raise RuleError("action_not_allowed", f"'{command.name}' is not part of War for the Crystals")

    def interrupt(self, state: GameState, seat: str, command: Command, events: EventLog) -> None:
        war_interrupt(state, seat, command, events)

    def end_turn(self, state: GameState, seat: str, events: EventLog) -> None:
        war_end_turn(state, seat, events)

    def after_command(self, state: GameState, seat: str, command: Command, mark: object,
                      version: int, events: EventLog) -> None:
        """The reveal rounds' bookkeeping, and a done teammate who plays again."""
        war = war_of(state)
        if command.name == "reveal" and seat in war.to_reveal:
            war.to_reveal.remove(seat)
            if not war.to_reveal and war.stage == "opening":
                next_opening_group(state, events)
        elif (seat in war.done and not command.is_response
              and command.name not in ("finish", "end_turn")):
            war.done.remove(seat)
            events.add("teammate_resumed", player=seat)

    def monster_reaction(self, state: GameState, monster: Monster, damage_kind: str,
                         events: EventLog) -> bool:
        return False

    def other_defence(self, state: GameState, character: Character, attack: str) -> bool:
        return False

    def scores_knockout(self, state: GameState, character: Character, side: str) -> bool:
        return side in state.player_ids() and not same_team(state, side, character.player)

    def after_knockout(self, state: GameState, figure, side: str, events: EventLog) -> None:
        """Nothing follows a knock-out besides the point."""

    def check_outcome(self, state: GameState, events: EventLog) -> None:
        check_war_outcome(state, events)

    def view_extra(self, state: GameState, seat: str | None) -> dict:
        return {"war": public(state)}


WAR = WarRules()
