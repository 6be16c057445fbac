"""MK-SRC: the Source's size, the half-basic rule, depletion, one die per turn, Mana Steal and Mana Search."""
import random

import pytest
from hypothesis import given, settings, strategies as st

from companion.rules.base import RuleError
from companion.rules.mage_knight import source
from mk_helpers import KIND, ScriptedRng, act, do, new_game, pick_in_queue_order, rendered

BASIC = {"red", "blue", "green", "white"}


def game_in_turns(colours, tactics=("early_bird", "rethink"), time="day"):
    """A 2-player game whose Source shows `colours`, with the pick queue taking `tactics`."""
    state = new_game(players=2, start_at_night="1" if time == "night" else "")
    state["source"] = source.fresh_source(colours)
    return pick_in_queue_order(state, tactics)


@pytest.mark.parametrize("players, blitz, dice", [(1, False, 3), (2, False, 4), (3, True, 6), (4, False, 6),
                                                  (5, False, 7), (5, True, 8)])
def test_mk_src_1_source_holds_players_plus_two_dice_plus_one_in_blitz(players, blitz, dice):
    assert source.source_size(players, blitz) == dice


def test_mk_src_1_the_dummy_does_not_count_for_the_source():
    assert len(new_game(players=3, scenario="full_cooperation")["source"]) == 5


def test_mk_src_1_six_faces_four_of_them_basic():
    assert source.COLOURS == ["red", "blue", "green", "white", "gold", "black"]
    assert set(source.BASIC) == BASIC


def test_mk_src_2_reroll_until_half_basic_keeps_basic_dice():
    rng = ScriptedRng(["gold", "black", "gold", "red",  # 1 basic of 4: not enough
                       "black", "gold", "gold",  # the three gold/black dice again: still 1
                       "blue", "black", "white"])  # now 3 basic
    rolls = source.roll_source(rng, 4)
    assert rolls == [["gold", "black", "gold", "red"], ["black", "gold", "gold", "red"],
                     ["blue", "black", "white", "red"]]


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 10**9), n=st.integers(3, 8))
def test_mk_src_2_reroll_only_gold_and_black_until_at_least_half_rounded_up_are_basic(seed, n):
    rolls = source.roll_source(random.Random(seed), n)
    for before, after in zip(rolls, rolls[1:]):
        assert sum(c in BASIC for c in before) < source.min_basic(n)
        assert all(a == b for a, b in zip(before, after) if a in BASIC)
    assert sum(c in BASIC for c in rolls[-1]) >= (n + 1) // 2


def test_mk_src_2_every_reroll_is_stored_and_shown():
    rng = ScriptedRng(["gold", "black", "black", "red", "green", "white", "gold"])
    state = KIND.new_state(KIND.parse_setup({"player_name": ["A", "B"], "hero": ["tovak", "goldyx"]}), rng)
    assert state["source_rolls"] == [["gold", "black", "black", "red"], ["green", "white", "gold", "red"]]
    assert [d["colour"] for d in KIND.view(state)["source"]] == ["green", "white", "gold", "red"]


def test_mk_src_2_entered_dice_that_fail_say_which_to_reroll_then_stand():
    state = new_game(players=3)  # 5 dice: 3 must be basic
    out = act(state, "enter_source", colours="gold,red,black,black,blue")
    assert out.state["source_check"] == {"colours": ["gold", "red", "black", "black", "blue"], "reroll": [0, 2, 3],
                                         "rolls": [["gold", "red", "black", "black", "blue"]]}
    assert out.state["source"] == state["source"]  # the app's Source waits until the entered roll stands
    assert "Reroll dice 1, 3, 4" in rendered(out.notices)[0]
    with pytest.raises(RuleError):  # the red die was not to be rerolled
        act(out.state, "enter_source", colours="gold,green,black,black,blue")
    done = do(out.state, "enter_source", colours=["white", "red", "black", "green", "blue"])
    assert [d["colour"] for d in done["source"]] == ["white", "red", "black", "green", "blue"]
    assert done["source_check"] is None and len(done["source_rolls"]) == 2


