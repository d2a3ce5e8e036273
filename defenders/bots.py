"""A greedy bot for Defenders of the Wild (pure: no I/O; chance only from the rng passed in).

It builds camps when it can, rewilds factories, clears pollution (toxic sites when healthy),
destroys mechs it stands with, heals when hurt at a camp, and otherwise moves towards the
nearest useful hex: a factory to rewild, pollution to clear, a home hex to camp in once its
support is maxed. It avoids ending a move with mechs when it can. `choose(state, seat,
legal, rng)` returns one command of `legal`.
"""
from __future__ import annotations

from typing import Any, Optional

from defenders.rules.board import snipers_beside
from defenders.rules.hexes import Hex, distance, parse_hex
from defenders.rules.state import GameState
from defenders.rules.support import is_maxed


def choose(state: GameState, seat: str, legal: list, rng: Any) -> dict:
    """One of `legal`: the best by a fixed score, ties broken by `rng` (a games.platform.rng.Rng
    or anything with `below(n)`)."""
    if not legal:
        raise ValueError("nothing to choose from")
    scored = [(_score(state, seat, c), i) for i, c in enumerate(legal)]
    best = max(s for s, _ in scored)
    top = [i for s, i in scored if s == best]
    return legal[top[rng.below(len(top))] if len(top) > 1 else top[0]]


def _faction(state: GameState):
    return state.factions.get(state.turn.faction or "")


def _score(state: GameState, seat: str, c: dict) -> float:
    do = c["do"]
    if do == "start_camp":
        return -sum(distance(parse_hex(c["hex"]), h) == 0 for h in state.mechs)
    if do == "choose":
        return _choose_score(state, seat, c)
    if do == "resolve":
        return _resolve_score(state, c)
    f = _faction(state)
    if f is None:
        return 0.0
    if do == "build_camp":
        return 100.0
    if do == "rewild":
        return 90.0
    if do == "end_turn":
        return -50.0
    if do == "heal":
        return 70.0 if f.damage >= 2 else -5.0
    if do == "clear_pollution":
        toxic = f.at in state.toxic
        if toxic and f.damage >= 2:
            return 5.0
        return 60.0 if not is_maxed(state, f) else (40.0 if _in_factory(state, f.at) or toxic else 15.0)
    if do == "destroy_mech":
        return 65.0 if not is_maxed(state, f) or _in_factory(state, f.at) else 45.0
    if do == "breach":
        return _breach_score(state, f, c)
    if do == "gain_item":  # with its last point, gaining bread back would only loop
        return 20.0 if state.turn.ap >= 2 else -60.0
    if do == "team_up":
        return 30.0
    if do in ("move", "regroup"):
        return _move_score(state, f, parse_hex(c["to"])) - (1.0 if do == "regroup" else 0.0)
    if do == "use_item":
        return _item_score(state, f, c)
    return 0.0


def _work_here(state: GameState, f) -> bool:
    here = f.at
    factory = state.factories.get(here)
    return bool(state.pollution.get(here) or here in state.toxic or state.mechs.get(here)
                or (factory and not factory[1]) or (is_maxed(state, f) and f.camps_left))


def _in_factory(state: GameState, hex_: Optional[Hex]) -> bool:
    return hex_ is not None and hex_ in state.factories and not state.factories[hex_][1]


def _targets(state: GameState, f) -> list:
    """Hexes worth reaching, with a value."""
    found = []
    for h, (_, rewilded) in state.factories.items():
        if not rewilded:
            found.append((h, 80.0))
    home = state.catalog.factions[f.id].habitat
    if is_maxed(state, f) and f.camps_left:
        for h, kind in state.catalog.habitats.items():
            if kind == home and state.camp_at(h) is None and h not in state.factories:
                found.append((h, 85.0))
    elif f.camps_left or state.factories:
        for h, n in state.pollution.items():
            found.append((h, 40.0 + 5 * n))
        for h in state.toxic:
            if f.damage <= 1:
                found.append((h, 45.0))
        for h, n in state.mechs.items():
            if h in state.catalog.habitats and f.damage <= 1:
                found.append((h, 35.0))
    return found


def _move_score(state: GameState, f, to: Hex) -> float:
    danger = 0.0
    if state.mechs.get(to, 0):
        danger = 8.0 + 6 * f.damage
    elif snipers_beside(state, to):
        danger = 2.0 + 2 * f.damage
    best = 0.0
    for h, value in _targets(state, f):
        d_now, d_new = distance(f.at, h), distance(to, h)
        if d_new < d_now:
            best = max(best, value / (1 + d_new) + (d_now - d_new))
    if state.factories.get(to) and not state.factories[to][1]:
        best += 10.0
    return min(best, 55.0) - danger


def _breach_score(state: GameState, f, c: dict) -> float:
    a, b = parse_hex(c["edge"][0]), parse_hex(c["edge"][1])
    into_factory = any(_in_factory(state, h) for h in (a, b))
    if into_factory:
        return 58.0
    return 25.0 if not is_maxed(state, f) else 3.0


def _item_score(state: GameState, f, c: dict) -> float:
    item, effect = c["item"], c.get("effect")
    if item == "bread":  # only for work right here: bread for a move could loop between camps
        return 75.0 if state.turn.ap == 0 and _work_here(state, f) else -20.0
    if item == "potions":
        return 72.0 if effect == "heal" and f.damage >= 2 else (
            55.0 if effect == "clear" and not is_maxed(state, f) else -10.0)
    if item == "rockets":
        return 62.0 if effect == "destroy" else -5.0
    if item == "maps" and state.turn.ap == 0:
        return _move_score(state, f, parse_hex(c["to"])) - 5.0
    return -30.0


def _choose_score(state: GameState, seat: str, c: dict) -> float:
    if "from_deck" in c:
        return 1.0
    d = state.defender(c["card"])
    ability = d.ability
    score = float(d.ap)
    if ability is not None and ability.effect == "damage":
        faction = state.factions[d.faction]
        score -= 3.0 if faction.damage >= 2 else 0.5
    if ability is not None and ability.effect in ("skip_machine_card", "support",
                                                  "through_walls", "any_corridor"):
        score += 1.5
    hand = state.seat(seat).hand
    score += 0.5 * sum(state.defender(x).habitat == d.habitat for x in hand if x != c["card"])
    return score


def _resolve_score(state: GameState, c: dict) -> float:
    if c.get("to") is None and "for" in c:
        return 0.5
    if "faction" in c:
        return float(state.factions[c["faction"]].damage)
    return 1.0
