"""Rounds and turns down the initiative track (MM-INI-7, MM-CHZ-1, MM-CAP-1's turn)."""
from __future__ import annotations

import random
from typing import Any
from collections.abc import Mapping

from ..base import N_, Outcome, Text
from . import initiative_track as track_ops
from .catalogue import card_name, mouse_name
from .cheese_wheel import put_cheese
from .mouse_turn import reset_turn

# What a turn's end may bring besides the turn passing: the table is told at once (news.HEADLINES).
AGGRESSIVE_SWAP = N_("{minion} are Aggressive: they swap with the card above.")
TIME_IS_SHORT = N_("Time is Short: no minions on the board, 1 cheese goes on the wheel.")
SKIPS = N_("{mouse} is captured and skips the turn.")
RESCUED = N_("{mouse} is rescued: no minions on the board (that is the turn).")


def _new_round(state: dict, notices: list[Text]) -> None:
    state["acting"] = 0
    state["round"] += 1
    state["ambush_log"] = []  # last round's ambush moves are history now
    notices.append(Text(N_("Round {n} begins."), {"n": state["round"]}))


def _pass_turn(state: dict, notices: list[Text]) -> None:
    state["acting"] += 1
    if state["acting"] >= len(state["initiative_track"]):
        _new_round(state, notices)


def _mouse_turn_over(state: dict, index: int, notices: list[Text]) -> None:
    """MM-CHZ-1 Time is Short: the last mouse on the track ends its turn with no minions about."""
    mice_at = [i for i, c in enumerate(state["initiative_track"]) if c["kind"] == "mouse"]
    if index == mice_at[-1] and not track_ops.has_minions(state):
        notices.append(Text(TIME_IS_SHORT))
        put_cheese(state, 1, notices)


def captured_acting(state: dict) -> dict | None:
    """The acting card's mouse if it is captured (its turn is a rescue or a skip), else None."""
    card = track_ops.acting_card(state)
    return next((m for m in state["mice"] if card["kind"] == "mouse" and m["id"] == card["mouse"]
                 and m["captured"]), None)


def start_turn(state: dict, notices: list[Text]) -> None:
    """Hand the turn to the acting card; a captured mouse is rescued (no minions) or skips (MM-CAP-1).

    While a surge waits for its minions (MM-CHZ-3: they are on the board before anything else happens)
    a captured mouse's turn waits too: the surge's answer settles it (surge.resolve_surge)."""
    while not state["finished"] and state["pending_surge"] is None:
        mouse = captured_acting(state)
        if mouse is None:
            break
        name = mouse_name(state, mouse["id"])
        if track_ops.has_minions(state):
            notices.append(Text(SKIPS, {"mouse": name}))
        else:
            mouse["captured"] = False
            notices.append(Text(RESCUED, {"mouse": name}))
            _mouse_turn_over(state, state["acting"], notices)
        _pass_turn(state, notices)
    reset_turn(state)


def leave_track(state: dict, index: int, notices: list[Text]) -> None:
    """MM-INI-6: the card leaves and the cards below move up; if it was acting, the next card acts."""
    state["initiative_track"].pop(index)
    if index < state["acting"]:
        state["acting"] -= 1
    elif index == state["acting"]:
        if state["acting"] >= len(state["initiative_track"]):
            _new_round(state, notices)
        start_turn(state, notices)


def turn_label(state: dict) -> Text:
    return Text(N_("Turn passed to {name}"), {"name": card_name(state, track_ops.acting_card(state))})


def next_turn(state: dict, params: Mapping[str, Any], rng: random.Random) -> Outcome:
    """The one big "next": end this card's turn, then the next card down (a new round after the last)."""
    notices: list[Text] = []
    index = state["acting"]
    card = state["initiative_track"][index]
    if card["kind"] == "minion" and state["minion_types"][card["minion"]]["aggressive"] and index > 0:
        track_ops.swap_up(state, index)
        notices.append(Text(AGGRESSIVE_SWAP, {"minion": card_name(state, card)}))
    elif card["kind"] == "mouse":
        _mouse_turn_over(state, index, notices)
    if state["finished"]:
        return Outcome(state, notices[-1], tuple(notices))
    _pass_turn(state, notices)
    start_turn(state, notices)
    return Outcome(state, turn_label(state), tuple(notices))


ACTIONS = {"next_turn": next_turn}
