"""A campaign's course, for a chapter's summary: each chapter, how it ended, and each mouse's ability cards at
its end — the mice's level, which they carry from chapter to chapter (MM-CMP-2)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .catalogue import chapter_title, label
from .chapter_tallies import chapter_number
from .upgrade import upgrade


def campaign_course(states: Sequence[dict]) -> list[dict[str, Any]]:
    """From the states that stand, oldest first: [{"chapter": its number, "name", "result" (None while under
    way), "cards": {mouse id: ability cards}}] with each chapter as its last state left it; a mouse sitting a
    chapter out keeps its cards in it. "names": {mouse id: its name} in the last chapter's words."""
    ends: dict[int, dict[str, Any]] = {}
    for state in states:
        state = upgrade(state)
        number = chapter_number(state)
        mice = [*state["mice"], *state["sitting_out"]]
        ends[number] = {"chapter": number, "result": state["outcome"],
                        "name": chapter_title(state["chapter_name"], state["chapter_setup"].get("story_chapter")),
                        "cards": {mouse["id"]: mouse["ability_cards"] for mouse in mice},
                        "names": {mouse["id"]: label(mouse["id"], mouse["name"]) for mouse in mice}}
    return [ends[n] for n in sorted(ends)]
