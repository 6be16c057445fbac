"""Mice and Mystics: the initiative track, the cheese wheel, the hourglass and a mouse's turn."""
from __future__ import annotations

from ..base import N_, GameKind
from . import seating
from .actions import ACTIONS, apply
from .catalogue import MICE, MINION_TYPES, NAMES
from .chapter_end import SUMMARY, SUMMED_UP
from .chapter_tallies import chapter_of, chapter_tallies
from .news import HEADLINES, opening as opening_news
from .params import typed_names_to_ids
from .play_record import play_record
from .setup import parse_setup, new_state
from .state_check import check_state
from .view import view
from ..table_settings import SETTINGS_ACTIONS

__all__ = ["ACTIONS", "KIND", "MICE", "MINION_TYPES", "NAMES", "apply", "check_state", "new_state",
           "parse_setup", "view"]


class MiceAndMystics(GameKind):
    key = "mice_mystics"
    name = N_("Mice and Mystics")
    template = "kinds/mice_mystics.html"
    setup_template = "kinds/mice_mystics_setup.html"
    screen_template = "kinds/mice_mystics_screen.html"
    names = NAMES
    actions = {**ACTIONS, **SETTINGS_ACTIONS}
    rebasable = frozenset(SETTINGS_ACTIONS)  # a setting is absolute: applied to the latest version
    parse_setup = staticmethod(parse_setup)
    new_state = staticmethod(new_state)
    apply = staticmethod(apply)
    check_state = staticmethod(check_state)
    view = staticmethod(view)
    seats = staticmethod(seating.seats)
    seat_status = staticmethod(seating.seat_status)
    moment_seat = staticmethod(seating.moment_seat)
    play_record = staticmethod(play_record)
    turn_of = staticmethod(seating.turn_of)
    is_over = staticmethod(seating.is_over)
    course_figures = staticmethod(seating.chapter_figures)
    course_tallies = staticmethod(chapter_tallies)
    part_of = staticmethod(chapter_of)
    seat_actions = seating.SEAT_ACTIONS
    localize_params = staticmethod(typed_names_to_ids)
    headlines = HEADLINES
    history_notes = frozenset({SUMMARY, SUMMED_UP})  # a chapter's summary, under the change that ended it
    opening_news = staticmethod(opening_news)


KIND = MiceAndMystics()
