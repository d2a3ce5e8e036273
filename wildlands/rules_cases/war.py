"""War for the Crystals in a rules case: the `teams:` field and the war's expectations.

```yaml
mode: war
teams:                       # each team's players; the first one's shards are the team's
  t1: [p1, p3]
  t2: [p2, p4]
active: p1                   # a player of the team whose turn it is
turn: {revealed: true}       # the team's reveal round is over (default: it is still due)
steps:
  - expect:
      team_score: {t1: 2}
      active_team: t1
      done: [p3]             # teammates who said they are done
      to_reveal: [p1]        # who must still reveal before the team acts
```
"""
from __future__ import annotations

from typing import Any, Callable, Optional

from wildlands.rules.state import GameState
from wildlands.rules.war.register import register
from wildlands.rules.war.setup import TEAM_NAMES
from wildlands.rules.war.state import Team, WarState, has_hidden, team_by_id, team_of, team_score, war_of
from wildlands.rules_cases.errors import CaseError


def build_war(state: GameState, raw: Any) -> None:
    """Give a case's position its teams; the active player's team has the turn."""
    register()
    if not isinstance(raw, dict) or len(raw) != 2:
        raise CaseError("a war needs `teams`: two team ids, each with a list of players")
    teams = []
    for n, (team_id, players) in enumerate(raw.items()):
        if not isinstance(players, list) or not players:
            raise CaseError(f"team {team_id}: a non-empty list of players")
        teams.append(Team(id=str(team_id), name=TEAM_NAMES[n], players=[str(p) for p in players],
                          shard_owner=str(players[0])))
    seated = sorted(p for t in teams for p in t.players)
    if seated != sorted(state.player_ids()):
        raise CaseError("every player must be in exactly one team")
    state.mode_state = WarState(teams=teams, stage="turn")
    turn = state.turn
    team = team_of(state, str(turn.active))
    war = war_of(state)
    war.active_team = team.id
    war.first_team = teams[0].id
    turn.active, turn.actor = team.players[0], None
    if not turn.revealed:
        war.to_reveal = [p for p in team.players if has_hidden(state, p)]


def _team_score(state: GameState, want: dict) -> Optional[str]:
    for team_id, score in want.items():
        got = team_score(state, team_by_id(state, str(team_id)))
        if got != score:
            return f"score of team {team_id}: expected {score}, got {got}"
    return None


def _list(key: str) -> Callable[[GameState, Any], Optional[str]]:
    def check(state: GameState, want: Any) -> Optional[str]:
        got = getattr(war_of(state), key)
        if sorted(got) != sorted(want or []):
            return f"{key}: expected {sorted(want or [])}, got {sorted(got)}"
        return None
    return check


def _active_team(state: GameState, want: Any) -> Optional[str]:
    got = war_of(state).active_team
    return None if got == want else f"active_team: expected {want}, got {got}"


WAR_EXPECT: dict[str, Callable] = {"team_score": _team_score, "active_team": _active_team,
                                   "done": _list("done"), "to_reveal": _list("to_reveal")}
