"""MK-SCO-4 with the scenario's end: Solo Conquest, Full and Blitz Cooperation end before their last round only when
their goal is met (every city conquered), so the +30 per round left exists only then; the end's form records what
was conquered and the score follows from it (issue 26, point 6)."""
import pytest

from companion.rules.base import BadParams, RuleError
from companion.rules.mage_knight.scoring import score
from mk_helpers import KIND, act, do, end_turn, pick_first_available, new_game


def ended_early(state, **end):
    state = do(pick_first_available(state), "mark_scenario_end", **end)
    while state["phase"] == "turns":
        state = end_turn(state)
    assert state["phase"] == "finished" and len(state["rounds"]) == 1
    return state


def test_mk_sco_4_solo_conquest_ends_early_only_with_both_cities_conquered():
    state = pick_first_available(new_game(players=1, scenario="solo_conquest"))
    with pytest.raises(RuleError, match="every city"):
        act(state, "mark_scenario_end", cities_conquered="0")
    with pytest.raises(RuleError, match="every city"):
        act(state, "mark_scenario_end", cities_conquered="1")
    with pytest.raises(BadParams):
        act(state, "mark_scenario_end")  # the form says what was conquered
    out = act(state, "mark_scenario_end", cities_conquered="2")
    assert out.state["scenario_end_record"] == {"cities_conquered": 2, "cities_total": 2}
    assert "2 of 2 cities" in out.label.render()


def test_mk_sco_4_the_solo_score_follows_from_the_end_record():
    state = ended_early(new_game(players=1, scenario="solo_conquest"), cities_conquered="2")
    view = KIND.view(state)["score"]
    assert view["counts"]["p1"]["cities_led"] == 2  # the end's record fills the sheet
    goal = view["table"]["goal"]
    assert goal["cities_conquered"] == 20 and goal["all_cities"] == 15 and goal["rounds_early"] == 30 * 5
    # the player corrects the sheet to one city: the goal was not met, so no round was left early
    state = do(state, "enter_score", player="p1", cities_led="1")
    goal = KIND.view(state)["score"]["table"]["goal"]
    assert goal["rounds_early"] == 0 and goal["all_cities"] == 0 and goal["cities_conquered"] == 10


def test_mk_sco_4_no_round_bonus_without_the_goal_whatever_the_record_says():
    """The bug seen at the table: an end with no city conquered gave 150 for rounds left unplayed."""
    players = [{"id": "p1", "fame": 10, "counts": {"cities_led": 0}}]
    facts = {"rounds_left": 5, "cities_total": 2, "dummy_deck": 0}
    assert score("solo_conquest", "solo", players, facts)["goal"]["rounds_early"] == 0
    players[0]["counts"]["cities_led"] = 2
    assert score("solo_conquest", "solo", players, facts)["goal"]["rounds_early"] == 150
    # a scenario of the group's own keeps its time bonus: the app does not know its goal
    assert score("custom", "solo", [{"id": "p1", "fame": 0, "counts": {}}], facts)["goal"]["rounds_early"] == 150


def test_mk_sco_4_cooperation_ends_early_with_every_city_conquered():
    state = pick_first_available(new_game(players=2, scenario="full_cooperation"))
    with pytest.raises(RuleError, match="every city"):
        act(state, "mark_scenario_end", cities_conquered="2")  # 3 cities for 2 players
    state = ended_early(new_game(players=2, scenario="full_cooperation"), cities_conquered="3")
    assert KIND.view(state)["score"]["facts"]["cities_total"] == 3
    # a map with a Megapolis: the group says how many cities it holds
    state = ended_early(new_game(players=2, scenario="blitz_cooperation"), cities_conquered="1", cities_total="1")
    assert KIND.view(state)["score"]["facts"]["cities_total"] == 1


def test_mk_sco_4_other_scenarios_mark_their_end_as_before_and_the_record_is_checked():
    state = do(pick_first_available(new_game(players=2, scenario="full_conquest")), "mark_scenario_end")
    assert state["scenario_end_record"] is None
    solo = do(pick_first_available(new_game(players=1, scenario="solo_conquest")), "mark_scenario_end",
              cities_conquered="2")
    KIND.check_state(solo)
    for bad in ({"cities_conquered": 1, "cities_total": 2}, {"cities_conquered": 2}, "2"):
        with pytest.raises(RuleError):
            KIND.check_state({**solo, "scenario_end_record": bad})
    with pytest.raises(RuleError):
        KIND.check_state({**solo, "scenario_end_met": False})
    older = {k: v for k, v in new_game(players=1, scenario="solo_conquest").items() if k != "scenario_end_record"}
    KIND.check_state(older)
