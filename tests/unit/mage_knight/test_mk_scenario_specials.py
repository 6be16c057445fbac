"""MK-SCN: the scenario specials that change the round."""
import pytest

from companion.rules.base import RuleError

from mk_helpers import (KIND, ScriptedRng, act, do, end_round_now, form, new_game, pick_first_available, prepare,
                        rendered, text_of)


def next_round_prepared(state):
    return prepare(end_round_now(pick_first_available(state)))


def test_mk_scn_1_first_reconnaissance_deals_no_elite_units_after_a_core_tile_is_revealed():
    state = new_game(players=2, scenario="first_reconnaissance", core_tile_revealed="1")
    assert state["units_offer"] == ["regular"] * 4
    state = next_round_prepared(do(state, "set_core_tile_revealed", revealed=True))
    assert state["units_offer"] == ["regular"] * 4
    assert KIND.view(state)["units_to_deal"] == ["regular"] * 4


def test_mk_scn_1_first_reconnaissance_units_step_says_why():
    state = end_round_now(pick_first_available(new_game(players=2, scenario="first_reconnaissance",
                                                        core_tile_revealed="1")))
    text = KIND.view(state)["checklist"][2]["text"].render()
    assert text.startswith("First Reconnaissance uses no Elite Units: Regular units only.")
    assert "Deal 4 units: Regular, Regular, Regular, Regular" in text


def test_mk_scn_1_first_reconnaissance_reminds_the_tile_fame_and_the_city_end():
    notes = rendered(KIND.view(new_game(players=2, scenario="first_reconnaissance"))["notes"])
    assert any("+1 Fame for every tile" in n and "reveals a city" in n for n in notes)
    assert not any("+1 Fame for every tile" in n for n in rendered(KIND.view(new_game(players=2))["notes"]))


def test_mk_scn_1_a_revealed_city_gives_everyone_the_revealer_too_one_last_turn():
    state = pick_first_available(new_game(players=3, scenario="first_reconnaissance"))
    revealer = state["turn"]["seat"]
    out = act(state, "mark_scenario_end")
    assert "everyone, this player too, takes one last turn" in text_of(out)
    state, seats = out.state, []
    while state["phase"] == "turns":
        seats.append(state["turn"]["seat"])
        state = do(state, "end_turn", player=state["turn"]["seat"])
    assert seats[0] == revealer and sorted(seats[1:]) == ["p1", "p2", "p3"] and seats[-1] == revealer
    assert state["phase"] == "finished" and state["ended_by"] == "scenario_end"


@pytest.mark.parametrize("scenario", ["blitz_conquest", "blitz_cooperation"])
def test_mk_scn_2_blitz_heroes_start_at_fame_one(scenario):
    state = new_game(players=2, scenario=scenario)
    assert [p["fame"] for p in state["players"]] == [1, 1]
    notes = rendered(KIND.view(state)["notes"])
    assert any("Fame 1 and Reputation +2" in n for n in notes)


def test_mk_scn_2_full_conquest_still_starts_at_fame_zero():
    assert [p["fame"] for p in new_game(players=2)["players"]] == [0, 0]


@pytest.mark.parametrize("start, gain, end, bonus", [
    (1, 1, 2, 0),      # no line
    (1, 2, 4, 1),      # crosses the line at 3
    (1, 7, 10, 2),     # 8 -> crosses 3 and 8
    (7, 6, 15, 2),     # 13 crosses 8; the bonus reaches 14, another line
    (13, 1, 15, 1),    # lands on the line at 14
])
def test_mk_scn_2_blitz_crossing_a_fame_track_line_gives_one_extra_fame(start, gain, end, bonus):
    state = new_game(players=2, scenario="blitz_conquest")
    if start != 1:
        state["players"][0]["fame"] = start
    out = act(state, "change_fame", player="p1", delta=gain)
    assert out.state["players"][0]["fame"] == end
    notices = rendered(out.notices)
    if bonus:
        assert notices[0] == f"Blitz: Anna crossed a line on the Fame track: +{bonus} extra Fame."
    else:
        assert not any("Blitz" in n for n in notices)


def test_mk_scn_2_no_line_bonus_outside_blitz_nor_on_a_correction_down():
    assert do(new_game(players=2), "change_fame", player="p1", delta=3)["players"][0]["fame"] == 3
    state = do(new_game(players=2, scenario="blitz_conquest"), "change_fame", player="p1", delta=2)  # 1 -> 4
    assert do(state, "change_fame", player="p1", delta=-2)["players"][0]["fame"] == 2


@pytest.mark.parametrize("players, limit, elite_from", [(2, 6, 4), (3, 4, 3), (4, 4, 3)])
def test_mk_scn_4_conquer_and_hold_deals_elite_units_only_in_the_second_half(players, limit, elite_from):
    state = new_game(players=players, scenario="conquer_and_hold", core_tile_revealed="1")
    assert state["round_limit"] == limit
    n = players + 2
    while True:
        expected = ["regular"] * n if state["round"] < elite_from else \
            (["elite", "regular"] * n)[:n]
        assert state["units_offer"] == expected, state["round"]
        if state["round"] == limit:
            break
        state = next_round_prepared(state)
    notes = rendered(KIND.view(state)["notes"])
    assert any("level IV Units" in n and f"from round {elite_from}" in n for n in notes)


