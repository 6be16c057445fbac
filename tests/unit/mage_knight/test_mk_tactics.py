"""MK-TAC: tactic sets, pick order, "when you take this tactic", Round Order, solo/coop removal."""
import pytest

from companion.rules.base import RuleError
from companion.rules.mage_knight.tactics import TACTICS, tactics_for
from mk_helpers import (KIND, act, do, end_round_now, new_game, pick_first_available, pick_in_queue_order, prepare,
                        rendered, text_of)


def test_mk_tac_1_day_and_night_sets_numbered_one_to_six():
    assert tactics_for("day") == ["early_bird", "rethink", "mana_steal", "planning", "great_start",
                                  "the_right_moment"]
    assert tactics_for("night") == ["from_the_dusk", "long_night", "mana_search", "midnight_meditation",
                                    "preparation", "sparing_power"]
    assert [TACTICS[t]["number"] for t in tactics_for("night")] == [1, 2, 3, 4, 5, 6]


def test_mk_tac_1_only_the_set_of_the_time_of_day_is_offered():
    state = new_game(players=2)
    assert KIND.view(state)["tactics_available"] == tactics_for("day")
    with pytest.raises(RuleError):
        act(state, "pick_tactic", player="p2", tactic="long_night")


def round_two_with_order(order_tactics):
    """3 players; round 1 picks (in queue order p3, p2, p1) fix the Round Order; then round 2 is prepared."""
    state = pick_in_queue_order(new_game(players=3), order_tactics)
    return prepare(end_round_now(state))


def test_mk_tac_2_lowest_fame_picks_first():
    state = round_two_with_order(["early_bird", "rethink", "mana_steal"])
    assert state["round_order"] == ["p3", "p2", "p1"]
    state = do(do(state, "change_fame", player="p3", delta=4), "change_fame", player="p2", delta=2)
    assert KIND.view(state)["pick_queue"] == ["p1", "p2", "p3"]


def test_mk_tac_2_ties_go_to_the_lower_round_order_token():
    state = round_two_with_order(["early_bird", "rethink", "mana_steal"])  # order p3, p2, p1
    state = do(state, "change_fame", player="p1", delta=5)
    assert KIND.view(state)["pick_queue"] == ["p2", "p3", "p1"]
    with pytest.raises(RuleError):
        act(state, "pick_tactic", player="p3", tactic="long_night")
    state = do(state, "pick_tactic", player="p2", tactic="long_night")
    assert KIND.view(state)["pick_queue"] == ["p3", "p1"]


@pytest.mark.parametrize("tactic, name, words", [
    ("rethink", "Rethink", "Boris discards up to 3 cards"), ("great_start", "Great Start", "Boris draws 2 cards"),
])
def test_mk_tac_3_when_you_take_this_tactic_instruction_right_after_the_pick(tactic, name, words):
    out = act(new_game(players=2), "pick_tactic", player="p2", tactic=tactic)
    assert words in rendered(out.notices)[0]
    assert out.label.render() == f"Boris picked {name}"


def test_mk_tac_3_mana_steal_takes_its_die_with_the_pick():
    """"Take one mana die of a basic colour from the Source": at least half the Source is basic, so there is
    always one; the pick names it (a pick without it would leave the die in the Source for the others)."""
    state = new_game(players=2)
    with pytest.raises(RuleError, match="choose which one"):
        act(state, "pick_tactic", player="p2", tactic="mana_steal")
    offered = [a["params"] for a in KIND.view(state)["actions"]
               if a["action"] == "pick_tactic" and a["params"]["tactic"] == "mana_steal"]
    assert offered and all("die" in p for p in offered)
    die = offered[0]["die"]
    out = act(state, "pick_tactic", player="p2", tactic="mana_steal", die=die)
    assert out.label.render() == "Boris picked Mana Steal"
    assert "die is set aside on the card" in rendered(out.notices)[0]
    assert out.state["source"][die]["status"] == "stolen"


def test_mk_tac_3_tactics_without_an_instruction_give_none():
    out = act(new_game(players=2), "pick_tactic", player="p2", tactic="early_bird")
    assert out.notices == ()


def test_mk_tac_3_preparation_instruction_at_night():
    out = act(new_game(players=2, start_at_night="1"), "pick_tactic", player="p2", tactic="preparation")
    assert rendered(out.notices)[0] == ("Preparation: Boris searches the Deed deck for one card, takes it, "
                                        "then shuffles.")


def test_mk_tac_3_planning_reminded_at_the_end_of_each_turn():
    state = pick_in_queue_order(new_game(players=2), ["planning", "early_bird"])  # p2 planning, p1 first
    first = act(state, "end_turn", player="p1")
    assert not any("Planning" in n for n in rendered(first.notices))
    second = act(first.state, "end_turn", player="p2")
    planning = "Planning: with 2 or more cards in hand, the Hand limit of Boris is 1 higher now."
    assert planning in rendered(second.notices)


def test_mk_tac_3_once_per_round_tactics_reminded_until_used_then_flipped():
    state = pick_in_queue_order(new_game(players=2, start_at_night="1"), ["long_night", "from_the_dusk"])
    out = act(state, "end_turn", player="p1")
    assert any("Long Night (once this round)" in n for n in rendered(out.notices))
    state = do(out.state, "use_tactic", player="p2")
    assert state["flipped_tactics"] == ["long_night"]
    with pytest.raises(RuleError):
        act(state, "use_tactic", player="p2")
    state = do(state, "end_turn", player="p2")
    again = act(state, "end_turn", player="p1")
    assert not any("Long Night" in n for n in rendered(again.notices))


