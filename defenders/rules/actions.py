"""The action menu: each costs one action point (or an item instead), and from a hex with a
mech or beside a sniper each first rolls the damage die once.

move, regroup, build a camp, clear pollution, heal, destroy a mech, breach a wall, rewild a
factory, gain an item; then teaming up and ending the turn. Support comes from destroying,
breaching, clearing and rewilding, never beyond a maxed-out track.
"""
from __future__ import annotations

from defenders.rules import ongoing
from defenders.rules.board import is_walled
from defenders.rules.checks import acting_faction, at_hex, describe, edge_field, hex_field, \
    only_fields, refuse, str_field
from defenders.rules.damage import heal, roll_for_action, take_damage
from defenders.rules.events import EventLog
from defenders.rules.hexes import CORE, Edge, edges_of
from defenders.rules.movement import move_destinations, regroup_destinations
from defenders.rules.state import Faction, GameState, set_count
from defenders.rules.support import draw_up_to, gain_support, hand_of, is_maxed, \
    next_camp_space
from defenders.rules.turns import check_win, end_turn


def need_ap(state: GameState) -> None:
    if state.turn.ap <= 0:
        refuse("action_not_allowed", "no action points left: team up a defender of the same "
                                     "habitat, use bread, or end the turn")


def pay(state: GameState, faction: Faction, events: EventLog, *, roll: bool = True) -> None:
    """Spend one action point and roll for the hex the action starts in."""
    need_ap(state)
    state.turn.ap -= 1
    if roll:
        roll_for_action(state, faction, events)


# -- moving ----------------------------------------------------------------------------------
def place_organizer(state: GameState, faction: Faction, to, events: EventLog, kind: str,
                    *, gains_item: bool) -> None:
    before = faction.at
    faction.at = to
    events.add(kind, faction=faction.id, to=list(to),
               origin=None if before is None else list(before))
    if kind == "organizer_moved" and ongoing.has(state, "clear_on_move", faction.id):
        clear_hex(state, faction, to, events, why="friendly_fungi")
    if gains_item:
        owner = state.usable_camp_at(to)
        if owner is not None:
            gain_item(state, faction, state.catalog.factions[owner].item, events)


def check_move(state: GameState, faction: Faction, command: dict):
    to = hex_field(command, "to")
    if to not in move_destinations(state, faction.id):
        refuse("not_adjacent", f"the organizer cannot reach {describe(to)} in one move "
                               "(walls, engines, mechs in a corridor, or too far)")
    return to


def move(state: GameState, seat: str, command: dict, events: EventLog) -> None:
    only_fields(command, {"to"})
    faction = acting_faction(state, seat)
    to = check_move(state, faction, command)
    pay(state, faction, events)
    if state.outcome is None:
        place_organizer(state, faction, to, events, "organizer_moved", gains_item=True)


def check_regroup(state: GameState, faction: Faction, command: dict):
    to = hex_field(command, "to")
    if to not in regroup_destinations(state, faction.id):
        refuse("no_target", f"there is no camp to regroup to at {describe(to)}")
    return to


def regroup(state: GameState, seat: str, command: dict, events: EventLog) -> None:
    only_fields(command, {"to"})
    faction = acting_faction(state, seat)
    to = check_regroup(state, faction, command)
    sanctuary = ongoing.has(state, "sanctuary", faction.id)
    pay(state, faction, events, roll=not sanctuary)
    if state.outcome is None:
        place_organizer(state, faction, to, events, "organizer_regrouped", gains_item=False)


# -- camps ----------------------------------------------------------------------------------
def camp_problem(state: GameState, faction: Faction):
    """Why the faction cannot build a camp where its organizer is, or None."""
    here = faction.at
    if here is None:
        return "not_on_board", "the organizer is not on the board"
    if faction.camps_left == 0:
        return "action_not_allowed", "every camp of this faction is built"
    if not is_maxed(state, faction):
        need = next_camp_space(state, faction) - 1 - faction.support
        return "action_not_allowed", f"the support track is not maxed out ({need} more support)"
    if state.camp_at(here) is not None:
        return "action_not_allowed", "there is already a camp in this hex"
    habitat = state.habitat(here)
    if habitat not in (state.catalog.factions[faction.id].habitat, "wild"):
        return "action_not_allowed", "camps go in the faction's home habitat or a rewilded factory"
    return None


