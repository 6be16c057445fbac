"""The face-up encounter card and the surge's minions (MM-CHZ-3)."""
from __future__ import annotations

import random
from typing import Any
from collections.abc import Mapping

from ..base import N_, Outcome, RuleError, Text, param_str
from . import initiative_track as track_ops
from .arrivals import join_track
from .params import die_values, encounter_rows, minion_list
from .rounds import captured_acting, start_turn

YES_NO = ("yes", "no")


def encounter_row(state: dict) -> int | None:
    """Which page row of the face-up encounter card the current hourglass page reads."""
    card = state["encounter_card"]
    if card is None:
        return None
    page = state["hourglass_page"]
    return next((i for i, row in enumerate(card["rows"]) if row["pages_from"] <= page <= row["pages_to"]),
                None)


def set_encounter_card(state: dict, params: Mapping[str, Any], rng: random.Random) -> Outcome:
    """Remember the face-up encounter card and its surge minions per page row."""
    name = param_str(params, "name", 60, default="")
    rows = encounter_rows(state["minion_types"], params)
    state["encounter_card"] = {"name": name, "rows": rows}
    return Outcome(state, Text(N_("Face-up encounter card: {name}"), {"name": name or "—"}))


def resolve_surge(state: dict, params: Mapping[str, Any], rng: random.Random) -> Outcome:
    """Answer "does this room have a special surge?": its minions, else the encounter card's row."""
    if state["pending_surge"] is None:
        raise RuleError(N_("No surge is waiting."))
    room_surge = param_str(params, "room_surge", choices=YES_NO) == "yes"
    dice = track_ops.Dice(die_values(params), rng)
    notices: list[Text] = []
    if room_surge:
        minions = minion_list(state["minion_types"], params, allow_empty=True)
        label = Text(N_("The room's special surge"))
    else:
        row = encounter_row(state)
        card = state["encounter_card"]
        minions = card["rows"][row]["minions"] if row is not None else []
        if card is None:
            label = Text(N_("Surge: no encounter card, no minions come"))
        else:
            label = Text(N_("Surge from the encounter card, which is discarded"))
            state["encounter_card"] = None
    state["pending_surge"] = None
    if minions:
        join_track(state, minions, rng, "surge", False, dice, notices)
    else:
        dice.check_all_used()
    if captured_acting(state) is not None:  # its turn waited for the surge's minions (MM-CAP-1)
        start_turn(state, notices)
    return Outcome(state, label, tuple(notices))


ACTIONS = {"set_encounter_card": set_encounter_card, "resolve_surge": resolve_surge}
