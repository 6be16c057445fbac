"""The contract every game kind's rules follow, and the small helpers they share.

A game state is plain JSON-compatible data (dicts, lists, str, int, bool, None).
An action is `apply(state, action, params, rng) -> Outcome`; it never mutates `state`.
Player-facing words are `Text(msgid, params)`: the web layer translates them, so the
rules stay free of Flask while every message still reaches Russian players in Russian.
"""
from __future__ import annotations

import copy
import random
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Protocol


def N_(msgid: str) -> str:
    """Mark a msgid for extraction (pybabel) without translating it here."""
    return msgid


@dataclass(frozen=True)
class Text:
    """A translatable message: msgid with `{name}` placeholders and their values.

    A param value may itself be a Text (a tactic's name, say): it is translated too.
    With `plural`, the web layer picks the plural form by `params["n"]` (Russian has three).
    """

    msgid: str
    params: Mapping[str, Any] = field(default_factory=dict)
    plural: str | None = None

    def as_json(self) -> dict:
        data: dict[str, Any] = {"msgid": self.msgid, "params": {
            k: v.as_json() if isinstance(v, Text) else v for k, v in self.params.items()}}
        if self.plural:
            data["plural"] = self.plural
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Text":
        params = {k: cls.from_json(v) if isinstance(v, dict) and "msgid" in v else v
                  for k, v in (data.get("params") or {}).items()}
        return cls(str(data["msgid"]), params, data.get("plural"))

    def render(self, gettext: Callable[[str], str] = lambda s: s,
               ngettext: Callable[[str, str, int], str] = lambda s, p, n: s if n == 1 else p) -> str:
        """The message in a language: pass the translation functions (identity gives English)."""
        values = {k: v.render(gettext, ngettext) if isinstance(v, Text) else v
                  for k, v in self.params.items()}
        try:
            template = (ngettext(self.msgid, self.plural, int(values.get("n", 0))) if self.plural
                        else gettext(self.msgid))
            return template.format(**values)
        except (KeyError, IndexError, ValueError, TypeError):
            pass  # a broken translation must never hide the message: fall back to the English text
        try:
            return self.msgid.format(**values)
        except (KeyError, IndexError, ValueError, TypeError):
            return self.msgid  # damaged params (an edited file): still show something, never fail


class RuleError(Exception):
    """The action breaks a rule of the game; nothing is applied (HTTP 422)."""

    def __init__(self, msgid: str, **params: Any):
        self.text = Text(msgid, params)
        super().__init__(self.text.render())


class BadParams(RuleError):
    """The request itself is malformed: unknown action, missing or non-numeric field (HTTP 400)."""


@dataclass(frozen=True)
class Outcome:
    """The new state, the label of the event in the history, and notices to show once."""

    state: dict
    label: Text
    notices: tuple[Text, ...] = ()


class GameKind(Protocol):
    """What a game kind registers: companion.kinds.register(kind)."""

    key: str  # stable id stored with each game, e.g. "mage_knight"
    name: str  # msgid of the game's display name
    template: str  # Jinja template (path under templates/) rendering the game's panel
    setup_template: str  # Jinja template of the setup form's fields

    def parse_setup(self, form: Mapping[str, Any]) -> dict:
        """Turn the setup form (or JSON body) into setup data; raise BadParams/RuleError."""

    def new_state(self, setup: dict, rng: random.Random) -> dict:
        """The state of a freshly set-up game."""

    def apply(self, state: dict, action: str, params: Mapping[str, Any], rng: random.Random) -> Outcome:
        """Validate and apply one named action to a copy of `state`."""

    def check_state(self, state: Any) -> None:
        """Raise RuleError unless `state` is a state this kind could have produced (import)."""


Action = Callable[[dict, Mapping[str, Any], random.Random], "Outcome"]


def dispatch(actions: Mapping[str, Action], state: dict, action: str,
             params: Mapping[str, Any], rng: random.Random) -> Outcome:
    """Run `actions[action]` on a deep copy of the state, so the caller's state is never touched."""
    handler = actions.get(action)
    if handler is None:
        raise BadParams(N_("Unknown action: {action}"), action=str(action)[:40])
    return handler(copy.deepcopy(state), params, rng)


WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,9}")


def param_int(params: Mapping[str, Any], name: str, lo: int | None = None, hi: int | None = None,
              default: int | None = None) -> int:
    """An integer parameter (form strings accepted); malformed or out of range is BadParams."""
    raw = params.get(name, default)
    if raw is None or raw == "":
        if default is not None:
            return default
        raise BadParams(N_("Missing value: {name}"), name=name)
    if isinstance(raw, bool):
        raise BadParams(N_("Not a whole number: {name}"), name=name)
    text = str(raw).strip()
    # ASCII digits only: Python's int() also reads "٣", "1_000" and thousands of digits.
    if not WHOLE_NUMBER.fullmatch(text):
        raise BadParams(N_("Not a whole number: {name}"), name=name)
    value = int(text)
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise BadParams(N_("{name} must be between {lo} and {hi}"), name=name,
                        lo=lo if lo is not None else "…", hi=hi if hi is not None else "…")
    return value


def param_str(params: Mapping[str, Any], name: str, max_len: int = 60, default: str | None = None,
              choices: Any = None) -> str:
    """A short text parameter, stripped; too long, missing or not among `choices` is BadParams."""
    raw = params.get(name, default)
    if raw is None:
        raise BadParams(N_("Missing value: {name}"), name=name)
    if not isinstance(raw, str):
        raise BadParams(N_("Not text: {name}"), name=name)
    value = raw.strip()
    if len(value) > max_len:
        raise BadParams(N_("{name} is longer than {max_len} characters"), name=name, max_len=max_len)
    if choices is not None and value not in choices:
        raise BadParams(N_("Unknown choice for {name}: {value}"), name=name, value=value[:40])
    return value


def param_bool(params: Mapping[str, Any], name: str, default: bool = False) -> bool:
    """A checkbox-style flag: present and truthy ("1", "on", "true", "yes", True) means True."""
    raw = params.get(name, default)
    if isinstance(raw, bool):
        return raw
    return str(raw).strip().lower() in {"1", "on", "true", "yes"}
