"""MK-RND-1/3/4/5 and MK-TURN: turns in Round Order, End of Round, the scenario end, the game end."""
import pytest

from companion.rules.base import RuleError
from mk_helpers import (KIND, ScriptedRng, act, do, end_round_now, new_game, pick_first_available,
                        pick_in_queue_order, prepare, rendered, text_of, turn_seats)


def three_in_turns():
    """Round Order after the picks: p3 (Early Bird), p2 (Rethink), p1 (Mana Steal)."""
    return pick_in_queue_order(new_game(players=3), ["early_bird", "rethink", "mana_steal"])


def test_mk_rnd_1_a_round_is_day_or_night_with_turns_inside_it():
    state = three_in_turns()
    view = KIND.view(state)
    assert (view["phase"], view["round"], view["time_of_day"], view["current_seat"]) == ("turns", 1, "day", "p3")
    state = prepare(end_round_now(state))
    assert (state["round"], state["time_of_day"]) == (2, "night")


def test_mk_rnd_3_turns_in_round_order_top_to_bottom_wrapping():
    _, seats = turn_seats(three_in_turns(), 7)
    assert seats == ["p3", "p2", "p1", "p3", "p2", "p1", "p3"]


def test_mk_rnd_3_the_dummy_takes_turns_in_round_order():
    state = pick_first_available(new_game(players=1, scenario="solo_conquest"))
    _, seats = turn_seats(state, 4)
    assert sorted(seats[:2]) == ["dummy", "p1"] and seats[2:] == seats[:2]


def test_mk_rnd_4_end_of_round_gives_each_other_player_exactly_one_more_turn():
    state, _ = turn_seats(three_in_turns(), 4)  # p3 p2 p1 p3; now p2
    out = act(state, "announce_end_of_round", player="p2", deck_empty=True)
    assert out.state["final_turns"] == {"by": "end_of_round", "remaining": ["p1", "p3"]}
    state, seats = turn_seats(out.state, 1)
    assert seats == ["p1"] and state["phase"] == "turns"
    state, seats = turn_seats(state, 1)
    assert seats == ["p3"] and state["phase"] == "preparation" and state["round"] == 2
    assert state["rounds"][0]["end_of_round_by"] == "p2"


def test_mk_rnd_4_announce_only_with_an_empty_deed_deck_and_at_the_start_of_the_turn():
    state = three_in_turns()
    with pytest.raises(RuleError):
        act(state, "announce_end_of_round", player="p3", deck_empty=False)
    with pytest.raises(RuleError):
        act(do(state, "take_die", player="p3", die=KIND.view(state)["takeable_dice"][0]),
            "announce_end_of_round", player="p3", deck_empty=True)
    assert KIND.view(state)["can_announce_end_of_round"]


def test_mk_rnd_4_required_with_deck_and_hand_empty_forfeit_only_after_an_announcement():
    state = three_in_turns()
    with pytest.raises(RuleError, match="must announce End of Round"):
        act(state, "forfeit_turn", player="p3")
    assert not KIND.view(state)["can_forfeit"]


def test_mk_rnd_4_forfeited_turn_when_deck_and_hand_are_empty_after_someone_else_announced():
    state = do(three_in_turns(), "announce_end_of_round", player="p3", deck_empty=True)
    assert KIND.view(state)["can_forfeit"]
    out = act(state, "forfeit_turn", player="p2")
    assert out.label.render() == "Boris forfeited the last turn"
    assert out.state["turn"]["seat"] == "p1" and out.state["final_turns"]["remaining"] == ["p1"]
    state = do(out.state, "end_turn", player="p1")
    assert state["phase"] == "preparation"


