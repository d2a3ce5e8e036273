"""A game's rules document: the text of its rules page, of the board's Rules panel, of the
words its board marks show, and the script of its guided first game.

Each game keeps its document as YAML in its own package and names it from its declaration
(`GameDefinition.rules_document`); the site reads it here and never names a game. The file
is checked when it loads: a missing field or a wrong shape stops with a message naming the
file and the item, so a typo never reaches a page as a blank.

The shape (every text is the project's own words):

    key: wildlands                  # the rules page's address: /games/<key>/rules/
    title, summary                  # the page's heading and first paragraph
    variants: {<variant>: {name, goal, win: [..], lose: [..]}}   # a mode's goal, per the
                                    # variant the board's view names (the renderer says which)
    phases: {<phase>: {name, words: [..]}}                        # the rules of a phase
    marks: [{key, name, words}]    # what each drawn mark on the board means
    sections: [{id, title, text, picture?: [mark keys]}]          # the rules page
    example: {mode, seed, choices, play: [command names]}  # the game the pictures show
    guide: {title, intro, finish,   # a guided first game of the example
            steps: [{id, say, point?, show_log?, until: {path, <check>} or button}]}
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, NoReturn, Optional

import yaml

ID = re.compile(r"^[a-z][a-z0-9_-]*$")
# what a guided step may wait for (games/static/games/shell/guide.js reads the same words)
STEP_CHECKS = ("equals", "not_equals", "changes", "grows", "shrinks")


class RulebookError(ValueError):
    """A rules document that does not load: the message names the file and the item."""


@dataclass(frozen=True)
class Block:
    """One block of a section's text: a paragraph, or a list of items."""

    kind: str  # "p" | "ul"
    items: tuple[str, ...]


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    blocks: tuple[Block, ...]
    picture: tuple[str, ...] = ()  # mark keys lit on the example board

    @property
    def plain(self) -> str:
        """Every word of the section, for the page's search."""
        return " ".join([self.title, *(i for b in self.blocks for i in b.items)])


@dataclass(frozen=True)
class Rulebook:
    key: str
    title: str
    summary: str
    variants: dict
    phases: dict
    marks: tuple[dict, ...]
    sections: tuple[Section, ...]
    example: Optional[dict] = None  # the game the pictures show and the guide plays
    guide: Optional[dict] = None
    source: str = ""
    extra: dict = field(default_factory=dict)

    def board_part(self) -> dict:
        """What the board page needs (the Rules panel, the marks' words): no sections."""
        return {"key": self.key, "title": self.title, "variants": self.variants,
                "phases": self.phases, "marks": list(self.marks)}


def blocks_of(text: str) -> tuple[Block, ...]:
    """Paragraphs split on blank lines; a paragraph whose lines start with "- " is a list."""
    out = []
    for chunk in re.split(r"\n\s*\n", text.strip()):
        lines = [line.strip() for line in chunk.splitlines() if line.strip()]
        if not lines:
            continue
        if all(line.startswith("- ") for line in lines):
            out.append(Block("ul", tuple(line[2:].strip() for line in lines)))
        else:
            out.append(Block("p", (" ".join(lines),)))
    return tuple(out)


