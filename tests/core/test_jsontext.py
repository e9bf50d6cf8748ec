"""JSON by orjson with the standard writer behind it (core/jsontext.py): the keys that tell
a panel's options apart must tell apart exactly what their JSON does, whichever writer made
them, and what orjson refuses must still come out."""

from __future__ import annotations

import json

from fracas.core.jsontext import json_key, json_text


def test_a_key_tells_apart_what_json_tells_apart() -> None:
    assert json_key({"to": 1}) != json_key({"to": True})
    assert json_key({"to": 1}) != json_key({"to": 1.0})
    assert json_key({"to": [3, 4]}) != json_key({"to": [4, 3]})
    assert json_key({"a": 1, "b": 2}) != json_key({"b": 2, "a": 1})
    assert json_key({"a": 1, "b": 2}, sort_keys=True) == json_key({"b": 2, "a": 1}, sort_keys=True)


def test_what_orjson_refuses_is_written_by_the_standard_writer() -> None:
    """A whole number past 64 bits (a browser's echoed id), and a mapping with a number
    for a key: the same value always gives the same key, and the text reads back."""
    big = {"id": 2**70, "b": [1]}
    assert json_key(big) == json.dumps(big)
    assert json_key(big, sort_keys=True) == json_key({"b": [1], "id": 2**70}, sort_keys=True)
    assert json_key({1: "a"}) == json_key({1: "a"})
    assert json.loads(json_text(big)) == big
    assert json.loads(json_text({"text": "café"})) == {"text": "café"}
