"""The apps lean one way: the games live on the platform (`games`), the platform knows no
game. No module under games/ imports `ancients_ai` (The Awoken) or `defenders` (Defenders of
the Wild), not even inside a function: the site reaches a game through the declaration it
registered (`games.platform.registry`), so a game can be added, changed or removed without
touching the site.

A few Wildlands modules still reach into The Awoken's engine (below, with why); the test
lists them exactly, so one that stops doing so must leave the list, and no other may join.
"""
from __future__ import annotations

from pathlib import Path

from support.import_graph import imports_of, modules_in

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("wildlands", "ancients_ai", "defenders")

# Still to leave the site since Wildlands moved to its own package (issue 30): the platform's
# error type, campaign results, the rules-case runner and the lobby's content reads.
NOT_YET = {
    "games.bot_seats": {"wildlands.rules.errors"},
    "games.campaign_progress": {"wildlands.rules.state"},
    "games.consumers": {"wildlands.rules.errors"},
    "games.management.commands.rules_cases": {"wildlands.rules_cases"},
    "games.pipeline.commands": {"wildlands.rules.errors"},
    "games.pipeline.steps": {"wildlands.rules.errors"},
    "games.platform.definition": {"wildlands.rules.errors"},
    "games.selectors": {"wildlands.content.maps", "wildlands.content.factions"},
}


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


def test_no_module_of_the_site_imports_a_game():
    assert game_imports_of_the_site() == NOT_YET


def test_the_check_sees_an_import_inside_a_function(tmp_path):
    package = tmp_path / "site"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "page.py").write_text("def view():\n    from ancients_ai import campaign_views\n")
    found = imports_of("site.page", package / "page.py", {"ancients_ai.campaign_views"})
    assert found == {"ancients_ai.campaign_views"}
