"""Content data as files: a fingerprint of it, YAML out like the shipped files, and YAML in
within limits (an upload or a shipped file), for every game's content admin and loader.

A game's content is plain data (dicts, lists, text, numbers) checked by the game's own
validator; what is generic is how it is fingerprinted (`digest`: the same data, whatever
its key order, has the same digest; versions and shipped loads compare digests) and how it
is read and written as YAML. A file that cannot be read is a `ContentError` naming it.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import yaml

from games.platform.content_common import ContentError
from games.platform.content_limits import TooBig, load_bounded


# --- digests -----------------------------------------------------------------------------------
def digest(data: Any) -> str:
    """A fingerprint of content data that ignores key order and int/str dict keys."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


# --- YAML out ----------------------------------------------------------------------------------
class _Dumper(yaml.SafeDumper):
    """Block style for the outline, flow style for small leaves, long text folded."""


def _str(dumper: yaml.SafeDumper, value: str):
    style = ">" if len(value) > 80 and "\n" not in value else None
    if "\n" in value:
        style = "|"
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _str)


def to_yaml(data: Any, header: str = "") -> str:
    """Content data as a YAML file like the shipped ones (leaves in flow style)."""
    body = yaml.dump(data, Dumper=_Dumper, sort_keys=False, default_flow_style=None,
                     allow_unicode=True, width=96)
    lines = [f"# {line}" for line in header.splitlines()] if header else []
    return "\n".join(lines + [body]) if lines else body


# --- YAML in -----------------------------------------------------------------------------------
def from_yaml(text: str | bytes, source: str) -> Any:
    """Parse an uploaded YAML file within `content_limits` (aliases, long numbers); a
    syntax error, a broken limit or a value YAML cannot build (a date of month 13) is a
    ContentError naming the file, in a message of a few lines at most."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise ContentError(source, "", "is not UTF-8 text") from None
    try:
        return load_bounded(text)
    except yaml.YAMLError as error:
        raise ContentError(source, "", f"not valid YAML: {str(error)[:400]}") from None
    except TooBig as error:
        raise ContentError(source, "", str(error)) from None
    except (ValueError, OverflowError, RecursionError) as error:
        raise ContentError(source, "", f"holds a value that cannot be read "
                                       f"({str(error)[:200] or type(error).__name__})") from None


def read_file(path, source: str) -> Any:
    """A content file from disk, parsed within the same limits as an upload."""
    try:
        return from_yaml(Path(path).read_bytes(), source)
    except FileNotFoundError:
        raise ContentError(source, "", "file not found") from None
