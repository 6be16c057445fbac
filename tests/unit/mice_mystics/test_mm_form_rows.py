"""HTML forms send their empty rows: blank minion rows, die boxes and encounter rows mean "nothing"."""
from __future__ import annotations

import pytest

from companion.rules.base import BadParams, RuleError
from companion.rules.mice_mystics.params import die_values, encounter_rows, minion_list
from companion.rules.mice_mystics.setup import catalog


def types():
    return catalog([])


def test_blank_minion_rows_drop_their_counts():
    rows = minion_list(types(), {"minion_type": ["rat_warriors", "", "roaches", ""],
                                 "minion_count": ["3", "2", "1", "5"]})
    assert rows == [{"type": "rat_warriors", "figures": 3}, {"type": "roaches", "figures": 1}]


def test_only_blank_minion_rows_is_missing_unless_allowed():
    with pytest.raises(BadParams):
        minion_list(types(), {"minion_type": ["", ""], "minion_count": ["1", "1"]})
    assert minion_list(types(), {"minion_type": [""], "minion_count": ["1"]}, allow_empty=True) == []


def test_empty_die_boxes_mean_the_app_rolls_and_bad_values_are_refused():
    assert die_values({"die": ["", " "]}) is None
    assert die_values({"die": ["2", "", "3"]}) == [2, 3]
    with pytest.raises(RuleError):
        die_values({"die": ["4"]})


def test_unused_encounter_rows_are_skipped():
    rows = encounter_rows(types(), {"row_pages": ["1-2", "", "3+"], "row_minions": ["roaches", "", "rat_warriors=2"]})
    assert [(r["pages_from"], r["minions"]) for r in rows] == [
        (1, [{"type": "roaches", "figures": 1}]), (3, [{"type": "rat_warriors", "figures": 2}])]
