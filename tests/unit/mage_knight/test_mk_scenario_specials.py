"""MK-SCN: the scenario specials that change the round."""
import pytest

from mk_helpers import KIND, act, do, end_round_now, new_game, pick_first_available, prepare, rendered, text_of


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
