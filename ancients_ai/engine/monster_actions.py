"""Monster actions: what a minion or an Ancient does for each action printed on a card.

`run_card_action` carries out one action. Moves happen at once; an attack pushes the core
`attack` frame (`combat.start_attack(side="ancients")`), so characters defend through the
ordinary `defend` prompt and monsters caught in an area react through
`AwokenRules.monster_reaction`; a special action pushes a steps frame (`push_steps`, run by `steps.py`). The
`awoken_monster` frame runs one monster's list of actions left to right, one per step, so
an attack waiting for a defence simply leaves the rest of the list for later.

Where the rules say "you choose" (several characters in a melee monster's space, several
in the closest space a ranged monster sees), the attack frame asks the first player in
seat order who owns one of those characters (`targeting.seat_order_chooser`).
"""
from __future__ import annotations

from typing import Any, Optional

from wildlands.rules.combat import start_attack
from wildlands.rules.events import EventLog
from wildlands.rules.frames import push
from wildlands.rules.state import GameState, Monster

from ancients_ai.engine import targeting as tg
from ancients_ai.engine.frames import MonsterFrame, StepsFrame
from ancients_ai.engine.state import _plain


def ancients_deferred(state: GameState) -> bool:
    """Frames of the Ancients' turn wait for `engine.advance` when the site defers it."""
    return bool(state.catalog.option("defer_ancients")) and state.turn.phase == "ancients"


def move_event(monster: Monster) -> str:
    return "ancient_moved" if monster.kind == "ancient" else "minion_moved"


def place_monster(state: GameState, monster: Monster, to: int, events: EventLog, **how) -> None:
    origin: dict[str, Any] = {"from": monster.space}  # `from` is a keyword
    monster.space = to
    events.add(move_event(monster), figure=monster.id, **origin, to=to, **how)


def move_once(state: GameState, monster: Monster, events: EventLog) -> bool:
    """One `move`: a step toward the closest character, unless it already has company."""
    here = tg.space_of(monster)  # only monsters on the board act
    if tg.characters_in(state, here):
        return False
    goal = tg.closest_character_space(state, here)
    if goal is None:
        return False
    to = tg.step_toward(state, here, goal)
    if to is None:
        return False
    place_monster(state, monster, to, events)
    return True


def attack_characters(state: GameState, monster: Monster, attack: str, space: int,
                      events: EventLog, *, amount: int | None = None) -> None:
    """Attack one character in `space`; the players choose when several are there."""
    found = [c.id for c in tg.characters_in(state, space)]
    events.add("attacked", attacker=monster.id, attack=attack, space=space,
               target=found[0] if len(found) == 1 else None)
    if len(found) == 1:
        start_attack(state, attacker=monster.id, side="ancients", attack=attack, targets=found,
                     amount=amount)
    else:
        start_attack(state, attacker=monster.id, side="ancients", attack=attack, targets=[],
                     choose_from=found, chooser=tg.seat_order_chooser(state, found),
                     amount=amount)


def attack_space(state: GameState, monster_id: str, attack: str, space: int, events: EventLog,
                 *, amount: int | None = None, characters_only: bool = False) -> None:
    """Hit everyone in a space: characters, and (unless `characters_only`) monsters too, the
    attacker itself included if it stands there."""
    targets = [f.id for f in state.figures_in(space)
               if not characters_only or f.id in state.characters]
    events.add("attacked", attacker=monster_id, attack=attack, space=space, target=None)
    start_attack(state, attacker=monster_id, side="ancients", attack=attack, targets=targets,
                 amount=amount)


def heal_one(state: GameState, monster: Monster, types, amount: int, events: EventLog) -> bool:
    patient = tg.pick_monster(state, tg.heal_candidates(state, monster, set(types)))
    if patient is None:
        return False
    healed = min(amount, patient.damage)
    patient.damage -= healed
    events.add("monster_healed", figure=patient.id, by=monster.id, amount=healed,
               total=patient.damage)
    return True


def action_name(action: Any) -> str:
    return action if isinstance(action, str) else "heal"


def run_card_action(state: GameState, monster: Monster, action: Any, scenario: int,
                    events: EventLog) -> None:
    """Carry out one card action for a monster on the board (see SCHEMA.md)."""
    name = action_name(action)
    events.add("monster_acted", figure=monster.id, action=name)
    did = True
    if name == "move":
        did = move_once(state, monster, events)
    elif name == "fly":
        did = move_once(state, monster, events)
        did = move_once(state, monster, events) or did
    elif name == "reposition":
        here = tg.space_of(monster)  # only monsters on the board act
        goal = tg.closest_character_space(state, here)
        if goal is None:
            did = False
        else:
            distance = state.board.distance(here, goal)
            assert distance is not None, "closest_character_space returns only reachable spaces"
            did = distance > 1 and move_once(state, monster, events)
    elif name in ("melee", "heavy_melee"):
        here = tg.space_of(monster)  # only monsters on the board act
        did = bool(tg.characters_in(state, here))
        if did:
            attack_characters(state, monster, name, here, events)
    elif name in ("ranged", "heavy_ranged"):
        space = tg.ranged_space(state, monster, heavy=name == "heavy_ranged")
        did = space is not None
        if space is not None:
            attack_characters(state, monster, name, space, events)
    elif name == "area":
        space = tg.area_space(state, monster)
        did = space is not None
        if space is not None:
            attack_space(state, monster.id, "area", space, events)
    elif name == "heal":
        did = heal_one(state, monster, action["heal"], 1, events)
    else:
        steps = state.mode_state.scenario(scenario).rules.special_actions[name]
        push_steps(state, steps, actor=monster.id, scenario=scenario)
    if not did:
        events.add("monster_idled", figure=monster.id, action=name)


def push_steps(state: GameState, steps, *, actor: Optional[str], scenario: int,
               target: Optional[str] = None) -> None:
    push(state, StepsFrame(kind="awoken_steps", steps=_plain(list(steps)), i=0, actor=actor,
                           scenario=scenario, target=target, options=[],
                           deferred=ancients_deferred(state)))


def push_monster_actions(state: GameState, monster: Monster, scenario: int, card: str,
                         half: str | None) -> None:
    """A monster resolves a row of a card: `half` is "top" or "bottom" of a minion card,
    None for an Ancient card. The frame names the card rather than copying its actions."""
    push(state, MonsterFrame(kind="awoken_monster", monster=monster.id, card=card, half=half,
                             i=0, scenario=scenario, deferred=ancients_deferred(state)))


def card_actions(state: GameState, scenario: int, card: str, half: str | None) -> tuple:
    rules = state.mode_state.scenario(scenario).rules
    if half is None:
        return rules.ancient_cards[card].actions
    minion_card = rules.minion_cards[card]
    return minion_card.top_actions if half == "top" else minion_card.bottom_actions


class MonsterActionsHandler:
    """One monster resolving a row of card actions, left to right. A monster knocked out
    part-way (by its own area attack, say) does nothing more."""

    def step(self, state: GameState, frame: MonsterFrame, events: EventLog) -> None:
        monster = state.monsters.get(frame["monster"])
        i = frame["i"]
        actions = card_actions(state, frame["scenario"], frame["card"], frame["half"])
        if monster is None or not monster.on_board or i >= len(actions):
            state.frames.pop()
            return
        frame["i"] = i + 1
        run_card_action(state, monster, actions[i], frame["scenario"], events)

    def respond(self, state, frame, seat, command, events) -> None:  # never asks
        raise AssertionError("awoken_monster frames do not ask questions")
