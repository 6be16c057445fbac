"""MK-RND-2: the preparation checklist and the Units offer it deals."""
import itertools

import pytest

from companion.rules.base import RuleError
from companion.rules.mage_knight.preparation import STEPS
from companion.rules.mage_knight.units import units_offer
from mk_helpers import KIND, ScriptedRng, act, do, end_round_now, new_game, pick_first_available, prepare, text_of


def in_preparation(players=2, scenario="full_conquest", **extra):
    return end_round_now(pick_first_available(new_game(players=players, scenario=scenario, **extra)))


@pytest.mark.parametrize("players, core, monasteries, blitz",
                         list(itertools.product([1, 2, 3, 4], [False, True], [0, 1, 2, 3], [False, True])))
def test_mk_rnd_2_units_offer_for_each_player_count_core_tile_monasteries_and_blitz(players, core, monasteries, blitz):
    offer = units_offer(players, blitz, core, monasteries)
    n = players + 2 + blitz
    units, advanced = offer[:n], offer[n:]
    assert advanced == ["advanced_action"] * monasteries
    if core:
        assert units == ["elite", "regular"] * (n // 2) + ["elite"] * (n % 2)
    else:
        assert units == ["regular"] * n


def test_mk_rnd_2_checklist_steps_in_the_rulebook_order():
    state = in_preparation()
    assert [s["step"] for s in KIND.view(state)["checklist"]] == STEPS
    assert STEPS == ["flip_board", "source", "units", "aa_offer", "spell_offer", "tactics", "players"]
    assert state["round"] == 2 and state["time_of_day"] == "night"
    assert KIND.view(state)["current_step_text"].render() == "Flip the Day/Night board to Night."


def test_mk_rnd_2_units_step_text_is_concrete_for_this_game():
    state = in_preparation(players=3)
    state = do(do(state, "set_core_tile_revealed", revealed="1"), "set_monasteries", count="2")
    text = KIND.view(state)["checklist"][2]["text"].render()
    assert "Deal 5 units: Elite, Regular, Elite, Regular, Elite, then 2 Advanced Action cards " \
           "(2 monasteries not burned)" in text
    state = do(state, "set_core_tile_revealed", revealed="")
    text = KIND.view(state)["checklist"][2]["text"].render()
    assert text.startswith("No Core tile revealed yet: Regular units only. Return the offered units")
    assert "Deal 5 units: Regular, Regular, Regular, Regular, Regular, then 2 Advanced" in text


def test_mk_rnd_2_ticking_steps_rolls_the_source_and_deals_the_offer():
    state = do(in_preparation(players=2, monasteries="1"), "tick_step", step="flip_board")
    out = act(state, "tick_step", ScriptedRng(["blue", "gold", "black", "gold", "red", "black", "white"]),
              step="source")
    assert out.state["source_rolls"] == [["blue", "gold", "black", "gold"], ["blue", "red", "black", "white"]]
    assert [d["colour"] for d in out.state["source"]] == ["blue", "red", "black", "white"]
    assert "Set the Source dice to the app's roll: blue, red, black, white." in text_of(out)
    state = do(do(out.state, "set_core_tile_revealed", revealed=True), "tick_step", step="units")
    assert state["units_offer"] == ["elite", "regular", "elite", "regular", "advanced_action"]


def test_mk_rnd_2_steps_are_ticked_in_order_and_once():
    state = in_preparation()
    with pytest.raises(RuleError):
        act(state, "tick_step", step="units")
    state = do(state, "tick_step", step="flip_board")
    with pytest.raises(RuleError):  # a second device ticking the same step
        act(state, "tick_step", step="flip_board")


def test_mk_rnd_2_tactics_wait_until_the_checklist_is_done():
    state = in_preparation()
    with pytest.raises(RuleError):
        act(state, "pick_tactic", player="p1", tactic="long_night")
    for step in STEPS[:-1]:
        state = do(state, "tick_step", step=step)
        assert state["phase"] == "preparation"
    state = do(state, "tick_step", step="players")
    assert state["phase"] == "tactics"


def test_mk_rnd_2_skip_preparation_on_purpose_still_resets_source_and_offer():
    state = do(in_preparation(players=2), "set_monasteries", count=1)
    out = act(state, "skip_preparation")
    assert out.state["phase"] == "tactics"
    assert out.state["units_offer"] == ["regular"] * 4 + ["advanced_action"]
    assert "skipped on purpose" in text_of(out)


def test_mk_rnd_2_monastery_revealed_mid_round_adds_an_aa_card_at_once():
    state = pick_first_available(new_game(players=2))
    out = act(state, "monastery_revealed")
    assert out.state["monasteries"] == 1 and out.state["units_offer"][-1] == "advanced_action"
    assert len(out.state["units_offer"]) == 5 and "Units offer now" in text_of(out)


def test_mk_rnd_2_monastery_revealed_before_the_units_step_only_counts():
    state = do(in_preparation(), "monastery_revealed")
    assert state["monasteries"] == 1 and len(state["units_offer"]) == 4
    state = prepare(state)
    assert state["units_offer"].count("advanced_action") == 1


def test_mk_rnd_2_dummy_steps_for_the_aa_and_spell_offers():
    state = in_preparation(players=1, scenario="solo_conquest")
    texts = [s["text"].render() for s in KIND.view(state)["checklist"]]
    assert "goes into the Dummy's deck" in texts[3] and "The Dummy gains a crystal" in texts[4]
    plain = [s["text"].render() for s in KIND.view(in_preparation())["checklist"]]
    assert "Dummy" not in plain[3] + plain[4]


def test_mk_rnd_2_tactics_step_counts_removed_tactics():
    state = in_preparation(players=1, scenario="solo_conquest")  # night: none removed yet
    assert KIND.view(state)["checklist"][5]["text"].render().endswith("Night tactics: 6 cards.")
    state = end_round_now(pick_first_available(prepare(state)))
    assert "4 cards (2 removed from the game stay out)" in KIND.view(state)["checklist"][5]["text"].render()


def test_mk_rnd_2_players_step_names_each_hand_limit():
    state = do(in_preparation(), "change_fame", player="p2", delta=21)  # level 5
    # a name and its limit joined by a no-break space: "Vera" never ends a line with her "5" on the next
    assert "Hand limit: Anna\u00a05, Boris\u00a06." in KIND.view(state)["checklist"][6]["text"].render()


def test_mk_rnd_2_the_table_may_work_down_the_whole_list_and_tick_it_at_once():
    state = in_preparation(players=2, monasteries="1")
    out = act(state, "tick_step", ScriptedRng(["blue", "red", "green", "white"]), step="flip_board", through="players")
    assert out.state["phase"] == "tactics" and out.label.render() == "Preparation done"
    assert [d["colour"] for d in out.state["source"]] == ["blue", "red", "green", "white"]
    assert out.state["units_offer"] == ["regular"] * 4 + ["advanced_action"]
    assert "Set the Source dice to the app's roll: blue, red, green, white." in text_of(out)
    with pytest.raises(RuleError, match="in order"):
        act(state, "tick_step", step="units", through="players")
    with pytest.raises(RuleError):  # backwards
        act(do(state, "tick_step", step="flip_board"), "tick_step", step="source", through="flip_board")
