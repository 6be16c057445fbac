"""The contract every game kind's rules follow, and the small helpers they share.

A game state is plain JSON-compatible data (dicts, lists, str, int, bool, None).
An action is `apply(state, action, params, rng) -> Outcome`; it never mutates `state`.
Player-facing words are `Text(msgid, params)`: the web layer translates them, so the
rules stay free of Flask while every message still reaches Russian players in Russian.
"""
from __future__ import annotations

import math
import pickle
import random
import re
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable, Mapping


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
    def from_json(cls, data: Mapping[str, Any]) -> Text:
        params = {k: cls.from_json(v) if isinstance(v, dict) and "msgid" in v else v
                  for k, v in (data.get("params") or {}).items()}
        return cls(str(data["msgid"]), params, data.get("plural"))

    def render(self, gettext: Callable[[str], str] = lambda s: s,
               ngettext: Callable[[str, str, int], str] = lambda s, p, n: s if n == 1 else p,
               escaping: Escaping | None = None) -> str:
        """The message in a language: pass the translation functions (identity gives English).

        With `escaping`, the message as markup (the web layer's HTML): its own words and numbers escaped, and
        each string value (a name a player may have written) escaped and set apart, so that none turns the
        text around it."""
        if escaping is None:
            values = {k: shown(v.render(gettext, ngettext) if isinstance(v, Text) else v)
                      for k, v in self.params.items()}
            words: Callable[[str], str] = str
        else:  # markup is never cut: each plain value is, before it is escaped
            values = {k: v.render(gettext, ngettext, escaping) if isinstance(v, Text)
                      else escaping.value(shown(v)) if isinstance(v, str) else escaping.words(shown(v))
                      for k, v in self.params.items()}
            words = escaping.words
        n = self.params.get("n")
        try:
            template = (ngettext(self.msgid, self.plural,
                                 plural_count(n.render(gettext, ngettext) if isinstance(n, Text) else n))
                        if isinstance(self.plural, str) else gettext(self.msgid))
            return fill(words(template), values)
        except KeyError:
            pass  # a broken translation must never hide the message: fall back to the English text
        try:
            return fill(words(self.msgid), values)
        except KeyError:
            return words(self.msgid)  # damaged params (an edited file): still show something, never fail


@dataclass(frozen=True)
class Escaping:
    """How a message becomes markup: `words` escapes the message's own text; `value` escapes a plain value
    and sets it apart."""

    words: Callable[[str], str]
    value: Callable[[str], str]


# An action's params as the app takes them in (web/forms.py) and keeps them in its events: what a game
# file's events may hold, no more (store.py). A field's value nests at most MAX_PARAM_DEPTH lists or objects.
MAX_PARAMS, MAX_PARAM_NAME, MAX_PARAM_TEXT, MAX_PARAM_DEPTH, MAX_PARAM_VALUES = 40, 40, 200, 4, 400

# `{name}` and nothing else: a label from an imported file is data, so str.format's attribute and
# index access ({a.__class__}, {a[0]}), conversions and format specs ({a:>10000000}) never apply.
PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]{0,39})\}")
MAX_SHOWN_VALUE = MAX_PARAM_TEXT  # a message's text values come from params or from a state built of them


def fill(template: str, values: Mapping[str, str]) -> str:
    """`template` with each `{name}` replaced by its value; any other brace stays as it is."""
    if "{" not in template:
        return template  # most texts drawn are names and words with nothing to fill in
    return PLACEHOLDER.sub(lambda match: values[match.group(1)], template)


def shown(value: Any) -> str:
    """A message's value as text, at most MAX_SHOWN_VALUE characters."""
    return (value if isinstance(value, str) else str(value) if is_scalar(value) else "…")[:MAX_SHOWN_VALUE]


def is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, (str, bool, int)) or (
        isinstance(value, float) and math.isfinite(value))


def plural_count(raw: Any) -> int:
    """The `n` that picks a plural form; KeyError when there is no plain number (an edited file)."""
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    if isinstance(raw, float) and math.isfinite(raw):
        return int(raw)
    if isinstance(raw, str) and WHOLE_NUMBER.fullmatch(raw.strip()):
        return int(raw)
    raise KeyError("n")


