"""War for the Crystals with five players: the Ancients faction in the team of two.

The war's rules (`war.WarRules`) hold for everyone; the Ancients' seat adds The Wrath of the
Ancients' rules for its own faction (seed 003, "5 player setup" and "The Ancients"):

* arcane guardians: the Ancients claim a shard of either team's colour with an Ancient
  standing on it (`wrath.rules.guard_shard`); it rides on that Ancient and scores nothing for
  their team. Their teammate claims the team's shards for a point, as in any war;
* special actions (`wrath.actions`), paid with a carried shard instead of a card, whenever
  the Ancients' seat could play a card (its team's turn, or its own interrupt). A claimed
  shard waits for the team's next turn;
* each Ancient starts with a shard of a spare colour (`war.setup.place_ancients_shards`).
  No special action on the turn an Ancient is revealed, nor on the first turn of the game:
  every Ancient is still hidden when the game begins (the team of two reveals at the start
  of its first turn), so a starting shard is ready from the turn after its reveal;
* an Ancient knocked out drops the shards it claimed on its space, in their colours, but
  the shards it started with go back to the box;
* infamous adversaries: an Ancient knocked out by the other team is worth two points. We
  keep it because the five-player setup plays the Ancients "using the Wrath rules" and this
  rule is about the faction's own figures; the war section changes only what the shards
  score. Desperate measures (a discard before every turn's draw, for everyone) is a rule of
  the Wrath's whole table, not of the faction, so a war does not use it; nor the Wrath's
  five knock-outs to win: the teams play for ten points.

A four-player war has no Ancients part (`WarState.wrath` is None) and every answer here is
the war's own.
"""
from __future__ import annotations

from typing import Any

from wildlands.rules.commands import Command
from wildlands.rules.events import EventLog
from wildlands.rules.state import Character, GameState
from wildlands.rules.war.rules import WarRules
from wildlands.rules.war.legal import war_legal
from wildlands.rules.war.setup import shards_left_by_knocked_out_ancient
from wildlands.rules.war.state import public, team_of, war_of
from wildlands.rules.wrath.rules import INFAMY_POINTS, guard_shard
from wildlands.rules.wrath.state import WrathState, turn_number
from wildlands.rules.wrath.actions import start_special
from wildlands.rules.wrath.legal import ancients_claims_and_specials


def ancients_part(state: GameState) -> WrathState | None:
    """The Ancients faction's part of a five-player war (None with four players)."""
    return war_of(state).wrath


def _team_index(state: GameState, team_id: str | None) -> int:
    ids = [t.id for t in war_of(state).teams]
    return ids.index(team_id) if team_id in ids else 0


