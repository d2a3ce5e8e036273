"""Limits on an uploaded content file, checked on its YAML node graph before any value is
built from it.

An alias (`*name`) repeats the anchored value (`&name`) wherever it appears. Built, the data
shares one object, but everything after reads it expanded: a validation message that quotes
the value, an export, the JSON of a stored version. Eight aliases to a list of eight, nested
level by level, turn a 5 KB upload into a 1 MB error message (x8 a level). No shipped file
uses aliases, so what they may add is kept small (ALIAS_BUDGET values), and an alias that
contains itself is refused. Whole numbers longer than MAX_DIGITS are refused too: Python
will not even read one of 4,300 digits (a ValueError, once a 500), and no count, health or
space number in the game needs more than a few.
"""
from __future__ import annotations

from typing import Any

import yaml

ALIAS_BUDGET = 2_000  # values that aliases may add to a file once expanded
MAX_DIGITS = 15  # in one whole number
_INT_TAG = "tag:yaml.org,2002:int"
# libyaml's parser when installed: the same results, several times faster (loading every
# shipped file parses a few hundred fragments).
YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class TooBig(ValueError):
    """The file breaks one of these limits; the message says which, in a sentence."""


def load_bounded(text: str) -> Any:
    """`text` parsed like `yaml.load(text, Loader=YAML_LOADER)`, once its node graph is
    within the limits.

    :raises yaml.YAMLError: not YAML.
    :raises TooBig: aliases that expand past ALIAS_BUDGET or contain themselves, or a
        whole number of more than MAX_DIGITS digits.
    """
    loader = YAML_LOADER(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        _check(node)
        return loader.construct_document(node)
    finally:
        loader.dispose()


def _check(root: yaml.Node) -> None:
    """Walk the graph once (without recursion: nesting may be deep), sizing each node as
    it would be expanded; a node reached again through an alias is sized once."""
    sizes: dict[int, int] = {}
    open_nodes: set[int] = set()
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        key = id(node)
        children = _children(node)
        if children_done:
            open_nodes.discard(key)
            sizes[key] = 1 + sum(sizes[id(child)] for child in children)
            continue
        if key in sizes:
            continue
        if isinstance(node, yaml.ScalarNode) and node.tag == _INT_TAG:
            digits = node.value.replace("_", "").lstrip("+-")
            if len(digits) > MAX_DIGITS:
                raise TooBig(f"holds a whole number of {len(digits)} digits "
                             f"(at most {MAX_DIGITS}), line {node.start_mark.line + 1}")
        open_nodes.add(key)
        stack.append((node, True))
        for child in children:
            if id(child) in open_nodes:
                raise TooBig(f"has an alias that contains itself, line "
                             f"{child.start_mark.line + 1}")
            if id(child) not in sizes:
                stack.append((child, False))
    added = sizes[id(root)] - len(sizes)
    if added > ALIAS_BUDGET:
        raise TooBig(f"uses aliases (*name) that would repeat {added:,} values; "
                     f"at most {ALIAS_BUDGET:,} may be repeated: write the values out")


def _children(node: yaml.Node) -> list:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return []