def build_camp(state: GameState, seat: str, command: dict, events: EventLog) -> None:
    only_fields(command, set())
    faction = acting_faction(state, seat)
    problem = camp_problem(state, faction)
    if problem:
        refuse(*problem)
    space = next_camp_space(state, faction)
    pay(state, faction, events)
    if state.outcome is not None:
        return
    here = at_hex(faction)
    faction.camps.append(here)
    faction.camps_left -= 1
    faction.support = 0
    events.add("camp_built", faction=faction.id, hex=list(here), camps_left=faction.camps_left)
    for other in state.factions.values():
        if ongoing.has(state, "support_after_camp", other.id) and not other.exited:
            gain_support(state, other, 1, events, why="sustenance")
    if faction.camps_left:
        draw_up_to(state, faction, state.catalog.track.spaces[space], events)
        check_win(state, events)
        return
    final_camp(state, faction, events)


def final_camp(state: GameState, faction: Faction, events: EventLog) -> None:
    """A faction that has built every camp exits (its turn ends), unless it is the last one
    left while built factories still stand: then it plays on."""
    if check_win(state, events):
        return
    others = [f for f in state.live_factions() if f.id != faction.id]
    if not others:
        return  # the last to finish stays until every factory is rewilded
    hand = hand_of(state, faction)
    mine = [c for c in hand if state.defender(c).faction == faction.id]
    faction.exhausted.extend(mine)
    hand[:] = [c for c in hand if c not in mine]
    faction.exited, faction.at, faction.top_live = True, None, False
    events.add("faction_exited", faction=faction.id)
    end_turn(state, events)


# -- clearing, healing, fighting --------------------------------------------------------------
def clear_hex(state: GameState, faction: Faction, hex_, events: EventLog, why: str) -> bool:
    """Clear all pollution or the toxic site from a hex (1 damage for a toxic site)."""
    if hex_ in state.toxic:
        state.toxic.discard(hex_)
        events.add("toxic_site_cleared", faction=faction.id, hex=list(hex_), why=why)
        gain_support(state, faction, 1, events, why="cleared")
        take_damage(state, faction, 1, events, why="toxic_site")
        return True
    if state.pollution.get(hex_, 0):
        count = state.pollution.pop(hex_)
        events.add("pollution_cleared", faction=faction.id, hex=list(hex_), count=count, why=why)
        gain_support(state, faction, 1, events, why="cleared")
        return True
    return False


def is_polluted(state: GameState, hex_) -> bool:
    return hex_ in state.toxic or state.pollution.get(hex_, 0) > 0


def clear_pollution(state: GameState, seat: str, command: dict, events: EventLog) -> None:
    only_fields(command, set())
    faction = acting_faction(state, seat)
    here = at_hex(faction)
    if not is_polluted(state, here):
        refuse("no_target", "there is no pollution or toxic site here")
    pay(state, faction, events)
    if state.outcome is None:
        clear_hex(state, faction, here, events, why="action")


def heal_action(state: GameState, seat: str, command: dict, events: EventLog) -> None:
    only_fields(command, set())
    faction = acting_faction(state, seat)
    if state.usable_camp_at(at_hex(faction)) is None:
        refuse("no_target", "healing needs a camp in the organizer's hex")
    need_ap(state)
    heal(state, faction, None, events, why="action")  # tokens off first, then the roll
    pay(state, faction, events)


def destroy_mech_at(state: GameState, faction: Faction, hex_, events: EventLog, why: str) -> None:
    set_count(state.mechs, hex_, state.mechs_at(hex_) - 1)
    events.add("mech_destroyed", faction=faction.id, hex=list(hex_), why=why)
    extra = 1 if ongoing.has(state, "extra_support_per_mech", faction.id) else 0
    gain_support(state, faction, 1 + extra, events, why="mech")


def destroy_mech(state: GameState, seat: str, command: dict, events: EventLog) -> None:
    only_fields(command, set())
    faction = acting_faction(state, seat)
    here = at_hex(faction)
    if state.mechs_at(here) == 0:
        refuse("no_target", "there is no mech here")
    pay(state, faction, events)
    if state.outcome is None and state.mechs_at(here):
        destroy_mech_at(state, faction, here, events, why="action")


