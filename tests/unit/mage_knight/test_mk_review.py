"""An independent check of issue 9's rules (Dummy, scenario specials, flipped tokens, the score), as a
player meets them at the table: each test drives the engine through its actions."""
import pytest

from companion.rules.base import RuleError
from mk_helpers import KIND, act, do, end_round_now, form, mark_end, new_game, pick_first_available, text_of


@pytest.mark.parametrize("scenario", ["full_cooperation", "blitz_cooperation"])
@pytest.mark.parametrize("players", [4, 5])
def test_mk_dum_1_cooperation_scenarios_refuse_four_or_more_players(scenario, players):
    with pytest.raises(RuleError) as refused:
        KIND.parse_setup(form(players, scenario))
    assert "2 or 3 players" in str(refused.value)


@pytest.mark.parametrize("scenario", ["full_cooperation", "blitz_cooperation"])
def test_mk_dum_1_cooperation_scenarios_refuse_one_player_with_the_same_message(scenario):
    with pytest.raises(RuleError) as refused:
        KIND.parse_setup(form(1, scenario))
    assert "2 or 3 players" in str(refused.value)


@pytest.mark.parametrize("scenario", ["full_cooperation", "blitz_cooperation"])
@pytest.mark.parametrize("players", [2, 3])
def test_mk_dum_1_cooperation_scenarios_take_two_or_three_players(scenario, players):
    assert KIND.parse_setup(form(players, scenario))["mode"] == "cooperative"


def test_mk_dum_1_a_custom_cooperative_scenario_takes_four_players():
    setup = KIND.parse_setup(form(4, "custom", round_limit="6", mode="cooperative"))
    assert setup["mode"] == "cooperative" and setup["dummy_hero"] == "random"


def prepare_in_daylight(state):
    """Tick the preparation; Darkness is Coming's two dice show no black."""
    while state["phase"] == "preparation":
        state = do(state, "tick_step", step=KIND.view(state)["current_step"], spell_colour="red",
                   darkness_dice=["red", "green"])
    return state


@pytest.mark.parametrize("players, scenario", [(1, "solo_conquest"), (3, "full_cooperation")])
def test_mk_tac_5_darkness_is_coming_leaves_a_tactic_for_every_seat_in_every_day(players, scenario):
    """Days may follow Days to the last round: used tactics leave the game only while every seat keeps one."""
    state = new_game(players, scenario, daytime="darkness_is_coming")
    while state["phase"] != "finished":
        assert state["time_of_day"] == "day"
        assert len(KIND.view(state)["tactics_available"]) + len(state["tactics"]) >= len(state["round_order"])
        state = end_round_now(pick_first_available(state))
        if state["phase"] == "round_end":
            state = do(state, "remove_tactic", tactic=KIND.view(state)["removal_choices"][0])
        state = prepare_in_daylight(state)
    assert state["round"] == 6 and len(state["rounds"]) == 6


def three_seats_in_last_turns():
    """A 3-player Full Conquest: the first in Round Order announces End of Round; the second is playing
    its last turn, the third's last turn is to come."""
    state = pick_first_available(new_game(3, "full_conquest"))
    first, second, third = state["round_order"]
    state = do(state, "announce_end_of_round", player=first, deck_empty=True)
    assert state["turn"]["seat"] == second and state["final_turns"]["remaining"] == [second, third]
    return state, (first, second, third)


def test_mk_tok_1_no_token_is_flipped_once_the_end_of_the_round_is_announced():
    """A cooperative city assault and a PvP combat start only while the End of the Round is not announced
    (rulebook.md:943, 1083): in the last turns nobody is invited or attacked, whoever's last turn is to come."""
    state, (first, second, third) = three_seats_in_last_turns()
    for seat in (first, third):
        with pytest.raises(RuleError) as refused:
            act(state, "flip_token", player=seat)
        assert "last turns" in str(refused.value)
    assert not [a for a in KIND.view(state)["actions"]
                if a["action"] == "flip_token" and "flipped" not in a["params"]]


def test_mk_tok_1_no_token_is_flipped_once_the_scenario_end_is_reached():
    state = pick_first_available(new_game(3, "full_conquest"))
    state = mark_end(state).state
    with pytest.raises(RuleError, match="last turns"):
        act(state, "flip_token", player=state["round_order"][1])


def test_mk_tok_2_a_token_flipped_face_down_never_outlives_the_round():
    state, (first, second, third) = three_seats_in_last_turns()
    state = do(state, "end_turn", player=second)
    with pytest.raises(RuleError):
        act(state, "flip_token", player=second)


def test_mk_tok_1_the_flip_is_offered_for_the_other_heroes_while_the_round_goes_on():
    state = pick_first_available(new_game(3, "full_conquest"))
    playing = state["turn"]["seat"]
    offered = [a["params"]["player"] for a in KIND.view(state)["actions"] if a["action"] == "flip_token"]
    assert sorted(offered) == sorted(p["id"] for p in state["players"] if p["id"] != playing)


