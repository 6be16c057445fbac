"""Our readings where the book leaves room, each shown to the players where and when it applies (the view's
`readings`, by the place on the page that shows them; docs/rules-mice-mystics.md lists them with their sources)."""
from __future__ import annotations

from ..base import N_, Text
from . import achievements, initiative_track as track_ops
from .campaign import SAT_OUT_READING
from .catalogue import mouse_name

MOVER_PASSES = N_("{captured} is the lowest mouse on the track but captured, its figure off the board: the minions "
                  "are moved by the player of the next mouse up, {mouse}.")


def mover(state: dict) -> list[Text]:
    """MM-INI-9 with the lowest mouse captured."""
    lowest, moving = track_ops.lowest_on_track(state), track_ops.lowest_mouse(state)
    if lowest == moving:
        return []
    return [Text(MOVER_PASSES, {"captured": mouse_name(state, lowest), "mouse": mouse_name(state, moving)})]


def readings(state: dict) -> dict[str, list[Text]]:
    """Every reading that applies now, by where the page shows it."""
    return {"mover": mover(state), "achievements": achievements.readings(state),
            "campaign": [Text(SAT_OUT_READING)] if state["finished"] else []}