MAX_MSGID = 500  # the longest message of the app is about 300 characters (tests/web/test_export_import.py)
MAX_TEXT_PARAMS = 20  # the most placeholders of one message is 5

# How deep a message the app writes nests. A list nests one message deeper per item ("{first}, {rest}"), so
# a message lists at most MAX_LISTED items (see `listed`). Besides its list, the deepest is 5 deep: the undo
# of "{what} · {summary}", whose summary lists each mouse's "{mouse} {n}" with the mouse's name; one more is
# allowed for a message yet to come. The property test of tests/web/test_export_import.py holds the rules to it.
MAX_LISTED = 20
MAX_TEXT_NESTING = 6
MAX_TEXT_DEPTH = MAX_TEXT_NESTING + MAX_LISTED - 1
MAX_TEXT_VALUES = 400  # a chapter's summary with every list full holds about 150


def listed(items: list) -> list:
    """A message's list as it is kept: at most MAX_LISTED items, the last of them "{n} more" when there were
    more (a long campaign's achievements, say), so that the message stays as deep as a game file may be."""
    if len(items) <= MAX_LISTED:
        return list(items)
    return list(items[:MAX_LISTED - 1]) + [Text(N_("{n} more"), {"n": len(items) - MAX_LISTED + 1})]


def text_from_file(data: Any) -> Text:
    """A label or notice read from a game file: a message with `{name}` placeholders only and a few
    short plain values (or nested messages), as deep and as large as the app writes them (MAX_TEXT_DEPTH,
    MAX_TEXT_VALUES); ValueError for anything else."""
    _check_message(data, 0, [MAX_TEXT_VALUES])
    return Text.from_json(data)


def _check_message(data: Any, depth: int, budget: list[int]) -> None:
    if not isinstance(data, dict) or not {"msgid"} <= set(data) <= {"msgid", "params", "plural"} \
            or depth > MAX_TEXT_DEPTH:
        raise ValueError("not a message")
    templates = [data["msgid"]] + ([data["plural"]] if data.get("plural") is not None else [])
    for template in templates:
        if not isinstance(template, str) or not template or len(template) > MAX_MSGID \
                or not is_plain_text(template) or "{" in PLACEHOLDER.sub("", template) \
                or "}" in PLACEHOLDER.sub("", template):
            raise ValueError("not a message template")
    params = data.get("params") or {}
    if not isinstance(params, dict) or len(params) > MAX_TEXT_PARAMS:
        raise ValueError("message params")
    budget[0] -= 1 + len(params)
    if budget[0] < 0:
        raise ValueError("message too large")
    for key, value in params.items():
        if not PLACEHOLDER.fullmatch("{" + key + "}"):
            raise ValueError("message param name")
        if isinstance(value, dict):
            _check_message(value, depth + 1, budget)
        elif not is_scalar(value) or (isinstance(value, str) and (
                len(value) > MAX_SHOWN_VALUE or not is_plain_text(value))):
            raise ValueError("message param value")
        elif isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10 ** 15:
            raise ValueError("message param number")


# Control characters (NUL breaks PostgreSQL's text; none of them is ever typed on purpose) and lone halves of
# a UTF-16 pair, which JSON's "\ud800" allows: half a character cannot be written as UTF-8, so no page
# holding one could be sent.
NOT_PLAIN = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


def is_plain_text(value: str) -> bool:
    """Text of whole, printable characters: no control character, no lone surrogate."""
    return NOT_PLAIN.search(value) is None


def is_plain_data(value: Any, max_depth: int, max_str: int, budget: list[int] | None = None) -> bool:
    """JSON data no deeper than `max_depth`, strings of plain text up to `max_str`, finite numbers,
    and at most budget[0] values in all (the caller's list is counted down)."""
    budget = budget if budget is not None else [100_000]
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        budget[0] -= 1
        if budget[0] < 0 or depth > max_depth:
            return False
        if isinstance(item, dict):
            if not all(isinstance(k, str) and len(k) <= 80 and is_plain_text(k) for k in item):
                return False
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
        elif isinstance(item, str):
            if len(item) > max_str or not is_plain_text(item):
                return False
        elif not is_scalar(item) or (isinstance(item, int) and abs(item) > 2 ** 53):
            return False
    return True