def test_mk_scn_3_mines_liberation_reminds_each_players_crystals_at_every_day_and_night():
    state = pick_first_available(new_game(players=3, scenario="mines_liberation"))
    out = act(state, "set_mines", player="p2", count=2)
    assert out.label.render() == "Boris: 2 mines liberated" and out.state["mines"] == {"p2": 2}
    state = do(do(out.state, "set_mines", player="p3", count=1), "set_mines", player="p3", count=1)
    out = act(state, "announce_end_of_round", player=state["turn"]["seat"], deck_empty=True)
    state = out.state
    notices = []
    while state["phase"] == "turns":
        out = act(state, "end_turn", player=state["turn"]["seat"])
        notices, state = rendered(out.notices), out.state
    assert state["phase"] == "preparation"
    assert notices[-2:] == ["Boris gains 2 crystals (one per liberated mine).",
                            "Chen gains 1 crystal (one per liberated mine)."]
    assert [p["mines"] for p in KIND.view(state)["players"]] == [0, 2, 1]


def test_mk_scn_3_no_mines_yet_is_said_and_other_scenarios_count_none():
    state = pick_first_available(new_game(players=2, scenario="mines_liberation"))
    state = do(state, "announce_end_of_round", player=state["turn"]["seat"], deck_empty=True)
    out = act(state, "end_turn", player=state["turn"]["seat"])
    assert out.state["phase"] == "preparation"
    assert rendered(out.notices)[-1] == "Mines Liberation: nobody has liberated a mine yet, so no crystals this time."
    plain = pick_first_available(new_game(players=2))
    plain = do(plain, "announce_end_of_round", player=plain["turn"]["seat"], deck_empty=True)
    assert not any("mine" in n for n in rendered(act(plain, "end_turn", player=plain["turn"]["seat"]).notices))
    with pytest.raises(RuleError, match="Only Mines Liberation"):
        act(new_game(players=2), "set_mines", player="p1", count=1)


def test_mk_scn_5_night_arrival_starts_at_night_with_no_gold_and_no_black_in_the_source():
    rng = ScriptedRng(["red", "gold", "blue", "black", "black", "green", "white", "gold", "red"])
    state = KIND.new_state(KIND.parse_setup(form(2, daytime="night_arrival")), rng)
    assert state["time_of_day"] == "night" and state["daytime"]["variant"] == "night_arrival"
    # the half-basic rule alone would keep the first roll (2 of 4 basic); Night Arrival rerolls gold and black
    assert state["source_rolls"] == [["red", "gold", "blue", "black"], ["red", "black", "blue", "green"],
                                     ["red", "white", "blue", "green"]]
    assert all(d["colour"] in ("red", "blue", "green", "white") for d in state["source"])


def test_mk_scn_5_night_arrival_only_rules_the_starting_source():
    state = end_round_now(pick_first_available(new_game(players=2, daytime="night_arrival")))
    state = do(state, "tick_step", step="flip_board")
    assert state["time_of_day"] == "day"
    out = act(state, "tick_step", ScriptedRng(["gold", "black", "red", "blue"]), step="source")
    assert [d["colour"] for d in out.state["source"]] == ["gold", "black", "red", "blue"]


def test_mk_scn_5_night_arrival_table_entry_asks_to_reroll_gold_and_black():
    state = new_game(players=2, daytime="night_arrival", dice_mode="table")
    out = act(state, "enter_source", colours=["red", "gold", "blue", "white"])
    assert "Night Arrival" in text_of(out) and out.state["source_check"]["reroll"] == [1]
    state = do(out.state, "enter_source", colours=["red", "green", "blue", "white"])
    assert [d["colour"] for d in state["source"]] == ["red", "green", "blue", "white"]


def darkness_game(**extra):
    return new_game(players=2, daytime="darkness_is_coming", **extra)


def test_mk_scn_5_darkness_is_coming_stays_day_until_a_black_die_then_night_to_the_end():
    state = darkness_game()
    assert state["time_of_day"] == "day"
    state = end_round_now(pick_first_available(state))
    assert KIND.view(state)["darkness_roll_due"]
    out = act(state, "tick_step", ScriptedRng(["red", "gold"]), step="flip_board")
    assert out.state["time_of_day"] == "day"
    assert "no black die — another Day" in text_of(out) and "red, gold" in text_of(out)
    state = end_round_now(pick_first_available(prepare(out.state)))
    out = act(state, "tick_step", ScriptedRng(["blue", "black"]), step="flip_board")
    assert out.state["time_of_day"] == "night" and "night falls" in text_of(out)
    state = end_round_now(pick_first_available(prepare(out.state)))
    assert state["round"] == 4 and state["time_of_day"] == "night"
    assert not KIND.view(state)["darkness_roll_due"]
    state = end_round_now(pick_first_available(prepare(state)))
    assert [r["time_of_day"] for r in state["rounds"]] == ["day", "day", "night", "night"]
    KIND.check_state(state)


