"""The one interpreter for special actions and track effects (steps: SCHEMA.md).

A list of steps runs in an `awoken_steps` frame, one step per frame step, so a step that
starts an attack (which may wait for a defence) or asks the players to choose a target
leaves the rest of the list for later. The frame remembers the actor (a monster id, or
None when a track effect's Ancient is off the board) and the target chosen by the last
`target` step. Content never adds Python: every scenario's special actions are these same
parameterised steps. A list is started with `monster_actions.push_steps` (a card's special
action) or by the event track (`track.py`); the `advance` step moves that track.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping, Optional

from wildlands.rules.combat import start_attack
from wildlands.rules.commands import Command
from wildlands.rules.errors import RuleError
from wildlands.rules.events import EventLog
from wildlands.rules.frames import ask
from wildlands.rules.maps.entry import enter
from wildlands.rules.state import Character, GameState, Monster

from ancients_ai.engine import decks
from ancients_ai.engine import targeting as tg
from ancients_ai.engine.frames import StepsFrame
from ancients_ai.engine.monster_actions import (attack_space, heal_one, move_once,
                                                place_monster, push_steps, run_card_action)
from ancients_ai.engine.summons import summon, summon_by_map_card
from ancients_ai.engine.track import push_advance
from ancients_ai.engine.vocabulary import STEP_CHECKS


def _is_card_action(step: Any) -> bool:
    return isinstance(step, str) or (isinstance(step, Mapping) and set(step) == {"heal"}
                                     and isinstance(step["heal"], list))


def _target_figure(state: GameState, frame: StepsFrame):
    figure = state.figure(frame["target"]) if frame["target"] else None
    return figure if figure is not None and figure.on_board else None


# -- the steps ---------------------------------------------------------------------------------
def _stop(frame: StepsFrame, events: EventLog, why: str) -> None:
    frame["i"] = len(frame["steps"])
    events.add("special_fizzled", figure=frame["actor"], reason=why)


def _target(state: GameState, frame: StepsFrame, step: Any, actor: Optional[Monster], events: EventLog):
    if actor is None:
        return _stop(frame, events, "no actor on the board")
    board = state.board
    here = tg.space_of(actor)  # the steps drop an actor that is off the board
    who = step["target"]

    def ok(space):
        if "within" in step and (board.distance(here, space) is None
                                 or board.distance(here, space) > step["within"]):
            return False
        if step.get("los") and not board.has_los(here, space):
            return False
        if step.get("heavy_range") and not board.in_heavy_range(here, space):
            return False
        return True

    if who.endswith(("minion", "monster")):
        found = [m for m in tg.monsters_on_board(state) if ok(m.space)
                 and (who == "most_damaged_monster" or m.kind == "minion")
                 and ("types" not in step or m.type in step["types"])]
        chosen = tg.pick_monster(state, found)
        if chosen is None:
            return _stop(frame, events, "no target")
        frame["target"] = chosen.id
        events.add("target_chosen", by=actor.id, target=chosen.id)
        return
    found = [c for c in tg.characters_on_board(state) if ok(c.space)]
    dist = lambda c: tg.dist(state, here, c.space)  # noqa: E731
    keys: dict[str, Callable] = {
        "closest_character": lambda c: (dist(c), c.space),
        "farthest_character": lambda c: (-dist(c), c.space),
        "most_damaged_character": lambda c: (-c.damage, c.space),
        "crystal_carrier": lambda c: (-len(c.carried), dist(c), c.space),
    }
    if who == "crystal_carrier":
        found = [c for c in found if c.carried]
    if not found:
        return _stop(frame, events, "no target")
    key = keys[who]
    best = min(key(c) for c in found)
    tied = [c.id for c in found if key(c) == best]
    if len(tied) == 1:
        frame["target"] = tied[0]
        events.add("target_chosen", by=actor.id, target=tied[0])
        return
    frame["options"] = tied
    ask(state, "choose", tg.seat_order_chooser(state, tied), reason="target",
        attacker=actor.id, options=list(tied))


def _move(state: GameState, frame: StepsFrame, step: Any, actor: Optional[Monster], events: EventLog):
    if actor is None:
        return
    target = _target_figure(state, frame)
    for _ in range(step.get("steps", 1)):
        if target is None and step["move"] == "toward":
            if not move_once(state, actor, events):
                return
            continue
        here = tg.space_of(actor)  # the steps drop an actor that is off the board
        goal = target.space if target is not None else tg.closest_character_space(state, here)
        if goal is None:
            return
        if step["move"] == "toward":
            to = tg.step_toward(state, here, goal)
        else:
            to = tg.step_away(state, here, goal)
        if to is None:
            return
        place_monster(state, actor, to, events)


def _teleport(state: GameState, frame: StepsFrame, step: Any, actor: Optional[Monster], events: EventLog):
    if actor is None:
        return
    if step["teleport"] == "map_deck":
        space = decks.draw_map_card(state, events)
    else:
        target = _target_figure(state, frame)
        space = None if target is None else target.space
    if space is not None:
        place_monster(state, actor, space, events, teleported=True)


def _damage(state: GameState, frame: StepsFrame, step: Any, actor: Optional[Monster], events: EventLog):
    kind, amount, to = step["kind"], step["damage"], step.get("to", "target")
    characters_only = step.get("hits", "characters") == "characters"
    attacker = frame["actor"] or "track"
    target = _target_figure(state, frame)
    if to == "target":
        if target is None:
            return
        events.add("attacked", attacker=attacker, attack=kind, space=target.space, target=target.id)
        start_attack(state, attacker=attacker, side="ancients", attack=kind, targets=[target.id],
                     amount=amount)
    elif to == "target_space":
        if target is not None:
            attack_space(state, attacker, kind, target.space, events, amount=amount,
                         characters_only=characters_only)
    else:
        if actor is None:
            return
        here = tg.space_of(actor)  # the steps drop an actor that is off the board
        spaces = [here] if to == "space" else sorted(state.board.neighbours(here))
        targets = [f.id for s in spaces for f in state.figures_in(s)
                   if f.id != actor.id and (not characters_only or isinstance(f, Character))]
        events.add("attacked", attacker=attacker, attack=kind, space=None, target=None)
        start_attack(state, attacker=attacker, side="ancients", attack=kind, targets=targets,
                     amount=amount)


def _heal(state: GameState, frame: StepsFrame, step: Any, actor: Optional[Monster], events: EventLog):
    amount = step["heal"]
    if "types" in step:
        if actor is not None:
            heal_one(state, actor, step["types"], amount, events)
        return
    patient = actor if step["who"] == "self" else _target_figure(state, frame)
    if isinstance(patient, Monster) and patient.damage:
        healed = min(amount, patient.damage)
        patient.damage -= healed
        events.add("monster_healed", figure=patient.id, by=frame["actor"], amount=healed,
                   total=patient.damage)


def _summon(state: GameState, frame: StepsFrame, step: Any, actor: Optional[Monster], events: EventLog):
    scenario = state.mode_state.scenario(frame["scenario"])
    where = step.get("where", "map_deck")
    for _ in range(step.get("count", 1)):
        if where == "map_deck":
            summon_by_map_card(state, scenario, step["summon"], events)
            continue
        if where == "target_space":
            target = _target_figure(state, frame)
            space = None if target is None else target.space
        elif actor is None:
            space = None
        elif where == "own_space":
            space = actor.space
        else:
            near = state.board.neighbours(tg.space_of(actor))
            space = min(near) if near else None
        if space is not None:
            summon(state, scenario, step["summon"], space, events)


def _shove(state: GameState, frame: StepsFrame, step: Any, actor: Optional[Monster], events: EventLog):
    target = _target_figure(state, frame)
    if actor is None or target is None:
        return
    pulling = "pull" in step
    here = tg.space_of(actor)  # the steps drop an actor that is off the board
    for _ in range(step["pull" if pulling else "push"]):
        if pulling:
            to = tg.step_toward(state, target.space, here)
        else:
            to = tg.step_away(state, target.space, here)
        if to is None:
            return
        if isinstance(target, Character):  # entering a space like any push (map rules)
            enter(state, [(target, to)], "pushed", events, pushed_by=actor.id)
        else:
            place_monster(state, target, to, events, pushed_by=actor.id)


def _advance(state: GameState, frame: StepsFrame, step: Any, actor: Optional[Monster], events: EventLog):
    push_advance(state, frame["scenario"], step["advance"])


def _special(state: GameState, frame: StepsFrame, step: Any, actor: Optional[Monster], events: EventLog):
    steps = state.mode_state.scenario(frame["scenario"]).rules.special_actions[step["special"]]
    push_steps(state, steps, actor=frame["actor"], scenario=frame["scenario"],
               target=frame["target"])


def _repeat(state: GameState, frame: StepsFrame, step: Any, actor: Optional[Monster], events: EventLog):
    push_steps(state, list(step["steps"]) * step["repeat"], actor=frame["actor"],
               scenario=frame["scenario"], target=frame["target"])


RUN: dict[str, Callable] = {
    "target": _target, "move": _move, "teleport": _teleport, "damage": _damage,
    "heal": _heal, "summon": _summon, "push": _shove, "pull": _shove, "advance": _advance,
    "special": _special, "repeat": _repeat,
}
assert set(RUN) == set(STEP_CHECKS), "every step the validator accepts must be runnable"


class StepsHandler:
    def step(self, state: GameState, frame: StepsFrame, events: EventLog) -> None:
        i = frame["i"]
        if i >= len(frame["steps"]):
            state.frames.pop()
            return
        frame["i"] = i + 1
        step = frame["steps"][i]
        actor = state.monsters.get(frame["actor"]) if frame["actor"] else None
        if actor is not None and not actor.on_board:
            actor = None
        if _is_card_action(step):
            if actor is not None:
                run_card_action(state, actor, step, frame["scenario"], events)
            return
        for key, run in RUN.items():
            if key in step:
                run(state, frame, step, actor, events)
                return

    def respond(self, state: GameState, frame: StepsFrame, seat: str, command: Command,
                events: EventLog) -> None:
        chosen = command.character or command.target or command.figure
        if command.name != "choose" or chosen not in frame["options"]:
            raise RuleError("invalid_command", f"choose one of {', '.join(frame['options'])}")
        frame["target"] = chosen
        frame["options"] = []
        state.prompt = None
        events.add("target_chosen", by=seat, target=chosen)