def test_mk_rnd_4_in_the_scenario_ends_last_turns_an_empty_handed_player_announces_not_forfeits():
    """The scenario's end is no announcement: with deck and hand empty the player must announce End of Round
    (which the Solo and cooperative scores then count, MK-SCO-4); forfeiting is for after an announcement."""
    state = do(three_in_turns(), "mark_scenario_end")
    state = do(state, "end_turn", player="p3")  # the turn under way when the end was marked
    assert state["final_turns"]["by"] == "scenario_end"
    with pytest.raises(RuleError, match="must announce End of Round"):
        act(state, "forfeit_turn", player=state["turn"]["seat"])
    assert not KIND.view(state)["can_forfeit"] and KIND.view(state)["can_announce_end_of_round"]
    state = do(state, "announce_end_of_round", player=state["turn"]["seat"], deck_empty=True)
    assert KIND.view(state)["can_forfeit"]  # someone else announced: the next empty-handed player forfeits


def test_mk_rnd_4_the_dummy_announces_by_itself_with_its_deck_empty():
    state = pick_first_available(new_game(players=1, scenario="solo_conquest"))
    if state["turn"]["seat"] != "dummy":
        state = do(state, "end_turn", player="p1")
    state = do(state, "dummy_turn", third="none")  # its deck ran out before the 3rd card
    assert state["dummy"]["deck"] == 0 and state["end_of_round_by"] is None
    out = act(state, "end_turn", player="p1")  # the Dummy's next turn begins with an empty deck
    assert "The Dummy's deck is empty: it announces End of Round." in text_of(out)
    assert out.state["end_of_round_by"] == "dummy" and out.state["final_turns"]["remaining"] == ["p1"]
    state = do(out.state, "end_turn", player="p1")
    assert state["rounds"][0]["end_of_round_by"] == "dummy" and state["round"] == 2


def test_mk_rnd_5_round_limit_reached_ends_the_game_with_a_summary():
    state = new_game(players=2, scenario="blitz_conquest")  # 4 rounds
    announcers = []
    for _ in range(4):
        state = pick_first_available(state)
        announcers.append(state["turn"]["seat"])
        state = prepare(end_round_now(state)) if state["round"] < 4 else end_round_now(state)
    summary = KIND.view(state)["summary"]
    assert summary == {"rounds_played": 4, "sequence": ["day", "night", "day", "night"],
                       "end_of_round_by": announcers, "ended_by": "round_limit"}
    with pytest.raises(RuleError):
        act(state, "change_fame", player="p1", delta=1)


def test_mk_rnd_5_scenario_end_gives_everyone_a_last_turn_including_the_current_player():
    state, _ = turn_seats(three_in_turns(), 1)  # p2's turn
    out = act(state, "mark_scenario_end")
    assert out.state["final_turns"] == {"by": "scenario_end", "remaining": ["p1", "p3", "p2"]}
    state, seats = turn_seats(out.state, 4)  # p2 ends the current turn, then the three last turns
    assert seats == ["p2", "p1", "p3", "p2"]
    assert state["phase"] == "finished" and state["ended_by"] == "scenario_end"


def test_mk_rnd_5_the_turn_under_way_when_the_scenario_end_is_met_is_not_called_a_last_turn():
    """The walk of 2026-12-05: Гена marked the scenario's end in his turn; the screens called that turn his "Last
    turn" while the countdown still listed him for one more."""
    state, _ = turn_seats(three_in_turns(), 1)  # p2's turn
    assert KIND.view(state)["last_turn"] is False
    state = act(state, "mark_scenario_end").state
    assert KIND.view(state)["last_turn"] is False  # p2's turn goes on: his last one comes after p1's and p3's
    state, seats = turn_seats(state, 1)
    for seat in ("p1", "p3", "p2"):
        view = KIND.view(state)
        assert (view["current_seat"], view["last_turn"]) == (seat, True)
        state, _ = turn_seats(state, 1)
    assert state["phase"] == "finished"


def test_mk_rnd_5_solo_the_players_turn_under_way_then_its_last_turn():
    state = pick_first_available(new_game(players=1, scenario="solo_conquest"))
    while KIND.view(state)["current_seat"] != "p1":
        state, _ = turn_seats(state, 1)
    state = act(state, "mark_scenario_end", cities_conquered=2, cities_total=2).state
    assert KIND.view(state)["last_turn"] is False  # the turn under way
    state, _ = turn_seats(state, 1)
    view = KIND.view(state)
    assert (view["current_seat"], view["last_turn"]) == ("p1", True)


