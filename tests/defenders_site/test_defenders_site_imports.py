"""Defenders of the Wild is a game on the platform, not a part of Wildlands: its package
imports the platform (`games.platform`), the few shared pure helpers every core may use
(rule errors, the seeded generator, the event registry, content errors) and the site's
generic pieces named below, and nothing of the Wildlands rules, modes or site. Its pure
parts (the rules core, bots, simulation, the rules-case adapter, `defenders.site`) import
no Django at all. Every import counts, in functions too (read with `ast`)."""
from __future__ import annotations

import ast
from pathlib import Path

from support.import_graph import imports_of, modules_in

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("defenders", "games", "wildlands", "ancients_ai", "accounts", "wildlands_site")

# what any part of the package may import from the site's other packages
SHARED = ("games.platform", "games.platform.rng", "games.platform.events",
          "games.platform.content_common")
# and what its Django side may import besides: the lobby's form base and free seats, the
# task sender, and the site's models. Nothing of The Awoken: the content admin's pieces
# (content items, versions, balance runs, shipped loads, the digest and YAML files, the
# checked admin, balance figures, charts) are the platform's (`games.platform`).
SITE_SIDE = ("games.forms", "games.lobby", "games.models", "games.pipeline.task_sender")
PURE = ("defenders.rules", "defenders.bots", "defenders.simulate", "defenders.content_loader",
        "defenders.rules_cases", "defenders.rules_cases_expect", "defenders.site",
        "defenders.game")


def _under(name: str, prefixes) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def _all_imports(path: Path) -> set[str]:
    """Every module name an import statement in the file names (absolute ones only)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
    return found


def _defenders_modules() -> dict[str, Path]:
    return {n: p for n, p in modules_in([ROOT / "defenders"]).items()
            if ".migrations." not in n}


def test_defenders_imports_only_the_platform_and_shared_pieces():
    known = set(modules_in([ROOT / p for p in PACKAGES]))
    wrong = {}
    for name, path in _defenders_modules().items():
        allowed = SHARED if _under(name, PURE) else SHARED + SITE_SIDE
        outside = {m for m in imports_of(name, path, known)
                   if not _under(m, ("defenders",)) and not _under(m, allowed)}
        if outside:
            wrong[name] = sorted(outside)
    assert wrong == {}


def test_the_pure_parts_import_no_django():
    wrong = {name: sorted(m for m in _all_imports(path) if _under(m, ("django", "channels",
                                                                     "celery")))
             for name, path in _defenders_modules().items() if _under(name, PURE)}
    assert {k: v for k, v in wrong.items() if v} == {}


def test_the_check_sees_a_forbidden_import(tmp_path):
    """The checks read function-level imports too: a Wildlands rules import hidden in a
    function of a Defenders-shaped module is found."""
    package = tmp_path / "defenders"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "leaky.py").write_text("def f():\n    from wildlands.rules.engine import apply\n"
                                      "    import django\n")
    known = set(modules_in([ROOT / "games", ROOT / "wildlands"])) | {"defenders", "defenders.leaky"}
    found = imports_of("defenders.leaky", package / "leaky.py", known)
    assert "wildlands.rules.engine" in found and not _under("wildlands.rules.engine", SHARED)
    assert "django" in _all_imports(package / "leaky.py")
