"""Parsing what a browser or a script sent: short texts, versions, action parameters, JSON.

Every text that comes in (JSON strings and keys, form fields, query args) is refused with a 400 if it
holds a control character or half a character (a lone surrogate), before anything reads it further."""
from __future__ import annotations

import json
import math
import re
import zlib
from functools import cache
from typing import Any
from collections.abc import Mapping

from flask import Flask, request
from flask_babel import gettext as _, ngettext
from werkzeug.datastructures import MultiDict

from ..rules import describe
from ..rules.base import (MAX_PARAM_DEPTH, MAX_PARAM_NAME, MAX_PARAM_TEXT, MAX_PARAM_VALUES, MAX_PARAMS, BadParams,
                          GameKind, RuleError, Text, is_plain_data, is_plain_text)
from ..rules.fields import QUOTED, labelled
from ..storage.store import MAX_FILE_DEPTH

RESERVED = {"csrf_token", "version", "action", "title", "for_seat"}  # for_seat: rules.base.check_acting_seat
MAX_JSON_DEPTH = MAX_FILE_DEPTH  # a game file nests deepest (a request less); Python's parser gives up near 1,000
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")


class BadForm(Exception):
    """Malformed input: the message says what, HTTP 400."""


def refusal_text(error: RuleError) -> Text:
    """The rules' refusal as the players read it (the page translates it): a field of bad input called by its
    label in the page's language ("кубик"), not by the form's own name for it ("die"): rules/fields.py."""
    return labelled(error) if isinstance(error, BadParams) else error.text


def short_text(value: Any, what: str, max_len: int, required: bool = True) -> str:
    if value is None:
        value = ""
    if not isinstance(value, str):
        raise BadForm(_("%(what)s must be text.", what=what))
    value = " ".join(value.split())  # control characters never got this far (see init_app)
    if required and not value:
        raise BadForm(_("%(what)s is empty.", what=what))
    if len(value) > max_len:
        raise BadForm(ngettext("%(what)s is too long (at most %(num)d character).",
                               "%(what)s is too long (at most %(num)d characters).", max_len, what=what))
    return value


VERSION = re.compile(r"[0-9]{1,9}")


def version(value: Any) -> int:
    """A game version: a whole number (a form's digits or JSON's integer), never Infinity or 1e400."""
    if isinstance(value, str) and VERSION.fullmatch(value.strip()):
        return int(value)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10 ** 9:
        return value
    raise BadForm(_("The page did not say which version of the game it showed. Reload it."))


def action_params(form: MultiDict, limits: Mapping[str, int] | None = None) -> dict[str, Any]:
    """Form fields other than the pipeline's own, as the rules expect them (repeated fields as lists). `limits`:
    the longest text each field takes (setup_limits), which a refusal of a far longer one states."""
    params: dict[str, Any] = {}
    for key in form.keys():
        if key in RESERVED:
            continue
        values = form.getlist(key)
        check_params_size(key, values, (limits or {}).get(key.removesuffix("[]")))
        params[key] = values if len(values) > 1 or key.endswith("[]") else values[0]
    return {k.removesuffix("[]"): v for k, v in params.items()}


@cache
def setup_limits(kind: GameKind) -> dict[str, int]:
    """{field: the longest text it takes} of the kind's setup, as rules/describe.py reads parse_setup (a list's
    each item: a player's name)."""
    limits = {}
    for name, schema in describe.setup_schema(kind.parse_setup)["properties"].items():
        longest = schema.get("maxLength", (schema.get("items") or {}).get("maxLength"))
        if isinstance(longest, int):
            limits[name] = longest
    return limits


