"""Guard for the pure cores: wildlands/rules/ and ancients_ai/engine/ stay free of Django,
Channels, Celery, Redis and the module-level `random` (architecture.md, style.md §1), and
free of rings of imports among their own modules (`support.import_graph`).

Every .py file under those folders is parsed with `ast` (never imported), so the check is
fast and cannot be fooled by import-time side effects. It passes on empty folders.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest
from support.import_graph import import_cycles

REPO = Path(__file__).resolve().parents[2]
PURE_CORES = (REPO / "wildlands" / "rules", REPO / "ancients_ai" / "engine")

# Top-level packages a pure core may not import, with the reason shown on failure.
FORBIDDEN = {
    "django": "Django belongs to the layers around the core",
    "channels": "realtime transport belongs outside the core",
    "channels_redis": "realtime transport belongs outside the core",
    "daphne": "the web server belongs outside the core",
    "asgiref": "async glue belongs outside the core",
    "celery": "background work belongs outside the core",
    "kombu": "background work belongs outside the core",
    "redis": "I/O belongs outside the core",
    "psycopg": "I/O belongs outside the core",
    "random": "use the seeded generator stored in the state, not the module-level random",
}

# The Django side of the project's own apps: importing these from a core drags Django in.
DJANGO_LAYER_MODULES = {
    "admin", "apps", "consumers", "forms", "management", "migrations", "models",
    "routing", "selectors", "services", "tasks", "urls", "views",
}
PROJECT_APPS = {"games", "wildlands", "ancients_ai", "wildlands_site"}


def _forbidden(module: str) -> str | None:
    """Why importing `module` (a dotted absolute name) is not allowed, or None."""
    parts = module.split(".")
    if parts[0] in FORBIDDEN:
        return FORBIDDEN[parts[0]]
    if parts[0] == "wildlands_site":
        return "the Django project package belongs outside the core"
    if parts[0] in PROJECT_APPS and len(parts) > 1 and parts[1] in DJANGO_LAYER_MODULES:
        return "this is the Django side of the app"
    return None


def violations_in_source(source: str, filename: str = "<source>") -> list[str]:
    """Every forbidden import in `source`, as 'file:line: import X (reason)' strings."""
    tree = ast.parse(source, filename=filename)
    found: list[str] = []

    def report(node: ast.AST, module: str) -> None:
        reason = _forbidden(module)
        if reason:
            found.append(f"{filename}:{node.lineno}: imports {module!r} ({reason})")

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                report(node, alias.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and node.module:
                report(node, node.module)
                # `from games import models` names the Django layer in the alias.
                for alias in node.names:
                    report(node, f"{node.module}.{alias.name}")
        elif isinstance(node, ast.Call):
            # __import__("django") and importlib.import_module("django")
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name in {"__import__", "import_module"} and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    report(node, first.value)
    return found


def _core_files() -> list[Path]:
    return sorted(path for core in PURE_CORES if core.is_dir() for path in core.rglob("*.py"))


def test_pure_cores_import_nothing_forbidden():
    problems: list[str] = []
    for path in _core_files():
        relative = path.relative_to(REPO).as_posix()
        problems += violations_in_source(path.read_text(encoding="utf-8"), relative)

    assert not problems, "pure core imports something it must not:\n" + "\n".join(problems)


# The guard itself is tested on snippets, so it is known to bite even while the cores
# are still empty.

@pytest.mark.parametrize(
    "source",
    [
        "import django",
        "from django.db import models",
        "import channels.layers",
        "from celery import shared_task",
        "import redis",
        "import random",
        "import random as rnd",
        "from random import shuffle",
        "from random import Random",
        "def f():\n    import random\n    return random.random()",
        "from games import models",
        "from games.services import game_apply",
        "from ancients_ai.tasks import play_ancients_turn",
        "import wildlands_site.settings",
        "__import__('django')",
        "import importlib\nimportlib.import_module('celery')",
    ],
)
def test_guard_catches(source):
    assert violations_in_source(source), source


@pytest.mark.parametrize(
    "source",
    [
        "",
        "import dataclasses, json, itertools",
        "from wildlands.rules.state import GameState",
        "from wildlands.rules import board",
        "from ancients_ai.engine.decks import MinionDeck",
        "from . import board\nfrom .cards import Card",
        "import randomness_helpers",
        "from games.platform.content_common import ContentError",
    ],
)
def test_guard_allows(source):
    assert violations_in_source(source) == []


# -- no rings of imports ---------------------------------------------------------------------
# Two modules that import each other, even from inside a function or only for a type, cannot
# be read, tested or moved one without the other; in the cores the shared piece goes in a
# module both import, or one of them stops needing the other.

def test_pure_cores_have_no_import_rings():
    rings = import_cycles(PURE_CORES)
    assert not rings, "modules of the pure cores import each other:\n" + "\n".join(
        " -> ".join(ring) for ring in rings)


def _package(root: Path, files: dict[str, str]) -> Path:
    package = root / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    for name, source in files.items():
        (package / f"{name}.py").write_text(source)
    return package


@pytest.mark.parametrize("files, ring", [
    ({"a": "from pkg import b\n", "b": "import pkg.a\n"}, ["pkg.a", "pkg.b", "pkg.a"]),
    ({"a": "def f():\n    from pkg.b import g\n", "b": "from pkg.a import f\n"},
     ["pkg.a", "pkg.b", "pkg.a"]),
    ({"a": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.b import B\n",
      "b": "from . import c\n", "c": "from .a import x\n"}, ["pkg.a", "pkg.b", "pkg.c", "pkg.a"]),
])
def test_a_ring_is_found_however_it_is_imported(tmp_path, files, ring):
    assert import_cycles([_package(tmp_path, files)]) == [ring]


def test_layers_are_no_ring(tmp_path):
    files = {"low": "import json\n", "mid": "from pkg.low import x\n",
             "top": "from pkg import low, mid\ndef f():\n    import pkg.mid\n"}
    assert import_cycles([_package(tmp_path, files)]) == []
