"""The JSON text the site writes per step: string keys on orjson's quick way, any other key
still written as a string, as `json.dumps` writes it."""
import json
from datetime import date

import pytest

from games.pipeline import json_text


def test_a_value_with_string_keys_is_written_as_json_writes_it():
    value = {"view": {"spaces": {"4": [{"summon": "shade"}]}, "hand": ["guild_07"]}, "version": 5}
    assert json.loads(json_text.dumps(value)) == value


def test_keys_that_are_not_strings_are_written_as_strings_as_json_dumps_does():
    value = {"track": {4: "shade", 9: "wraith"}, "seat": {"p1": {1: True}}}
    assert json_text.dumps(value) == json.dumps(value, separators=(",", ":"))


def test_default_turns_what_json_has_no_type_for_on_either_way():
    assert json.loads(json_text.dumps({"on": date(2026, 11, 29)}, default=str)) == {"on": "2026-11-29"}
    assert json.loads(json_text.dumps({1: {2, 3}}, default=sorted)) == {"1": [2, 3]}


def test_a_value_json_cannot_write_is_still_refused():
    with pytest.raises(TypeError):
        json_text.dumps({"on": object()})
    with pytest.raises(TypeError):
        json_text.dumps({1: object()})


def test_what_dumps_wrote_loads_back():
    value = {"a": [1, 2.5, None, "ü"], "b": {"c": False}}
    assert json_text.loads(json_text.dumps(value)) == value
    assert json_text.loads(json_text.dumps(value).encode()) == value
