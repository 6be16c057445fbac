"""Seats at the table: real players ("p1".."p5", in hero-choice order) and the Dummy ("dummy")."""
from __future__ import annotations

from typing import Any
from collections.abc import Mapping

from ..base import N_, BadParams, RuleError, Text

DUMMY = "dummy"


def seat_ids(state: dict) -> list[str]:
    return [p["id"] for p in state["players"]] + ([DUMMY] if state["dummy"] else [])


def player(state: dict, seat: str) -> dict:
    return next(p for p in state["players"] if p["id"] == seat)


def seat_name(state: dict, seat: str) -> str | Text:
    if seat == DUMMY:
        return Text(N_("the Dummy"))
    return player(state, seat)["name"]


def seat_param(state: dict, params: Mapping[str, Any], allow_dummy: bool = True) -> str:
    """The `player` param: a player's index (0-based, hero-choice order) or id ("p2", "dummy")."""
    raw = params.get("player")
    if raw is None or raw == "" or isinstance(raw, bool):
        raise BadParams(N_("Missing value: {name}"), name="player")
    text = str(raw).strip()
    if text.isascii() and text.isdigit():
        index = int(text)
        if index >= len(state["players"]):
            raise BadParams(N_("Unknown player: {player}"), player=text[:20])
        return state["players"][index]["id"]
    if text not in seat_ids(state):
        raise BadParams(N_("Unknown player: {player}"), player=text[:20])
    if text == DUMMY and not allow_dummy:
        raise RuleError(N_("The Dummy cannot do that."))
    return text
