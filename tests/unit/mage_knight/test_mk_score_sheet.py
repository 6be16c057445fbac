"""The score sheet in the game's state: entries are actions (events) allowed once the game is over (MK-SCO)."""
import copy

import pytest

from companion.rules.base import BadParams, RuleError
from mk_helpers import KIND, act, do, end_round_now, mark_end, new_game, pick_first_available, rendered


def finished(players=2, scenario="custom", **extra):
    """A game over after its one round (custom, 1 round) or by the scenario end."""
    extra = {"round_limit": "1", "mode": "competitive", **extra} if scenario == "custom" else extra
    state = pick_first_available(new_game(players=players, scenario=scenario, **extra))
    if scenario != "custom":
        state = mark_end(state).state
        while state["phase"] == "turns":
            state = do(state, "end_turn", player=state["turn"]["seat"])
        return state
    return end_round_now(state)


def test_mk_sco_1_the_sheet_is_entered_only_when_the_game_is_over():
    with pytest.raises(RuleError, match="when the game is over"):
        act(new_game(), "enter_score", player="p1", spells=2)


def test_mk_sco_1_counts_typed_and_stepped_are_events_with_labels():
    state = finished()
    out = act(state, "enter_score", player="p1", spells="2", crystals="5")
    assert out.state["score_sheet"]["counts"] == {"p1": {"spells": 2, "crystals": 5}}
    assert "Anna: Spells 2, Crystals 5" == out.label.render()
    stepped = act(out.state, "enter_score", player="p1", field="spells", spells="2", delta="1")
    assert stepped.state["score_sheet"]["counts"]["p1"]["spells"] == 3 and stepped.label.render() == "Anna: Spells 3"
    assert KIND.view(stepped.state)["score"]["table"]["rows"][0]["categories"]["knowledge"] == 6
    with pytest.raises(RuleError):
        act(state, "enter_score", player="p1", field="wounds", delta="-1")  # below 0
    with pytest.raises(BadParams):
        act(state, "enter_score", player="p1", field="mines_core", delta="1")  # not this scenario's field
    with pytest.raises(RuleError):
        act(state, "enter_score", player="dummy", spells=1)


def test_mk_sco_2_the_winner_is_told_once_every_sheet_is_complete():
    state = do(finished(), "enter_score", player="p1", spells=1, done=1)
    assert KIND.view(state)["score"]["waiting"] == ["p2"]
    assert KIND.seat_status(state, "p2")["now"] and not KIND.seat_status(state, "p1")["now"]
    out = act(state, "enter_score", player="p2", wounds=1, done=1)
    # Anna: 2 + 3 (Knowledge) + 4 ties at 0 = 9; Boris: −2 −3 (Beating) + 4 = −1.
    assert rendered(out.notices) == ["Final score: Anna 9, Boris -1. Winner: Anna."]
    assert out.label.render() == "Boris: Wound cards in your deck (not on Units) 1, sheet complete"
    reopened = act(out.state, "enter_score", player="p2", done=0)
    assert KIND.view(reopened.state)["score"]["waiting"] == ["p2"]


def test_mk_sco_4_solo_reads_rounds_left_and_the_last_round_from_the_game():
    state = finished(players=1, scenario="solo_conquest")
    facts = KIND.view(state)["score"]["facts"]
    # Ended by the scenario in round 1 of 6, nobody announced End of Round.
    assert facts["rounds_left"] == 5 and not facts["end_of_round_in_last_round"] and facts["cities_total"] == 2
    state = do(state, "enter_score", player="p1", cities_led=2)
    state["dummy"]["deck"] = 7  # the Dummy's cards left, as the app tracked them through the game (MK-DUM-5)
    goal = KIND.view(state)["score"]["table"]["goal"]
    assert goal == {"cities_conquered": 20, "all_cities": 15, "rounds_early": 150, "dummy_deck": 7,
                    "no_end_of_round": 5}


