"""The dice a player may take, as the phone offers them: alike dice (one colour, one status) are one choice with
their count (crawler seed 208: seven blue dice at Night, seven buttons, ran End turn under the Undo bar)."""
from mk_helpers import KIND, new_game, pick_in_queue_order, turn_seats


def three_in_turns(colours: list[str]) -> dict:
    """p3 (Early Bird) acts, p2 (Rethink), p1 (Mana Steal, the first die set aside): the Source's colours given."""
    state = pick_in_queue_order(new_game(players=3), ["early_bird", "rethink", "mana_steal"])
    for die, colour in zip(state["source"], colours, strict=True):
        die["colour"] = colour
    return state


def test_alike_dice_are_one_choice_with_their_count_in_the_source_s_order():
    state = three_in_turns(["blue", "blue", "red", "blue", "gold"])
    view = KIND.view(state)
    assert view["takeable_dice"] == [1, 2, 3, 4]  # the first, on Mana Steal, is p1's alone
    assert view["take_choices"] == [{"die": 1, "count": 2}, {"die": 2, "count": 1}, {"die": 4, "count": 1}]


def test_the_die_on_mana_steal_is_a_choice_of_its_own_beside_alike_dice():
    state, _ = turn_seats(three_in_turns(["blue", "blue", "red", "blue", "gold"]), 2)  # p3, p2: now p1
    view = KIND.view(state)
    assert view["current_seat"] == "p1"
    assert view["take_choices"] == [{"die": 0, "count": 1}, {"die": 1, "count": 2}, {"die": 2, "count": 1},
                                    {"die": 4, "count": 1}]
