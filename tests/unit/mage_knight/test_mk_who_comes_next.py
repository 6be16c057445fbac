"""who_comes_next: the seat the group screen names as next (issue 23, point 5), as the round stands — the next
to pick a tactic, the next turn with face-down tokens and End of Round's last turns counted; nobody when the
last pick decides Round Order or the round ends after this turn. It reads the state and never changes it."""
import copy

from companion.rules.mage_knight.rounds import who_comes_next
from mk_helpers import KIND, do, end_turn, new_game, pick, pick_first_available, prepare


def test_the_next_to_pick_is_the_second_in_the_pick_queue_and_nobody_after_the_last_pick():
    state = new_game(players=3)
    while state["phase"] == "tactics":
        queue = KIND.view(state)["pick_queue"]
        assert who_comes_next(state) == (queue[1] if len(queue) > 1 else None)
        state = pick(state, queue[0], KIND.view(state)["tactics_available"][0])
    assert state["phase"] == "turns"


def test_the_next_turn_is_the_seat_that_plays_when_this_turn_ends():
    state = pick_first_available(new_game(players=3))
    for _ in range(5):  # round the table and on
        named = who_comes_next(state)
        state = end_turn(state)
        assert named == state["turn"]["seat"]


def test_a_face_down_token_is_skipped_when_naming_the_next_turn():
    state = pick_first_available(new_game(players=3))
    order = state["round_order"]
    state = do(state, "flip_token", player=order[1])
    assert who_comes_next(state) == order[2]
    assert end_turn(state)["turn"]["seat"] == order[2]


def test_end_of_rounds_last_turns_are_named_and_then_nobody_as_the_round_ends():
    state = pick_first_available(new_game(players=3))
    order = state["round_order"]
    state = do(state, "announce_end_of_round", player=order[0], deck_empty=True)
    assert state["turn"]["seat"] == order[1] and who_comes_next(state) == order[2]
    state = end_turn(state)
    assert state["turn"]["seat"] == order[2] and who_comes_next(state) is None  # the last of the last turns
    assert end_turn(state)["phase"] == "preparation"


def test_the_dummys_turn_is_named_in_a_solo_game():
    state = pick_first_available(new_game(players=1, scenario="solo_conquest"))
    named = who_comes_next(state)
    assert named in ("p1", "dummy") and end_turn(state)["turn"]["seat"] == named


def test_nobody_comes_next_in_the_preparation_and_it_never_changes_the_state():
    state = pick_first_available(new_game(players=2))
    before = copy.deepcopy(state)
    who_comes_next(state)
    assert state == before
    state = do(state, "announce_end_of_round", player=state["turn"]["seat"], deck_empty=True)
    while state["phase"] == "turns":
        state = end_turn(state)
    assert state["phase"] == "preparation" and who_comes_next(state) is None
    assert prepare(state)["phase"] == "tactics"
