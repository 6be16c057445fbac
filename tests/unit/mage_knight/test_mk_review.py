"""An independent check of issue 9's rules (Dummy, scenario specials, flipped tokens, the score), as a
player meets them at the table: each test drives the engine through its actions."""
import pytest

from companion.rules.base import RuleError
from mk_helpers import KIND, act, do, end_round_now, form, new_game, pick_first_available, text_of


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