def test_mk_src_2_a_standing_entered_roll_is_the_source_step_done():
    state = game_in_turns(["red", "blue", "green", "white"])
    while state["phase"] == "turns":
        state = do(state, "announce_end_of_round", player=state["turn"]["seat"], deck_empty=True) \
            if state["end_of_round_by"] is None else do(state, "end_turn", player=state["turn"]["seat"])
    # the board is flipped before the dice are rolled: entering them is both steps done
    state = do(state, "enter_source", colours="black,black,red,red")
    assert [d["colour"] for d in state["source"]] == ["black", "black", "red", "red"]
    assert state["preparation"]["done"] == ["flip_board", "source"]
    with pytest.raises(RuleError, match="while the Source is reset"):  # not once the Source step is done
        act(state, "enter_source", colours="black,black,red,red")


def preparation_at_source_step():
    state = game_in_turns(["red", "blue", "green", "white"])
    while state["phase"] == "turns":
        state = do(state, "announce_end_of_round", player=state["turn"]["seat"], deck_empty=True) \
            if state["end_of_round_by"] is None else do(state, "end_turn", player=state["turn"]["seat"])
    return do(state, "tick_step", step="flip_board")


def test_mk_src_2_an_entered_roll_awaiting_its_reroll_blocks_the_source_step_until_it_stands_or_is_set_aside():
    state = do(preparation_at_source_step(), "enter_source", colours="gold,black,black,red")
    for action, params in [("tick_step", {"step": "source"}), ("skip_preparation", {})]:
        with pytest.raises(RuleError, match="reroll dice 1, 2, 3"):
            act(state, action, **params)
    assert {a["action"] for a in KIND.view(state)["actions"]} >= {"drop_source_entry"}
    assert not any(a["action"] in ("tick_step", "skip_preparation") for a in KIND.view(state)["actions"])
    # Setting the entry aside lets the app roll at the step, as when nothing was entered.
    dropped = act(state, "drop_source_entry")
    assert dropped.state["source_check"] is None and "app rolls the Source" in rendered(dropped.notices)[0]
    rolled = do(dropped.state, "tick_step", step="source", rng=ScriptedRng(["blue", "red", "green", "white"]))
    assert [d["colour"] for d in rolled["source"]] == ["blue", "red", "green", "white"]
    # Or the rerolled dice stand, and the step is done with every roll entered.
    stood = do(state, "enter_source", colours="white,gold,green,red")
    assert stood["preparation"]["done"] == ["flip_board", "source"]
    assert [d["colour"] for d in stood["source"]] == ["white", "gold", "green", "red"]
    assert stood["source_rolls"] == [["gold", "black", "black", "red"], ["white", "gold", "green", "red"]]


def test_mk_src_2_at_setup_no_tactic_is_picked_while_entered_dice_await_their_reroll():
    state = new_game(players=2)
    app_roll = [d["colour"] for d in state["source"]]
    pending = do(state, "enter_source", colours="gold,black,gold,red")
    seat = KIND.view(pending)["pick_queue"][0]
    with pytest.raises(RuleError, match="reroll dice 1, 2, 3"):
        act(pending, "pick_tactic", player=seat, tactic="early_bird")
    assert not any(a["action"] == "pick_tactic" for a in KIND.view(pending)["actions"])
    dropped = act(pending, "drop_source_entry")
    assert [d["colour"] for d in dropped.state["source"]] == app_roll
    assert "Set the real dice to match" in rendered(dropped.notices)[0]
    assert do(dropped.state, "pick_tactic", player=seat, tactic="early_bird")["tactics"][seat] == "early_bird"
    with pytest.raises(RuleError, match="No entered roll"):
        act(dropped.state, "drop_source_entry")


def test_mk_src_3_black_is_depleted_by_day_and_gold_by_night():
    day = game_in_turns(["black", "gold", "red", "blue"])
    assert [d["depleted"] for d in KIND.view(day)["source"]] == [True, False, False, False]
    with pytest.raises(RuleError):
        act(day, "take_die", player=day["turn"]["seat"], die=0)
    assert do(day, "take_die", player=day["turn"]["seat"], die=1)["source"][1]["status"] == "taken"
    night = game_in_turns(["black", "gold", "red", "blue"], ("from_the_dusk", "long_night"), "night")
    assert [d["depleted"] for d in KIND.view(night)["source"]] == [False, True, False, False]
    with pytest.raises(RuleError):
        act(night, "take_die", player=night["turn"]["seat"], die=1)