def check_params_size(key: str, values: Any, limit: int | None = None) -> None:
    """Refused (BadForm) past the bounds every field is held to; a value over MAX_PARAM_TEXT is told the field's
    own `limit` when it is known (a player's name: 40, not 200)."""
    if len(key) > MAX_PARAM_NAME:
        raise BadForm(_("A field name is too long."))
    for value in values if isinstance(values, list) else [values]:
        if isinstance(value, str) and len(value) > MAX_PARAM_TEXT:
            # Its beginning says which field it was: a form's own names ("player_name[]") say nothing to a player.
            start = "".join(ch for ch in value[:QUOTED] if ch.isprintable())
            num = limit if limit is not None and limit < MAX_PARAM_TEXT else MAX_PARAM_TEXT
            raise BadForm(ngettext("A value is too long (at most %(num)d character): “%(start)s…”.",
                                   "A value is too long (at most %(num)d characters): “%(start)s…”.", num,
                                   start=start))
    if not is_plain_text(key) or not is_plain_data(values, MAX_PARAM_DEPTH, MAX_PARAM_TEXT, [MAX_PARAM_VALUES]):
        raise BadForm(_("A value is too long, too deeply nested or holds control characters."))


def json_params(data: Any, limits: Mapping[str, int] | None = None) -> dict[str, Any]:
    """An action's params or a setup sent as JSON; `limits` as action_params's."""
    if not isinstance(data, Mapping):
        raise BadForm(_("params must be an object."))
    if len(data) > MAX_PARAMS:
        raise BadForm(_("Too many params."))
    for key, value in data.items():
        check_params_size(str(key), value, (limits or {}).get(str(key)))
    return dict(data)


def not_text() -> BadForm:
    return BadForm(_("A text holds a control character or half a character (such as NUL, a line break or a "
                     "lone surrogate). Nothing was changed."))


def json_loads(raw: bytes) -> Any:
    """Request bodies and game files: strict JSON (no NaN, Infinity, 1e400), at most MAX_JSON_DEPTH deep,
    plain text; else BadForm."""
    try:
        # Bytes are read with "surrogatepass": UTF-8's bytes for a surrogate arrive as one, and are refused below.
        data = json.loads(raw, parse_constant=_refuse_constant, parse_float=_finite_float)
    except (ValueError, RecursionError):  # UnicodeDecodeError and too many digits are ValueErrors
        raise BadForm(_("That is not valid JSON.")) from None
    _check_parsed(data)
    return data


def _refuse_constant(name: str) -> Any:
    raise ValueError(name)


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(text)
    return value


def _check_parsed(data: Any) -> None:
    """One walk over parsed JSON: its depth, and each of its keys and strings."""
    stack = [(data, 0)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_JSON_DEPTH:
            raise BadForm(_("That JSON is nested too deeply."))
        if isinstance(item, str):
            if not is_plain_text(item):
                raise not_text()
        elif isinstance(item, dict):
            if not all(is_plain_text(key) for key in item):
                raise not_text()
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)


def gunzip(raw: bytes, limit: int) -> bytes:
    """A gzip file's content, refused (BadForm) past `limit` bytes: a small bomb stays small."""
    inflate = zlib.decompressobj(wbits=31)
    try:
        data = inflate.decompress(raw, limit + 1)
    except zlib.error:
        raise BadForm(_("That is not a valid gzip file.")) from None
    if len(data) > limit or inflate.unconsumed_tail:
        raise BadForm(_("That was too much data to send. Nothing was changed."))
    return data


def request_bytes(limit: int) -> bytes:
    """The request's JSON body as bytes, inflated if Content-Encoding says gzip (at most `limit`)."""
    if not request.is_json:
        raise BadForm(_("Send JSON (Content-Type: application/json)."))
    raw = request.get_data(cache=False)
    encoding = request.headers.get("Content-Encoding", "").strip().lower()
    if encoding == "gzip":
        raw = gunzip(raw, limit)
    elif encoding not in ("", "identity"):
        raise BadForm(_("Send JSON as it is or gzip-compressed."))
    return raw


def init_app(app: Flask) -> None:
    @app.before_request
    def plain_fields() -> None:
        """The request's form fields and query args, names and values: plain text, or BadForm (a 400). After
        the CSRF check (which reads the form anyway): a field's file is read later, as JSON."""
        if request.endpoint == "static":
            return
        for fields in (request.args, request.form):
            for key, value in fields.items(multi=True):
                if not (is_plain_text(key) and is_plain_text(value)):
                    raise not_text()