def is_plain_params(params: Any) -> bool:
    """An action's params within the bounds the app takes them in: at most MAX_PARAMS fields with names of
    MAX_PARAM_NAME characters, values of plain data nested MAX_PARAM_DEPTH deep, MAX_PARAM_VALUES in all."""
    return (isinstance(params, dict) and len(params) <= MAX_PARAMS
            and all(isinstance(k, str) and len(k) <= MAX_PARAM_NAME for k in params)
            and is_plain_data(params, MAX_PARAM_DEPTH + 1, MAX_PARAM_TEXT, [MAX_PARAM_VALUES + 1]))


class RuleError(Exception):
    """The action breaks a rule of the game; nothing is applied (HTTP 422)."""

    def __init__(self, msgid: str, plural: str | None = None, **params: Any):
        self.text = Text(msgid, params, plural)  # with `plural`, the form follows params["n"]
        super().__init__(self.text.render())


class BadParams(RuleError):
    """The request itself is malformed: unknown action, missing or non-numeric field (HTTP 400)."""


def too_long(name: str, max_len: int) -> BadParams:
    """The refusal of a text field `name` longer than `max_len` characters."""
    return BadParams(N_("{name} is longer than {n} character"), plural=N_("{name} is longer than {n} characters"),
                     name=name, n=max_len)


class NotThisSeatsMoment(RuleError):
    """A seated phone's tap for another seat's moment, without the deliberate second step (HTTP 403)."""


def another_seats_moment(kind: GameKind, state: dict, my_seat: str | None) -> str | None:
    """The seat whose moment it is, when that is not this seated device's: there its controls for that seat
    take a second, deliberate step ("Act for Boris…"). None on the seat's own phone, on a device with no seat
    (the shared one, just watching) and at a moment that is nobody's in particular."""
    if my_seat is None:
        return None
    seat = kind.moment_seat(state)
    return seat if seat not in (None, my_seat) else None


def check_acting_seat(kind: GameKind, state: dict, my_seat: str | None, action: str, params: Mapping[str, Any],
                      for_seat: str | None) -> None:
    """A seated phone takes a seat's action at another seat's moment, or changes another player's own counts,
    only through "Act for …", whose forms say `for_seat`: a tap without it (an old page, a panel drawn before
    the device took its seat) is refused and changes nothing. Scripts (the JSON API) are not asked."""
    if action in kind.player_actions:
        seat = _players_seat(kind, state, params)
        if my_seat is None or seat in (None, my_seat) or for_seat == seat:
            return
        name = next((s["name"] for s in kind.seats(state) if s["id"] == seat), seat)
        raise NotThisSeatsMoment(N_("That is {name}'s to change, and this phone is another seat's: nothing was "
                                    "applied. To change it for {name}, open “Act for {name}…” first."), name=name)
    seat = another_seats_moment(kind, state, my_seat)
    if seat is None or action not in kind.seat_actions or for_seat == seat:
        return
    name = next((s["name"] for s in kind.seats(state) if s["id"] == seat), seat)
    raise NotThisSeatsMoment(N_("It is {name}'s moment, and this phone is another seat's: nothing was applied. "
                                "To act for {name}, open “Act for {name}…” first."), name=name)


def _players_seat(kind: GameKind, state: dict, params: Mapping[str, Any]) -> str | None:
    """The seat a player action's `player` param names, or None (no such seat: the rules refuse it)."""
    player = params.get("player")
    return player if any(s["id"] == player for s in kind.seats(state)) else None


def acting_for(kind: GameKind, state: dict, action: str, params: Mapping[str, Any]) -> str | None:
    """The seat a change made in `state` acts for: a seat's action (its pick, its turn) at that seat's
    moment, a player's own counts (player_actions). None for the table's bookkeeping and at a moment that is
    nobody's in particular. Kept with the change (Event.moment_seat): what Undo on another seat's phone asks
    a second step for."""
    if action in kind.player_actions:
        return _players_seat(kind, state, params)
    if action not in kind.seat_actions:
        return None
    return kind.moment_seat(state)


