"""States saved before a field existed (a game in progress, an exported file) get the field's default,
so an app update never breaks a chapter under way."""
from __future__ import annotations

import copy
from typing import Any

from .achievements import STORY
from .chapter_end import summary


def upgrade(state: Any) -> Any:
    """The state with every later field filled in; the input is never changed. Anything that is not an older
    state comes back as it is."""
    if not isinstance(state, dict) or not isinstance(state.get("mice"), list):
        return state
    new = state
    if "chapters" not in new:
        new = _with_summaries(new)
    if _holderless(new):
        new = _with_holders(new)
    # Before each chapter chose its party (MM-CMP-5): nobody sat out, no story chapter known.
    if "sitting_out" not in new:
        new = {**new, "sitting_out": []}
    # Before MM-CMP-7 kept who was captured twice first and who defeated Brodie: nobody yet, as far as it knows.
    if "first_captured_twice" not in new:
        new = {**new, "first_captured_twice": None}
    if "screen_turn_time" not in new:  # before the group screen could show the turn time: it did not
        new = {**new, "screen_turn_time": False}
    if "brodie_defeated_by" not in new:
        new = {**new, "brodie_defeated_by": None}
    if isinstance(new.get("chapter_setup"), dict) and "story_chapter" not in new["chapter_setup"]:
        new = {**new, "chapter_setup": {**new["chapter_setup"], "story_chapter": None}}
    # Before a summary kept its story chapter (its name shown in each device's language when none was typed).
    if isinstance(new.get("chapters"), list) and any(isinstance(c, dict) and "story_chapter" not in c
                                                     for c in new["chapters"]):
        new = {**new, "chapters": [{"story_chapter": None, **c} if isinstance(c, dict) else c
                                   for c in new["chapters"]]}
    return new


def _with_summaries(state: dict) -> dict:
    """Before the chapter summary, the campaign and the kept search card."""
    new = copy.deepcopy(state)
    for mouse in new["mice"]:
        if isinstance(mouse, dict):
            mouse.update({"cheese_gained": 0, "captures": 0, "search_card": None, **mouse})
    new.update(achievements=[], chapters=[],
               chapter_setup={"chapter_name": new.get("chapter_name"), "chapter_end_page": new.get("chapter_end_page"),
                              "minions": []})
    if new.get("finished"):
        try:
            new["chapters"].append(summary(new))
        except (KeyError, TypeError):
            pass  # a damaged state: the state check refuses it
    return new


def _achievement_lists(state: dict) -> list:
    lists = [state.get("achievements")]
    chapters = state.get("chapters")
    lists += [c.get("achievements") for c in chapters if isinstance(c, dict)] if isinstance(chapters, list) else []
    return [items for items in lists if isinstance(items, list)]


def _holderless(state: dict) -> bool:
    """Individual achievements earned before they had a holder (MM-CMP-6)."""
    return any(isinstance(a, dict) and a.get("id") != STORY and "mouse" not in a
               for items in _achievement_lists(state) for a in items)


def _with_holders(state: dict) -> dict:
    new = copy.deepcopy(state)
    for items in _achievement_lists(new):
        for achievement in items:
            if isinstance(achievement, dict) and achievement.get("id") != STORY:
                achievement.setdefault("mouse", None)
    return new
