"""The campaign (MM-CMP-2..4): after a chapter ends, the next one (or the same one again) begins.

Carried, by the book's suggested guidelines: each mouse's ability cards, one search card per mouse on top
of its starting equipment, the party's story achievements. Lost: cheese, party items, individual
achievements. The finished chapters' summaries stay in the state: the campaign's list."""
from __future__ import annotations

import random
from typing import Any, Mapping

from ..base import N_, Outcome, Text, param_bool, param_str
from .chapter_end import STORY
from .setup import chapter_fields, fresh_mouse, start_chapter

SEARCH_CARD_LEN = 40


def _carried_mice(state: dict, params: Mapping[str, Any]) -> list[dict]:
    """Each mouse with its ability cards and the one search card the group keeps for it (or none)."""
    mice = []
    for mouse in state["mice"]:
        kept = param_str(params, f"search_card_{mouse['id']}", SEARCH_CARD_LEN, default="")
        mice.append(fresh_mouse(mouse, mouse["ability_cards"], kept or None))
    return mice


def next_chapter(state: dict, params: Mapping[str, Any], rng: random.Random) -> Outcome:
    """Replay the chapter as it began, or set up the next one; the party carries what MM-CMP-2 says."""
    replay = param_bool(params, "replay")
    chapter = dict(state["chapter_setup"]) if replay else chapter_fields(params, state["minion_types"])
    notices: list[Text] = []
    new = start_chapter(chapter, _carried_mice(state, params), state["minion_types"], rng, notices)
    new["achievements"] = [dict(a) for a in state["achievements"] if a["id"] == STORY]
    new["chapters"] = state["chapters"]
    notices.append(Text(N_("Carried over: ability cards, one search card per mouse, story achievements. "
                           "Cheese, party items and individual achievements are lost.")))
    name = chapter["chapter_name"] or Text(N_("The chapter"))
    number = len(new["chapters"]) + 1
    label = (Text(N_("Chapter {number} of the campaign: a replay of {chapter}"), {"number": number, "chapter": name})
             if replay else Text(N_("Chapter {number} of the campaign: {chapter} begins"),
                                 {"number": number, "chapter": name}))
    return Outcome(new, label, tuple(notices))


ACTIONS = {"next_chapter": next_chapter}