def test_mk_src_4_one_die_per_turn_rerolled_and_returned_at_the_end_of_the_turn():
    state = game_in_turns(["red", "blue", "green", "white"])
    seat = state["turn"]["seat"]
    state = do(state, "take_die", player=seat, die=2)
    with pytest.raises(RuleError):
        act(state, "take_die", player=seat, die=0)
    out = act(state, "end_turn", ScriptedRng(["black"]), player=seat)
    assert out.state["source"][2] == {"colour": "black", "status": "ready"}
    assert rendered(out.notices)[0] == "Put the used die back in the Source turned to the app's roll: green → black."
    nxt = out.state["turn"]["seat"]
    assert do(out.state, "take_die", player=nxt, die=0)["source"][0]["status"] == "taken"


def test_mk_src_4_physical_rerolls_can_be_entered_at_the_end_of_the_turn():
    state = game_in_turns(["red", "blue", "green", "white"])
    seat = state["turn"]["seat"]
    state = do(do(state, "take_die", player=seat, die=1), "end_turn", player=seat, colours="gold")
    assert state["source"][1] == {"colour": "gold", "status": "ready"}


def test_mk_src_5_mana_steal_keeps_a_basic_die_aside_for_a_later_turn():
    state = new_game(players=2)
    state["source"] = source.fresh_source(["gold", "green", "red", "black"])
    with pytest.raises(RuleError):  # gold is not basic
        act(state, "pick_tactic", player="p2", tactic="mana_steal", die=0)
    out = act(state, "pick_tactic", player="p2", tactic="mana_steal", die=1)
    assert out.state["source"][1]["status"] == "stolen"
    assert "green die is set aside" in rendered(out.notices)[0]
    state = do(out.state, "pick_tactic", player="p1", tactic="early_bird")
    assert state["turn"]["seat"] == "p1"
    with pytest.raises(RuleError):  # not p1's die
        act(state, "take_die", player="p1", die=1)
    state = do(state, "end_turn", player="p1")
    state = do(state, "take_die", player="p2", die=2)  # the one die from the Source
    state = do(state, "take_die", player="p2", die=1)  # and the stolen one besides
    state = do(state, "end_turn", player="p2", colours="white,blue")  # in Source order
    assert [d["status"] for d in state["source"]] == ["ready"] * 4
    assert [d["colour"] for d in state["source"]] == ["gold", "white", "blue", "black"]


def test_mk_src_5_only_the_owner_of_mana_steal_is_reminded_of_its_die():
    state = new_game(players=2)
    state["source"] = source.fresh_source(["gold", "green", "red", "black"])
    state = do(state, "pick_tactic", player="p2", tactic="mana_steal", die=1)
    out = act(state, "pick_tactic", player="p1", tactic="early_bird")  # p1 starts: Early Bird is 1
    assert out.state["turn"]["seat"] == "p1"
    assert not any("die on the card" in text for text in rendered(out.notices))
    out = act(out.state, "end_turn", player="p1")
    assert out.state["turn"]["seat"] == "p2"
    # every device shows the notice: it names the owner instead of saying "your"
    assert "Mana Steal: Boris can use the green die on the card this turn." in rendered(out.notices)


def test_mk_src_5_mana_search_rerolls_up_to_two_dice_depleted_first_once_per_turn():
    state = game_in_turns(["black", "gold", "red", "blue"], ("mana_search", "preparation"), "night")
    seat = state["turn"]["seat"]
    assert state["tactics"][seat] == "mana_search"
    with pytest.raises(RuleError):  # the depleted gold die first
        act(state, "mana_search", player=seat, dice=[2])
    with pytest.raises(RuleError):
        act(state, "mana_search", player=seat, dice=[0, 1, 2])
    state = do(state, "mana_search", ScriptedRng(["white", "green"]), player=seat, dice=[1, 2])
    assert [d["colour"] for d in state["source"]] == ["black", "white", "green", "blue"]
    with pytest.raises(RuleError):
        act(state, "mana_search", player=seat, dice=[0])


