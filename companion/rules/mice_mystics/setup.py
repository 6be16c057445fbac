"""The party, the chapter and the minion types (MM-SET), and the state of a fresh chapter."""
from __future__ import annotations

import random
from typing import Any
from collections.abc import Mapping

from ..base import BadParams, N_, RuleError, Text, param_int, param_str
from ..describe import lists_in_step, text
from ..fields import too_long_quoted
from . import initiative_track as track_ops
from .mouse_turn import reset_turn
from .catalogue import MAX_LIFE, MICE, MINION_TYPES, NAMES, STORY_CHAPTERS
from .params import as_list, minion_list

CHAPTER_1 = {"end_page": 6}
MAX_MICE = 10
MAX_PAGE = 30
MAX_CARDS = 6
YES_NO = ("yes", "no")
STARTING_ABILITY_CARDS = 1  # MM-CMP-4: one ability card of the group's choice (rulebook p.6)


def match_id(value: str, ids: Any, names: Mapping[str, Any]) -> str | None:
    """The id whose id or English name is `value` (any case), else None."""
    low = value.lower()
    for ident in ids:
        if low in (ident, str(names.get(ident, "")).lower()):
            return ident
    return None


def _party_fields(form: Mapping[str, Any]) -> tuple[list[str], list]:
    """The party as parallel lists: `mouse` with `controller`, or the setup page's per-mouse fields
    (each ticked `mouse` with its `controller_<id>`; `custom_mouse` rows with `custom_controller`)."""
    chosen = [str(v).strip() for v in as_list(form, "mouse") if str(v).strip()]
    controllers = as_list(form, "controller")
    custom = as_list(form, "custom_mouse")
    if controllers or not (custom or any(str(k).startswith("controller_") for k in form)):
        return chosen, controllers
    custom_controllers = as_list(form, "custom_controller")
    if custom_controllers and len(custom_controllers) != len(custom):
        raise BadParams(N_("One controller per mouse (may be empty)."))
    controllers = [form.get(f"controller_{raw.lower()}") for raw in chosen]
    for i, raw in enumerate(custom):
        if str(raw).strip():
            chosen.append(str(raw).strip())
            controllers.append(custom_controllers[i] if custom_controllers else "")
    return chosen, [c if isinstance(c, str) else "" for c in controllers]


def _parse_mice(form: Mapping[str, Any]) -> list[dict]:
    chosen, controllers = _party_fields(form)
    if not chosen:
        raise BadParams(N_("Missing value: {name}"), name="mouse")
    if len(chosen) > MAX_MICE:
        raise RuleError(N_("At most {n} mouse in a party."), plural=N_("At most {n} mice in a party."), n=MAX_MICE)
    if controllers and len(controllers) != len(chosen):
        raise BadParams(N_("One controller per mouse (may be empty)."))
    mice, seen, custom = [], set(), 0
    for i, raw in enumerate(chosen):
        if len(raw) > 40:
            raise too_long_quoted("custom_mouse", 40, raw)
        ident = match_id(raw, MICE, NAMES)
        name = None
        if ident is None:
            custom += 1
            ident, name = f"mouse_{custom}", raw
        key = (name or ident).lower()
        if key in seen:
            raise RuleError(N_("{mouse} is in the party twice."), mouse=raw)
        seen.add(key)
        controller = str(controllers[i]).strip()[:40] if controllers else ""
        mice.append({"id": ident, "name": name, "controller": controller or None})
    return mice


