"""The words content may use: card actions, special-action steps, treasure steps.

The validator (`scenarios.py`) and the interpreters (`monster_actions.py`, `steps.py`,
`treasures.py`) both read these tables, so a step the validator accepts is a step the
engine knows how to run. `check_step` returns a problem sentence or None.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping, Optional

CARD_ACTIONS = ("move", "fly", "reposition", "melee", "heavy_melee", "ranged", "heavy_ranged",
                "area")
ATTACK_ACTIONS = ("melee", "heavy_melee", "ranged", "heavy_ranged", "area")
DAMAGE_KINDS = ATTACK_ACTIONS + ("trap",)
TARGET_WHO = ("closest_character", "farthest_character", "most_damaged_character",
              "crystal_carrier", "most_damaged_minion", "most_damaged_monster")
DAMAGE_TO = ("target", "target_space", "space", "adjacent")
SUMMON_WHERE = ("map_deck", "own_space", "adjacent", "target_space")
TREASURE_USE = ("once", "always")
TREASURE_WHEN = ("players_turn", "defence", "any")


def _int(value: Any, low: int = 1) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= low


def _names(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, str) for v in value)


class Words:
    """What one scenario defines: its minion types, its Ancient's id, its special actions."""

    def __init__(self, minion_types, ancient_id: str, specials) -> None:
        self.minion_types = set(minion_types)
        self.ancient_id = ancient_id
        self.specials = set(specials)

    def healable(self, types: Any) -> Optional[str]:
        if not _names(types):
            return "heal needs a list of minion types or the Ancient's id"
        unknown = [t for t in types if t not in self.minion_types and t != self.ancient_id]
        if unknown:
            return f"heal: {unknown[0]!r} is not a minion type of this scenario or its Ancient"
        return None


def check_card_action(action: Any, words: Words) -> Optional[str]:
    """A card action: a standard name, a special action's name, or {heal: [types]}."""
    if isinstance(action, str):
        if action in CARD_ACTIONS or action in words.specials:
            return None
        if action == "heal":
            return "heal must name the types it heals: {heal: [type, ...]}"
        return f"{action!r} is not a monster action or a special action of this scenario"
    if isinstance(action, Mapping) and set(action) == {"heal"}:
        return words.healable(action["heal"])
    return f"{action!r} is not a monster action"


def _keys(step: Mapping, allowed: set) -> Optional[str]:
    extra = set(step) - allowed
    return f"unknown field(s) {', '.join(sorted(map(str, extra)))}" if extra else None


def _target(step, words):
    if step["target"] not in TARGET_WHO:
        return f"target must be one of {', '.join(TARGET_WHO)}"
    if "within" in step and not _int(step["within"], 0):
        return "within must be a whole number of spaces"
    for flag in ("los", "heavy_range"):
        if flag in step and not isinstance(step[flag], bool):
            return f"{flag} must be true or false"
    if "types" in step:
        if not step["target"].endswith(("minion", "monster")):
            return "types only narrows a minion or monster target"
        if not _names(step["types"]):
            return "types must be a list of names"
    return _keys(step, {"target", "within", "los", "heavy_range", "types"})


def _move(step, words):
    if step["move"] not in ("toward", "away"):
        return "move must be toward or away"
    if not _int(step.get("steps", 1)):
        return "steps must be at least 1"
    return _keys(step, {"move", "steps"})


def _teleport(step, words):
    if step["teleport"] not in ("map_deck", "target_space"):
        return "teleport must be map_deck or target_space"
    return _keys(step, {"teleport"})


def _damage(step, words):
    if not _int(step["damage"]):
        return "damage must be at least 1"
    if step.get("kind") not in DAMAGE_KINDS:
        return f"damage needs a kind: one of {', '.join(DAMAGE_KINDS)}"
    if step.get("to", "target") not in DAMAGE_TO:
        return f"to must be one of {', '.join(DAMAGE_TO)}"
    if step.get("hits", "characters") not in ("characters", "all"):
        return "hits must be characters or all"
    return _keys(step, {"damage", "kind", "to", "hits"})