class WarAncientsRules(WarRules):
    """The war's answers, with the Ancients faction's when the war has five players."""

    def ancients_seat(self, state: GameState) -> str | None:
        part = ancients_part(state)
        return None if part is None else part.ancients

    # -- turns are the teams': a claimed shard waits for the Ancients' team's next one ----
    def turn_number(self, state: GameState) -> int:
        war = war_of(state)
        return state.turn.round * len(war.teams) + _team_index(state, war.active_team)

    def next_turn_of(self, state: GameState, seat: str) -> int:
        count = len(war_of(state).teams)
        now = self.turn_number(state)
        theirs = now - now % count + _team_index(state, team_of(state, seat).id)
        return theirs if theirs > now else theirs + count

    # -- the Ancients' actions -----------------------------------------------------------
    def claim(self, state: GameState, seat: str, command: Command, events: EventLog) -> None:
        part = ancients_part(state)
        if part is not None and seat == part.ancients:
            guard_shard(state, seat, command, events)
            return
        super().claim(state, seat, command, events)

    def extra_action(self, state: GameState, seat: str, command: Command,
                     events: EventLog) -> None:
        if command.name == "special" and ancients_part(state) is not None:
            start_special(state, seat, command, events)
            return
        super().extra_action(state, seat, command, events)

    def after_command(self, state: GameState, seat: str, command: Command, mark: object,
                      version: int, events: EventLog) -> None:
        """The war's bookkeeping; an Ancient just revealed may spend its starting shard
        from the next turn on."""
        super().after_command(state, seat, command, mark, version, events)
        part = ancients_part(state)
        if part is None or command.name != "reveal" or command.character is None:
            return
        later = turn_number(state) + 1
        for shard in part.carried.get(command.character, []):
            if shard.get("start"):
                shard["ready"] = min(shard["ready"], later)

    # -- knock-outs ----------------------------------------------------------------------
    def before_knockout(self, state: GameState, figure, side: str, events: EventLog) -> None:
        """A fallen Ancient's claimed shards fall on its space; its starting ones go back
        to the box."""
        part = ancients_part(state)
        if part is None or not isinstance(figure, Character):
            return
        carried = part.carried.pop(figure.id, [])
        if not carried or figure.space is None:
            return
        keys = [_key(s) for s in carried]
        to_space, to_box = shards_left_by_knocked_out_ancient(
            keys, [_key(s) for s in carried if s.get("start")])
        for owner in to_space:
            state.player(owner).shards.append(figure.space)
        events.add("shards_dropped", character=figure.id, space=figure.space, owners=to_space,
                   to_box=len(to_box))

    def after_knockout(self, state: GameState, figure, side: str, events: EventLog) -> None:
        """Infamous adversaries: two points in all for knocking out an Ancient."""
        part = ancients_part(state)
        if (part is None or not isinstance(figure, Character) or figure.player != part.ancients
                or not self.scores_knockout(state, figure, side)):
            return
        player = state.player(side)
        player.score += INFAMY_POINTS - 1  # the knock-out's own point is already scored
        events.add("infamy_scored", player=side, figure=figure.id, points=INFAMY_POINTS,
                   score=player.score)

    def view_extra(self, state: GameState, seat: str | None) -> dict:
        view: dict[str, Any] = {"war": public(state)}
        part = ancients_part(state)
        if part is not None:
            now = turn_number(state)
            view["wrath"] = {
                "ancients": part.ancients,
                "knockouts": state.player(part.ancients).score,
                "carried": {cid: [{"owner": s["owner"], "colour": s.get("colour", ""),
                                   "start": bool(s.get("start")), "ready": s["ready"] <= now}
                                  for s in shards]
                            for cid, shards in part.carried.items() if shards},
            }
        return view


def _key(shard: dict) -> str:
    """A carried shard as `shards_left_by_knocked_out_ancient` counts it: its owner's seat,
    or its spare colour for a starting one (no seat owns it)."""
    return shard["owner"] or f"spare {shard.get('colour', '')}"


WAR_RULES = WarAncientsRules()


# -- legal commands -------------------------------------------------------------------------
def war_ancients_legal(state: GameState, seat: str, commands: list) -> list:
    """The war's list; for the Ancients' seat, claims of either team's shards instead of the
    team's own, and a special action for each Ancient with a ready shard; and the answers
    of a special action's prompt."""
    found = war_legal(state, seat, commands)
    part = ancients_part(state)
    if part is None or state.outcome is not None or seat != part.ancients:
        return found
    prompt = state.prompt
    if prompt is not None:
        if prompt.to == seat and prompt.kind == "special":
            return [dict(a) for a in prompt.data["answers"]]
        return found
    if not _may_act(state, seat):
        return found
    return [c for c in found if c.get("do") != "claim"] + ancients_claims_and_specials(state, seat)


def _may_act(state: GameState, seat: str) -> bool:
    """Could this seat play a card now: its own interrupt, or its team's turn once the
    reveal round is over."""
    war, turn = war_of(state), state.turn
    if state.turn.phase != "play" or war.stage != "turn":
        return False
    if turn.interrupters:
        return seat == turn.actor
    return team_of(state, seat).id == war.active_team and not war.to_reveal
