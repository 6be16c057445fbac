"""Bad input is refused with a RuleError (or BadParams when malformed) and changes nothing."""
import copy
import random

import pytest

from companion.rules.base import BadParams, RuleError
from companion.rules.mice_mystics import KIND


def refused(state, action, error=RuleError, **params):
    before = copy.deepcopy(state)
    with pytest.raises(error) as caught:
        KIND.apply(state, action, params, random.Random(0))
    assert state == before
    return caught.value


@pytest.fixture
def state(table):
    return table.lay(table.setup(), "lily", "roaches:2", "filch", "tilda", "nez")


def test_adding_a_minion_type_twice_is_refused(state):
    error = refused(state, "minions_arrive", minion_type=["spider", "Spider"], minion_count=["1", "2"])
    assert type(error) is RuleError and "twice" in error.text.msgid


def test_removing_figures_that_are_not_there(state):
    refused(state, "remove_figures", card="roaches", n="3")
    refused(state, "remove_figures", card="spider", n="1")
    refused(state, "remove_figures", card="lily", n="1")


def test_a_roll_of_no_cheese_or_more_than_a_wheel_is_malformed(state, table):
    five = table.act(state, "add_cheese", n="5", reason="minion_attack").state
    for n in ("0", "7", "-1"):
        assert type(refused(five, "add_cheese", BadParams, n=n, reason="minion_attack")) is BadParams


def test_a_second_action_or_a_second_share_in_one_turn(state, table):
    acted = table.act(table.act(state, "do_action", kind="battle").state, "finish_action").state
    refused(acted, "do_action", kind="scurry")
    shared = table.act(state, "share").state
    refused(shared, "share")


def test_a_negative_cheese_count(state, table):
    refused(state, "mouse_cheese", mouse="lily", delta="-1")
    refused(state, "remove_cheese", reason="room_rule")
    assert type(refused(state, "mouse_cheese", mouse="lily", delta="0", error=BadParams)) is BadParams


def test_acting_in_a_finished_chapter(state, table):
    won = table.act(state, "mark_victory").state
    refused(won, "next_turn")
    refused(won, "mark_victory")
    refused(won, "add_cheese", reason="minion_attack")


def test_an_ambush_die_outside_1_to_3(state):
    for value in ("0", "4", "-1"):
        error = refused(state, "minions_arrive", minion_type=["spider"], ambush="on", die=[value, "1"])
        assert type(error) is RuleError
    refused(state, "minions_arrive", error=BadParams, minion_type=["spider"], ambush="on", die=["x", "1"])
    refused(state, "minions_arrive", error=BadParams, minion_type=["spider"], ambush="on", die=["1"])
    refused(state, "minions_arrive", error=BadParams, minion_type=["spider"], ambush="on",
            die=["1", "2", "3"])


@pytest.mark.parametrize("action, params", [
    ("fly_away", {}),
    ("minions_arrive", {}),
    ("minions_arrive", {"minion_type": ["dragon"]}),
    ("minions_arrive", {"minion_type": ["spider"], "minion_count": ["many"]}),
    ("minions_arrive", {"minion_type": ["spider", "roaches"], "minion_count": ["1"]}),
    ("minions_arrive", {"minion_type": ["spider"], "source": "sky"}),
    ("add_cheese", {"reason": "boredom"}),
    ("add_cheese", {"n": "two", "reason": "room_rule"}),
    ("add_cheese", {"n": "0", "reason": "room_rule"}),
    ("mouse_cheese", {"mouse": "ratso", "delta": "1"}),
    ("mouse_cheese", {"mouse": "lily", "delta": True}),
    ("do_action", {"kind": "sleep"}),
    ("capture_mouse", {}),
    ("set_encounter_card", {"row_pages": ["1-x"], "row_minions": ["spider"]}),
    ("set_encounter_card", {"row_pages": ["3-1"], "row_minions": [""]}),
    ("set_encounter_card", {"row_pages": ["1"], "row_minions": []}),
    ("move_end_marker", {"reason": "luck"}),
    ("remove_figures", {"card": "roaches", "n": "lots"}),
    ("wound_boss", {"card": "roaches", "n": "x"}),
])
def test_malformed_params_are_bad_params(state, action, params):
    refused(state, action, error=BadParams, **params)


def test_overlapping_encounter_rows_are_refused(state):
    refused(state, "set_encounter_card", row_pages=["1-3", "3-4"], row_minions=["spider", "roaches"])


def test_resolve_surge_needs_a_yes_or_no(state, table):
    surging = table.act(state, "add_cheese", n="6", reason="minion_attack").state
    refused(surging, "resolve_surge", error=BadParams)
    refused(surging, "resolve_surge", error=BadParams, room_surge="maybe")
