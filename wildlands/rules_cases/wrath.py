"""The Wrath of the Ancients in a rules case: the `wrath:` section and its expectations.

```yaml
mode: wrath
wrath:
  ancients: p2                  # the seat playing the Ancients faction (default: the last)
  carried:                      # shards riding on Ancients, by owner; ready unless said
    magus: [p1, {owner: p1, ready: false}]   # ready: false = claimed this turn
    tyrant: [{start: green}]    # mode war, five players: a starting shard (ready: false =
                                # its Ancient is not revealed yet)
steps:
  - expect:
      carried: {magus: [p1]}    # owners of the shards an Ancient carries, any order
                                # (a starting shard is `start`)
```

A five-player war (`mode: war` with `teams`) takes the same `wrath:` section for its
Ancients faction, and the same `carried` expectation.
"""
from __future__ import annotations

from typing import Optional

from wildlands.rules.state import GameState
from wildlands.rules_cases.errors import CaseError


def build_wrath(state: GameState, section: dict) -> None:
    from wildlands.rules.wrath.register import register
    from wildlands.rules.wrath.state import WrathState, next_ancients_turn

    register()
    if not isinstance(section, dict) or set(section) - {"ancients", "carried"}:
        raise CaseError("wrath: a mapping with ancients and carried")
    ids = state.player_ids()
    ancients = str(section.get("ancients", ids[-1]))
    if ancients not in ids:
        raise CaseError(f"wrath: the Ancients seat {ancients!r} is not a player")
    part = WrathState(ancients=ancients)
    if state.mode == "war":  # five players: the part rides in the war's state
        from wildlands.rules.war.state import war_of
        war_of(state).wrath = part
    else:
        state.mode_state = part
    later = next_ancients_turn(state)
    for cid, shards in (section.get("carried") or {}).items():
        character = state.characters.get(cid)
        if character is None or character.player != ancients:
            raise CaseError(f"wrath: {cid!r} is not a character of the Ancients seat")
        part.carried[cid] = [_shard(state, cid, shard, later) for shard in shards]


def _shard(state: GameState, cid: str, shard, later: int) -> dict:
    """A carried shard: an owner's seat, `{owner, ready}`, or (a five-player war) the
    starting shard `{start: colour, ready}`, whose `ready: false` means its Ancient is not
    revealed yet."""
    from wildlands.rules.war.setup import NOT_REVEALED

    shard = shard if isinstance(shard, dict) else {"owner": shard}
    ready = shard.get("ready", True)
    if "start" in shard:
        return {"owner": "", "colour": str(shard["start"]), "start": True,
                "ready": 0 if ready else NOT_REVEALED}
    if shard.get("owner") not in state.player_ids():
        raise CaseError(f"wrath: a shard of {cid} names no player")
    return {"owner": shard["owner"], "ready": 0 if ready else later}


def _carried(state: GameState, want: dict) -> Optional[str]:
    from wildlands.rules.wrath.state import wrath_of

    for cid, owners in want.items():
        got = sorted(s["owner"] or "start" for s in wrath_of(state).carried.get(cid, []))
        if got != sorted(owners or []):
            return f"carried by {cid}: expected {sorted(owners or [])}, got {got}"
    return None


WRATH_EXPECT = {"carried": _carried}