def another_seats_undo(made_for: str | None, made_here: bool, my_seat: str | None) -> str | None:
    """The seat whose change an Undo on this seated phone would reverse, when that takes the deliberate step
    ("Undo for Boris…"): a change made for another seat (`made_for`, acting_for's) on another device. A
    phone's own change (even one it made for Boris), the table's bookkeeping and a moment that was nobody's
    stay one tap, as on a device with no seat."""
    if my_seat is None or made_here or made_for in (None, my_seat):
        return None
    return made_for


def check_undoing_seat(kind: GameKind, state: dict, made_for: str | None, made_here: bool, my_seat: str | None,
                       for_seat: str | None) -> None:
    """check_acting_seat for Undo: a tap without the step's mark is refused and undoes nothing."""
    seat = another_seats_undo(made_for, made_here, my_seat)
    if seat is None or for_seat == seat:
        return
    name = next((s["name"] for s in kind.seats(state) if s["id"] == seat), seat)
    raise NotThisSeatsMoment(N_("That change was made at {name}'s moment, on another device: nothing was "
                                "undone. To undo it, open “Undo for {name}…” first."), name=name)


@dataclass(frozen=True)
class Outcome:
    """The new state, the label of the event in the history, and notices to show once."""

    state: dict
    label: Text
    notices: tuple[Text, ...] = ()


Action = Callable[[dict, Mapping[str, Any], random.Random], "Outcome"]


