"""Invariants under random play: hypothesis drives the engine through the actions view() offers."""
import copy
import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from companion.rules.base import RuleError, Text
from companion.rules.mage_knight import KIND, NAMES
from companion.rules.mage_knight.seats import seat_ids
from mk_helpers import end_round_now, form, new_game, pick_first_available

SIDE_ACTIONS = {"change_fame", "set_core_tile_revealed", "monastery_revealed", "set_monasteries",
                "mark_scenario_end", "set_dice_mode", "adjust_dummy"}
SETUPS = [(1, "solo_conquest"), (1, "first_reconnaissance"), (2, "full_conquest"), (2, "blitz_cooperation"),
          (3, "full_cooperation"), (3, "conquer_and_hold"), (4, "blitz_conquest"), (3, "blitz_cooperation"),
          (5, "full_conquest")]


def check_invariants(state):
    KIND.check_state(state)
    assert json.loads(json.dumps(state)) == state
    assert sorted(state["round_order"]) == sorted(seat_ids(state))
    assert all(p["fame"] >= 0 for p in state["players"])


@settings(max_examples=40, deadline=None)
@given(setup=st.sampled_from(SETUPS), night=st.booleans(), dice=st.sampled_from(["app", "table"]),
       seed=st.integers(0, 2**32 - 1), data=st.data())
def test_mk_random_legal_play_keeps_every_invariant(setup, night, dice, seed, data):
    players, scenario = setup
    rng = random.Random(seed)
    state = KIND.new_state(KIND.parse_setup(form(players, scenario, start_at_night="1" if night else "",
                                                 dice_mode=dice)), rng)
    check_invariants(state)
    for _ in range(150):
        offered = KIND.view(state)["actions"]
        if not offered:
            assert state["phase"] == "finished"
            break
        main = [a for a in offered if a["action"] not in SIDE_ACTIONS]
        pool = offered if data.draw(st.integers(0, 9), label="side") == 0 or not main else main
        choice = data.draw(st.sampled_from(pool), label="action")
        before = copy.deepcopy(state)
        outcome = KIND.apply(state, choice["action"], choice["params"], rng)
        assert state == before, "apply mutated its input"
        assert isinstance(outcome.label, Text) and outcome.label.render()
        assert all(isinstance(n, Text) and n.render() for n in outcome.notices)
        state = outcome.state
        check_invariants(state)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), setup=st.sampled_from(SETUPS))
def test_mk_round_order_is_always_a_permutation_of_the_players_and_dummy(seed, setup):
    rng = random.Random(seed)
    state = KIND.new_state(KIND.parse_setup(form(*setup)), rng)
    for _ in range(400):
        if state["phase"] == "finished":
            break
        offered = [a for a in KIND.view(state)["actions"] if a["action"] not in SIDE_ACTIONS]
        choice = rng.choice(offered)
        state = KIND.apply(state, choice["action"], choice["params"], rng).state
        seats = seat_ids(state)
        assert sorted(state["round_order"]) == sorted(seats) and len(set(state["round_order"])) == len(seats)
        assert ("dummy" in state["round_order"]) == (state["mode"] != "competitive")


@settings(max_examples=60, deadline=None)
@given(setup=st.sampled_from(SETUPS), seed=st.integers(0, 2**32 - 1))
def test_mk_new_state_round_trips_through_json_and_passes_check_state(setup, seed):
    state = KIND.new_state(KIND.parse_setup(form(*setup)), random.Random(seed))
    assert json.loads(json.dumps(state)) == state
    KIND.check_state(json.loads(json.dumps(state)))


@pytest.mark.parametrize("tamper", [
    lambda s: s.update(round_order=["p1", "p1"]),
    lambda s: s["source"].pop(),
    lambda s: s["source"][0].update(colour="purple"),
    lambda s: s["players"][0].update(fame=-3),
    lambda s: s.update(phase="lunch"),
    lambda s: s["tactics"].update(p1="long_night"),
    lambda s: s.update(extra=1),
    lambda s: s.update(round=9),
    lambda s: s.update(dummy={"hero": "krang"}),
    lambda s: s.pop("source"),
    lambda s: s.update(players="Anna"),
    lambda s: s.update(dice_mode="dice"),
    lambda s: s.update(dice_mode=True),
    lambda s: s.update(source=[], source_rolls=[]),  # an empty Source only while the table's roll is awaited
])
def test_mk_check_state_rejects_a_broken_file(tamper):
    state = new_game(players=2)
    KIND.check_state(state)
    tamper(state)
    with pytest.raises(RuleError):
        KIND.check_state(state)


def test_mk_check_state_accepts_the_empty_source_awaited_from_the_table_and_refuses_it_later():
    state = new_game(players=2, dice_mode="table")
    assert state["source"] == [] and state["dice_mode"] == "table"
    KIND.check_state(state)
    state["phase"] = "turns"
    with pytest.raises(RuleError):
        KIND.check_state(state)


def test_mk_a_game_saved_before_the_dice_choice_existed_still_loads_and_plays_with_the_app_rolling():
    state = end_round_now(pick_first_available(new_game(players=2)))
    del state["dice_mode"]
    state["preparation"]["source_entered"] = False  # the flag games in preparation carried then
    KIND.check_state(state)
    assert KIND.view(state)["dice_mode"] == "app"
    out = KIND.apply(state, "tick_step", {"step": "flip_board", "through": "players"}, random.Random(1))
    assert out.state["dice_mode"] == "app" and out.state["phase"] == "tactics"
    KIND.check_state(out.state)


def test_mk_check_state_rejects_what_is_not_a_dict():
    for junk in (None, [], "state", 3):
        with pytest.raises(RuleError):
            KIND.check_state(junk)


def test_mk_names_cover_the_ids_the_state_uses():
    from companion.rules.mage_knight.setup import HEROES, SCENARIOS
    from companion.rules.mage_knight.tactics import TACTICS
    from companion.rules.mage_knight.deeds import CARD_TYPES
    for ids in (HEROES, SCENARIOS, TACTICS, CARD_TYPES, ["red", "gold", "black", "day", "night", "elite",
                                                        "regular", "advanced_action", "solo", "cooperative"]):
        assert all(i in NAMES for i in ids)
