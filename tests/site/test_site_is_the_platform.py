"""games/ is the platform and nothing else (issue 30): no game's rules, bots, content,
headless games, rules-case adapters or static folder lives in it, and every module in it
stays small enough to read (the house's 450 lines). A game's code lives in its own app
(`wildlands/`, `ancients_ai/`, `defenders/`)."""
from __future__ import annotations

from pathlib import Path

from games.platform import registry

GAMES_APP = Path(__file__).resolve().parents[2] / "games"
MAX_LINES = 450


def test_no_game_code_lives_in_the_platform():
    for folder in ("rules", "bots", "content", "simulation", "rules_cases", "wildlands"):
        assert not (GAMES_APP / folder).exists(), f"games/{folder}/ is a game's"


def test_no_games_static_folder_lives_in_the_platform():
    """The site's static folder holds the shell every game's board is built on, and no
    game's renderer (each game's lives in its own app at the same /static/ path)."""
    static = GAMES_APP / "static" / "games"
    assert {path.name for path in static.iterdir() if path.is_dir()} == {"shell"}
    for game in registry.all_games():
        assert not (static / game.renderer).exists(), game.renderer


def test_no_module_of_the_platform_is_over_450_lines():
    long = {str(path.relative_to(GAMES_APP)): lines for path in GAMES_APP.rglob("*.py")
            if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, long
