"""The chapter's end (MM-CMP-1, MM-END-1) and its summary; the achievements it lists (MM-CMP-3)."""
from __future__ import annotations

import random
from typing import Any
from collections.abc import Mapping

from ..base import N_, Outcome, Text, listed
from .achievements import achievement_name, names_of
from .catalogue import chapter_title, label

RESULTS = {"victory": N_("Victory! The chapter is won."),
           "lost_hourglass": N_("The chapter is lost: the hourglass reached the end marker."),
           "lost_captured": N_("The chapter is lost: every mouse is captured.")}
HEADLINES = {"victory": N_("{chapter} won in round {rounds}"), "lost_hourglass": N_("{chapter} lost in round {rounds}"),
             "lost_captured": N_("{chapter} lost in round {rounds}")}
# The label of the change that ended a chapter, short enough for Undo's bar on a phone (its number in the campaign)
ENDED = {"victory": N_("Chapter {number} won"),
         "lost_hourglass": N_("Chapter {number} lost: the hourglass reached the end marker"),
         "lost_captured": N_("Chapter {number} lost: every mouse is captured")}
SUMMED_UP = N_("{what} · {summary}")
SUMMARY = N_("{headline}, hourglass on page {page} of {end}; cheese gained: {cheese}; captured: {captures}; "
             "achievements: {achievements}")


def summary(state: dict) -> dict:
    """What the chapter came to: kept in the state, so the campaign and an export still have it."""
    return {"chapter_name": state["chapter_name"], "story_chapter": state["chapter_setup"].get("story_chapter"),
            "result": state["outcome"], "rounds": state["round"],
            "page": state["hourglass_page"], "end_page": state["chapter_end_page"],
            "mice": [{"mouse": m["id"], "name": m["name"], "cheese_gained": m["cheese_gained"],
                      "captures": m["captures"]} for m in state["mice"]],
            "achievements": [dict(a) for a in state["achievements"]]}


def end_chapter(state: dict, outcome: str) -> None:
    """Won or lost: nothing more happens in this chapter; its summary joins the campaign's chapters."""
    state["finished"], state["outcome"], state["pending_surge"] = True, outcome, None
    state["chapters"].append(summary(state))


def joined(items: list[Any]) -> Any:
    """A list for a Text param, each item translated on its own: "a, b, c" (or "—")."""
    if not items:
        return "—"
    return _joined(listed(items))


def _joined(items: list[Any]) -> Any:
    if len(items) == 1:
        return items[0]
    return Text(N_("{first}, {rest}"), {"first": items[0], "rest": _joined(items[1:])})


def summary_text(done: dict) -> Text:
    """The summary in one line, for the history (a note of the change that ended the chapter)."""
    cheese = [Text(N_("{mouse} {n}"), {"mouse": label(m["mouse"], m["name"]), "n": m["cheese_gained"]})
              for m in done["mice"]]
    captures = [Text(N_("{mouse} {n}"), {"mouse": label(m["mouse"], m["name"]), "n": m["captures"]})
                for m in done["mice"] if m["captures"]]
    headline = Text(
        HEADLINES[done["result"]],
        {"chapter": chapter_title(done["chapter_name"], done.get("story_chapter")), "rounds": done["rounds"]},
    )
    return Text(SUMMARY,
                {"headline": headline, "page": done["page"], "end": done["end_page"],
                 "cheese": joined(cheese), "captures": joined(captures),
                 "achievements": joined([achievement_name(a, names_of(done["mice"])) for a in done["achievements"]])})


def ended(outcome: Outcome) -> Outcome:
    """The change that ended the chapter, labelled by the end alone ("Chapter 1 won"); its first notice is
    what the change did (unless the summary says it) and the summary, which the history shows under it.

    Games saved before keep that longer text as the label: it is the same message, so it still shows."""
    state = outcome.state
    text = summary_text(state["chapters"][-1])
    what = outcome.label if state["outcome"] != "victory" else None  # "won" the summary says itself
    note = text if what is None else Text(SUMMED_UP, {"what": what, "summary": text})
    label = Text(ENDED[state["outcome"]], {"number": len(state["chapters"])})
    return Outcome(state, label, (note, *outcome.notices))


def mark_victory(state: dict, params: Mapping[str, Any], rng: random.Random) -> Outcome:
    """MM-CMP-1: the group taps when the chapter's victory conditions are met."""
    end_chapter(state, "victory")
    return Outcome(state, Text(N_("Victory: the chapter is won")))


ACTIONS = {"mark_victory": mark_victory}
