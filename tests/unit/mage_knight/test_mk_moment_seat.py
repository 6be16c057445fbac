"""Whose moment it is (issue 23, point 1): a seat's tactic pick and its turn are its own; the preparation,
the Dummy's pick and turn, the round's end and the score are nobody's in particular."""
from companion.rules.mage_knight import KIND
from companion.rules.mage_knight.seating import SEAT_ACTIONS
from mk_helpers import end_round_now, end_turn, new_game, pick, pick_first_available


def test_the_picker_owns_the_tactic_pick_and_the_current_player_the_turn():
    state = new_game(players=3)
    queue = KIND.view(state)["pick_queue"]
    assert KIND.moment_seat(state) == queue[0]
    state = pick(state, queue[0], KIND.view(state)["tactics_available"][0])
    assert KIND.moment_seat(state) == queue[1]
    state = pick_first_available(state)
    assert state["phase"] == "turns" and KIND.moment_seat(state) == state["turn"]["seat"]
    seat = state["turn"]["seat"]
    state = end_turn(state)
    assert KIND.moment_seat(state) == state["turn"]["seat"] != seat


def test_the_dummys_turn_the_round_end_and_the_preparation_are_nobodys():
    state = pick_first_available(new_game(players=1, scenario="solo_conquest"))
    while state["turn"]["seat"] != "dummy":
        state = end_turn(state)
    assert KIND.moment_seat(state) is None
    state = end_round_now(state)
    assert state["phase"] == "preparation" and KIND.moment_seat(state) is None


def test_the_seat_actions_are_the_pick_and_the_turns_own_and_not_the_tables_bookkeeping():
    # A Round Order token flips in the acting player's turn (their assault, their PvP combat): theirs too.
    assert {"pick_tactic", "take_die", "end_turn", "announce_end_of_round", "mana_search", "use_tactic",
            "forfeit_turn", "flip_token"} == SEAT_ACTIONS
    assert not SEAT_ACTIONS & {"change_fame", "tick_step", "enter_source", "dummy_turn", "remove_tactic",
                               "set_mines"}
    assert SEAT_ACTIONS <= set(KIND.actions)