class GameKind:
    """Everything the app asks of a game kind; a kind subclasses this and registers one instance
    (companion.kinds.register).

    The defaults are those of a kind without seats: no one's moment, no seat's actions, nothing re-read from
    a player's language. A kind declares its own where it has them; the app asks nothing else of it.
    """

    key: str  # stable id stored with each game, e.g. "mage_knight"
    name: str  # msgid of the game's display name
    template: str  # Jinja template (path under templates/) rendering the game's panel
    setup_template: str  # Jinja template of the setup form's fields
    screen_template: str | None = None  # the group screen's part of the game, if the kind has one
    # Every action by its stored name. The name is kept in each change of a saved game and in game files:
    # it is a contract, whatever the function that applies it is called.
    actions: Mapping[str, Action] = {}
    rebasable: frozenset[str] = frozenset()  # actions carrying absolute values, applied to the latest version
    seat_actions: frozenset[str] = frozenset()  # a seat's own actions (its pick, its turn): see check_acting_seat
    # One player's own counts (its Fame, its score sheet), at any moment: the `player` param names the seat.
    player_actions: frozenset[str] = frozenset()
    headlines: frozenset[str] = frozenset()  # notices' msgids shown unfolded where the table looks
    history_notes: frozenset[str] = frozenset()  # notices' msgids the history shows under their change too
    # Questions the group can ask without changing the game: name -> (state, params) -> Text.
    calculators: Mapping[str, Callable[[dict, Mapping[str, Any]], Text]] = {}
    names: Mapping[str, str] = {}  # stable ids in the state -> msgids, for the templates

    def parse_setup(self, form: Mapping[str, Any]) -> dict:
        """Turn the setup form (or JSON body) into setup data; raise BadParams/RuleError."""
        raise NotImplementedError

    def localize_setup(self, form: Mapping[str, Any], translate: Callable[[str], str]) -> Mapping[str, Any]:
        """The setup form with names the players typed in their language read back into the rules' ids."""
        return form

    def new_state(self, setup: dict, rng: random.Random) -> dict:
        """The state of a freshly set-up game."""
        raise NotImplementedError

    def opening_news(self, state: dict) -> list[Text]:
        """What the setup itself did that the table should see (like a change's `headlines`), shown until the
        game's first change: the setup is no change, so it has no notes of its own."""
        return []

    def apply(self, state: dict, action: str, params: Mapping[str, Any], rng: random.Random) -> Outcome:
        """Validate and apply one named action to a copy of `state`."""
        return dispatch(self.actions, state, action, params, rng)

    def localize_params(self, action: str, params: Mapping[str, Any],
                        translate: Callable[[str], str]) -> Mapping[str, Any]:
        """An action's params with names typed in the player's language read back into the rules' ids."""
        return params

    def check_state(self, state: Any) -> None:
        """Raise RuleError unless `state` is a state this kind could have produced (import)."""
        raise NotImplementedError

    def view(self, state: dict) -> dict:
        """What the templates show of `state` beyond the state itself."""
        return {}

    def seats(self, state: dict) -> list[dict]:
        """The game's seats ({"id", "name"}, in seating order); none for a kind played without them."""
        return []

    def seat_status(self, state: dict, seat: str) -> dict:
        """A seat's cue: {"now": whether it is this seat's moment, "text": a Text}."""
        return {"now": False, "text": Text("")}

    def moment_seat(self, state: dict) -> str | None:
        """The seat whose moment it is (its pick, its turn), or None when it is nobody's in particular."""
        return None

    def round_of(self, state: dict) -> int | None:
        """The round a state is in (rules/course.py), or None for a kind without rounds."""
        return state.get("round")

    def is_over(self, state: dict) -> bool:
        """The game is over: nobody plays on in it (a Mice and Mystics chapter: its end; the next may follow)."""
        return False

    def turn_of(self, state: dict) -> str | None:
        """Who holds the turn a state is in (rules/course.py, the group screen's turn time): a seat, or whatever
        else takes turns (Mage Knight's Dummy, a Mice and Mystics card on the initiative track); None in no turn
        (a pick, anything the whole table does). A play record's entry names whose turns are its own."""
        return None

    def part_of(self, state: dict) -> Any:
        """Which part of a game a state is in, each part's rounds numbered from 1 (rules/course.py `part_begins`):
        a summary's course covers the part being played. The whole game is one part; Mice and Mystics a
        campaign's chapter."""
        return None

    def course_figures(self, state: dict) -> dict[str, Any]:
        """What a summary's chart follows round by round (rules/course.py `by_round`): Mage Knight each
        player's Fame, by seat; Mice and Mystics the hourglass, the end marker, the wheel, the captured mice;
        none for a kind without such a chart."""
        return {}

    def course_tallies(self, states: list[dict]) -> dict[int, dict[str, int]]:
        """What a summary counts round by round from the states that stand, oldest first, each beside the next
        ({round: {tally: n}}): Mice and Mystics the surges, captures, rescues and minion cards defeated; none for
        a kind without such counts."""
        return {}

    def play_record(self, state: dict) -> dict | None:
        """What a play log keeps of the game (docs/API.md, the play record): {"finished", "rounds", "played":
        {"id", "name"} (the scenario or chapter), "result": {"id", "name"} or None while it is not over,
        "players": [{"seat", "name", "as": {"id", "name"} (the hero, the mouse), "turns_of": whose turns are the
        entry's (a `turn_of` holder), "score": a number or None, "winner": true, false or None (not known, or not a
        game anyone wins)}]}. Names are the group's own texts or
        Texts; None for a kind that keeps no record."""
        return None


def copied(state: Any) -> Any:
    """A deep copy of a state (plain data), as copy.deepcopy makes it, shared parts still shared; made by
    pickle, which copies such data four times quicker."""
    return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))


def dispatch(actions: Mapping[str, Action], state: dict, action: str,
             params: Mapping[str, Any], rng: random.Random) -> Outcome:
    """Run `actions[action]` on a deep copy of the state, so the caller's state is never touched."""
    handler = actions.get(action)
    if handler is None:
        raise BadParams(N_("Unknown action: {action}"), action=str(action)[:40])
    return handler(copied(state), params, rng)


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
        raise too_long(name, max_len)
    if choices is not None and value not in choices:
        raise BadParams(N_("Unknown choice for {name}: {value}"), name=name, value=value[:40])
    return value


def param_bool(params: Mapping[str, Any], name: str, default: bool = False) -> bool:
    """A checkbox-style flag: present and truthy ("1", "on", "true", "yes", True) means True."""
    raw = params.get(name, default)
    if isinstance(raw, bool):
        return raw
    return str(raw).strip().lower() in {"1", "on", "true", "yes"}
