"""Items: used during your own turn, before the machine card, without an action point and
without rolling damage. Each is flipped back to its used side once used.

A move with maps is not a move action, so it gains no item at a camp (else two camps of
the Order would give endless free moves). bread: one more action point. potions: remove one damage token, or clear the pollution (or
toxic site) where you are. rockets: destroy a mech where you are (or next door with
Ballistics), or breach a wall of your hex. maps: a move or a regroup.
"""
from __future__ import annotations

from typing import Callable

from defenders.rules import ongoing
from defenders.rules.actions import check_breach, check_move, check_regroup, clear_hex, \
    destroy_mech_at, is_polluted, place_breach, place_organizer
from defenders.rules.checks import acting_faction, at_hex, maybe_hex, only_fields, refuse, \
    str_field
from defenders.rules.damage import heal
from defenders.rules.events import EventLog
from defenders.rules.hexes import neighbours
from defenders.rules.state import GameState

EFFECTS = {"bread": (None,), "potions": ("heal", "clear"), "rockets": ("destroy", "breach"),
           "maps": ("move", "regroup")}


def use_item(state: GameState, seat: str, command: dict, events: EventLog) -> None:
    only_fields(command, {"item", "effect", "to", "at", "edge"})
    faction = acting_faction(state, seat)
    item = str_field(command, "item")
    if item not in EFFECTS:
        refuse("invalid_command", f"unknown item {item!r} (bread, potions, rockets or maps)")
    if not faction.items.get(item):
        refuse("action_not_allowed", f"the {faction.id} have no gained {item} to use")
    effect = command.get("effect")
    if effect not in EFFECTS[item]:
        refuse("invalid_command", f"{item} are used for {' or '.join(map(str, EFFECTS[item]))}")
    here = at_hex(faction)
    apply_effect: Callable[[], object]
    if item == "bread":
        apply_effect = lambda: _bread(state, events)  # noqa: E731
    elif effect == "heal":
        if faction.damage == 0:
            refuse("no_target", "there is no damage to remove")
        apply_effect = lambda: heal(state, faction, 1, events, why="potions")  # noqa: E731
    elif effect == "clear":
        if not is_polluted(state, here):
            refuse("no_target", "there is no pollution or toxic site here")
        apply_effect = lambda: clear_hex(state, faction, here, events, why="potions")  # noqa: E731
    elif effect == "destroy":
        at = maybe_hex(command, "at") or here
        allowed = {here} | (set(neighbours(here)) if ongoing.has(state, "rockets_adjacent",
                                                                  faction.id) else set())
        if at not in allowed or state.mechs_at(at) == 0:
            refuse("no_target", "rockets destroy a mech in your hex (next door with Ballistics)")
        apply_effect = lambda: destroy_mech_at(state, faction, at, events, why="rockets")  # noqa: E731
    elif effect == "breach":
        e = check_breach(state, faction, command)
        apply_effect = lambda: place_breach(state, faction, e, events, why="rockets")  # noqa: E731
    elif effect == "move":
        to = check_move(state, faction, command)
        apply_effect = lambda: place_organizer(state, faction, to, events, "organizer_moved",  # noqa: E731
                                               gains_item=False)
    else:
        to = check_regroup(state, faction, command)
        apply_effect = lambda: place_organizer(state, faction, to, events,  # noqa: E731
                                               "organizer_regrouped", gains_item=False)
    faction.items[item] = False
    events.add("item_used", faction=faction.id, item=item, effect=effect)
    apply_effect()


def _bread(state: GameState, events: EventLog) -> None:
    state.turn.ap += 1
    events.add("action_points_gained", faction=state.turn.faction, ap=state.turn.ap,
               why="bread")
