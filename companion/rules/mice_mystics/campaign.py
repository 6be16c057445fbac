"""The campaign (MM-CMP-2..5): after a chapter ends, the next one (or the same one again) begins, with the party
its Party Setup chooses.

Carried, by the book's suggested guidelines: each mouse's ability cards, one search card per mouse on top
of its starting equipment, the party's story achievements. Lost: cheese, party items, individual
achievements. A mouse that sits a chapter out keeps what it carried for when it returns (`sitting_out`: the book
is silent there, our reading). The finished chapters' summaries stay in the state: the campaign's list."""
from __future__ import annotations

import random
import re
from typing import Any
from collections.abc import Mapping

from ..base import BadParams, N_, Outcome, RuleError, Text, param_bool, param_str
from ..fields import too_long_quoted
from ..table_settings import settings_of
from .achievements import STORY
from .catalogue import MICE, NAMES, chapter_title, label
from .params import as_list
from .setup import (MAX_MICE, STARTING_ABILITY_CARDS, match_id, chapter_fields, check_party, fresh_mouse,
                    start_chapter)

SEARCH_CARD_LEN = 40
NAME_LEN = 40
CUSTOM_ID = re.compile(r"mouse_(\d+)")
SAT_OUT_READING = N_("A mouse that sits a chapter out keeps its ability cards and its one search card for when it "
                     "returns; a mouse new to the campaign starts with one ability card.")


def known_mice(state: dict) -> list[dict]:
    """Every mouse of the campaign: this chapter's party, then those sitting out."""
    return list(state["mice"]) + list(state["sitting_out"])


def _kept_card(params: Mapping[str, Any], mouse: dict, default: str | None) -> str | None:
    """The search card the group names for `mouse` (empty: none); not named at all: `default`."""
    key = f"search_card_{mouse['id']}"
    if key not in params:
        return default
    return param_str(params, key, SEARCH_CARD_LEN, default="") or None


def _resolve(state: dict, raw: str, taken: set[str]) -> dict:
    """A chosen mouse: one the campaign knows (by id, catalogue name or own name), or a new one."""
    known = known_mice(state)
    low = raw.lower()
    found = next((m for m in known if m["id"] == low or (m["name"] and m["name"].lower() == low)), None)
    ident = found["id"] if found else match_id(raw, MICE, NAMES)
    if found is None and ident is not None:
        found = next((m for m in known if m["id"] == ident), None)
    if found is not None:
        return {"id": found["id"], "name": found["name"], "controller": found["controller"]}
    if ident is not None:
        return {"id": ident, "name": None, "controller": None}
    numbers = [int(m.group(1)) for m in (CUSTOM_ID.fullmatch(i) for i in {k["id"] for k in known} | taken) if m]
    return {"id": f"mouse_{max(numbers, default=0) + 1}", "name": raw, "controller": None}


def _chosen(state: dict, params: Mapping[str, Any]) -> list[dict] | None:
    """The party the form or the API names (`mouse`, with `controller` or `controller_<id>`; `custom_mouse` rows),
    or None when it names none (the party stays)."""
    chosen = [str(v).strip() for v in as_list(params, "mouse") if str(v).strip()]
    customs = [str(v).strip() for v in as_list(params, "custom_mouse")]
    custom_players = as_list(params, "custom_controller")
    if not chosen and not any(customs) and not param_bool(params, "choose_party"):
        return None
    controllers = as_list(params, "controller")
    if controllers and len(controllers) != len(chosen):
        raise BadParams(N_("One controller per mouse (may be empty)."))
    party: list[dict] = []
    taken: set[str] = set()
    rows = [(raw, controllers[i] if controllers else params.get(f"controller_{raw.lower()}"))
            for i, raw in enumerate(chosen)]
    rows += [(raw, custom_players[i] if i < len(custom_players) else "") for i, raw in enumerate(customs) if raw]
    for raw, controller in rows:
        if len(raw) > NAME_LEN:
            raise too_long_quoted("custom_mouse", NAME_LEN, raw)
        mouse = _resolve(state, raw, taken)
        if mouse["id"] in taken:
            raise RuleError(N_("{mouse} is in the party twice."), mouse=raw)
        taken.add(mouse["id"])
        if controller is not None:  # named (even empty): the form shows each mouse's player to change
            if not isinstance(controller, str):
                raise BadParams(N_("Not text: {name}"), name="controller")
            mouse["controller"] = controller.strip()[:NAME_LEN] or None
        party.append(mouse)
    if not party:
        raise RuleError(N_("Choose the mice of the party for this chapter."))
    if len(party) > MAX_MICE:
        raise RuleError(N_("At most {n} mouse in a party."), plural=N_("At most {n} mice in a party."), n=MAX_MICE)
    return party