def test_mk_src_5_mana_search_offers_the_depleted_die_with_any_other_and_every_offer_is_accepted():
    state = game_in_turns(["black", "gold", "red", "blue"], ("mana_search", "preparation"), "night")
    seat = state["turn"]["seat"]
    view = KIND.view(state)
    assert view["mana_search_dice"] == [0, 1, 2, 3]  # every die in the Source gets a checkbox
    offered = sorted(a["params"]["dice"] for a in view["actions"] if a["action"] == "mana_search")
    assert offered == [[0, 1], [1], [1, 2], [1, 3]]  # the depleted gold die alone, or with any one other
    for dice in offered:
        act(state, "mana_search", player=seat, dice=dice)
    # before taking mana: once a die is taken this turn, Mana Search is over for the turn
    took = do(state, "take_die", player=seat, die=2)
    with pytest.raises(RuleError, match="before taking mana"):
        act(took, "mana_search", player=seat, dice=[1])
    assert KIND.view(took)["mana_search_dice"] == []
    two_depleted = game_in_turns(["gold", "gold", "red", "blue"], ("mana_search", "preparation"), "night")
    offered = sorted(a["params"]["dice"] for a in KIND.view(two_depleted)["actions"] if a["action"] == "mana_search")
    assert offered == [[0], [0, 1], [1]]


def test_mk_src_5_mana_search_reminder_at_the_start_of_the_owners_turn():
    state = new_game(players=2, start_at_night="1")
    state = do(state, "pick_tactic", player="p2", tactic="mana_search")
    out = act(state, "pick_tactic", player="p1", tactic="preparation")
    assert out.state["turn"]["seat"] == "p2"
    assert any("Mana Search: before taking mana" in n for n in rendered(out.notices))


