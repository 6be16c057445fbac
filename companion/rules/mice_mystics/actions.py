"""Every action of the kind, and the guards that stand before all of them."""
from __future__ import annotations

import random
from typing import Any
from collections.abc import Mapping

from ..base import N_, Outcome, RuleError, dispatch
from .upgrade import upgrade
from ..table_settings import SETTINGS_ACTIONS
from . import (
    achievements,
    arrivals,
    campaign,
    chapter_end,
    cheese_wheel,
    hourglass,
    mice,
    minion_wounds,
    mouse_turn,
    rounds,
    surge,
)

ACTIONS = {**arrivals.ACTIONS, **rounds.ACTIONS, **cheese_wheel.ACTIONS, **surge.ACTIONS,
           **mice.ACTIONS, **mouse_turn.ACTIONS, **hourglass.ACTIONS,
           **minion_wounds.ACTIONS, **chapter_end.ACTIONS, **achievements.ACTIONS, **campaign.ACTIONS}

# While a surge waits for the room question only the answer (and the card it may read) can be given.
DURING_SURGE = {"resolve_surge", "set_encounter_card"}


def apply(state: dict, action: str, params: Mapping[str, Any], rng: random.Random) -> Outcome:
    state = upgrade(state)
    if action in campaign.ACTIONS:
        if not state["finished"]:
            raise RuleError(N_("The chapter is not over yet: win or lose it first."))
    elif action in ACTIONS:
        hourglass.refuse_if_finished(state)
        if state["pending_surge"] is not None and action not in DURING_SURGE:
            raise RuleError(N_("A surge is waiting: answer whether this room has a special surge first."))
    # The table's own settings (SETTINGS_ACTIONS) change at any moment, a surge or the chapter's end too.
    outcome = dispatch({**ACTIONS, **SETTINGS_ACTIONS}, state, action, params, rng)
    if outcome.state["finished"] and not state["finished"]:  # this action ended the chapter: sum it up
        return chapter_end.ended(outcome)
    return outcome