def _heal(step, words):
    if not _int(step["heal"]):
        return "heal in a step is a number of damage to remove"
    if "types" in step:
        if "who" in step:
            return "give heal either types or who, not both"
        problem = words.healable(step["types"])
        if problem:
            return problem
    elif step.get("who") not in ("self", "target"):
        return "heal needs types: [...] or who: self|target"
    return _keys(step, {"heal", "types", "who"})


def _summon(step, words):
    if step["summon"] not in words.minion_types:
        return f"{step['summon']!r} is not a minion type of this scenario"
    if step.get("where", "map_deck") not in SUMMON_WHERE:
        return f"where must be one of {', '.join(SUMMON_WHERE)}"
    if not _int(step.get("count", 1)):
        return "count must be at least 1"
    return _keys(step, {"summon", "where", "count"})


def _shove(key):
    def check(step, words):
        if not _int(step[key]):
            return f"{key} must be at least 1"
        return _keys(step, {key})
    return check


def _special(step, words):
    if step["special"] not in words.specials:
        return f"{step['special']!r} is not a special action of this scenario"
    return _keys(step, {"special"})


def _repeat(step, words):
    if not _int(step["repeat"]):
        return "repeat must be at least 1"
    if "steps" not in step:
        return "repeat needs steps: [...]"
    for problem in check_steps(step["steps"], words):
        return f"in repeat: {problem}"
    return _keys(step, {"repeat", "steps"})


STEP_CHECKS: dict[str, Callable] = {
    "target": _target, "move": _move, "teleport": _teleport, "damage": _damage,
    "heal": _heal, "summon": _summon, "push": _shove("push"), "pull": _shove("pull"),
    "advance": _shove("advance"), "special": _special, "repeat": _repeat,
}


def as_steps(raw: Any) -> list:
    """A single step may be written without its list."""
    return list(raw) if isinstance(raw, (list, tuple)) else [raw]


def check_step(step: Any, words: Words) -> Optional[str]:
    if isinstance(step, str) or (isinstance(step, Mapping) and set(step) == {"heal"}
                                 and isinstance(step["heal"], list)):
        return check_card_action(step, words)
    if not isinstance(step, Mapping) or not step:
        return f"{step!r} is not a step"
    for key, check in STEP_CHECKS.items():
        if key in step:
            return check(step, words)
    return f"{step!r} is not a step (known: {', '.join(STEP_CHECKS)})"


def check_steps(raw: Any, words: Words) -> list:
    problems = []
    for i, step in enumerate(as_steps(raw), start=1):
        problem = check_step(step, words)
        if problem:
            problems.append(f"step {i}: {problem}")
    return problems


# -- treasures ---------------------------------------------------------------------------------
def _t_heal(step):
    if not _int(step["heal"]):
        return "heal must be at least 1"
    if step.get("who", "self") not in ("self", "target"):
        return "who must be self or target"
    return _keys(step, {"heal", "who"})


def _t_move(step):
    return None if _int(step["move"]) and len(step) == 1 else "move is a number of spaces"


def _t_damage(step):
    if not _int(step["damage"]):
        return "damage must be at least 1"
    if step.get("kind") not in ATTACK_ACTIONS:
        return f"damage needs a kind: one of {', '.join(ATTACK_ACTIONS)}"
    return _keys(step, {"damage", "kind"})


def _t_draw(step):
    return None if _int(step["draw"]) and len(step) == 1 else "draw is a number of cards"


def _t_prevent(step):
    if not _names(step["prevent"]) or any(k not in DAMAGE_KINDS for k in step["prevent"]):
        return f"prevent lists damage kinds: {', '.join(DAMAGE_KINDS)}"
    return _keys(step, {"prevent"})


TREASURE_CHECKS: dict[str, Callable] = {
    "heal": _t_heal, "move": _t_move, "damage": _t_damage, "draw": _t_draw,
    "prevent": _t_prevent,
}


def check_treasure_step(step: Any) -> Optional[str]:
    if not isinstance(step, Mapping) or not step:
        return f"{step!r} is not a treasure step"
    for key, check in TREASURE_CHECKS.items():
        if key in step:
            return check(step)
    return f"{step!r} is not a treasure step (known: {', '.join(TREASURE_CHECKS)})"
