"""Text read back from the database made whole: half a character (a lone surrogate) becomes U+FFFD.

No such text gets in any more (web/forms.py refuses it at the door), but a row written before that, or by
hand, still holds some: JSON's "\\ud800" in a game's state or an event's label, or UTF-8's bytes for a
surrogate in SQLite's text. Every row is read through here (database.py), so no page fails to be sent for
it, and the migration 0004 mends the rows themselves with the same functions.
"""
from __future__ import annotations

import json
import re
from typing import Any

REPLACEMENT = "\ufffd"
SURROGATE = re.compile("[\ud800-\udfff]")
# JSON's escapes of surrogates: a high half with its low half (an emoji, say: one whole character), else one
# half alone. The pair is tried first, so a match of six characters is half a character.
SURROGATE_ESCAPES = re.compile(r"\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}"
                               r"|\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def mended(text: str) -> str:
    return SURROGATE.sub(REPLACEMENT, text)


def mended_data(data: Any) -> Any:
    """JSON data with every key and string mended (a new structure; `data` is left as it was)."""
    if isinstance(data, str):
        return mended(data)
    if isinstance(data, dict):
        return {mended(k): mended_data(v) for k, v in data.items()}
    if isinstance(data, list):
        return [mended_data(v) for v in data]
    return data


def holds_lone_escape(raw: str) -> bool:
    # The plain search first: most texts hold no escape starting so (Cyrillic's are \\u04..).
    return ("\\ud" in raw or "\\uD" in raw) and any(len(m.group()) == 6 for m in SURROGATE_ESCAPES.finditer(raw))


def loads(raw: str | bytes) -> Any:
    """A JSON column's value (SQLAlchemy's json_deserializer; PostgreSQL's driver hands bytes)."""
    if not isinstance(raw, str):
        raw = bytes(raw).decode()
    data = json.loads(raw)
    return mended_data(data) if holds_lone_escape(raw) else data


def decoded(raw: bytes) -> str:
    """SQLite's text as str (sqlite3's text_factory): UTF-8, with a surrogate's bytes, or any other bytes that
    are not UTF-8, read as U+FFFD rather than failing the whole query."""
    try:
        return raw.decode()
    except UnicodeDecodeError:
        pass
    try:
        return mended(raw.decode("utf-8", "surrogatepass"))  # one U+FFFD for the three bytes of a surrogate
    except UnicodeDecodeError:
        return raw.decode("utf-8", "replace")
