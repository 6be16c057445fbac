"""Flipped Round Order tokens: a turn skipped after a cooperative assault or a PvP defence (MK-TOK)."""
from __future__ import annotations

from ..base import N_, Text
from .seats import seat_name


def token_flipped(state: dict, seat: str) -> bool:
    return seat in state["flipped_tokens"]


def skip_turn(state: dict, seat: str) -> Text:
    """The token is turned back up and the turn is missed: nothing is done in it, End of Round neither."""
    state["flipped_tokens"].remove(seat)
    return Text(N_("{name}'s Round Order token was face down: it is turned face up and the turn is skipped "
                   "(End of Round cannot be announced in it)."), {"name": seat_name(state, seat)})
