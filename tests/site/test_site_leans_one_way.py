"""The apps lean one way: the games live on the platform (`games`), the platform knows no
game. No module under games/ imports `wildlands`, `ancients_ai` (The Awoken) or `defenders`
(Defenders of the Wild), not even inside a function, and none names one in its code: no
string of a game's package, mode key, rules-case mode or opponent, so no check like
`game.mode == "coop"`. The site reaches a game through the declaration it registered
(`games.platform.registry`), so a game can be added, changed or removed without touching
the site. Docstrings and comments may name a game as an example; code may not.
"""
from __future__ import annotations

import ast
from pathlib import Path

from support.import_graph import imports_of, modules_in

from games.platform import registry

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("wildlands", "ancients_ai", "defenders")


def _of_a_game(module: str) -> bool:
    return any(module == game or module.startswith(game + ".") for game in GAMES)


def game_imports_of_the_site() -> dict[str, set[str]]:
    """Module of games/ -> the modules of a game it imports, anywhere in it."""
    site = modules_in([ROOT / "games"])
    known = set(site) | set(modules_in([ROOT / game for game in GAMES]))
    found = {}
    for name, path in site.items():
        reached = {m for m in imports_of(name, path, known) if _of_a_game(m)}
        if reached:
            found[name] = reached
    return found


def game_names() -> set[str]:
    """Every word that names a game or one of its modes: the apps, the registered keys, the
    rules-case modes and opponents the declarations give, the games' names."""
    names = set(GAMES)
    for game in registry.all_games():
        names |= {game.key, game.game_name, game.opponent}
        adapter = game.rules_cases()
        names |= {mode for mode in (adapter.CASE_MODES if adapter else ()) if mode}
    return {name for name in names if name}


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes of a module and of its classes and functions."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def names_in_code(path: Path, names: set[str]) -> list[tuple[int, str]]:
    """(line, text) of the strings and names in the code of `path` (not its docstrings) that
    name a game: one of `names` exactly, or a game package's module ("wildlands.rules",
    "defenders/...")."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            text = node.value
        elif isinstance(node, ast.Name):
            text = node.id
        else:
            continue
        if text in names or any(text.startswith((game + ".", game + "/")) for game in GAMES):
            found.append((node.lineno, text))
    return found


def test_no_module_of_the_site_imports_a_game():
    assert game_imports_of_the_site() == {}


def test_no_module_of_the_site_names_a_game_in_its_code():
    names = game_names()
    assert {"wildlands", "coop", "skirmish", "awoken", "defenders", "ancients"} <= names
    found = [f"{path.relative_to(ROOT)}:{line}: {text!r}"
             for path in sorted((ROOT / "games").rglob("*.py")) if "migrations" not in path.parts
             for line, text in names_in_code(path, names)]
    assert not found, "the site names a game:\n" + "\n".join(found)


def test_the_check_sees_an_import_inside_a_function(tmp_path):
    package = tmp_path / "site"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "page.py").write_text("def view():\n    from ancients_ai import campaign_views\n")
    found = imports_of("site.page", package / "page.py", {"ancients_ai.campaign_views"})
    assert found == {"ancients_ai.campaign_views"}


def test_the_check_sees_a_check_on_a_mode_but_not_a_docstring(tmp_path):
    page = tmp_path / "page.py"
    page.write_text('"""Shows a coop game."""\ndef view(game):\n    """Like coop."""\n'
                    '    return game.mode == "coop" or load("wildlands.rules")\n')
    assert names_in_code(page, {"coop"}) == [(4, "coop"), (4, "wildlands.rules")]


# Nor does one game lean on another: the helpers both use (the seeded generator, the event
# log) are the platform's (games.platform.rng, games.platform.events).
GAME_PACKAGES = {"Wildlands": ("wildlands", "ancients_ai"), "Defenders": ("defenders",)}


def imports_across_games() -> dict[str, set[str]]:
    """Module of a game -> the modules of another game it imports, anywhere in it."""
    every = {game: modules_in([ROOT / package for package in packages])
             for game, packages in GAME_PACKAGES.items()}
    known = {name for modules in every.values() for name in modules}
    found = {}
    for game, modules in every.items():
        others = {name for other, them in every.items() if other != game for name in them}
        for name, path in modules.items():
            reached = imports_of(name, path, known) & others
            if reached:
                found[name] = reached
    return found


def test_no_game_imports_another_game():
    assert imports_across_games() == {}


# The platform's JavaScript (games/static/) leans the same way: the page loads a game's
# renderer module from its declaration (`renderer_module`), and that module registers the
# game's parts with the shell; no script of the platform imports a game's folder or names one.
_REGEX_BEFORE = set("(,=:[!&|?{};+-*%<>~^") | {""}


def js_strings(source: str) -> list[tuple[int, str]]:
    """(line, text) of the string literals of a script, its comments and regexes left out
    (template literals whole, their `${}` parts included)."""
    found, i, line, last = [], 0, 1, ""
    while i < len(source):
        c, two = source[i], source[i:i + 2]
        if two == "//":
            i = source.find("\n", i) if "\n" in source[i:] else len(source)
        elif two == "/*":
            end = source.index("*/", i) + 2
            line += source.count("\n", i, end)
            i = end
        elif c in "\"'`":
            j, start = i + 1, line
            while source[j] != c:
                j += 2 if source[j] == "\\" else 1
            text = source[i + 1:j]
            line += text.count("\n")
            found.append((start, text))
            i, last = j + 1, c
        elif c == "/" and last in _REGEX_BEFORE:
            j, in_class = i + 1, False
            while source[j] != "/" or in_class:
                in_class = (source[j] == "[") or (in_class and source[j] != "]")
                j += 2 if source[j] == "\\" else 1
            i, last = j + 1, "/"
        else:
            if c == "\n":
                line += 1
            if not c.isspace():
                last = c
            i += 1
    return found


def names_in_script(path: Path, names: set[str]) -> list[tuple[int, str]]:
    """(line, text) of the strings of a script that name a game: one of `names` exactly, or a
    path through a game's folder ("./wildlands/learn.js", "games/defenders/index.js")."""
    return [(line, text) for line, text in js_strings(path.read_text(encoding="utf-8"))
            if text in names or any(part in names for part in text.split("/")[:-1])]


def test_no_script_of_the_platform_imports_or_names_a_game():
    names = game_names() | {game.renderer for game in registry.all_games()}
    scripts = sorted((ROOT / "games" / "static").rglob("*.js"))
    assert scripts
    found = [f"{path.relative_to(ROOT)}:{line}: {text!r}"
             for path in scripts for line, text in names_in_script(path, names)]
    assert not found, "the platform's JavaScript names a game:\n" + "\n".join(found)


def test_the_script_check_sees_an_import_but_not_a_comment_or_a_regex(tmp_path):
    script = tmp_path / "page.js"
    script.write_text('// loads ./wildlands/learn.js\nimport "./wildlands/learn.js";\n'
                      'const s = "a/b".replace(/"coop"/g, "");\n/* "coop" */ if (mode === "coop") go(`x\n`);\n')
    assert names_in_script(script, {"wildlands", "coop"}) == [(2, "./wildlands/learn.js"), (4, "coop")]