def breachable(state: GameState, e: Edge) -> bool:
    return is_walled(state, e) and e not in state.breaches and CORE not in e


def check_breach(state: GameState, faction: Faction, command: dict, *, anywhere: bool = False) -> Edge:
    e = edge_field(command)
    if faction.breaches_left <= 0:
        refuse("action_not_allowed", "every breach marker of this faction is on the board")
    if not anywhere and e not in edges_of(at_hex(faction)):
        refuse("not_adjacent", "a breach goes on an edge of the organizer's hex")
    if not breachable(state, e):
        refuse("no_target", "that edge has no wall to breach (or is breached, or is the core's)")
    return e


def place_breach(state: GameState, faction: Faction, e: Edge, events: EventLog, why: str) -> None:
    faction.breaches_left -= 1
    state.breaches[e] = faction.id
    events.add("wall_breached", faction=faction.id, edge=[list(e[0]), list(e[1])], why=why)
    gain_support(state, faction, 1, events, why="breach")


def breach(state: GameState, seat: str, command: dict, events: EventLog) -> None:
    only_fields(command, {"edge"})
    faction = acting_faction(state, seat)
    e = check_breach(state, faction, command)
    pay(state, faction, events)
    if state.outcome is None:
        place_breach(state, faction, e, events, why="action")


def rewild(state: GameState, seat: str, command: dict, events: EventLog) -> None:
    only_fields(command, set())
    faction = acting_faction(state, seat)
    here = at_hex(faction)
    factory = state.factories.get(here)
    if factory is None or factory[1]:
        refuse("no_target", "only a built factory can be rewilded (and only from inside it)")
    if is_polluted(state, here) or state.mechs_at(here):
        refuse("action_not_allowed", "clear the factory's pollution and destroy its mechs first")
    pay(state, faction, events)
    if state.outcome is not None:
        return
    factory[1] = True
    events.add("factory_rewilded", faction=faction.id, hex=list(here), tile=factory[0])
    gain_support(state, faction, 1, events, why="rewild")
    check_win(state, events)


# -- items ----------------------------------------------------------------------------------
def gain_item(state: GameState, faction: Faction, item: str, events: EventLog) -> bool:
    if item not in faction.items or faction.items[item]:
        return False
    faction.items[item] = True
    events.add("item_gained", faction=faction.id, item=item)
    return True


def gain_item_action(state: GameState, seat: str, command: dict, events: EventLog) -> None:
    only_fields(command, set())
    faction = acting_faction(state, seat)
    owner = state.usable_camp_at(at_hex(faction))
    if owner is None:
        refuse("no_target", "gaining an item needs a camp in the organizer's hex")
    item = state.catalog.factions[owner].item
    if faction.items.get(item, True):
        refuse("action_not_allowed", f"{item} are already gained")
    pay(state, faction, events)
    if state.outcome is None:
        gain_item(state, faction, item, events)


# -- teaming up, ending the turn ------------------------------------------------------------
def team_up(state: GameState, seat: str, command: dict, events: EventLog) -> None:
    only_fields(command, {"card"})
    faction = acting_faction(state, seat)
    card = str_field(command, "card")
    hand = state.seat(seat).hand
    if card not in hand:
        refuse("card_not_in_hand", f"{card} is not in your hand")
    if state.turn.ap > 0:
        refuse("action_not_allowed", "spend every action point before teaming up")
    active = state.defender(state.turn.defender or "")
    teamed = state.defender(card or "")
    if teamed.habitat != active.habitat or teamed.faction != faction.id:
        refuse("card_cannot_pay", f"only a {active.habitat} defender of the {faction.id} "
                                  "can team up with the active defender")
    hand.remove(card)
    faction.exhausted.insert(max(0, len(faction.exhausted) - 1), card)
    state.turn.teamed.append(card)
    state.turn.ap += 1
    events.add("defender_teamed_up", faction=faction.id, card=card, ap=state.turn.ap)


def end_turn_command(state: GameState, seat: str, command: dict, events: EventLog) -> None:
    only_fields(command, set())
    acting_faction(state, seat)
    end_turn(state, events)
