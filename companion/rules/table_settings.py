"""The table's own settings kept in a game's state, whatever the game: how the group screen shows it. A setting
changes by an action like any other change (it is in the history, and Undo takes it back); a game saved before
a setting existed has its default."""
from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from .base import N_, Outcome, RuleError, Text, param_int

TURN_TIME = "screen_turn_time"  # the group screen shows the turn's and the round's minutes so far (off by default)


def settings_of(state: Mapping[str, Any]) -> dict[str, Any]:
    """The table's settings in `state`, to carry into a state that starts afresh (a campaign's next chapter)."""
    return {TURN_TIME: turn_time_shown(state)}


def turn_time_shown(state: Mapping[str, Any]) -> bool:
    return state.get(TURN_TIME) is True


def show_turn_time(state: dict, params: Mapping[str, Any], rng: random.Random) -> Outcome:
    """The group shows the current turn's and round's minutes on the group screen (`show` 1), or hides them (0)."""
    shown = param_int(params, "show", 0, 1, default=0) == 1
    if shown == turn_time_shown(state):
        raise RuleError(N_("The group screen already shows the turn time that way."))
    state[TURN_TIME] = shown
    return Outcome(state, Text(N_("Group screen: turn time shown") if shown else N_("Group screen: turn time hidden")))


# By stored name, as each kind's own actions.
SETTINGS_ACTIONS = {"show_turn_time": show_turn_time}
