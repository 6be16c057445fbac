"""Bad input gets a RuleError (or BadParams when malformed) and changes nothing."""
import copy
import random

import pytest

from companion.rules.base import BadParams, RuleError
from companion.rules.mage_knight import KIND
from mk_helpers import do, end_round_now, new_game, pick_first_available, pick_in_queue_order, prepare


def refused(state, action, error=RuleError, **params):
    before = copy.deepcopy(state)
    with pytest.raises(error) as info:
        KIND.apply(state, action, params, random.Random(0))
    assert state == before
    assert info.value.text.render()  # a message a player can read
    return info.value.text.render()


def test_pick_tactic_out_of_turn_taken_or_removed():
    state = new_game(players=3)
    assert "Chen's pick" in refused(state, "pick_tactic", player="p1", tactic="rethink")
    state = do(state, "pick_tactic", player="p3", tactic="rethink")
    assert "already has a tactic" in refused(state, "pick_tactic", player="p3", tactic="planning")
    assert "already taken" in refused(state, "pick_tactic", player="p2", tactic="rethink")
    solo = new_game(players=1, scenario="solo_conquest")
    solo = prepare(end_round_now(pick_in_queue_order(solo, ["planning"])))
    solo = prepare(end_round_now(pick_first_available(solo)))  # Day again: Planning was removed
    assert "removed from the game" in refused(solo, "pick_tactic", player="p1", tactic="planning")
    assert "drawn at random" in refused(new_game(1, "solo_conquest"), "pick_tactic", player="dummy",
                                        tactic="planning")


def test_second_die_in_a_turn():
    state = pick_in_queue_order(new_game(players=2), ["early_bird", "rethink"])
    state["source"] = [{"colour": c, "status": "ready"} for c in ("red", "blue", "green", "white")]
    state = do(state, "take_die", player="p2", die=0)
    assert "one die" in refused(state, "take_die", player="p2", die=1)
    assert "already used" in refused(state, "take_die", player="p2", die=0)


def test_announcing_end_of_round_twice_or_with_cards_in_the_deck():
    state = pick_in_queue_order(new_game(players=3), ["early_bird", "rethink", "planning"])
    assert "empty Deed deck" in refused(state, "announce_end_of_round", player="p3")
    state = do(state, "announce_end_of_round", player="p3", deck_empty=True)
    assert "already announced by Chen" in refused(state, "announce_end_of_round", player="p2", deck_empty=True)


def test_ending_a_turn_for_someone_else():
    state = pick_in_queue_order(new_game(players=2), ["early_bird", "rethink"])
    assert "not Anna's turn" in refused(state, "end_turn", player="p1")
    refused(state, "take_die", player="p1", die=0)


def test_fame_below_zero():
    assert "below 0" in refused(new_game(), "change_fame", player="p1", delta=-1)
    refused(new_game(1, "solo_conquest"), "change_fame", player="dummy", delta=1)


def test_entering_seven_dice_for_a_five_die_source():
    state = new_game(players=3)
    assert "exactly 5 dice (got 7)" in refused(state, "enter_source", colours="red,red,red,red,red,red,red")
    refused(state, "enter_source", BadParams, colours="red,red,purple,red,red")


def test_entering_dice_outside_a_source_reset():
    state = pick_first_available(new_game(players=2))
    refused(state, "enter_source", colours="red,red,red,red")


def test_any_action_in_a_finished_game():
    state = do(new_game(players=2), "mark_scenario_end")
    state = end_round_now(pick_first_available(state))
    assert state["phase"] == "finished"
    for action, params in [("change_fame", {"player": "p1", "delta": 1}), ("monastery_revealed", {}),
                           ("set_core_tile_revealed", {"revealed": True}), ("tick_step", {"step": "source"}),
                           ("end_turn", {"player": "p1"})]:
        assert "game is over" in refused(state, action, **params)


def test_actions_in_the_wrong_phase():
    state = new_game(players=2)
    assert "tactic selection" in refused(state, "end_turn", player="p1")
    refused(state, "tick_step", step="flip_board")
    refused(state, "remove_tactic", tactic="rethink")


@pytest.mark.parametrize("action, params", [
    ("no_such_action", {}),
    ("pick_tactic", {"player": "p2", "tactic": "teleport"}),
    ("pick_tactic", {"player": "p9", "tactic": "rethink"}),
    ("pick_tactic", {"player": "7", "tactic": "rethink"}),
    ("pick_tactic", {"tactic": "rethink"}),
    ("change_fame", {"player": "p1", "delta": "lots"}),
    ("change_fame", {"player": "p1"}),
    ("set_monasteries", {"count": "-1"}),
    ("enter_source", {}),
])
def test_malformed_params_are_bad_params(action, params):
    refused(new_game(players=2), action, BadParams, **params)


def test_malformed_params_in_turns_are_bad_params():
    state = pick_in_queue_order(new_game(players=2), ["early_bird", "rethink"])
    refused(state, "take_die", BadParams, player="p2", die="x")
    refused(state, "take_die", BadParams, player="p2", die=4)
    refused(state, "end_turn", BadParams, player=True)


def test_setup_errors():
    with pytest.raises(BadParams):
        KIND.parse_setup({"player_name": ["Anna", "Boris"], "hero": ["tovak"]})
    with pytest.raises(BadParams):
        KIND.parse_setup({"player_name": ["Anna", ""], "hero": ["tovak", "goldyx"]})
    with pytest.raises(BadParams):
        KIND.parse_setup({"player_name": ["Anna", "Boris"], "hero": ["tovak", "goldyx"], "scenario": "x"})
    with pytest.raises(RuleError):
        KIND.parse_setup({"player_name": ["Anna", "Anna"], "hero": ["tovak", "goldyx"]})