def test_mk_src_raw_roll_is_uniform_over_the_six_faces():
    rng = random.Random(20240611)
    rolls = 60_000
    counts = {c: 0 for c in source.COLOURS}
    for _ in range(rolls // 6):
        for colour in source.roll_faces(rng, 6):
            counts[colour] += 1
    expected = rolls / 6
    chi_square = sum((n - expected) ** 2 / expected for n in counts.values())
    assert chi_square < 20.515  # 5 degrees of freedom, p = 0.001


def test_mk_src_statistical_test_can_detect_a_biased_die():
    rng = random.Random(1)
    counts = {c: 0 for c in source.COLOURS}
    for _ in range(6000):
        counts[rng.choice(source.COLOURS + ["red"])] += 1  # red twice as likely
    chi_square = sum((n - 1000) ** 2 / 1000 for n in counts.values())
    assert chi_square > 20.515


# --- who rolls: the table's real dice, or the app ---------------------------------------------

def test_mk_src_table_dice_at_setup_no_source_is_shown_until_the_table_enters_its_roll():
    state = new_game(players=2, dice_mode="table")
    assert state["source"] == [] and state["source_rolls"] == []
    entry = KIND.view(state)["source_entry"]
    assert [d["colour"] for d in entry["dice"]] == [None] * 4 and all(d["open"] for d in entry["dice"])
    with pytest.raises(RuleError, match="Tap what each Source die shows first"):
        act(state, "pick_tactic", player="p2", tactic="early_bird")
    assert not any(a["action"] == "pick_tactic" for a in KIND.view(state)["actions"])
    out = act(state, "enter_source", colour_0="red", colour_1="gold", colour_2="blue", colour_3="white")
    assert [d["colour"] for d in out.state["source"]] == ["red", "gold", "blue", "white"]
    assert KIND.view(out.state)["source_entry"] is None
    assert do(out.state, "pick_tactic", player="p2", tactic="early_bird")["tactics"] == {"p2": "early_bird"}


def test_mk_src_2_table_dice_a_failed_check_opens_only_the_gold_and_black_dice():
    state = new_game(players=2, dice_mode="table")
    state = do(state, "enter_source", colour_0="gold", colour_1="black", colour_2="gold", colour_3="red")
    entry = KIND.view(state)["source_entry"]
    assert [d["open"] for d in entry["dice"]] == [True, True, True, False]
    assert [d["colour"] for d in entry["dice"]] == ["gold", "black", "gold", "red"]  # what they showed
    state = do(state, "enter_source", colour_0="blue", colour_2="green")  # die 2 came up black again
    assert [d["colour"] for d in state["source"]] == ["blue", "black", "green", "red"]
    assert state["source_rolls"] == [["gold", "black", "gold", "red"], ["blue", "black", "green", "red"]]
    with pytest.raises(RuleError, match="use the app's roll, let the app roll"):
        act(do(new_game(players=2, dice_mode="table"), "enter_source", colours="gold,black,gold,red"),
            "drop_source_entry")


def table_preparation_at_source_step():
    state = pick_in_queue_order(do(new_game(players=2, dice_mode="table"), "enter_source",
                                   colours="red,blue,green,white"), ["early_bird", "rethink"])
    state = do(state, "announce_end_of_round", player=state["turn"]["seat"], deck_empty=True)
    state = do(state, "end_turn", player=state["turn"]["seat"])
    return do(state, "tick_step", step="flip_board")


def test_mk_src_2_table_dice_the_reset_is_entered_with_last_rounds_colours_chosen_and_ticks_the_step():
    state = table_preparation_at_source_step()
    entry = KIND.view(state)["source_entry"]
    assert [d["colour"] for d in entry["dice"]] == ["red", "blue", "green", "white"]
    with pytest.raises(RuleError, match="The table rolls the Source"):
        act(state, "tick_step", step="source")
    assert not any(a["action"] == "tick_step" for a in KIND.view(state)["actions"])
    # only the dice that changed are sent; the others showed the same colour again
    out = act(state, "enter_source", colour_0="red", colour_1="gold", colour_2="green", colour_3="black")
    assert [d["colour"] for d in out.state["source"]] == ["red", "gold", "green", "black"]
    assert out.state["preparation"]["done"] == ["flip_board", "source"]
    assert rendered(out.notices) == ["The roll stands: red, gold, green, black."]


def test_mk_src_table_dice_skipping_the_preparation_awaits_the_tables_source_before_the_first_pick():
    state = do(table_preparation_at_source_step(), "skip_preparation")
    assert state["phase"] == "tactics" and state["source"] == [] and KIND.view(state)["source_entry"]
    KIND.check_state(state)
    seat = KIND.view(state)["pick_queue"][0]
    with pytest.raises(RuleError, match="Tap what each Source die shows first"):
        act(state, "pick_tactic", player=seat, tactic="long_night")
    state = do(state, "enter_source", colours="red,blue,green,white")
    assert do(state, "pick_tactic", player=seat, tactic="long_night")["tactics"][seat] == "long_night"


def test_mk_src_4_table_dice_the_turn_ends_with_what_the_rerolled_die_shows():
    state = do(new_game(players=2, dice_mode="table"), "enter_source", colours="red,blue,green,white")
    state = pick_in_queue_order(state, ["early_bird", "rethink"])
    seat = state["turn"]["seat"]
    state = do(state, "take_die", player=seat, die=2)
    with pytest.raises(RuleError, match="reroll dice 3 and enter what they show"):
        act(state, "end_turn", player=seat)
    with pytest.raises(RuleError, match="Enter what each rerolled die shows"):
        act(state, "end_turn", player=seat, colour_1="red")
    out = act(state, "end_turn", player=seat, colour_2="gold")
    assert out.state["source"][2] == {"colour": "gold", "status": "ready"}
    assert rendered(out.notices)[0] == "Back in the Source as rolled: gold."


def test_mk_src_5_table_dice_mana_search_takes_the_new_faces_of_the_rerolled_dice():
    state = do(new_game(players=2, dice_mode="table", start_at_night="1"), "enter_source",
               colours="gold,red,blue,white")
    state = pick_in_queue_order(state, ["mana_search", "from_the_dusk"])
    state = do(state, "end_turn", player=state["turn"]["seat"])
    seat = state["turn"]["seat"]
    assert state["tactics"][seat] == "mana_search"
    with pytest.raises(RuleError, match="The table rolls the dice"):
        act(state, "mana_search", player=seat, dice=[0])
    out = act(state, "mana_search", player=seat, colour_0="black", colour_3="green")
    assert [d["colour"] for d in out.state["source"]] == ["black", "red", "blue", "green"]
    assert rendered(out.notices) == ["The Source now shows: black, red, blue, green."]


def test_mk_src_the_group_switches_who_rolls_and_an_awaited_source_is_rolled_by_the_app():
    state = new_game(players=2, dice_mode="table")
    with pytest.raises(RuleError, match="already rolled that way"):
        act(state, "set_dice_mode", mode="table")
    out = act(state, "set_dice_mode", ScriptedRng(["red", "blue", "green", "white"]), mode="app")
    assert out.state["dice_mode"] == "app" and out.label.render() == "Dice: the app rolls"
    assert [d["colour"] for d in out.state["source"]] == ["red", "blue", "green", "white"]
    assert rendered(out.notices) == ["Set the Source dice to the app's roll: red, blue, green, white."]
    back = act(out.state, "set_dice_mode", mode="table")
    assert back.state["dice_mode"] == "table" and back.state["source"] == out.state["source"]
    assert KIND.view(back.state)["source_entry"] is None  # the dice on the table already show the app's faces