def _parse_custom_types(form: Mapping[str, Any]) -> list[dict]:
    names = [str(v).strip() for v in as_list(form, "custom_minion_name")]
    cards = as_list(form, "custom_minion_cards")
    bosses = as_list(form, "custom_minion_boss")
    aggressive = as_list(form, "custom_minion_aggressive")
    lives = as_list(form, "custom_minion_life")
    for extra in (cards, bosses, aggressive, lives):
        if extra and len(extra) != len(names):
            raise BadParams(N_("Each custom minion type needs all its fields."))
    types: list[dict[str, Any]] = []
    for i, name in enumerate(names):
        if not name:
            continue
        if len(name) > 40:
            raise too_long_quoted("custom_minion_name", 40, name)
        if match_id(name, MINION_TYPES, NAMES) or any(t["name"].lower() == name.lower() for t in types):
            raise RuleError(N_("There is already a minion type called {name}."), name=name)
        count = param_int({"n": cards[i] if cards else "1"}, "n", 1, MAX_CARDS)
        flags = {"boss": bosses[i] if bosses else "no", "aggressive": aggressive[i] if aggressive else "no"}
        # Life per figure (MM-MIN-1); empty: one for a minion, asked at the first wound for a boss.
        life = lives[i] if lives and str(lives[i]).strip() else None
        types.append({"name": name, "card_count": count,
                      "life": None if life is None else param_int({"life": life}, "life", 1, MAX_LIFE),
                      "boss": param_str(flags, "boss", choices=YES_NO) == "yes",
                      "aggressive": param_str(flags, "aggressive", choices=YES_NO) == "yes"})
    return types


def catalog(custom_types: list[dict]) -> dict[str, dict]:
    """Every minion type the chapter can use: the presets plus the group's own (ids minion_1, …)."""
    types = {tid: {"name": None, "life": None, **{k: (list(v) if isinstance(v, list) else v)
                                                  for k, v in data.items()}}
             for tid, data in MINION_TYPES.items()}
    for i, custom in enumerate(custom_types, start=1):
        tid = f"minion_{i}"
        count = custom["card_count"]
        cards = [tid] if count == 1 else [f"{tid}_{k}" for k in range(1, count + 1)]
        types[tid] = {"name": custom["name"], "life": custom.get("life"), "cards": cards,
                      "boss": custom["boss"], "aggressive": custom["aggressive"]}
    return types


def chapter_fields(form: Mapping[str, Any], types: Mapping[str, dict]) -> dict:
    """A chapter's name, end marker page, starting minions and which of the story book's chapters it is (when
    the app knows that chapter's setup), from the setup or the next-chapter form."""
    # No name given: stored empty and shown as "the chapter" in each device's own language.
    chapter_name = param_str(form, "chapter_name", 60, default="")
    story = param_str(form, "story_chapter", 4, default="", choices=("", *STORY_CHAPTERS)) or None
    book_page = STORY_CHAPTERS[story]["end_page"] if story else CHAPTER_1["end_page"]
    end_page = param_int(form, "chapter_end_page", 1, MAX_PAGE, default=book_page)
    if end_page < 2:
        raise RuleError(N_("The chapter end marker must lie beyond page 1, where the hourglass starts."))
    if story and end_page != book_page:
        raise RuleError(N_("{chapter}: the book puts the chapter end marker on page {page}."),
                        chapter=Text(STORY_CHAPTERS[story]["name"]), page=book_page)
    return {"chapter_name": chapter_name, "chapter_end_page": end_page, "story_chapter": story,
            "minions": minion_list(types, form, allow_empty=True)}


def check_party(mice: list[dict], story_chapter: str | None) -> None:
    """MM-CMP-5: the Party Setup of a chapter the app knows — its number of mice, and none it forbids."""
    if story_chapter is None:
        return
    rules = STORY_CHAPTERS[story_chapter]
    for mouse in mice:
        if mouse["id"] in rules["not_in_party"]:
            raise RuleError(rules["why"])
    if len(mice) != rules["party_size"]:
        raise RuleError(N_("{chapter}: select {n} mouse for the party ({have} chosen)."),
                        plural=N_("{chapter}: select {n} mice for the party ({have} chosen)."),
                        chapter=Text(rules["name"]), n=rules["party_size"], have=len(mice))


OWN_TYPE_ROW = "own_type_"  # the setup page's choice "your own type N": the row N defined below it