def test_mk_tac_3_sparing_power_and_midnight_meditation_reminders():
    state = pick_in_queue_order(new_game(players=2, start_at_night="1"), ["sparing_power", "midnight_meditation"])
    assert state["turn"]["seat"] == "p1"
    out = act(state, "end_turn", player="p1")
    assert any(n.startswith("Sparing Power: before the turn, Boris puts") for n in rendered(out.notices))
    out = act(out.state, "end_turn", player="p2")
    assert any(n.startswith("Midnight Meditation (once this round, before the turn): Anna may")
               for n in rendered(out.notices))


def test_mk_tac_4_round_order_by_tactic_number_after_all_picks():
    state = new_game(players=4)
    state = pick_in_queue_order(state, ["the_right_moment", "rethink", "planning", "early_bird"])
    # queue p4, p3, p2, p1 took 6, 2, 4, 1
    assert state["round_order"] == ["p1", "p3", "p2", "p4"]
    assert state["phase"] == "turns" and state["turn"]["seat"] == "p1"
    assert KIND.view(state)["tactics_available"] == []


def test_mk_tac_4_unpicked_tactics_are_set_aside_and_back_next_time():
    state = pick_in_queue_order(new_game(players=2), ["early_bird", "rethink"])
    state = prepare(end_round_now(state))  # night
    state = pick_first_available(state)
    state = prepare(end_round_now(state))  # day again: all six are back (competitive: none removed)
    assert KIND.view(state)["tactics_available"] == tactics_for("day")


def test_mk_tac_5_solo_dummy_picks_right_after_the_player():
    state = new_game(players=1, scenario="solo_conquest")
    assert state["tactics"] == {} and KIND.view(state)["pick_queue"] == ["p1"]
    out = act(state, "pick_tactic", player="p1", tactic="planning")
    assert set(out.state["tactics"]) == {"p1", "dummy"} and out.state["tactics"]["dummy"] != "planning"
    assert "The Dummy took" in text_of(out)


def test_mk_tac_5_solo_both_used_tactics_leave_the_game_over_a_whole_six_round_game():
    state = new_game(players=1, scenario="solo_conquest", seed=7)
    expected_removed = []
    for round_ in range(1, 7):
        assert state["round"] == round_
        state = pick_first_available(state)
        used = [state["tactics"]["p1"], state["tactics"]["dummy"]]
        state = end_round_now(state)
        if round_ < 6:
            expected_removed += used
            assert state["removed_tactics"] == expected_removed
            state = prepare(state)
            assert not set(KIND.view(state)["tactics_available"]) & set(expected_removed)
    assert state["phase"] == "finished"
    assert len(state["removed_tactics"]) == 10


def test_mk_tac_5_cooperative_dummy_first_and_the_group_removes_one_players_tactic_each_round():
    state = new_game(players=2, scenario="full_cooperation", seed=3)
    removed = []
    for round_ in range(1, 7):
        assert "dummy" in state["tactics"] and len(state["tactics"]) == 1  # the Dummy picked first
        state = pick_first_available(state)
        players_tactics = [state["tactics"]["p1"], state["tactics"]["p2"]]
        state = end_round_now(state)
        if round_ == 6:
            break
        if round_ == 5:  # the last Day: no later Day would miss the tactic, nothing to choose
            assert state["phase"] == "preparation" and state["removed_tactics"] == removed
            state = prepare(state)
            continue
        assert state["phase"] == "round_end"
        assert KIND.view(state)["removal_choices"] == players_tactics
        with pytest.raises(RuleError):
            act(state, "remove_tactic", tactic=state["tactics"]["dummy"])
        state = do(state, "remove_tactic", tactic=players_tactics[1])
        removed.append(players_tactics[1])
        assert state["removed_tactics"] == removed and state["phase"] == "preparation"
        state = prepare(state)
    assert state["phase"] == "finished" and len(removed) == 4


def test_mk_tac_5_cooperative_no_removal_is_asked_after_the_last_day_and_the_last_night():
    """"After the last Day and the last Night it no longer matters": Blitz Cooperation (4 rounds) asks in
    rounds 1 and 2 only; rounds 3 (the last Day) and 4 (the end) go on without a choice."""
    state = new_game(players=2, scenario="blitz_cooperation", seed=3)
    phases = []
    for _round in range(1, 4):
        state = end_round_now(pick_first_available(state))
        phases.append(state["phase"])
        if state["phase"] == "round_end":
            state = do(state, "remove_tactic", tactic=KIND.view(state)["removal_choices"][0])
        state = prepare(state)
    assert phases == ["round_end", "round_end", "preparation"] and len(state["removed_tactics"]) == 2


def test_mk_tac_5_cooperative_removal_is_skipped_when_too_few_tactics_would_be_left():
    # 5 seats with the Dummy: a custom cooperative game (Full Cooperation is for 2 or 3 players, MK-DUM-1)
    state = new_game(players=4, scenario="custom", round_limit="6", mode="cooperative")
    for _ in range(2):
        state = end_round_now(pick_first_available(state))
        state = prepare(do(state, "remove_tactic", tactic=KIND.view(state)["removal_choices"][0]))
    state = pick_first_available(state)  # round 3, Day: 5 tactics left for 5 seats
    out = act(state, "end_turn", player=state["turn"]["seat"])  # a normal turn first
    state = end_round_now(out.state)
    assert state["phase"] == "preparation" and state["round"] == 4  # no removal that would starve round 5
    assert len(state["removed_tactics"]) == 2
