"""Issue 9 part A: the audit's fixes — Conquer and Hold's rounds, level-up notices, before-the-turn tactics."""
import pytest

from companion.rules.base import RuleError
from companion.rules.mage_knight.fame import level_gains
from mk_helpers import KIND, act, do, new_game, pick_in_queue_order, rendered, text_of


def test_mk_set_2_conquer_and_hold_with_three_players_plays_the_four_rounds_the_book_recommends():
    state = new_game(players=3, scenario="conquer_and_hold")
    assert state["round_limit"] == 4
    assert not any("5 rounds" in n.render() for n in KIND.view(state)["notes"])


@pytest.mark.parametrize("level, words", [
    (3, "take a Command token; Armor rises to 3"), (5, "take a Command token; Hand limit rises to 6"),
    (7, "take a Command token; Armor rises to 4"), (9, "take a Command token; Hand limit rises to 7"),
    (4, "gain a Skill and an Advanced Action card")])
def test_mk_fame_1_a_level_up_names_only_what_changes(level, words):
    text = level_gains("Anna", level).render()
    assert text == f"Anna reaches level {level}: {words}"
    if level == 3:
        assert "Hand limit" not in text
    if level == 5:
        assert "Armor" not in text


def test_mk_fame_1_change_fame_through_level_five_names_the_hand_limit_only():
    out = act(do(new_game(players=2), "change_fame", player="p1", delta=20), "change_fame", player="p1", delta=1)
    assert rendered(out.notices) == ["Anna reaches level 5: take a Command token; Hand limit rises to 6"]


def night_turn(first_tactic, second_tactic):
    """A 2-player Night whose first turn is Anna's (the lower tactic number)."""
    state = pick_in_queue_order(new_game(players=2, start_at_night="1"), [second_tactic, first_tactic])
    assert state["turn"]["seat"] == "p1" and state["tactics"]["p1"] == first_tactic
    return state


@pytest.mark.parametrize("tactic", ["midnight_meditation", "sparing_power"])
def test_mk_tac_3_before_the_turn_tactics_cannot_be_used_mid_turn(tactic):
    state = night_turn("from_the_dusk" if tactic == "sparing_power" else "long_night", tactic)
    state = do(state, "end_turn", player="p1")
    assert state["turn"]["seat"] == "p2"
    assert KIND.view(state)["actions"].count({"action": "use_tactic", "params": {"player": "p2"}}) == 1
    die = KIND.view(state)["takeable_dice"][0]
    mid_turn = do(state, "take_die", player="p2", die=die)
    with pytest.raises(RuleError, match="before the turn"):
        act(mid_turn, "use_tactic", player="p2")
    assert {"action": "use_tactic", "params": {"player": "p2"}} not in KIND.view(mid_turn)["actions"]
    used = act(state, "use_tactic", player="p2")
    assert used.state["flipped_tactics"] == [tactic] and "used" in text_of(used)


def test_mk_tac_3_long_night_may_still_be_used_during_the_turn():
    state = night_turn("from_the_dusk", "long_night")
    state = do(state, "end_turn", player="p1")
    die = KIND.view(state)["takeable_dice"][0]
    assert do(do(state, "take_die", player="p2", die=die), "use_tactic", player="p2")["flipped_tactics"] == \
        ["long_night"]
