"""War for the Crystals' part of `legal_commands`: the team's shards, `finish`, and
interrupts only from the other team."""
from __future__ import annotations

from wildlands.rules.legal import claim_card_sets
from wildlands.rules.state import GameState
from wildlands.rules.war.state import active_team, team_of, war_of


def war_legal(state: GameState, seat: str, commands: list) -> list:
    """The core's candidates, with the skirmish's own-shard claims replaced by claims on
    the team's shards, `finish` for a teammate not yet done, and no interrupt from a
    teammate of whoever plays now."""
    if state.outcome is not None or state.turn.phase != "play" or seat not in state.player_ids():
        return commands
    war = war_of(state)
    turn = state.turn
    if state.prompt is not None:
        return commands
    if war.stage != "turn":
        return [c for c in commands if c.get("do") == "reveal"]
    team = active_team(state)
    if turn.interrupters:
        if seat == turn.actor:
            return _team_claims(state, seat, commands) + [{"do": "finish"}]
        return []
    if seat not in team.players:
        return commands  # interrupts after an action (the core lists them)
    if war.to_reveal:
        return [c for c in commands if c.get("do") == "reveal"]
    found = _team_claims(state, seat, commands)
    if seat not in war.done:
        found.append({"do": "finish"})
    return found


def _team_claims(state: GameState, seat: str, commands: list) -> list:
    """The core's commands with its own-shard claims replaced by claims on the team's."""
    found = [c for c in commands if c.get("do") != "claim"]
    owner = state.player(team_of(state, seat).shard_owner)
    for character in state.characters_of(seat):
        if character.on_board and character.space in owner.shards:
            found += [{"do": "claim", "character": character.id, "cards": cards}
                      for cards in claim_card_sets(state, seat, character)]
    return found
