"""Which of the project's modules import which, read with `ast` (nothing is imported), and
the rings among them.

Every import counts: at the top of a module, inside a function, under `if TYPE_CHECKING`.
A ring hidden in a function still ties the modules together (neither can be read, tested
or moved without the other), it only fails later. `import_cycles` is shared by the tests
that keep the pure cores, and the site's modules, free of rings.
"""
from __future__ import annotations

import ast
from pathlib import Path
from typing import Iterable


def _package_root(path: Path) -> Path:
    """The folder above the outermost package holding `path` (where its dotted name starts)."""
    folder = path if path.is_dir() else path.parent
    while (folder / "__init__.py").exists():
        folder = folder.parent
    return folder


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules_in(package_paths: Iterable[Path]) -> dict[str, Path]:
    """Dotted module name -> file, for every .py file under the given package folders."""
    found: dict[str, Path] = {}
    for package in package_paths:
        package = Path(package).resolve()
        root = _package_root(package)
        for path in sorted(package.rglob("*.py")):
            found[_module_name(path, root)] = path
    return found


def _absolute(module: str | None, level: int, importer: str, is_package: bool) -> str:
    """The absolute name a (possibly relative) `from` import refers to."""
    if level == 0:
        return module or ""
    base = importer.split(".")
    if not is_package:
        base = base[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join(base + ([module] if module else []))


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The known modules that the module `name` (file `path`) imports, anywhere in it."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"
    targets: set[str] = set()

    def add(dotted: str) -> None:
        # `import a.b.c` and `from a.b import x` load the deepest known module named
        while dotted and dotted not in known:
            dotted = dotted.rpartition(".")[0]
        if dotted and dotted != name:
            targets.add(dotted)

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(node.module, node.level, name, is_package)
            for alias in node.names:
                submodule = f"{base}.{alias.name}" if base else alias.name
                add(submodule if submodule in known else base)
    return targets


def import_graph(package_paths: Iterable[Path]) -> dict[str, set[str]]:
    """Module -> the project modules it imports (only modules under `package_paths`)."""
    modules = modules_in(package_paths)
    known = set(modules)
    return {name: imports_of(name, path, known) for name, path in modules.items()}


def _strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's components, iteratively (no recursion limit on long chains)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    components: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                components.append(sorted(component))
    return components


def _a_cycle_through(component: list[str], graph: dict[str, set[str]]) -> list[str]:
    """One shortest ring inside a strongly connected component, closed on its first module."""
    members = set(component)
    start = component[0]
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for child in sorted(graph[node] & members):
                if child == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return path[::-1] + [start]
                if child not in came_from:
                    came_from[child] = node
                    following.append(child)
        frontier = following
    raise AssertionError(f"no ring in a strongly connected component: {component}")


def import_cycles(package_paths: Iterable[Path]) -> list[list[str]]:
    """Every ring of imports among the modules under `package_paths`: one ring (a list of
    module names that starts and ends on the same module) per tangle of modules that import
    each other. Empty when the modules form layers."""
    graph = import_graph(package_paths)
    return [_a_cycle_through(component, graph)
            for component in _strongly_connected(graph) if len(component) > 1]
