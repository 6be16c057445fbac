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


def three_seats_in_last_turns():
    """A 3-player Full Conquest: the first in Round Order announces End of Round; the second is playing
    its last turn, the third's last turn is to come."""
    state = pick_first_available(new_game(3, "full_conquest"))
    first, second, third = state["round_order"]
    state = do(state, "announce_end_of_round", player=first, deck_empty=True)
    assert state["turn"]["seat"] == second and state["final_turns"]["remaining"] == [second, third]
    return state, (first, second, third)


def test_mk_tok_1_no_token_is_flipped_once_its_last_turn_of_the_round_is_over():
    """After their last turn a hero plays nothing more in the round : no assault to join,
    no combat to attend fully; a token flipped then would wrongly cost a turn of the next round (rulebook.md:175)."""
    state, (first, second, third) = three_seats_in_last_turns()
    with pytest.raises(RuleError) as refused:
        act(state, "flip_token", player=first)
    assert "last turn" in str(refused.value)
    state = do(state, "flip_token", player=third)  # the third's last turn is still to come: it is given up
    state = do(state, "end_turn", player=second)
    assert state["phase"] == "preparation" and state["flipped_tokens"] == []


def test_mk_tok_2_a_token_flipped_face_down_never_outlives_the_round():
    state, (first, second, third) = three_seats_in_last_turns()
    state = do(state, "end_turn", player=second)
    with pytest.raises(RuleError):
        act(state, "flip_token", player=second)


def test_mk_tok_1_the_flip_is_offered_only_for_heroes_with_a_turn_left():
    state, (first, second, third) = three_seats_in_last_turns()
    offered = [a["params"]["player"] for a in KIND.view(state)["actions"] if a["action"] == "flip_token"]
    assert offered == [third]
