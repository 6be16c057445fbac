"""Reading the parameters shared by several actions: lists from forms, minions, die values."""
from __future__ import annotations

from typing import Any
from collections.abc import Callable, Mapping

from ..base import BadParams, N_, RuleError, param_int
from .catalogue import MINION_TYPES, NAMES

MAX_FIGURES = 30


def as_list(params: Mapping[str, Any], name: str) -> list:
    """A repeated form field (or JSON list); a single value is a list of one, absent is empty."""
    raw = params.get(name)
    if raw is None or raw == "":
        return []
    if isinstance(raw, (list, tuple)):
        return list(raw)
    if isinstance(raw, (str, int)) and not isinstance(raw, bool):
        return [raw]
    raise BadParams(N_("Not a list: {name}"), name=name)


def find_type(types: Mapping[str, dict], value: Any) -> str:
    """A minion type id from its id, its English name or a custom name; unknown is BadParams."""
    if not isinstance(value, str):
        raise BadParams(N_("Not text: {name}"), name="minion_type")
    low = value.strip().lower()
    for tid, data in types.items():
        if low in (tid, str(data["name"] or NAMES.get(tid, "")).lower()):
            return tid
    raise BadParams(N_("Unknown minion type: {value}"), value=value[:40])


def minion_list(types: Mapping[str, dict], params: Mapping[str, Any], allow_empty: bool = False,
                type_key: str = "minion_type", count_key: str = "minion_count") -> list[dict]:
    """Parallel lists of minion types and figure counts → [{"type", "figures"}]; a boss is one figure."""
    raw_names, counts = as_list(params, type_key), as_list(params, count_key)
    blank = [isinstance(v, str) and not v.strip() for v in raw_names]
    if counts and len(counts) == len(raw_names):  # a form's rows: an empty type drops its count too
        counts = [c for c, empty in zip(counts, blank) if not empty]
    names = [v for v, empty in zip(raw_names, blank) if not empty]
    if not names and not allow_empty:
        raise BadParams(N_("Missing value: {name}"), name=type_key)
    if counts and len(counts) != len(names):
        raise BadParams(N_("One figure count per minion type."))
    minions: list[dict] = []
    for i, name in enumerate(names):
        tid = find_type(types, name)
        if any(m["type"] == tid for m in minions):
            raise RuleError(N_("{minion} is listed twice: a type is added to the track once."),
                            minion=str(name)[:40])
        figures = param_int({count_key: counts[i]} if counts else {}, count_key, 1, MAX_FIGURES, default=1)
        if types[tid]["boss"] and figures != 1:
            raise RuleError(N_("A boss is a single figure."))
        minions.append({"type": tid, "figures": figures})
    return minions


def die_values(params: Mapping[str, Any], name: str = "die") -> list[int] | None:
    """The physical die's values for ambushes, in order; None means the app rolls."""
    raw = [v for v in as_list(params, name) if not (isinstance(v, str) and not v.strip())]
    if not raw:  # a form's empty die boxes mean the app rolls
        return None
    values = []
    for value in raw:
        number = param_int({name: value}, name)
        if not 1 <= number <= 3:
            raise RuleError(N_("The ambush die shows 1, 2 or 3, not {value}."), value=number)
        values.append(number)
    return values


def encounter_rows(types: Mapping[str, dict], params: Mapping[str, Any]) -> list[dict]:
    """An encounter card's surge rows: `row_pages` ("1-2", "5", "5+") with `row_minions` ("rat_warriors=2, roaches")."""
    pages = as_list(params, "row_pages")
    minions = as_list(params, "row_minions")
    if len(minions) != len(pages):
        raise BadParams(N_("One minion list per page row."))
    rows: list[dict] = []
    for page_text, minion_text in zip(pages, minions):
        if not str(page_text).strip() and not str(minion_text).strip():
            continue  # a form's unused row
        lo, hi = _page_range(str(page_text))
        if any(lo <= r["pages_to"] and r["pages_from"] <= hi for r in rows):
            raise RuleError(N_("The page rows of an encounter card do not overlap."))
        names, counts = [], []
        for item in (p.strip() for p in str(minion_text).split(",")):
            if item:
                name, _, count = item.partition("=")
                names.append(name.strip())
                counts.append(count.strip() or "1")
        rows.append({"pages_from": lo, "pages_to": hi,
                     "minions": minion_list(types, {"t": names, "c": counts}, True, "t", "c")})
    return rows


def _page_range(text: str) -> tuple[int, int]:
    text = text.strip()
    if text.endswith("+"):
        return param_int({"row_pages": text[:-1]}, "row_pages", 1, 99), 99
    lo, _, hi = text.partition("-")
    first = param_int({"row_pages": lo}, "row_pages", 1, 99)
    last = param_int({"row_pages": hi}, "row_pages", 1, 99) if hi else first
    if last < first:
        raise BadParams(N_("A page row reads from a lower page to a higher one."))
    return first, last


def typed_names_to_ids(action: str, params: Mapping[str, Any], translate: Callable[[str], str]) -> Mapping[str, Any]:
    """Minion names typed in the device's language (an encounter card's rows) → type ids.

    The rules read ids and English names; `translate` (injected by the web layer) gives each
    catalogue type's name as the players see it, so "Тараканы=2" reads as "roaches=2"."""
    if action != "set_encounter_card" or "row_minions" not in params:
        return params
    by_name = {translate(NAMES[type_id]).strip().lower(): type_id for type_id in MINION_TYPES}

    def one_row(text: Any) -> Any:
        if not isinstance(text, str):
            return text  # malformed: left for the rules to refuse
        items = []
        for item in text.split(","):
            name, sep, count = item.partition("=")
            type_id = by_name.get(name.strip().lower())
            items.append(f"{type_id}{sep}{count}" if type_id else item)
        return ",".join(items)

    rows = params["row_minions"]
    return {**params, "row_minions": [one_row(r) for r in rows] if isinstance(rows, list) else one_row(rows)}
