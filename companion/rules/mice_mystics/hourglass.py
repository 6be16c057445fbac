"""The hourglass, the chapter end marker and the end of the chapter (MM-END-1)."""
from __future__ import annotations

import random
from typing import Any
from collections.abc import Mapping

from ..base import N_, Outcome, RuleError, Text, param_str
from .chapter_end import end_chapter

END_REASONS = ("achievement", "ally")


def advance(state: dict, notices: list[Text]) -> None:
    """One page toward the end marker; reaching it loses the chapter."""
    state["hourglass_page"] += 1
    if state["hourglass_page"] >= state["chapter_end_page"]:
        end_chapter(state, "lost_hourglass")
        notices.append(Text(N_("The hourglass reached the chapter end marker: the chapter is lost.")))


def move_end_marker(state: dict, params: Mapping[str, Any], rng: random.Random) -> Outcome:
    """An achievement or an ally pushes the end marker one page further."""
    reason = param_str(params, "reason", default="achievement", choices=END_REASONS)
    state["chapter_end_page"] += 1
    label = (N_("Achievement: end marker to page {page}") if reason == "achievement"
             else N_("Ally: end marker to page {page}"))
    return Outcome(state, Text(label, {"page": state["chapter_end_page"]}))


def refuse_if_finished(state: dict) -> None:
    if state["finished"]:
        raise RuleError(N_("The chapter is over: nothing more can be done."))


ACTIONS = {"move_end_marker": move_end_marker}
