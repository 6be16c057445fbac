"""Each mouse's cheese and capture (MM-CHZ-4, MM-CAP-1)."""
from __future__ import annotations

import random
from typing import Any
from collections.abc import Mapping

from ..base import BadParams, N_, Outcome, RuleError, Text, param_int
from . import hourglass
from .achievements import counted_capture, scaper_rescued
from .chapter_end import end_chapter
from .catalogue import find_mouse, mouse_name

MAX_DELTA = 30


def mouse_cheese(state: dict, params: Mapping[str, Any], rng: random.Random) -> Outcome:
    """A mouse gains (+n) or spends (-n) cheese; it never holds fewer than none."""
    mouse = find_mouse(state, params)
    delta = param_int(params, "delta", -MAX_DELTA, MAX_DELTA)
    if delta == 0:
        raise BadParams(N_("{name} must not be zero"), name="delta")
    name = mouse_name(state, mouse["id"])
    if mouse["captured"] and delta > 0:
        raise RuleError(N_("{mouse} is captured: its cheese was discarded."), mouse=name)
    if mouse["cheese"] + delta < 0:
        raise RuleError(N_("{mouse} has only {n} cheese."), plural=N_("{mouse} has only {n} cheese."),
                        mouse=name, n=mouse["cheese"])
    mouse["cheese"] += delta
    mouse["cheese_gained"] += max(delta, 0)  # spending does not undo a gain (MM-CMP-1 summary)
    said = {"mouse": name, "n": abs(delta)}
    if delta > 0:
        return Outcome(state, Text(N_("{mouse} gained {n} cheese"), said, plural=N_("{mouse} gained {n} cheese")))
    return Outcome(state, Text(N_("{mouse} spent {n} cheese"), said, plural=N_("{mouse} spent {n} cheese")))


def capture_mouse(state: dict, params: Mapping[str, Any], rng: random.Random) -> Outcome:
    """MM-CAP-1: the card stays, the cheese is discarded, the hourglass moves one page — also for the last free
    mouse, whose capture then loses the chapter (MM-CAP-2).

    The app keeps no search cards, wounds or markers of a mouse, so it tells the players to clear them."""
    mouse = find_mouse(state, params)
    name = mouse_name(state, mouse["id"])
    if mouse["captured"]:
        raise RuleError(N_("{mouse} is already captured."), mouse=name)
    lost = mouse["cheese"]
    if scaper_rescued(state, mouse):
        return _scaper_rescue(state, mouse, lost)
    mouse["captured"], mouse["cheese"] = True, 0
    counted_capture(state, mouse)
    notices: list[Text] = []
    hourglass.advance(state, notices)  # MM-CAP-2: the last capture too, before the chapter ends
    page = state["hourglass_page"]
    if all(m["captured"] for m in state["mice"]):
        if not state["finished"]:
            end_chapter(state, "lost_captured")
        notices[:0] = [Text(N_("Capture: the hourglass moves to page {page}."), {"page": page})]
        notices.append(Text(N_("Every mouse is captured: the chapter is lost.")))
        label = Text(N_("{mouse} was captured: hourglass to page {page}, every mouse is captured, the chapter is "
                        "lost"), {"mouse": name, "page": page})
        return Outcome(state, label, tuple(notices))
    notices[:0] = [
        Text(N_("Capture: the hourglass moves to page {page}."), {"page": page}),
        Text(N_("{mouse}'s {n} cheese is discarded."), {"mouse": name, "n": lost},
             plural=N_("{mouse}'s {n} cheese are discarded.")),
        Text(N_("Discard {mouse}'s equipped search cards; the starting equipment and its pack are kept."),
             {"mouse": name}),
        Text(N_("Clear {mouse}'s wounds, poison and other markers; the figure leaves the board."), {"mouse": name}),
        Text(N_("{mouse}'s card stays on the track: on its turn it is rescued if no minions are on the board, "
                "otherwise it skips the turn."), {"mouse": name}),
    ]
    label = Text(N_("{mouse} was captured: hourglass to page {page}, {n} cheese discarded, search cards "
                    "and markers cleared"), {"mouse": name, "page": page, "n": lost},
                 plural=N_("{mouse} was captured: hourglass to page {page}, {n} cheese discarded, search cards "
                           "and markers cleared"))
    return Outcome(state, label, tuple(notices))


def _scaper_rescue(state: dict, mouse: dict, lost: int) -> Outcome:
    """MM-CMP-6: the Scaper's third capture: rescued at once, its equipped search cards kept; every other capture
    rule still applies (its cheese and markers go, the hourglass moves)."""
    name = mouse_name(state, mouse["id"])
    mouse["cheese"] = 0
    counted_capture(state, mouse)
    notices: list[Text] = []
    hourglass.advance(state, notices)
    page = state["hourglass_page"]
    notices[:0] = [
        Text(N_("{mouse} is the Scaper, captured a third time: rescued at once, and its equipped search cards are "
                "kept. Place it on or next to another mouse."), {"mouse": name}),
        Text(N_("Capture: the hourglass moves to page {page}."), {"page": page}),
        Text(N_("{mouse}'s {n} cheese is discarded."), {"mouse": name, "n": lost},
             plural=N_("{mouse}'s {n} cheese are discarded.")),
        Text(N_("Clear {mouse}'s wounds, poison and other markers; the figure leaves the board."), {"mouse": name}),
    ]
    label = Text(N_("{mouse} was captured a third time and, as the Scaper, rescued at once: hourglass to page "
                    "{page}, {n} cheese discarded, search cards kept"), {"mouse": name, "page": page, "n": lost},
                 plural=N_("{mouse} was captured a third time and, as the Scaper, rescued at once: hourglass to page "
                           "{page}, {n} cheese discarded, search cards kept"))
    return Outcome(state, label, tuple(notices))


ACTIONS = {"mouse_cheese": mouse_cheese, "capture_mouse": capture_mouse}