def _sitting(mouse: dict, ability_cards: int, search_card: str | None) -> dict:
    return {"id": mouse["id"], "name": mouse["name"], "controller": mouse["controller"],
            "ability_cards": ability_cards, "search_card": search_card}


def _party(state: dict, params: Mapping[str, Any], notices: list[Text]) -> tuple[list[dict], list[dict]]:
    """MM-CMP-2/5: the chapter's mice with what each carries, and the mice sitting it out with what they keep."""
    chosen = _chosen(state, params)
    if chosen is None:
        chosen = [{"id": m["id"], "name": m["name"], "controller": m["controller"]} for m in state["mice"]]
    party_ids = {m["id"] for m in state["mice"]}
    waiting = {m["id"]: m for m in state["sitting_out"]}
    mice = []
    for mouse in chosen:
        name = label(mouse["id"], mouse["name"])
        if mouse["id"] in party_ids:
            old = next(m for m in state["mice"] if m["id"] == mouse["id"])
            mice.append(fresh_mouse(mouse, old["ability_cards"], _kept_card(params, old, None)))
        elif mouse["id"] in waiting:
            old = waiting[mouse["id"]]
            card = _kept_card(params, old, old["search_card"])
            mice.append(fresh_mouse(mouse, old["ability_cards"], card))
            notices.append(Text(N_("{mouse} returns with {n} ability card and what it kept."), {"mouse": name,
                                "n": old["ability_cards"]}, plural=N_("{mouse} returns with {n} ability cards and "
                                                                      "what it kept.")))
        else:
            mice.append(fresh_mouse(mouse, STARTING_ABILITY_CARDS, None))
            notices.append(Text(N_("{mouse} joins the party with one ability card of the group's choice."),
                                {"mouse": name}))
    chosen_ids = {m["id"] for m in chosen}
    sitting = [_sitting(m, m["ability_cards"], _kept_card(params, m, m["search_card"]))
               for m in state["sitting_out"] if m["id"] not in chosen_ids]
    for old in state["mice"]:
        if old["id"] not in chosen_ids:
            card = _kept_card(params, old, None)
            sitting.append(_sitting(old, old["ability_cards"], card))
            notices.append(Text(N_("{mouse} sits this chapter out, keeping {n} ability card and its search card "
                                   "({card}) for when it returns."),
                                {"mouse": label(old["id"], old["name"]), "n": old["ability_cards"],
                                 "card": card or "—"},
                                plural=N_("{mouse} sits this chapter out, keeping {n} ability cards and its search "
                                          "card ({card}) for when it returns.")))
    return mice, sitting


def next_chapter(state: dict, params: Mapping[str, Any], rng: random.Random) -> Outcome:
    """Replay the chapter as it began, or set up the next one, with the party its Party Setup chooses (`mouse`;
    none named: the same party); what each mouse carries follows MM-CMP-2 and MM-CMP-5. With `name_chapter` (the
    form's flag) a next chapter that is not the story book's must have a name."""
    replay = param_bool(params, "replay")
    chapter = dict(state["chapter_setup"]) if replay else chapter_fields(params, state["minion_types"])
    # A tap on the form as it came must not start a chapter called "The chapter" (the API may still send none).
    if param_bool(params, "name_chapter") and not replay and not chapter["chapter_name"] \
            and chapter["story_chapter"] is None:
        raise RuleError(N_("The next chapter needs a name: type it under “The next chapter”, or choose the story "
                           "book's chapter there."))
    notices: list[Text] = []
    mice, sitting = _party(state, params, notices)
    check_party(mice, chapter.get("story_chapter"))
    new = start_chapter(chapter, mice, state["minion_types"], rng, notices)
    new["achievements"] = [dict(a) for a in state["achievements"] if a["id"] == STORY]
    new["chapters"] = state["chapters"]
    new["sitting_out"] = sitting
    new.update(settings_of(state))  # the table's, not the chapter's
    notices.append(Text(N_("Carried over: ability cards, one search card per mouse, story achievements. "
                           "Cheese, party items and individual achievements are lost.")))
    name = chapter_title(chapter["chapter_name"], chapter.get("story_chapter"))
    number = len(new["chapters"]) + 1
    label_ = (Text(N_("Chapter {number} of the campaign: a replay of {chapter}"), {"number": number, "chapter": name})
              if replay else Text(N_("Chapter {number} of the campaign: {chapter} begins"),
                                  {"number": number, "chapter": name}))
    return Outcome(new, label_, tuple(notices))


ACTIONS = {"next_chapter": next_chapter}
