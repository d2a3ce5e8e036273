"""Every command a seat may send now: `legal_commands(state, seat)`.

Bots choose from this list and a board highlights from it, so it must agree with
`engine.apply`: each listed command is accepted (tests check this on positions from bot
games). It is built from the same checks the handlers use. Items are listed with every
target they could take; a seat with nothing to do (someone else's turn, the machines')
gets an empty list.
"""
from __future__ import annotations

from defenders.rules import ongoing
from defenders.rules.actions import breachable, camp_problem, is_polluted
from defenders.rules.hexes import edges_of, neighbours
from defenders.rules.movement import move_destinations, regroup_destinations
from defenders.rules.organize import deck_choices
from defenders.rules.reveal import options
from defenders.rules.setup import camp_starts
from defenders.rules.state import GameState
from defenders.rules.turns import awaiting, in_play


def legal_commands(state: GameState, seat: str) -> list[dict]:
    if state.outcome is not None or seat not in awaiting(state):
        return []
    stage = state.turn.stage
    if stage == "camps":
        found = []
        for f in state.seat(seat).factions:
            if state.factions[f].at is None:
                found += [{"do": "start_camp", "faction": f, "hex": list(h)}
                          for h in camp_starts(state, f)]
        return found
    if stage == "organize":
        s = state.seat(seat)
        if not in_play(state, s):
            return []
        live = {f for f in s.factions if not state.factions[f].exited}
        found = [{"do": "choose", "card": c} for c in s.hand
                 if state.defender(c).faction in live]
        found += [{"do": "choose", "from_deck": f} for f in deck_choices(state, s)
                  if state.factions[f].deck or state.factions[f].exhausted]
        return found
    if stage == "reveal":
        found = []
        for entry in state.turn.pending:
            if entry["seat"] == seat:
                extra = {"for": entry["for"]} if entry["effect"] == "relocate_all_adjacent" else {}
                found += [{"do": "resolve", "card": entry["card"], **extra, **o}
                          for o in options(state, entry)]
        return found
    return _actions(state, seat)


def _actions(state: GameState, seat: str) -> list[dict]:
    turn = state.turn
    faction = state.factions[turn.faction or ""]
    here = faction.at
    found: list[dict] = []
    if here is None:
        return [{"do": "end_turn"}]
    if turn.ap > 0:
        found += [{"do": "move", "to": list(h)} for h in move_destinations(state, faction.id)]
        found += [{"do": "regroup", "to": list(h)} for h in regroup_destinations(state, faction.id)]
        if camp_problem(state, faction) is None:
            found.append({"do": "build_camp"})
        if is_polluted(state, here):
            found.append({"do": "clear_pollution"})
        if state.usable_camp_at(here) is not None:
            found.append({"do": "heal"})
            item = state.catalog.factions[state.usable_camp_at(here) or ""].item
            if faction.items.get(item) is False:
                found.append({"do": "gain_item"})
        if state.mechs_at(here):
            found.append({"do": "destroy_mech"})
        breaches = _breaches(state, faction)
        found += [{"do": "breach", "edge": e} for e in breaches]
        factory = state.factories.get(here)
        if factory and not factory[1] and not is_polluted(state, here) and not state.mechs_at(here):
            found.append({"do": "rewild"})
    else:
        active = state.defender(turn.defender or "")
        found += [{"do": "team_up", "card": c} for c in state.seat(seat).hand
                  if state.defender(c).habitat == active.habitat
                  and state.defender(c).faction == faction.id]
    found += _items(state, faction)
    found.append({"do": "end_turn"})
    return found


def _breaches(state: GameState, faction) -> list:
    if faction.breaches_left <= 0 or faction.at is None:
        return []
    return [[list(e[0]), list(e[1])] for e in edges_of(faction.at) if breachable(state, e)]


def _items(state: GameState, faction) -> list[dict]:
    here = faction.at
    found: list[dict] = []
    gained = {k for k, v in faction.items.items() if v}
    if "bread" in gained:
        found.append({"do": "use_item", "item": "bread"})
    if "potions" in gained:
        if faction.damage:
            found.append({"do": "use_item", "item": "potions", "effect": "heal"})
        if is_polluted(state, here):
            found.append({"do": "use_item", "item": "potions", "effect": "clear"})
    if "rockets" in gained:
        spots = [here] + (list(neighbours(here)) if ongoing.has(state, "rockets_adjacent",
                                                                 faction.id) else [])
        found += [{"do": "use_item", "item": "rockets", "effect": "destroy", "at": list(h)}
                  for h in spots if state.mechs_at(h)]
        found += [{"do": "use_item", "item": "rockets", "effect": "breach", "edge": e}
                  for e in _breaches(state, faction)]
    if "maps" in gained:
        found += [{"do": "use_item", "item": "maps", "effect": "move", "to": list(h)}
                  for h in move_destinations(state, faction.id)]
        found += [{"do": "use_item", "item": "maps", "effect": "regroup", "to": list(h)}
                  for h in regroup_destinations(state, faction.id)]
    return found
