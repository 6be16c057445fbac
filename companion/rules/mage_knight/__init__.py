"""Mage Knight: the round at the table — Source, Units offer, tactics, turns, Fame (RULES.md MK-*)."""
from __future__ import annotations

import random
from typing import Any
from collections.abc import Mapping

from ..base import N_, GameKind, Outcome, RuleError, dispatch
from . import seating
from .deed_helper import can_i_play
from .fame import hand_limit_for
from .later_keys import with_later_keys
from .play_record import play_record
from .actions import ACTIONS
from .dummy import tracked
from .preparation import STEP_NAMES, UNIT_NAMES
from .daytime import VARIANT_NAMES
from .score_sheet import SCORE_ACTIONS, score_actions, score_view
from .setup import HERO_NAMES, SCENARIO_NAMES, new_state, parse_setup, typed_heroes_to_ids
from .state_check import check_state
from ..table_settings import SETTINGS_ACTIONS
from .tactics import TACTIC_NAMES
from .turns import COLOUR_NAMES, PHASE_NAMES, TIME_NAMES
from .view import view

CARD_TYPE_NAMES = {"basic_action": N_("Basic Action"), "advanced_action": N_("Advanced Action"),
                   "spell": N_("Spell"), "artifact": N_("Artifact"), "wound": N_("Wound")}

# Stable ids in the state -> msgids, for the templates.
NAMES = {**HERO_NAMES, **VARIANT_NAMES, **SCENARIO_NAMES, **TACTIC_NAMES, **COLOUR_NAMES, **TIME_NAMES, **PHASE_NAMES,
         **STEP_NAMES, **UNIT_NAMES, **CARD_TYPE_NAMES, "advanced_action": N_("Advanced Action"),
         "solo": N_("Solo"), "cooperative": N_("Cooperative"), "competitive": N_("Competitive")}


def upgraded(state: dict) -> dict:
    """A game saved before some keys existed gets their defaults (before the group chose who rolls, the app
    rolled its dice); one started before the app tracked the Dummy gets its setup crystals and a full deck,
    for the group to correct."""
    state = with_later_keys(state)
    if state.get("dummy") and "deck" not in state["dummy"]:
        state = {**state, "dummy": tracked(state["dummy"])}
    return state


def apply(state: dict, action: str, params: Mapping[str, Any], rng: random.Random) -> Outcome:
    """Validate and apply one action to a copy of `state`; a finished game refuses them all but the score."""
    if action in ACTIONS and state.get("phase") == "finished":
        raise RuleError(N_("The game is over: nothing more can be done."))
    return dispatch({**ACTIONS, **SCORE_ACTIONS, **SETTINGS_ACTIONS}, upgraded(state), action, params, rng)


def view_of(state: dict) -> dict:
    data = view(upgraded(state))
    if state["phase"] == "finished":  # the game's own actions are over; the score's remain
        data.update(score=score_view(state), actions=score_actions(state))
    else:
        data["score"] = None
    return data


def record_of(state: dict) -> dict:
    return play_record(upgraded(state))


class MageKnight(GameKind):
    key = "mage_knight"
    name = N_("Mage Knight")
    template = "kinds/mage_knight.html"
    setup_template = "kinds/mage_knight_setup.html"
    screen_template = "kinds/mage_knight_screen.html"
    actions = {**ACTIONS, **SCORE_ACTIONS, **SETTINGS_ACTIONS}
    # Everyone enters a score sheet at once: an entry is absolute (the count shown plus its step, done or not),
    # so it is applied to the latest version rather than refused as stale (store.apply_action).
    rebasable = frozenset(SCORE_ACTIONS) | frozenset(SETTINGS_ACTIONS)  # a setting is absolute too

    parse_setup = staticmethod(parse_setup)
    localize_setup = staticmethod(typed_heroes_to_ids)
    new_state = staticmethod(new_state)
    apply = staticmethod(apply)
    check_state = staticmethod(check_state)
    view = staticmethod(view_of)
    seats = staticmethod(seating.seats)
    calculators = {"hand_limit": hand_limit_for, "can_play": can_i_play}
    seat_status = staticmethod(seating.seat_status)
    moment_seat = staticmethod(seating.moment_seat)
    play_record = staticmethod(record_of)
    turn_of = staticmethod(seating.turn_of)
    is_over = staticmethod(seating.is_over)
    course_figures = staticmethod(seating.fame_of)
    seat_actions = seating.SEAT_ACTIONS
    player_actions = seating.PLAYER_ACTIONS


KIND = MageKnight()
