"""No two modules of the app import each other, directly or round a loop, at import time;
and no module of the site imports another round a loop at all, function-level imports
included.

A cycle works only while the import order happens to suit it, and it hides which module is
the lower layer. The graph is read from the source (top-level `import` and `from` statements,
class bodies and top-level `if`/`try` blocks included; imports inside functions and under
`if TYPE_CHECKING` run later or never, so they are left out), and every module is imported
once in a fresh interpreter, so a module that only imports in some order fails here too.
"""
from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

from support.import_graph import import_cycles

ROOT = Path(__file__).resolve().parents[2]
APP_PACKAGES = ("games", "wildlands", "ancients_ai", "accounts", "wildlands_site")


def app_modules() -> dict[str, Path]:
    """Dotted name -> file of every module of the app packages (migrations left out: the
    migration loader reads them, nobody imports them)."""
    found = {}
    for package in APP_PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if "migrations" in parts:
                continue
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _import_time_statements(body: list[ast.stmt]):
    """Every import statement that runs when the module is imported."""
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, ast.If):
            if not _is_type_checking(node.test):
                yield from _import_time_statements(node.body)
            yield from _import_time_statements(node.orelse)
        elif isinstance(node, ast.Try):
            for block in (node.body, node.orelse, node.finalbody,
                          *[handler.body for handler in node.handlers]):
                yield from _import_time_statements(block)
        elif isinstance(node, (ast.With, ast.ClassDef)):
            yield from _import_time_statements(node.body)


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The app modules `name` imports at import time (`from a import b` names the module
    a.b when there is one, else a)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in _import_time_statements(ast.parse(path.read_text()).body):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                       for alias in node.names]
        found.update(t for t in targets if t in modules and t != name)
    return found


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One loop through each group of modules that import each other (Tarjan's strongly
    connected components, then a path round each group)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(group)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return [_loop(graph, group) for group in groups]


def _loop(graph: dict[str, set[str]], group: set[str]) -> list[str]:
    """A path from the group's first module back to itself, inside the group."""
    start = min(group)
    paths = {start: [start]}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for nxt in sorted(graph[node] & group):
            if nxt == start:
                return paths[node] + [start]
            if nxt not in paths:
                paths[nxt] = paths[node] + [nxt]
                queue.append(nxt)
    raise AssertionError(f"no loop in {sorted(group)}")


def test_no_module_of_the_app_imports_another_in_a_cycle():
    modules = app_modules()
    graph = {name: imports_of(name, path, modules) for name, path in modules.items()}
    found = cycles(graph)
    assert not found, "import cycles:\n" + "\n".join(" -> ".join(loop) for loop in found)


def test_the_graph_finds_a_cycle_it_is_shown():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_every_module_of_the_app_imports_in_a_fresh_interpreter():
    names = sorted(app_modules())
    script = (
        "import importlib, django\n"
        "django.setup()\n"
        f"for name in {names!r}:\n"
        "    importlib.import_module(name)\n"
    )
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "wildlands_site.settings"}
    env.setdefault("DEBUG", "1")
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-3000:]


# The site: the Django apps around the pure cores (wildlands/rules, ancients_ai/engine and the
# bots have their own test, tests/rules/test_pure_cores.py).
SITE_PACKAGES = ("games", "wildlands", "ancients_ai", "defenders", "accounts", "wildlands_site")
NOT_THE_SITE = ("wildlands.rules", "wildlands.bots", "wildlands.content", "ancients_ai.engine",
                "defenders.rules")


def _of_the_site(module: str) -> bool:
    return not any(module == core or module.startswith(core + ".") for core in NOT_THE_SITE)


def test_no_module_of_the_site_imports_another_round_a_loop_even_inside_a_function():
    """A ring closed by an import inside a function still ties its modules together: none
    can be read, tested or moved without the others (the writer, the tasks, the bot seats,
    undo and the history were one such knot)."""
    rings = [ring for ring in import_cycles([ROOT / name for name in SITE_PACKAGES])
             if any(_of_the_site(module) for module in ring)]
    assert not rings, "import rings:\n" + "\n".join(" -> ".join(ring) for ring in rings)
