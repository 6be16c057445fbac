"""Reading back a row that holds half a character: U+FFFD in its place, everything else as it was."""
import json

import pytest

from companion.storage import mended_text


@pytest.mark.parametrize("raw, value", [
    ('{"a": "x\\ud800"}', {"a": "x\ufffd"}),
    ('{"a": "\\udfffy"}', {"a": "\ufffdy"}),
    ('{"a": "\\uD800\\uD800"}', {"a": "\ufffd\ufffd"}),
    ('{"x\\ud800": ["\\udc00", 1]}', {"x\ufffd": ["\ufffd", 1]}),
    ('{"a": "\\ud83d\\ude00"}', {"a": "\U0001f600"}),  # a pair: one whole character, kept
    ('{"a": "\\\\ud800"}', {"a": "\\ud800"}),  # a backslash and letters: text, kept
])
def test_a_json_column_is_read_with_its_lone_halves_mended(raw, value):
    assert mended_text.loads(raw) == value
    assert mended_text.loads(raw.encode()) == value  # as PostgreSQL's driver hands it


def test_only_a_lone_half_makes_the_reader_walk_the_data():
    assert not mended_text.holds_lone_escape(json.dumps({"a": "\U0001f600 Жанна"}))
    assert mended_text.holds_lone_escape(json.dumps({"a": "\ud800"}))


@pytest.mark.parametrize("raw, text", [
    (b"Tea", "Tea"), ("Жанна".encode(), "Жанна"), (b"Tea \xed\xa0\x80", "Tea \ufffd"),
    (b"x\xff\xfey", "x\ufffd\ufffdy"), (b"\xed\xa0\x80\xff", "\ufffd\ufffd\ufffd\ufffd"),
])
def test_sqlite_text_that_is_not_utf8_is_read_with_a_replacement_character(raw, text):
    assert mended_text.decoded(raw) == text
