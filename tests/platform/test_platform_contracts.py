"""The contracts written down: docs/adding-a-game.md lists, one line each, every member of a
game's declaration (`GameDefinition` and the `LobbyRules` it inherits) and every member of
the board's renderer (`RENDERER_MEMBERS` in the shell's renderer.js), and nothing else, so
a member added to either without its line fails here."""
from __future__ import annotations

import re
from pathlib import Path

from games.platform.definition import GameDefinition

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "adding-a-game.md"
RENDERER_JS = ROOT / "games" / "static" / "games" / "shell" / "renderer.js"
# helpers of the interface's own, not asked by the site
NOT_MEMBERS = {"refuse"}


def _section(title: str) -> str:
    text = PAGE.read_text(encoding="utf-8")
    start = text.index(f"## {title}")
    end = text.find("\n## ", start + 1)
    return text[start:end if end >= 0 else None]


def _listed(title: str) -> list[str]:
    """The member names in the first column of a section's table, in order."""
    return re.findall(r"^\| `([A-Za-z_]\w*)", _section(title), flags=re.MULTILINE)


def declaration_members() -> set[str]:
    names = set()
    for cls in GameDefinition.__mro__:
        if cls is object:
            continue
        names |= {n for n in vars(cls) if not n.startswith("_")}
        names |= {n for n in getattr(cls, "__annotations__", {}) if not n.startswith("_")}
    return names - NOT_MEMBERS


def test_every_member_of_the_declaration_has_its_line_and_no_line_is_stale():
    listed = _listed("The declaration, member by member")
    assert len(listed) == len(set(listed)), "a member is listed twice"
    assert sorted(declaration_members() - set(listed)) == []
    assert sorted(set(listed) - declaration_members()) == []


def test_every_member_of_the_renderer_has_its_line_and_no_line_is_stale():
    found = re.search(r"RENDERER_MEMBERS = \[(.*?)\];", RENDERER_JS.read_text(encoding="utf-8"),
                      flags=re.DOTALL)
    members = re.findall(r'"(\w+)"', found.group(1))
    assert len(members) >= 15
    assert _listed("The renderer, member by member") == members