def _own_types_named(form: Mapping[str, Any]) -> Mapping[str, Any]:
    """The setup page offers the group's own minion types (defined further down the same form) among the
    minions on the board at the start: each such choice is read as the name typed in that row."""
    chosen = as_list(form, "minion_type")
    if not any(isinstance(v, str) and v.startswith(OWN_TYPE_ROW) for v in chosen):
        return form
    names = as_list(form, "custom_minion_name")
    named = []
    for value in chosen:
        if isinstance(value, str) and value.startswith(OWN_TYPE_ROW):
            row = value[len(OWN_TYPE_ROW):]
            index = int(row) - 1 if row.isdigit() else -1
            name = str(names[index]).strip() if 0 <= index < len(names) else ""
            if not name:
                raise RuleError(N_("Your own minion type {n} has no name yet: name it below, or choose another "
                                   "type."), n=row[:3])
            value = name
        named.append(value)
    return {**form, "minion_type": named}


# What parse_setup cannot do without, for the API's description (rules/describe.py reads the rest from its
# code): the party, 1 to MAX_MICE mice, each with its controller if controllers are given.
SETUP_NEEDS = lists_in_step({"mouse": text(40, blank=False), "controller": text(40)},
                            required=("mouse",), lo=1, hi=MAX_MICE)
SETUP_EXAMPLE = {"mouse": ["collin", "lily"], "controller": ["Anna", "Boris"], "minion_type": ["rat_warriors"],
                 "minion_count": [2]}


def parse_setup(form: Mapping[str, Any]) -> dict:
    """The setup form: party, chapter, custom minion types and the minions on the board (MM-SET-2/3)."""
    mice = _parse_mice(form)
    custom_types = _parse_custom_types(form)
    form = _own_types_named(form)  # the same name, so that rules/describe.py follows it into chapter_fields
    chapter = chapter_fields(form, catalog(custom_types))
    check_party(mice, chapter["story_chapter"])
    return {"mice": mice, "custom_minion_types": custom_types, **chapter}


def fresh_mouse(mouse: dict, ability_cards: int, search_card: str | None) -> dict:
    """A mouse at a chapter's start: no cheese, free, with its ability cards and kept search card."""
    return {"id": mouse["id"], "name": mouse["name"], "controller": mouse["controller"], "cheese": 0,
            "captured": False, "ability_cards": ability_cards, "cheese_gained": 0, "captures": 0,
            "search_card": search_card}


def start_chapter(chapter: dict, mice: list[dict], minion_types: dict, rng: random.Random,
                  notices: list) -> dict:
    """A chapter's first state: hourglass on page 1, empty wheel, the track laid out by MM-INI-2.

    `chapter_setup` is kept so the group can replay the chapter as it began (MM-CMP-1)."""
    state: dict[str, Any] = {
        "chapter_name": chapter["chapter_name"],
        "chapter_end_page": chapter["chapter_end_page"],
        "chapter_setup": {"chapter_name": chapter["chapter_name"], "chapter_end_page": chapter["chapter_end_page"],
                          "story_chapter": chapter.get("story_chapter"),
                          "minions": [dict(m) for m in chapter["minions"]]},
        "hourglass_page": 1,
        "cheese_wheel": 0,
        "round": 1,
        "mice": mice,
        "minion_types": minion_types,
        "initiative_track": [],
        "acting": 0,
        "encounter_card": None,
        "pending_surge": None,
        "ambush_log": [],
        "turn": None,
        "finished": False,
        "outcome": None,
        "achievements": [],
        "chapters": [],
        "sitting_out": [],
        "first_captured_twice": None,
        "brodie_defeated_by": None,
    }
    track_ops.lay_out(state, [(m["type"], m["figures"]) for m in chapter["minions"]], rng)
    track_ops.born_to_lead(state, notices)
    reset_turn(state)
    return state


def new_state(setup: dict, rng: random.Random) -> dict:
    """A fresh campaign's first chapter."""
    mice = [fresh_mouse({"name": None, "controller": None, **m}, STARTING_ABILITY_CARDS, None)
            for m in setup["mice"]]
    return start_chapter(setup, mice, catalog(setup["custom_minion_types"]), rng, [])
