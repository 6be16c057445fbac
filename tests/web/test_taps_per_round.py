"""The taps a round takes through the pages (issue 23: no more than before it): bench.taps' own walks, so the
figures it prints cannot drift from what the tests hold (it had broken unseen on the table's dice)."""
from __future__ import annotations

from bench.taps import MageKnightRound, mice_and_mystics_cheese, mice_and_mystics_round


def test_a_mage_knight_round_takes_23_taps_with_the_apps_dice_and_27_with_the_tables(app):
    # 22 and 26 until issue 42: "the round is prepared" now asks first (its fold is a tap of its own).
    assert sum(MageKnightRound(app.test_client(), "app").measure().values()) <= 23
    assert sum(MageKnightRound(app.test_client(), "table").measure().values()) <= 27


def test_a_quiet_mice_and_mystics_round_is_one_next_per_card_and_cheese_a_tap_or_two(app):
    assert sum(mice_and_mystics_round(app.test_client()).values()) <= 5
    assert sum(mice_and_mystics_cheese(app.test_client()).values()) <= 3
