"""The admin's text fields that hold small YAML fragments (card actions, steps, icons, pairs,
numbers): each value to the one-line text a designer edits, and that text back to data.
A fragment that does not parse is a `FragmentError` saying what it should hold;
`content_io` turns it into a `ContentError` naming the item and the field. A fragment is
read within the limits of an uploaded file (`content_limits`: aliases, long numbers), since
an edit form's field is as much a designer's upload as a file is.
"""
from __future__ import annotations

import json
import re
from typing import Any, Iterable

import yaml

from games.platform.content_limits import MAX_DIGITS, TooBig, load_bounded

_PAIR = re.compile(r"^(\d+)\s*-\s*(\d+)$")


class FragmentError(ValueError):
    """A text field that does not hold what it should; the message says what it should."""


def flow(value: Any) -> str:
    """`value` as one line of YAML flow style (`[move, ranged]`, `{summon: wisp}`, `melee`)."""
    text = yaml.safe_dump([value], default_flow_style=True, width=10**6, sort_keys=False,
                          allow_unicode=True).strip()
    return text[1:-1]  # drop the list that wrapped it


def load_fragment(text: str, what: str) -> Any:
    """`text` as data, read by the same bounded reader as an uploaded file."""
    try:
        return load_bounded(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem", None) or str(error).splitlines()[0]
        raise FragmentError(f"{what} is not valid YAML ({mark})") from None
    except TooBig as error:
        raise FragmentError(f"{what} {error}") from None
    except (ValueError, OverflowError, RecursionError) as error:
        raise FragmentError(f"{what} holds a value that cannot be read "
                            f"({str(error)[:200] or type(error).__name__})") from None


def names_text(values: Iterable[str]) -> str:
    return ", ".join(str(v) for v in values)


def parse_names(text: str) -> list:
    """`acolyte, wisp wisp` -> ["acolyte", "wisp", "wisp"] (commas or spaces)."""
    return [part for part in re.split(r"[\s,]+", text or "") if part]


def actions_text(actions: list) -> str:
    """A card's action list without its outer brackets: `move, {heal: [acolyte]}`."""
    return flow(list(actions))[1:-1]


def parse_actions(text: str) -> Any:
    value = load_fragment(f"[{text}]", "actions")
    return value


def effect_text(effect: Any) -> str:
    if effect in (None, "none"):
        return "none"
    if isinstance(effect, dict):
        return flow(effect)[1:-1]
    return flow(effect)


def parse_effect(text: str) -> Any:
    text = (text or "").strip()
    if text in ("", "none"):
        return "none"
    return load_fragment(text, "effect")


def reaction_text(reaction: Any) -> str:
    if reaction in (None, "none"):
        return ""
    if isinstance(reaction, dict) and isinstance(reaction.get("prevents"), list) and len(reaction) == 1:
        return names_text(reaction["prevents"])
    return flow(reaction)


def parse_reaction(text: str) -> Any:
    text = (text or "").strip()
    if text in ("", "none"):
        return "none"
    if text.startswith("{"):
        return load_fragment(text, "reaction")
    return {"prevents": parse_names(text)}


def steps_text(steps: Any) -> str:
    """Steps as a designer reads them: one flow-style step per line, or a single step."""
    if isinstance(steps, list):
        return "\n".join(f"- {flow(step)}" for step in steps)
    return flow(steps)


def parse_steps(text: str) -> Any:
    value = load_fragment(text or "", "steps")
    if value is None:
        raise FragmentError("steps are empty: write at least one step")
    return value


def icons_text(icons: dict) -> str:
    return ", ".join(k if v is None else f"{k}: {v}" for k, v in icons.items())


def parse_icons(text: str) -> Any:
    value = load_fragment("{" + (text or "") + "}", "icons")
    return value


def pairs_text(pairs: Iterable) -> str:
    return ", ".join(f"{a}-{b}" for a, b in pairs)


def parse_pairs(text: str) -> list:
    pairs = []
    for part in re.split(r"[\s,;]+", (text or "").strip()):
        if not part:
            continue
        match = _PAIR.match(part)
        if not match:
            raise FragmentError(f"{_shown(part)} is not a pair of space numbers like 3-12")
        if max(len(match.group(1)), len(match.group(2))) > MAX_DIGITS:
            raise FragmentError(f"{_shown(part)} holds a number of more than {MAX_DIGITS} "
                                f"digits: no space is numbered so high")
        pairs.append([int(match.group(1)), int(match.group(2))])
    return pairs


def _shown(part: str) -> str:
    """A designer's text quoted in a message, cut short: the message stays a sentence."""
    return repr(part if len(part) <= 40 else part[:40] + "...")


def numbers_text(values: Iterable) -> str:
    return ", ".join(flow(tidy(v)) for v in values)


def parse_numbers(text: str) -> Any:
    return load_fragment(f"[{text}]", "numbers")


def tidy(value: Any) -> Any:
    """4.0 -> 4, so an export writes numbers as the shipped files do."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def scenario_data_from_json(text: str) -> dict:
    """A stored version's data; JSON turned track space numbers into strings, undo that."""
    data = json.loads(text)
    for side in (data.get("sides") or {}).values():
        track = side.get("track") if isinstance(side, dict) else None
        if isinstance(track, dict) and isinstance(track.get("spaces"), dict):
            track["spaces"] = {int(k) if str(k).isdigit() else k: v
                               for k, v in track["spaces"].items()}
    return data