def test_mk_tok_1_no_token_is_flipped_on_the_dummys_turn():
    state = new_game(2, "full_cooperation", dummy_hero="wolfhawk")
    state = pick_first_available(state)
    while state["turn"]["seat"] != "dummy":
        state = do(state, "end_turn", player=state["turn"]["seat"])
    with pytest.raises(RuleError, match="Dummy"):
        act(state, "flip_token", player=state["players"][0]["id"])
    assert not [a for a in KIND.view(state)["actions"] if a["action"] == "flip_token"]


def test_mk_rnd_5_blitz_cooperation_with_a_flipped_token_ends_at_the_scenario_end_without_the_dummy():
    """Dummy + Blitz + a flipped token + the scenario end, in one round: every real player takes one last
    turn (the one with the face-down token loses it to the token), the Dummy none; the score counts the
    rounds left, the Dummy's undrawn cards and the End of Round nobody announced."""
    state = new_game(3, "blitz_cooperation", dummy_hero="wolfhawk")
    assert [p["fame"] for p in state["players"]] == [1, 1, 1] and len(state["source"]) == 6
    state = pick_first_available(state)
    while state["turn"]["seat"] == "dummy":
        state = do(state, "dummy_turn", third="red")
    playing = state["turn"]["seat"]
    invited = next(s for s in state["round_order"] if s not in (playing, "dummy"))
    state = do(state, "flip_token", player=invited)
    state = do(state, "change_fame", player=playing, delta=7)  # 1 + 7 crosses the lines at 3 and 8
    assert next(p for p in state["players"] if p["id"] == playing)["fame"] == 10
    state = mark_end(state).state
    deck = state["dummy"]["deck"]
    seen = []
    while state["phase"] == "turns":
        seen.append(state["turn"]["seat"])
        out = act(state, "end_turn", player=state["turn"]["seat"])
        state = out.state
    assert "dummy" not in seen and invited not in seen
    third = next(s for s in state["round_order"] if s not in (playing, invited, "dummy"))
    assert sorted(seen) == sorted([playing, third, playing])  # the turn under way, then the last turns
    assert state["phase"] == "finished" and state["flipped_tokens"] == [] and state["dummy"]["deck"] == deck
    assert KIND.view(state)["score"]["table"]["goal"]["rounds_early"] == 0  # until the sheets show every city
    for p in state["players"]:  # the three cities, each led by one of the players (issue 26, point 6)
        state = do(state, "enter_score", player=p["id"], cities_led="1")
    goal = KIND.view(state)["score"]["table"]["goal"]
    assert (goal["rounds_early"], goal["dummy_deck"], goal["no_end_of_round"]) == (90, deck, 5)


def test_mk_rnd_5_the_dummy_announces_end_of_round_before_the_scenario_end_and_its_last_turns_stand():
    state = pick_first_available(new_game(1, "solo_conquest", dummy_hero="goldyx"))
    state = do(state, "adjust_dummy", what="deck", delta=-16)  # its deck ran out on an earlier turn
    assert state["round_order"] == ["p1", "dummy"]
    out = act(state, "end_turn", player="p1")
    assert "The Dummy's deck is empty: it announces End of Round." in text_of(out)
    state = out.state
    assert state["end_of_round_by"] == "dummy" and state["final_turns"]["remaining"] == ["p1"]
    out = mark_end(state)
    assert "End of Round came first" in text_of(out)
    state = do(out.state, "end_turn", player="p1")
    assert state["phase"] == "finished" and state["ended_by"] == "scenario_end"
    assert KIND.view(state)["score"]["table"]["goal"]["no_end_of_round"] == 0


@pytest.mark.parametrize("scenario", ["druid_nights", "one_to_return"])
def test_mk_set_2_the_epic_version_lasts_six_rounds_and_keeps_the_scenario(scenario):
    setup = KIND.parse_setup(form(3, scenario, epic="1"))
    assert (setup["scenario"], setup["mode"], setup["round_limit"]) == (scenario, "competitive", 6)
    assert KIND.parse_setup(form(3, scenario))["round_limit"] == 4


def test_mk_set_2_one_to_return_epic_is_still_won_on_the_map():
    state = new_game(2, "one_to_return", epic="1")
    for _ in range(6):
        state = end_round_now(pick_first_available(state))
        while state["phase"] == "preparation":
            state = do(state, "skip_preparation")
    assert state["phase"] == "finished" and len(state["rounds"]) == 6
    assert KIND.view(state)["score"]["table"] == {"scheme": "map"}


def test_mk_set_2_only_druid_nights_and_one_to_return_have_an_epic_version():
    with pytest.raises(RuleError) as refused:
        KIND.parse_setup(form(2, "full_conquest", epic="1"))
    assert "Epic" in str(refused.value)


def test_mk_dum_5_one_card_left_is_said_in_the_singular():
    state = pick_first_available(new_game(1, "solo_conquest", dummy_hero="goldyx"))
    out = act(state, "adjust_dummy", what="deck", delta=-15)
    assert text_of(out).endswith("The Dummy has 1 card left: it lasts 1 more turn of its own, then it announces "
                                 "End of Round.")
