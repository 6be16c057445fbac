"""Parsing what a browser or a script sent: short texts, versions, action parameters."""
from __future__ import annotations

from typing import Any, Mapping

from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict

RESERVED = {"csrf_token", "version", "action", "title"}
MAX_PARAMS = 40
MAX_VALUE = 200


class BadForm(Exception):
    """Malformed input: the message says what, HTTP 400."""


def short_text(value: Any, what: str, max_len: int, required: bool = True) -> str:
    if value is None:
        value = ""
    if not isinstance(value, str):
        raise BadForm(_("%(what)s must be text.", what=what))
    value = " ".join(value.split())
    if required and not value:
        raise BadForm(_("%(what)s is empty.", what=what))
    if len(value) > max_len:
        raise BadForm(_("%(what)s is too long (at most %(n)d characters).", what=what, n=max_len))
    return value


def version(value: Any) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise BadForm(_("The page did not say which version of the game it showed. Reload it.")) from None
    if number < 0:
        raise BadForm(_("The page did not say which version of the game it showed. Reload it."))
    return number


def action_params(form: MultiDict) -> dict[str, Any]:
    """Form fields other than the pipeline's own, as the rules expect them (repeated fields as lists)."""
    params: dict[str, Any] = {}
    for key in form.keys():
        if key in RESERVED:
            continue
        values = form.getlist(key)
        check_params_size(key, values)
        params[key] = values if len(values) > 1 or key.endswith("[]") else values[0]
    return {k.removesuffix("[]"): v for k, v in params.items()}


def check_params_size(key: str, values: Any) -> None:
    if len(key) > 40:
        raise BadForm(_("A field name is too long."))
    for value in values if isinstance(values, list) else [values]:
        if isinstance(value, str) and len(value) > MAX_VALUE:
            raise BadForm(_("A value is too long (at most %(n)d characters).", n=MAX_VALUE))


def json_params(data: Any) -> dict[str, Any]:
    if not isinstance(data, Mapping):
        raise BadForm(_("params must be an object."))
    if len(data) > MAX_PARAMS:
        raise BadForm(_("Too many params."))
    for key, value in data.items():
        check_params_size(str(key), value)
    return dict(data)
