"""War for the Crystals: the teams and the team turn, the mode's own part of the state.

Kept in `GameState.mode_state`, the slot the core leaves opaque for a mode's own part (cloned,
stored through `serialize.EXTENSIONS["war"]`). Everything here is public except the map
cards left in the deck during setup, which decide where the shards go.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from wildlands.rules.errors import RuleError
from wildlands.rules.state import GameState
from wildlands.rules.wrath.state import WrathState
from wildlands.rules.wrath.state import from_data as wrath_from_data
from wildlands.rules.wrath.state import to_data as wrath_to_data


@dataclass(slots=True)
class Team:
    """Players who take their turns together and score together."""

    id: str
    name: str
    players: list[str]
    shard_owner: str  # whose shard colour the team plays for (one faction of the team)

    def to_data(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "players": list(self.players),
                "shard_owner": self.shard_owner}


@dataclass(slots=True)
class WarState:
    teams: list[Team]
    active_team: Optional[str] = None
    stage: str = "setup"  # setup | opening (the reveals before the first turn) | turn
    to_reveal: list[str] = field(default_factory=list)  # seats that must still reveal one
    opening: list[list[str]] = field(default_factory=list)  # opening reveal groups still to come
    first_team: Optional[str] = None
    done: list[str] = field(default_factory=list)  # active team's seats that said they are done
    map_deck: list[int] = field(default_factory=list)  # setup only: undealt map cards (secret)
    # five players: the Ancients faction's part (its seat, the shards its Ancients carry),
    # the same as in The Wrath of the Ancients; None in a four-player war
    wrath: Optional[WrathState] = None

    def clone(self) -> "WarState":
        # teams never change after setup: shared between clones
        return WarState(teams=self.teams, active_team=self.active_team, stage=self.stage,
                        to_reveal=self.to_reveal[:], opening=[g[:] for g in self.opening],
                        first_team=self.first_team, done=self.done[:],
                        map_deck=self.map_deck[:],
                        wrath=self.wrath.clone() if self.wrath is not None else None)


def to_data(war: WarState) -> dict[str, Any]:
    data: dict[str, Any] = {
        "teams": [t.to_data() for t in war.teams], "active_team": war.active_team,
        "stage": war.stage, "to_reveal": list(war.to_reveal),
        "opening": [list(g) for g in war.opening], "first_team": war.first_team,
        "done": list(war.done), "map_deck": list(war.map_deck)}
    if war.wrath is not None:  # a four-player war keeps the shape it always had
        data["wrath"] = wrath_to_data(war.wrath)
    return data


def from_data(data: dict[str, Any]) -> WarState:
    return WarState(teams=[Team(id=t["id"], name=t["name"], players=list(t["players"]),
                                shard_owner=t["shard_owner"]) for t in data["teams"]],
                    active_team=data.get("active_team"), stage=data.get("stage", "turn"),
                    to_reveal=list(data.get("to_reveal", [])),
                    opening=[list(g) for g in data.get("opening", [])],
                    first_team=data.get("first_team"), done=list(data.get("done", [])),
                    map_deck=list(data.get("map_deck", [])),
                    wrath=wrath_from_data(data["wrath"]) if data.get("wrath") else None)


# -- lookups ---------------------------------------------------------------------------------
def war_of(state: GameState) -> WarState:
    war = state.mode_state
    if not isinstance(war, WarState):
        raise RuleError("invalid_command", "this game has no teams")
    return war


def team_of(state: GameState, seat: str) -> Team:
    for team in war_of(state).teams:
        if seat in team.players:
            return team
    raise RuleError("invalid_command", f"{seat!r} is in no team")


def team_by_id(state: GameState, team_id: Optional[str]) -> Team:
    for team in war_of(state).teams:
        if team.id == team_id:
            return team
    raise RuleError("invalid_command", f"there is no team {team_id!r}")


def active_team(state: GameState) -> Team:
    return team_by_id(state, war_of(state).active_team)


def same_team(state: GameState, a: str, b: str) -> bool:
    return team_of(state, a) is team_of(state, b)


def team_score(state: GameState, team: Team) -> int:
    """A team's points: what its players scored, added up (shards and knock-outs)."""
    return sum(state.player(p).score for p in team.players)


def has_hidden(state: GameState, seat: str) -> bool:
    """Has this seat a character still waiting on its card to be revealed?"""
    return any(c.space is None and not c.knocked_out and c.assigned is not None
               for c in state.characters_of(seat))


def seats_to_act(state: GameState) -> list[str]:
    """Who the team's turn waits on while nobody interrupts: those who must still reveal,
    else the teammates not yet done (for the site's "whose move" and its bots)."""
    war = war_of(state)
    if war.to_reveal:
        return list(war.to_reveal)
    if war.stage != "turn":
        return []
    return [p for p in active_team(state).players if p not in war.done]


def public(state: GameState) -> dict[str, Any]:
    """What every seat may see of the war: teams, their scores, whose turn, who must
    reveal, who is done (never the map cards left in the deck)."""
    war = war_of(state)
    return {"teams": [{**t.to_data(), "score": team_score(state, t)} for t in war.teams],
            "active_team": war.active_team, "stage": war.stage,
            "to_reveal": list(war.to_reveal), "done": list(war.done),
            "first_team": war.first_team}
