"""A move is a move, wherever it comes from: every way a character enters a space goes
through `wildlands.rules.maps.entry.enter`, the one place the map's entry rules (thorns crossed,
thin ice, a slippery surface, a tomb's curse) are applied.

The behaviour is checked by the rules cases (a special action's moves, the Magus's placing,
a minion's push, a treasure's move: `tests/rules_cases/skirmish/wrath_maps_*.yaml`,
`tests/rules_cases/awoken/map_entry_ways.yaml`). This guard keeps it so: the pure cores are
read with `ast`, and a figure's `space` may be set only by `enter` or by one of the places
listed here, each of which is not a character entering a space.
"""
from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PURE_CORES = (REPO / "wildlands" / "rules", REPO / "ancients_ai" / "engine")

# (module file, function) -> why setting `space` there is not a character entering a space
NOT_ENTERING = {
    ("wildlands/rules/maps/entry.py", "enter"): "the one place characters enter spaces",
    ("wildlands/rules/state.py", "clone"): "a copy of the state",
    ("wildlands/rules/turns.py", "reveal"): "a reveal is an appearance (tombs: `hooks.revealed`)",
    ("wildlands/rules/combat.py", "knock_out"): "leaving the board",
    ("wildlands/rules/maps/belts.py", "run_belt"): "the monsters a belt carries (characters: enter)",
    ("ancients_ai/engine/monster_actions.py", "place_monster"): "a monster's own moves",
    ("ancients_ai/engine/setup.py", "new_awoken"): "the characters' starting spaces",
}


def _space_settings(path: Path) -> list[tuple[str, int]]:
    """(enclosing function, line) of every `x.space = ...` and `setattr(x, "space", ...)`
    (the table companion's `correct`, which sets a figure's space to where the table says it
    is, names its fields through a variable and is not a move)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[tuple[str, int]] = []

    def visit(node: ast.AST, function: str) -> None:
        for child in ast.iter_child_nodes(node):
            name = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else function
            targets = []
            if isinstance(child, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
                targets = child.targets if isinstance(child, ast.Assign) else [child.target]
            if any(isinstance(t, ast.Attribute) and t.attr == "space" for t in targets):
                found.append((function, child.lineno))
            if (isinstance(child, ast.Call) and isinstance(child.func, ast.Name)
                    and child.func.id == "setattr" and len(child.args) > 1
                    and isinstance(child.args[1], ast.Constant) and child.args[1].value == "space"):
                found.append((function, child.lineno))
            visit(child, name)

    visit(tree, "<module>")
    return found


def test_every_character_enters_a_space_through_enter():
    strays = []
    for core in PURE_CORES:
        for path in sorted(core.rglob("*.py")):
            relative = path.relative_to(REPO).as_posix()
            for function, line in _space_settings(path):
                if (relative, function) not in NOT_ENTERING:
                    strays.append(f"{relative}:{line} ({function})")
    assert not strays, ("a figure is put on a space outside `maps.entry.enter`, so the map's "
                        "rules would not see it enter:\n" + "\n".join(strays))


def test_the_guard_sees_a_placement_written_anywhere(tmp_path):
    source = tmp_path / "mover.py"
    source.write_text("def shove(c, to):\n    c.space = to\n\n"
                      "class A:\n    def go(self, c):\n        setattr(c, 'space', 3)\n")
    assert _space_settings(source) == [("shove", 2), ("go", 6)]
