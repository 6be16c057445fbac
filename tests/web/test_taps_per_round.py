"""The taps a round takes through the pages (issue 23: no more than before it): bench.taps' own walks, so the
figures it prints cannot drift from what the tests hold (it had broken unseen on the table's dice)."""
from __future__ import annotations

from bench.taps import MageKnightRound, mice_and_mystics_cheese, mice_and_mystics_round


def test_a_mage_knight_round_takes_22_taps_with_the_apps_dice_and_26_with_the_tables(app):
    assert sum(MageKnightRound(app.test_client(), "app").measure().values()) <= 22
    assert sum(MageKnightRound(app.test_client(), "table").measure().values()) <= 26


def test_a_quiet_mice_and_mystics_round_is_one_next_per_card_and_cheese_a_tap_or_two(app):
    assert sum(mice_and_mystics_round(app.test_client()).values()) <= 5
    assert sum(mice_and_mystics_cheese(app.test_client()).values()) <= 3
