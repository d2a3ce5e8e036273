"""Reveal abilities: resolved in the organize phase, never with a damage roll; each mech
destroyed, wall breached and hex cleared still gains 1 support. Abilities that need no
choice resolve at once, in turn order from the first player; those that do wait for their
seat (`{"do": "resolve", "card": ..., ...}`), in any order. An ability with nothing to act
on fizzles. Adjacent means next to on the board, whatever walls stand between.
"""
from __future__ import annotations

from typing import Any, Optional

from defenders.rules.actions import breachable, clear_hex, destroy_mech_at, gain_item, \
    place_breach
from defenders.rules.checks import edge_field, hex_field, maybe_hex, only_fields, refuse, \
    str_field
from defenders.rules.damage import heal, take_damage
from defenders.rules.events import EventLog
from defenders.rules.factories import add_pollution
from defenders.rules.hexes import CORE, Edge, edges_of, neighbours, on_board
from defenders.rules.state import Faction, GameState, set_count
from defenders.rules.support import draw, gain_support
from defenders.rules.turns import check_win, next_turn

CHOICES = ("relocate_camp", "heal_player", "relocate_all_adjacent", "mech_to_pollution",
           "relocate", "breach_any")


def _needs_choice(effect: str, params: dict) -> bool:
    return effect in CHOICES or (effect == "destroy_mech" and params.get("where") == "adjacent")


def resolve_reveal_abilities(state: GameState, order: list, events: EventLog) -> None:
    for seat_id in order:
        card = state.seat(seat_id).chosen
        ability = state.defender(card or "").ability
        if ability is None or ability.timing != "reveal" or ability.effect == "pass_first_player":
            continue
        faction = state.factions[state.defender(card or "").faction]
        params = dict(ability.params)
        if not _needs_choice(ability.effect, params):
            _auto(state, faction, ability.effect, params, card or "", events)
            if state.outcome is not None:
                return
            continue
        targets = [faction.id] if ability.effect != "relocate_all_adjacent" else [
            f.id for f in state.live_factions() if f.at is not None]
        for target in targets:
            entry = {"seat": state.factions[target].seat, "faction": faction.id, "card": card,
                     "effect": ability.effect, "for": target}
            if options(state, entry):
                state.turn.pending.append(entry)
            else:
                events.add("ability_fizzled", card=card, faction=faction.id, for_faction=target)
    check_win(state, events)


def _auto(state: GameState, faction: Faction, effect: str, params: dict, card: str,
          events: EventLog) -> None:
    done: dict[str, Any] = {}
    if effect == "gain_item":
        who = state.live_factions() if params.get("who") == "all" else [faction]
        done["gained"] = [f.id for f in who if gain_item(state, f, params["item"], events)]
    elif effect == "clear_adjacent" and faction.at is not None:
        for n in neighbours(faction.at):
            if on_board(n) and n != CORE:
                clear_hex(state, faction, n, events, why="ability")
    elif effect == "damage":
        take_damage(state, faction, int(params.get("amount", 1)), events, why="ability")
    elif effect == "support":
        gain_support(state, faction, int(params.get("amount", 1)), events, why="ability")
    elif effect == "draw_cards":
        draw(state, faction, int(params.get("count", 1)), events)
    elif effect == "destroy_mech" and faction.at is not None and state.mechs_at(faction.at):
        destroy_mech_at(state, faction, faction.at, events, why="ability")
    elif effect == "heal_all":
        for f in state.live_factions():
            heal(state, f, int(params.get("amount", 1)), events, why="ability")
    events.add("ability_resolved", card=card, faction=faction.id, effect=effect, **done)


def _breach_targets(state: GameState) -> list[Edge]:
    edges = set(state.walls)
    for h in state.factories:
        edges.update(edges_of(h))
    return sorted(e for e in edges if breachable(state, e))


