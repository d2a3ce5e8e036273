"""ESLint's browser rules cover every app's JavaScript by pattern (issue 30): a module in a
new game's static folder is linted as a browser ES module without a line in
eslint.config.js. Asked of ESLint itself (`--print-config` for a path in an app that does not
exist yet)."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def eslint_config_for(path: str) -> dict:
    result = subprocess.run(["npx", "--no-install", "eslint", "--print-config", path], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@pytest.mark.skipif(shutil.which("npx") is None or not (ROOT / "node_modules").exists(),
                    reason="needs node and the project's node_modules")
@pytest.mark.parametrize("path", ["race_to_99/static/games/race_to_99/index.js",
                                  "wildlands/static/games/wildlands/index.js",
                                  "examples/new_game/static/games/new_game/renderer.js"])
def test_a_module_in_any_apps_static_folder_is_linted_as_a_browser_module(path):
    options = eslint_config_for(path)["languageOptions"]
    assert options["sourceType"] == "module"
    assert {"document", "window"} <= set(options["globals"])