def test_mk_scn_5_darkness_is_coming_takes_the_tables_two_dice_when_the_table_rolls():
    state = do(darkness_game(dice_mode="table"), "enter_source", colours=["red", "blue", "green", "white"])
    state = end_round_now(pick_first_available(state))
    with pytest.raises(RuleError, match="roll two mana dice"):
        act(state, "tick_step", step="flip_board")
    with pytest.raises(RuleError, match="Darkness is Coming"):
        act(state, "enter_source", colours=["red", "red", "red", "red"])
    assert KIND.view(state)["source_entry"] is None
    out = act(state, "tick_step", step="flip_board", darkness_dice=["black", "white"])
    assert out.state["time_of_day"] == "night" and out.state["daytime"]["darkness_rolls"] == [["black", "white"]]


def test_mk_scn_5_darkness_is_coming_never_starts_at_night():
    with pytest.raises(RuleError):
        KIND.parse_setup(form(2, daytime="darkness_is_coming", start_at_night="1"))


def test_mk_scn_5_a_game_saved_before_the_variants_still_loads_and_plays():
    state = pick_first_available(new_game(players=2))
    for key in ("flipped_tokens", "mines", "daytime"):
        del state[key]
    KIND.check_state(state)
    state = end_round_now(state)
    assert state["phase"] == "preparation" and state["time_of_day"] == "night"
    KIND.check_state(state)


def test_mk_scn_3_mines_plus_one_is_not_offered_past_the_count_it_would_refuse():
    state = pick_first_available(new_game(players=2, scenario="mines_liberation"))
    state = do(state, "set_mines", player="p1", count=20)
    offered = {a["params"]["player"] for a in KIND.view(state)["actions"] if a["action"] == "set_mines"}
    assert offered == {"p2"} and KIND.view(state)["max_mines"] == 20
    with pytest.raises(RuleError):
        act(state, "set_mines", player="p1", count=21)


def round_played(state):
    """The tactics picked and End of Round announced at once: (the next state, the last turn's notices)."""
    state = pick_first_available(state)
    state = do(state, "announce_end_of_round", player=state["turn"]["seat"], deck_empty=True)
    notices = []
    while state["phase"] == "turns":
        out = act(state, "end_turn", player=state["turn"]["seat"])
        notices, state = rendered(out.notices), out.state
    return state, notices


PORTAL = "One to Return: the portal closes"
SHIELDS = "Druid Nights: the first Night is over"


def test_mk_scn_6_one_to_return_closes_the_portal_at_the_end_of_day_1():
    state, notices = round_played(new_game(players=2, scenario="one_to_return"))
    assert state["phase"] == "preparation" and state["round"] == 2
    portal = [n for n in notices if n.startswith(PORTAL)]
    assert len(portal) == 1 and "eliminated" in portal[0] and "empty plain space" in portal[0]
    assert notices.index(portal[0]) < notices.index("Round 2 (Night): prepare the round.")  # the round's end first
    # the next preparation shows it, every step of it
    while state["phase"] == "preparation":
        assert any(n.startswith(PORTAL) for n in rendered(KIND.view(state)["round_reminders"]))
        state = do(state, "tick_step", step=KIND.view(state)["current_step"])
    assert KIND.view(state)["round_reminders"] == []
    for _ in range(2):  # Night 1 and Day 2 end without it
        state, notices = round_played(state)
        assert not any(PORTAL in n for n in notices)
        assert KIND.view(state)["round_reminders"] == []
        state = prepare(state)


def test_mk_scn_6_druid_nights_removes_the_shield_tokens_at_the_end_of_the_first_night():
    state, notices = round_played(new_game(players=2, scenario="druid_nights"))
    assert not any(SHIELDS in n for n in notices) and KIND.view(state)["round_reminders"] == []
    state, notices = round_played(prepare(state))
    shields = [n for n in notices if n.startswith(SHIELDS)]
    assert len(shields) == 1 and "Shield token" in shields[0] and "glades" in shields[0]
    assert any(n.startswith(SHIELDS) for n in rendered(KIND.view(state)["round_reminders"]))
    state, notices = round_played(prepare(state))  # Day 2
    assert not any(SHIELDS in n for n in notices)


def test_mk_scn_6_druid_nights_first_night_can_be_round_1():
    state, notices = round_played(new_game(players=2, scenario="druid_nights", daytime="night_arrival"))
    assert any(n.startswith(SHIELDS) for n in notices)


def test_mk_scn_6_other_scenarios_say_neither():
    for scenario in ("full_conquest", "mines_liberation"):
        state, notices = round_played(new_game(players=2, scenario=scenario))
        state, later = round_played(prepare(state))
        assert not any(PORTAL in n or SHIELDS in n for n in notices + later)