class _Reader:
    """Checks one file, naming it and the item in every complaint."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, where: str, what: str) -> NoReturn:
        raise RulebookError(f"{self.path}: {where}: {what}")

    def text(self, data: Any, key: str, where: str) -> str:
        value = data.get(key) if isinstance(data, dict) else None
        if not isinstance(value, str) or not value.strip():
            self.fail(where, f"needs '{key}' as text")
        return value.strip()

    def texts(self, data: dict, key: str, where: str) -> list[str]:
        value = data.get(key)
        if not isinstance(value, list) or not value or not all(isinstance(v, str) and v.strip() for v in value):
            self.fail(where, f"needs '{key}' as a list of sentences")
        return [v.strip() for v in value]

    def ident(self, value: Any, where: str) -> str:
        if not isinstance(value, str) or not ID.match(value):
            self.fail(where, f"{value!r} is not a key (lower-case letters, digits, - and _)")
        return value

    def mapping(self, data: dict, key: str, where: str) -> dict:
        value = data.get(key)
        if not isinstance(value, dict) or not value:
            self.fail(where, f"needs '{key}' as a mapping")
        return value

    def entries(self, data: dict, key: str, texts: tuple[str, ...],
                sentences: tuple[str, ...]) -> dict:
        """The mapping `key` of named entries (the variants, the phases): each name a key, each
        entry with its `texts` and its lists of `sentences`, checked in that order."""
        out = {}
        for name, v in self.mapping(data, key, "top").items():
            where = f"{key}.{name}"
            self.ident(name, where)
            out[name] = {**{t: self.text(v, t, where) for t in texts},
                         **{s: self.texts(v, s, where) for s in sentences}}
        return out

    def marks(self, data: dict) -> tuple[dict, ...]:
        raw = data.get("marks")
        if not isinstance(raw, list) or not raw:
            self.fail("top", "needs 'marks' as a list")
        out, seen = [], set()
        for i, m in enumerate(raw):
            where = f"marks[{i}]"
            key = self.ident(m.get("key") if isinstance(m, dict) else None, where)
            if key in seen:
                self.fail(where, f"the mark '{key}' is listed twice")
            seen.add(key)
            out.append({"key": key, "name": self.text(m, "name", f"{where} ('{key}')"),
                        "words": self.text(m, "words", f"{where} ('{key}')")})
        return tuple(out)

    def sections(self, data: dict, marks: set[str]) -> tuple[Section, ...]:
        raw = data.get("sections")
        if not isinstance(raw, list) or not raw:
            self.fail("top", "needs 'sections' as a list")
        out, seen = [], set()
        for i, s in enumerate(raw):
            where = f"sections[{i}]"
            sid = self.ident(s.get("id") if isinstance(s, dict) else None, where)
            where = f"{where} ('{sid}')"
            if sid in seen:
                self.fail(where, "the id is used twice")
            seen.add(sid)
            picture = s.get("picture") or []
            if not isinstance(picture, list) or any(p not in marks for p in picture):
                self.fail(where, f"'picture' lists marks this document does not have: {picture!r}")
            out.append(Section(sid, self.text(s, "title", where), blocks_of(self.text(s, "text", where)),
                               tuple(picture)))
        return tuple(out)

    def example(self, data: dict) -> Optional[dict]:
        e = data.get("example")
        if e is None:
            return None
        where = "example"
        if not isinstance(e, dict):
            self.fail(where, "is a mapping")
        mode = self.text(e, "mode", where)
        if type(e.get("seed")) is not int:
            self.fail(where, "needs 'seed' as a whole number (the example is always the same game)")
        choices = e.get("choices") or {}
        if not isinstance(choices, dict):
            self.fail(where, "'choices' is a mapping of the lobby's choices")
        play = e.get("play") or []
        if not isinstance(play, list) or not all(isinstance(x, str) for x in play):
            self.fail(where, "'play' is a list of command names")
        return {"mode": mode, "seed": e["seed"], "choices": dict(choices), "play": list(play)}

    def guide(self, data: dict, example: Optional[dict]) -> Optional[dict]:
        g = data.get("guide")
        if g is None:
            return None
        where = "guide"
        if not isinstance(g, dict):
            self.fail(where, "is a mapping")
        if example is None:
            self.fail(where, "plays the document's 'example' game, and there is none")
        steps = g.get("steps")
        if not isinstance(steps, list) or not steps:
            self.fail(where, "needs 'steps' as a list")
        checked = []
        for i, step in enumerate(steps):
            at = f"guide.steps[{i}]"
            if not isinstance(step, dict):
                self.fail(at, "is a mapping")
            self.ident(step.get("id"), at)
            at = f"{at} ('{step['id']}')"
            self.text(step, "say", at)
            until = step.get("until")
            if until is None and isinstance(step.get("button"), str):
                checked.append(dict(step))  # the newcomer says when they have read it
                continue
            if not isinstance(until, dict) or not isinstance(until.get("path"), str) \
                    or not any(k in until for k in STEP_CHECKS):
                self.fail(at, f"needs a 'button' or 'until' with a 'path' and one of "
                              f"{', '.join(STEP_CHECKS)}")
            checked.append(dict(step))
        return {**example, "steps": checked, "intro": self.text(g, "intro", where),
                "finish": self.text(g, "finish", where), "title": self.text(g, "title", where)}


def load(path: Path) -> Rulebook:
    """:raises RulebookError: the file is missing, not YAML, or not of the shape above."""
    reader = _Reader(path)
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise RulebookError(f"{path}: cannot be read ({error.strerror})") from None
    except yaml.YAMLError as error:
        raise RulebookError(f"{path}: not YAML: {error}") from None
    if not isinstance(data, dict):
        reader.fail("top", "is a mapping")
    marks = reader.marks(data)
    example = reader.example(data)
    return Rulebook(key=reader.ident(data.get("key"), "key"), title=reader.text(data, "title", "top"),
                    summary=reader.text(data, "summary", "top"),
                    variants=reader.entries(data, "variants", ("name", "goal"), ("win", "lose")),
                    phases=reader.entries(data, "phases", ("name",), ("words",)), marks=marks,
                    sections=reader.sections(data, {m["key"] for m in marks}),
                    example=example, guide=reader.guide(data, example), source=str(path))


@lru_cache(maxsize=16)
def _cached(path: str, mtime: float) -> Rulebook:
    return load(Path(path))


def rulebook_at(path: Path) -> Rulebook:
    """The document at `path`, read once per change of the file.

    :raises RulebookError: as `load`."""
    try:
        mtime = path.stat().st_mtime
    except OSError as error:
        raise RulebookError(f"{path}: cannot be read ({error.strerror})") from None
    return _cached(str(path), mtime)