def options(state: GameState, entry: dict) -> list:
    """Every valid answer to a waiting reveal ability, as the command fields it takes."""
    faction = state.factions[entry["faction"]]
    effect = entry["effect"]
    at = faction.at
    if effect == "destroy_mech":
        return [{"at": list(n)} for n in (neighbours(at) if at else []) if state.mechs_at(n)]
    if effect == "mech_to_pollution":
        return [{"at": list(h)} for h in sorted(state.mechs) if h not in state.toxic]
    if effect == "heal_player":
        return [{"faction": f.id} for f in state.live_factions() if f.damage]
    if effect == "breach_any":
        return [] if faction.breaches_left <= 0 else [
            {"edge": [list(e[0]), list(e[1])]} for e in _breach_targets(state)]
    if effect == "relocate":
        habitat = state.defender(entry["card"]).ability.params["habitat"]  # type: ignore[union-attr]
        return [{"to": list(h)} for h in sorted(state.catalog.habitats)
                if state.habitat(h) in (habitat, "wild") and h != at]
    if effect == "relocate_camp":
        habitat = state.defender(entry["card"]).ability.params["habitat"]  # type: ignore[union-attr]
        free = [h for h in sorted(state.catalog.habitats)
                if state.habitat(h) in (habitat, "wild") and state.camp_at(h) is None]
        return [{"camp": list(c), "to": list(h)} for c in faction.camps
                if state.usable_camp_at(c) for h in free]
    if effect == "relocate_all_adjacent":
        mover = state.factions[entry["for"]].at
        near = [n for n in (neighbours(mover) if mover else []) if on_board(n) and n != CORE]
        return [{"to": None}] + [{"to": list(n)} for n in near]
    return []


def _find(state: GameState, seat: str, card: str, target: Optional[str]) -> dict:
    for entry in state.turn.pending:
        if entry["card"] == card and entry["seat"] == seat and target in (None, entry["for"]):
            return entry
    refuse("no_target", f"no reveal ability of {card} waits for your choice")


def resolve_choice(state: GameState, seat: str, command: dict, events: EventLog) -> None:
    only_fields(command, {"card", "at", "to", "camp", "faction", "edge", "for"})
    if state.turn.stage != "reveal":
        refuse("action_not_allowed", "reveal abilities are resolved during the reveal")
    card = str_field(command, "card") or ""
    entry = _find(state, seat, card, str_field(command, "for", required=False))
    effect, faction = entry["effect"], state.factions[entry["faction"]]
    answer = {k: command[k] for k in ("at", "to", "camp", "faction", "edge") if k in command}
    if effect == "breach_any" and "edge" in answer:
        answer["edge"] = [list(h) for h in edge_field(command)]
    if answer not in options(state, entry):
        refuse("no_target", f"that is not a choice for {state.defender(card).name}'s ability")
    state.turn.pending.remove(entry)
    if effect == "destroy_mech":
        destroy_mech_at(state, faction, hex_field(command, "at"), events, why="ability")
    elif effect == "mech_to_pollution":
        at = hex_field(command, "at")
        set_count(state.mechs, at, state.mechs_at(at) - 1)
        events.add("mech_destroyed", faction=faction.id, hex=list(at), why="rain_of_rust")
        add_pollution(state, at, 1, events, why="ability")
    elif effect == "heal_player":
        heal(state, state.factions[str(command["faction"])], None, events, why="ability")
    elif effect == "breach_any":
        place_breach(state, faction, edge_field(command), events, why="ability")
    elif effect in ("relocate", "relocate_all_adjacent"):
        to = maybe_hex(command, "to")
        mover = state.factions[entry["for"]]
        if to is not None:
            mover.at = to
            events.add("organizer_relocated", faction=mover.id, to=list(to), why=card)
    elif effect == "relocate_camp":
        camp, to = hex_field(command, "camp"), hex_field(command, "to")
        faction.camps[faction.camps.index(camp)] = to
        events.add("camp_relocated", faction=faction.id, origin=list(camp), to=list(to))
    events.add("ability_resolved", card=card, faction=faction.id, effect=effect)
    if state.outcome is None and not check_win(state, events) and not state.turn.pending:
        next_turn(state, events)
