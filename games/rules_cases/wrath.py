"""The Wrath of the Ancients in a rules case: the `wrath:` section and its expectations.

```yaml
mode: wrath
wrath:
  ancients: p2                  # the seat playing the Ancients faction (default: the last)
  carried:                      # shards riding on Ancients, by owner; ready unless said
    magus: [p1, {owner: p1, ready: false}]   # ready: false = claimed this turn
steps:
  - expect:
      carried: {magus: [p1]}    # owners of the shards an Ancient carries, any order
```
"""
from __future__ import annotations

from typing import Optional

from games.rules.state import GameState
from games.rules_cases.errors import CaseError


def build_wrath(state: GameState, section: dict) -> None:
    from games.rules.wrath import WrathState, next_ancients_turn, register

    register()
    if not isinstance(section, dict) or set(section) - {"ancients", "carried"}:
        raise CaseError("wrath: a mapping with ancients and carried")
    ids = state.player_ids()
    ancients = str(section.get("ancients", ids[-1]))
    if ancients not in ids:
        raise CaseError(f"wrath: the Ancients seat {ancients!r} is not a player")
    state.awoken = WrathState(ancients=ancients)
    later = next_ancients_turn(state)
    for cid, shards in (section.get("carried") or {}).items():
        character = state.characters.get(cid)
        if character is None or character.player != ancients:
            raise CaseError(f"wrath: {cid!r} is not a character of the Ancients seat")
        carried = []
        for shard in shards:
            shard = shard if isinstance(shard, dict) else {"owner": shard}
            if shard.get("owner") not in ids:
                raise CaseError(f"wrath: a shard of {cid} names no player")
            carried.append({"owner": shard["owner"], "ready": 0 if shard.get("ready", True) else later})
        state.awoken.carried[cid] = carried


def _carried(state: GameState, want: dict) -> Optional[str]:
    for cid, owners in want.items():
        got = sorted(s["owner"] for s in state.awoken.carried.get(cid, []))
        if got != sorted(owners or []):
            return f"carried by {cid}: expected {sorted(owners or [])}, got {got}"
    return None


WRATH_EXPECT = {"carried": _carried}
