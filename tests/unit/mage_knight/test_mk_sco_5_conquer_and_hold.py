"""MK-SCO-5: Conquer and Hold is won by Victory points — each owned keep 3, each owned mage tower 2; the most wins,
a tie has no winner; with four players, two teams (rulebook.md, Conquer and Hold, The Winner)."""
import pytest

from companion.rules.base import RuleError
from companion.rules.mage_knight.scoring import score
from mk_helpers import KIND, act, do, end_round_now, pick_first_available, prepare, new_game, rendered


def played_out(players=2):
    """Conquer and Hold played to its round limit (6 rounds with 2 players, 4 with 3 or 4)."""
    state = new_game(players=players, scenario="conquer_and_hold")
    while state["phase"] != "finished":
        state = end_round_now(pick_first_available(prepare(state)))
    return state


def test_mk_sco_5_a_two_player_game_to_round_6_is_scored_by_keeps_and_towers():
    state = played_out(2)
    assert state["round"] == 6 and KIND.view(state)["score"]["fields"] == ["keeps_owned", "mage_towers_owned"]
    state = do(state, "enter_score", player="p1", keeps_owned="2", mage_towers_owned="1")  # 3*2 + 2*1 = 8
    state = do(state, "enter_score", player="p2", keeps_owned="1", mage_towers_owned="2")  # 3 + 4 = 7
    table = KIND.view(state)["score"]["table"]
    assert table["scheme"] == "victory_points"
    assert [(r["player"], r["points"]) for r in table["rows"]] == [("p1", 8), ("p2", 7)]
    assert table["winners"] == ["p1"] and not table["tied"]
    assert KIND.view(state)["score"]["sheet_totals"] == {"p1": 8, "p2": 7}  # beside each sheet
    state = do(state, "enter_score", player="p1", done="1")
    out = act(state, "enter_score", player="p2", done="1")
    assert rendered(out.notices) == ["Final score: Anna 8, Boris 7. Winner: Anna."]


def test_mk_sco_5_a_tie_has_no_winner():
    state = played_out(2)
    state = do(state, "enter_score", player="p1", keeps_owned="2")  # 6
    state = do(state, "enter_score", player="p2", mage_towers_owned="3")  # 6
    table = KIND.view(state)["score"]["table"]
    assert table["tied"] and table["winners"] == []
    state = do(state, "enter_score", player="p1", done="1")
    out = act(state, "enter_score", player="p2", done="1")
    assert rendered(out.notices) == ["Final score: Anna 6, Boris 6. A tie: no one is the winner."]


def test_mk_sco_5_fame_does_not_count():
    rows = [
        {"id": "p1", "fame": 90, "counts": {"keeps_owned": 1}},
        {"id": "p2", "fame": 3, "counts": {"keeps_owned": 2}},
    ]
    assert score("conquer_and_hold", "competitive", rows)["winners"] == ["p2"]


def test_mk_sco_5_four_players_win_as_two_teams():
    state = played_out(4)
    assert state["round"] == 4
    view = KIND.view(state)["score"]
    assert view["teams_needed"] and view["table"]["winners"] == [] and view["table"]["teams_missing"]
    for seat, team, keeps in (("p1", 1, 2), ("p2", 2, 1), ("p3", 1, 0), ("p4", 2, 2)):
        state = do(state, "enter_score", player=seat, team=str(team), keeps_owned=str(keeps))
    table = KIND.view(state)["score"]["table"]
    assert [(s["team"], s["players"], s["points"]) for s in table["sides"]] == [(1, ["p1", "p3"], 6),
                                                                                (2, ["p2", "p4"], 9)]
    assert table["winners"] == ["p2", "p4"]
    with pytest.raises(RuleError):
        act(state, "enter_score", player="p1", team="3")
    # three in one team is no Conquer and Hold: no winner until the teams are two of two
    uneven = do(state, "enter_score", player="p3", team="2")
    assert KIND.view(uneven)["score"]["table"]["winners"] == []
    for seat in ("p1", "p2", "p3"):
        state = do(state, "enter_score", player=seat, done="1")
    out = act(state, "enter_score", player="p4", done="1")
    assert rendered(out.notices) == ["Final score: Team 1 (Anna, Chen) 6, Team 2 (Boris, Dana) 9. "
                                     "Winners: Boris, Dana."]
    KIND.check_state(out.state)


def test_mk_sco_5_the_sheet_is_checked_on_import():
    state = do(played_out(2), "enter_score", player="p1", keeps_owned="2")
    KIND.check_state(state)
    for bad in ({"p1": {"keeps_owned": 2, "spells": 1}}, {"p1": {"team": 1}}):
        with pytest.raises(RuleError):
            KIND.check_state({**state, "score_sheet": {**state["score_sheet"], "counts": bad}})


def test_mk_sco_5_the_score_says_how_conquer_and_hold_is_won():
    notes = rendered(KIND.view(played_out(2))["score"]["notes"])
    assert any("keep" in n and "3" in n and "mage tower" in n and "2" in n for n in notes)
    assert any("admitted" in n for n in notes)
