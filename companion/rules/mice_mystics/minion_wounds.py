"""Wounds on minions that are not bosses (MM-MIN-1): one-life figures fall to any wound; the others
carry a wound marker per wound, each figure its own, and leave at their life."""
from __future__ import annotations

import random
from typing import Any
from collections.abc import Mapping

from ..base import N_, Outcome, RuleError, Text, param_int
from . import initiative_track as track_ops
from .arrivals import figure_number, find_card, take_figures
from .catalogue import MAX_LIFE, type_name

# The book does not say how two figures of one multi-life card share wounds; the app keeps them apart.
APART_NOTE = N_("Each figure keeps its own wounds: the book does not say how several figures of one type share "
                "them, so the app counts them apart.")


def wound_minion(state: dict, params: Mapping[str, Any], rng: random.Random) -> Outcome:
    """n wounds on one figure: a one-life figure is defeated, a multi-life one at its life."""
    card = find_card(state, params)
    minion_type = state["minion_types"][card["minion"]]
    if minion_type["boss"]:
        raise RuleError(N_("A boss takes its wounds on its card: use the boss's Wound button."))
    n = param_int(params, "n", 1, MAX_LIFE, default=1)
    name = type_name(state, card["minion"])
    notices: list[Text] = []
    if "figure_wounds" not in card:
        # Any wound defeats a one-life figure; wounds beyond its life fall on no other figure (each figure
        # is wounded by its own attack).
        take_figures(state, card, [card["figures"] - 1], notices)
        return Outcome(state, Text(N_("{minion}: a figure defeated by a wound ({n} wound)"), {"n": n, "minion": name},
                                   plural=N_("{minion}: a figure defeated by wounds ({n} wounds)")), tuple(notices))
    figure = figure_number(card, params, True)
    life = minion_type["life"]
    wounds = card["figure_wounds"][figure - 1] + n
    label = Text(N_("{minion} {number} took {n} wound ({wounds} of {life})"),
                 {"minion": name, "number": figure, "n": n, "wounds": min(wounds, life), "life": life},
                 plural=N_("{minion} {number} took {n} wounds ({wounds} of {life})"))
    if wounds < life:
        for same in track_ops.cards_of_type(state, card["minion"]):
            same["figure_wounds"][figure - 1] = wounds
        return Outcome(state, label)
    notices.append(Text(N_("{minion} {number} is defeated: its figure leaves the board."),
                        {"minion": name, "number": figure}))
    if take_figures(state, card, [figure - 1], notices):
        notices.append(Text(N_("No {minion} figure is left: the card leaves the track."), {"minion": name}))
    return Outcome(state, label, tuple(notices))


ACTIONS = {"wound_minion": wound_minion}
