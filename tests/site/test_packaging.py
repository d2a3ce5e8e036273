"""Packaging finds every app without a hand-kept list (issue 30): pyproject.toml's package
discovery takes every package at the top but the ones that never ship (tests, benchmarks,
examples), and its package data is one set of patterns for every package (content YAML,
static files, templates). So a new game's app is packaged by existing, and its data with it.
Read through setuptools' own reading of pyproject.toml, and its data patterns expanded as
setuptools expands them (a recursive glob under the package's folder)."""
from __future__ import annotations

import glob
import os
import shutil
import warnings
from pathlib import Path

from django.apps import apps
from setuptools.config.pyprojecttoml import read_configuration

ROOT = Path(__file__).resolve().parents[2]


def setuptools_config(root: Path) -> dict:
    """What setuptools makes of `root`/pyproject.toml: packages found, package data."""
    here = os.getcwd()
    os.chdir(root)  # `where` is read from the folder the build runs in
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return read_configuration(root / "pyproject.toml", expand=True)["tool"]["setuptools"]
    finally:
        os.chdir(here)


def shipped_data(config: dict, package_dir: Path) -> set[str]:
    """The files of a package its package-data patterns ship (paths relative to it)."""
    patterns = config["package-data"].get("", config["package-data"].get("*", []))
    return {Path(name).relative_to(package_dir).as_posix()
            for pattern in patterns
            for name in glob.glob(str(package_dir / pattern), recursive=True)
            if Path(name).is_file() and "__pycache__" not in Path(name).parts}


def our_apps() -> list:
    return [config for config in apps.get_app_configs() if Path(config.path).parent == ROOT]


def test_the_pyproject_names_no_app():
    text = (ROOT / "pyproject.toml").read_text()
    setuptools_part = text[text.index("\n[tool.setuptools"):text.index("\n[tool.mypy]")]
    for config in our_apps():
        assert f'"{config.name}' not in setuptools_part and f"\n{config.name} =" not in setuptools_part


def test_every_installed_app_of_the_project_ships_with_its_subpackages():
    shipped = set(setuptools_config(ROOT)["packages"])
    assert {"games", "wildlands", "ancients_ai", "defenders", "accounts"} <= {c.name for c in our_apps()}
    for config in our_apps():
        for init in Path(config.path).rglob("__init__.py"):
            package = ".".join(init.parent.relative_to(ROOT).parts)
            assert package in shipped, package
    assert not {name.split(".")[0] for name in shipped} & {"tests", "benchmarks", "examples"}


def test_every_apps_content_static_files_and_templates_ship():
    config = setuptools_config(ROOT)
    for name in ("games", "wildlands", "ancients_ai", "defenders"):
        package = ROOT / name
        wanted = {path.relative_to(package).as_posix()
                  for folder in ("static", "templates") for path in (package / folder).rglob("*")
                  if path.is_file()} | {
            path.relative_to(package).as_posix() for path in (package / "content").rglob("*.yaml")}
        missing = wanted - shipped_data(config, package)
        assert wanted and not missing, sorted(missing)[:5]


def test_a_new_games_app_ships_without_a_line_in_the_pyproject(tmp_path):
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    shutil.copy(ROOT / "README.md", tmp_path / "README.md")
    app = tmp_path / "race_game"
    for folder in (app, app / "rules", tmp_path / "tests"):
        folder.mkdir()
        (folder / "__init__.py").write_text("")
    (app / "static" / "games" / "race_game").mkdir(parents=True)
    (app / "static" / "games" / "race_game" / "index.js").write_text("export {};\n")
    (app / "content").mkdir()
    (app / "content" / "decks.yaml").write_text("cards: []\n")

    config = setuptools_config(tmp_path)
    assert sorted(config["packages"]) == ["race_game", "race_game.rules"]
    assert shipped_data(config, app) == {"static/games/race_game/index.js", "content/decks.yaml"}
