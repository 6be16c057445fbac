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


@pytest.mark.parametrize("tactic, params", [("midnight_meditation", {}), ("sparing_power", {"choice": "take"}),
                                            ("sparing_power", {"choice": "store"})])
def test_mk_tac_3_before_the_turn_tactics_cannot_be_used_mid_turn(tactic, params):
    state = night_turn("from_the_dusk" if tactic == "sparing_power" else "long_night", tactic)
    state = do(state, "end_turn", player="p1")
    assert state["turn"]["seat"] == "p2"
    offer = {"action": "use_tactic", "params": {"player": "p2", **params}}
    assert KIND.view(state)["actions"].count(offer) == 1
    die = KIND.view(state)["takeable_dice"][0]
    mid_turn = do(state, "take_die", player="p2", die=die)
    with pytest.raises(RuleError, match="before the turn"):
        act(mid_turn, "use_tactic", player="p2", **params)
    assert offer not in KIND.view(mid_turn)["actions"]
    used = act(state, "use_tactic", player="p2", **params)
    assert used.state["flipped_tactics"] == ([] if params.get("choice") == "store" else [tactic])


def sparing_power_turn():
    """A 2-player Night: Anna has From the Dusk (first), Boris Sparing Power; Boris's turn, before anything."""
    return do(night_turn("from_the_dusk", "sparing_power"), "end_turn", player="p1")


def test_mk_tac_3_sparing_power_stores_a_card_once_before_each_turn_until_it_is_flipped():
    state = sparing_power_turn()
    stored = act(state, "use_tactic", player="p2", choice="store")
    assert stored.state["flipped_tactics"] == []  # storing does not flip it
    assert "Boris" in text_of(stored) and "top Deed card" in text_of(stored)
    with pytest.raises(RuleError, match="once before each"):  # not twice before one turn
        act(stored.state, "use_tactic", player="p2", choice="store")
    with pytest.raises(RuleError, match="once before each"):
        act(stored.state, "use_tactic", player="p2", choice="take")
    assert not [a for a in KIND.view(stored.state)["actions"] if a["action"] == "use_tactic"]
    # the next turn of Boris: once again, and still offered both ways
    state = do(do(stored.state, "end_turn", player="p2"), "end_turn", player="p1")
    assert state["turn"]["seat"] == "p2"
    offered = [a["params"] for a in KIND.view(state)["actions"] if a["action"] == "use_tactic"]
    assert offered == [{"player": "p2", "choice": "store"}, {"player": "p2", "choice": "take"}]
    state = do(state, "use_tactic", player="p2", choice="store")
    state = do(do(state, "end_turn", player="p2"), "end_turn", player="p1")
    taken = act(state, "use_tactic", player="p2", choice="take")
    assert taken.state["flipped_tactics"] == ["sparing_power"]
    assert "into hand" in text_of(taken)
    # flipped: nothing more this round, and no reminder at the start of Boris's turns
    after = do(do(taken.state, "end_turn", player="p2"), "end_turn", player="p1")
    assert not [a for a in KIND.view(after)["actions"] if a["action"] == "use_tactic"]
    with pytest.raises(RuleError, match="flipped"):
        act(after, "use_tactic", player="p2", choice="store")


def test_mk_tac_3_sparing_power_asks_which_of_its_two_uses():
    state = sparing_power_turn()
    with pytest.raises(RuleError):
        act(state, "use_tactic", player="p2")
    with pytest.raises(RuleError):
        act(state, "use_tactic", player="p2", choice="flip")



def test_mk_tac_3_long_night_may_still_be_used_during_the_turn():
    state = night_turn("from_the_dusk", "long_night")
    state = do(state, "end_turn", player="p1")
    die = KIND.view(state)["takeable_dice"][0]
    assert do(do(state, "take_die", player="p2", die=die), "use_tactic", player="p2")["flipped_tactics"] == \
        ["long_night"]


def test_mk_tac_3_a_turn_saved_before_sparing_power_was_tracked_per_turn_loads_and_plays():
    state = sparing_power_turn()
    older = {**state, "turn": {k: v for k, v in state["turn"].items() if k != "sparing_power_used"}}
    KIND.check_state(older)
    assert {"action": "use_tactic", "params": {"player": "p2", "choice": "store"}} in KIND.view(older)["actions"]
    assert do(older, "use_tactic", player="p2", choice="store")["turn"]["sparing_power_used"]
    with pytest.raises(RuleError):
        KIND.check_state({**state, "turn": {**state["turn"], "sparing_power_used": "yes"}})