def test_mk_rnd_5_end_of_round_first_then_scenario_end_the_announcement_rules():
    state = do(three_in_turns(), "announce_end_of_round", player="p3", deck_empty=True)
    out = act(state, "mark_scenario_end")
    assert out.state["final_turns"]["remaining"] == ["p2", "p1"]
    assert "End of Round came first" in text_of(out)
    state, _ = turn_seats(out.state, 2)
    assert state["phase"] == "finished" and KIND.view(state)["summary"]["end_of_round_by"] == ["p3"]


def test_mk_rnd_5_scenario_end_first_then_end_of_round_the_scenario_end_rules():
    state = do(three_in_turns(), "mark_scenario_end")  # during p3's turn: p2, p1, p3 get last turns
    state = do(state, "end_turn", player="p3")
    state = do(state, "announce_end_of_round", player="p2", deck_empty=True)
    assert state["final_turns"] == {"by": "scenario_end", "remaining": ["p1", "p3"]}
    state, seats = turn_seats(state, 2)
    assert seats == ["p1", "p3"] and state["phase"] == "finished"


def test_mk_rnd_5_scenario_end_marked_during_tactics_gives_one_turn_each():
    state = do(new_game(players=2), "mark_scenario_end")
    state = pick_in_queue_order(state, ["early_bird", "rethink"])
    state, seats = turn_seats(state, 2)
    assert seats == ["p2", "p1"] and state["phase"] == "finished"


def test_mk_turn_1_whose_turn_the_die_taken_and_the_end_of_turn_order():
    state = three_in_turns()
    assert KIND.view(state)["current_seat"] == "p3"
    die = KIND.view(state)["takeable_dice"][0]
    state = do(state, "take_die", player="p3", die=die)
    assert state["turn"]["die_taken"] and KIND.view(state)["source"][die]["status"] == "taken"
    colour = state["source"][die]["colour"]
    out = act(state, "end_turn", ScriptedRng(["white"]), player="p3")
    notices = rendered(out.notices)
    # one instruction for the used die: which face the app rolled for it
    assert notices[0] == f"Put the used die back in the Source turned to the app's roll: {colour} → white."
    assert notices[-1] == "Turn: Boris" and out.label.render() == "Chen ended the turn"


def test_mk_turn_1_only_the_current_player_ends_the_turn():
    state = three_in_turns()
    with pytest.raises(RuleError, match="not Anna's turn"):
        act(state, "end_turn", player="p1")
    assert do(state, "end_turn", player="2")["turn"]["seat"] == "p2"  # by index: Chen is the third player


def test_mk_turn_2_the_right_moment_gives_one_extra_turn_per_day():
    state = pick_in_queue_order(new_game(players=2), ["the_right_moment", "early_bird"])  # p2 owns it
    state = do(state, "end_turn", player="p1")
    assert KIND.view(state)["can_extra_turn"]
    out = act(state, "end_turn", player="p2", extra_turn=True)
    assert out.state["turn"] == {"seat": "p2", "die_taken": False, "mana_search_used": False,
                                 "sparing_power_used": False, "extra": True}
    with pytest.raises(RuleError):
        act(out.state, "end_turn", player="p2", extra_turn=True)
    state = do(out.state, "end_turn", player="p2")
    assert state["turn"]["seat"] == "p1"


def test_mk_turn_2_no_extra_turn_for_others_or_on_a_last_turn():
    state = pick_in_queue_order(new_game(players=2), ["the_right_moment", "early_bird"])
    with pytest.raises(RuleError):
        act(state, "end_turn", player="p1", extra_turn=True)
    state = do(state, "announce_end_of_round", player="p1", deck_empty=True)
    assert not KIND.view(state)["can_extra_turn"]
    with pytest.raises(RuleError):
        act(state, "end_turn", player="p2", extra_turn=True)
