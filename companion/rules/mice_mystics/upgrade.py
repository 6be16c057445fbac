"""States saved before a field existed (a game in progress, an exported file) get the field's default,
so an app update never breaks a chapter under way."""
from __future__ import annotations

import copy
from typing import Any

from .chapter_end import summary


def upgrade(state: Any) -> Any:
    """The state with the chapter summary's, the campaign's and the kept search card's fields filled in;
    the input is never changed. Anything that is not an older state comes back as it is."""
    if not isinstance(state, dict) or "chapters" in state or not isinstance(state.get("mice"), list):
        return state
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
