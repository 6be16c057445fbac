"""Actions for the scenario specials and flipped Round Order tokens (MK-SCN-3, MK-TOK)."""
from __future__ import annotations

import random
from typing import Any, Mapping

from ..base import N_, Outcome, RuleError, Text, param_bool, param_int
from .seats import seat_name, seat_param

Params = Mapping[str, Any]


def flip_token(state: dict, params: Params, rng: random.Random) -> Outcome:
    """A hero invited into a cooperative city assault, or a PvP defender who fully attended, flips the Round
    Order token face down: the next turn is skipped (MK-TOK-1). `flipped: false` turns it back up (a mistake)."""
    seat = seat_param(state, params, allow_dummy=False)
    name = seat_name(state, seat)
    if not param_bool(params, "flipped", default=True):
        if seat not in state["flipped_tokens"]:
            raise RuleError(N_("{name}'s Round Order token is face up already."), name=name)
        state["flipped_tokens"].remove(seat)
        return Outcome(state, Text(N_("{name}'s Round Order token turned face up"), {"name": name}))
    if state["phase"] != "turns":
        raise RuleError(N_("A Round Order token is flipped during the players' turns."))
    if seat == state["turn"]["seat"]:
        raise RuleError(N_("Not the player whose turn it is: the one who starts the assault keeps the token face "
                           "up."))
    if seat in state["flipped_tokens"]:
        raise RuleError(N_("{name}'s Round Order token is face down already."), name=name)
    final = state["final_turns"]
    if final is not None and seat not in final["remaining"]:  # nothing is played after one's last turn
        raise RuleError(N_("{name} has taken the last turn of this round: no assault to join, no combat to attend "
                           "fully, so the token stays face up."), name=name)
    state["flipped_tokens"].append(seat)
    return Outcome(state, Text(N_("{name}'s Round Order token flipped face down"), {"name": name}),
                   (Text(N_("{name} misses the next turn: the token is turned back up instead (no End of Round "
                            "in it)."), {"name": name}),))


def set_mines(state: dict, params: Params, rng: random.Random) -> Outcome:
    """Mines Liberation: how many mines a player has liberated (their crystals at each Day and Night)."""
    if state["scenario"] != "mines_liberation":
        raise RuleError(N_("Only Mines Liberation counts liberated mines."))
    seat = seat_param(state, params, allow_dummy=False)
    count = param_int(params, "count", lo=0, hi=20)
    if count:
        state["mines"][seat] = count
    else:
        state["mines"].pop(seat, None)
    return Outcome(state, Text(N_("{name}: {n} mine liberated"), {"name": seat_name(state, seat), "n": count},
                               plural=N_("{name}: {n} mines liberated")))


SPECIAL_ACTIONS = {f.__name__: f for f in (flip_token, set_mines)}