def test_mk_sco_4_the_dummys_tracked_deck_is_used_and_not_entered():
    state = finished(players=1, scenario="solo_conquest")
    tracked = copy.deepcopy(state)
    tracked["dummy"]["deck"] = 4  # the Dummy's deck as the Dummy's own module keeps it
    score = KIND.view(tracked)["score"]
    assert score["facts"]["dummy_deck"] == 4 and score["fact_fields"] == ["cities_total"]
    with pytest.raises(RuleError, match="tracks the Dummy's deck"):
        act(tracked, "enter_score_facts", dummy_deck=2)


def test_mk_sco_4_cooperative_cities_on_the_map_by_player_count_and_correctable():
    state = finished(players=3, scenario="full_cooperation")
    assert KIND.view(state)["score"]["facts"]["cities_total"] == 4
    state = do(state, "enter_score_facts", field="cities_total", cities_total="4", delta="-1")
    assert KIND.view(state)["score"]["facts"]["cities_total"] == 3
    with pytest.raises(RuleError):
        act(finished(), "enter_score_facts", cities_total=2)  # competitive: no group counts


def test_mk_sco_the_sheet_passes_check_state_and_older_saves_still_load():
    state = do(finished(), "enter_score", player="p1", spells=2, done=1)
    KIND.check_state(state)
    older = finished()
    assert "score_sheet" not in older
    KIND.check_state(older)
    assert KIND.view(older)["score"]["waiting"] == ["p1", "p2"]
    for tamper in (lambda s: s["score_sheet"]["counts"].update(p9={}),
                   lambda s: s["score_sheet"]["counts"]["p1"].update(spells=-1),
                   lambda s: s["score_sheet"]["counts"]["p1"].update(mines_core=1),
                   lambda s: s["score_sheet"].update(done=["p1", "p1"]),
                   lambda s: s.update(phase="turns")):
        bad = copy.deepcopy(state)
        tamper(bad)
        with pytest.raises(RuleError):
            KIND.check_state(bad)


def test_mk_sco_a_scenario_won_on_the_map_has_no_sheet():
    state = finished(players=2, scenario="one_to_return")
    assert KIND.view(state)["score"]["fields"] == []
    with pytest.raises(RuleError, match="not scored by Fame"):
        act(state, "enter_score", player="p1", spells=1)


@pytest.mark.parametrize("players, scenario", [(2, "custom"), (1, "solo_conquest"), (3, "full_cooperation"),
                                               (2, "mines_liberation"), (2, "conquer_and_hold")])
def test_mk_sco_every_score_action_the_view_offers_is_accepted_and_the_state_stays_valid(players, scenario):
    state = finished(players=players, scenario=scenario)
    offered = KIND.view(state)["actions"]
    assert offered  # Conquer and Hold too: its sheet counts keeps and mage towers (MK-SCO-5)
    assert KIND.view(new_game())["actions"] and KIND.view(new_game())["score"] is None
    for choice in offered:
        state = do(state, choice["action"], **choice["params"])
        KIND.check_state(state)
    assert all(not a["params"].get("done", True) for a in KIND.view(state)["actions"] if "done" in a["params"])


def test_mk_sco_an_entry_that_changes_nothing_is_refused_and_recorded_nowhere():
    state = do(finished(), "enter_score", player="p1", spells=2)
    with pytest.raises(RuleError, match="already shows that"):
        act(state, "enter_score", player="p1", spells=2)
    with pytest.raises(RuleError, match="already show that"):
        act(finished(players=1, scenario="solo_conquest"), "enter_score_facts", cities_total=2)


def test_mk_sco_each_sheet_shows_its_running_total_as_the_table_counts_it():
    """The total beside each sheet (issue 42, 2.5): the player's own in a competitive game, Victory points
    in Conquer and Hold (test_mk_sco_5_…), the one score of a cooperative game beside every sheet."""
    state = do(finished(), "enter_score", player="p1", spells=1)
    score = KIND.view(state)["score"]
    assert score["sheet_totals"] == {r["player"]: r["total"] for r in score["table"]["rows"]}
    assert score["sheet_totals"]["p1"] > score["sheet_totals"]["p2"]
    cooperative = do(finished(players=3, scenario="full_cooperation"), "enter_score", player="p2", spells=2)
    score = KIND.view(cooperative)["score"]
    assert score["sheet_totals"] == {"p1": score["table"]["total"], "p2": score["table"]["total"],
                                     "p3": score["table"]["total"]}
