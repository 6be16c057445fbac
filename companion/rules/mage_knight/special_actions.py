"""Actions for the scenario specials and flipped Round Order tokens (MK-SCN-3, MK-TOK)."""
from __future__ import annotations

import random
from typing import Any
from collections.abc import Mapping

from ..base import N_, Outcome, RuleError, Text, param_bool, param_int
from .seats import DUMMY, seat_name, seat_param

Params = Mapping[str, Any]
MAX_MINES = 20  # far above any map's mines: a bound for a typing slip


def why_no_token_flips(state: dict) -> str | None:
    """Why no token can be flipped face down now, or None. A cooperative city assault and a PvP combat are
    started on a hero's turn, and only while the End of the Round is not announced and the scenario's end
    is not reached (rulebook.md:943, 1083): not in the last turns, not on the Dummy's turn."""
    if state["final_turns"] is not None or state["scenario_end_met"]:
        return N_("The round is ending: no city assault or PvP combat can start in the last turns, so no token "
                  "is flipped.")
    if state["turn"]["seat"] == DUMMY:
        return N_("The Dummy starts no assault and no combat: no token is flipped on its turn.")
    return None


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
    refused = why_no_token_flips(state)
    if refused is not None:
        raise RuleError(refused)
    state["flipped_tokens"].append(seat)
    return Outcome(state, Text(N_("{name}'s Round Order token flipped face down"), {"name": name}),
                   (Text(N_("{name} misses the next turn: the token is turned back up instead (no End of Round "
                            "in it)."), {"name": name}),))


def set_mines(state: dict, params: Params, rng: random.Random) -> Outcome:
    """Mines Liberation: how many mines a player has liberated (their crystals at each Day and Night)."""
    if state["scenario"] != "mines_liberation":
        raise RuleError(N_("Only Mines Liberation counts liberated mines."))
    seat = seat_param(state, params, allow_dummy=False)
    count = param_int(params, "count", lo=0, hi=MAX_MINES)
    if count:
        state["mines"][seat] = count
    else:
        state["mines"].pop(seat, None)
    return Outcome(state, Text(N_("{name}: {n} mine liberated"), {"name": seat_name(state, seat), "n": count},
                               plural=N_("{name}: {n} mines liberated")))


SPECIAL_ACTIONS = {"flip_token": flip_token, "set_mines": set_mines}
