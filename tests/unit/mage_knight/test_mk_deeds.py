"""MK-DEED: how each Deed card type is played, and "Can I play this?" with this turn's mana."""
import pytest
from hypothesis import given, settings, strategies as st

from companion.rules.base import RuleError
from companion.rules.mage_knight.deed_helper import can_i_play
from companion.rules.mage_knight.deeds import PLAY_RULES, deed_reference, mana_that_pays
from mk_helpers import KIND, do, new_game, pick_in_queue_order


def turn_with_source(colours, night=False):
    """Anna's turn (2 players) with the Source showing `colours`."""
    state = new_game(players=2, start_at_night="1" if night else "")
    state = pick_in_queue_order(state, ["from_the_dusk", "long_night"] if night else ["early_bird", "rethink"])
    state = {**state, "source": [{"colour": c, "status": "ready"} for c in colours]}
    assert state["phase"] == "turns" and state["turn"]["seat"] in ("p1", "p2")
    return state


def ask(state, **params):
    return can_i_play(state, params).render()


@pytest.mark.parametrize("card", ["basic_action", "advanced_action"])
def test_mk_deed_1_action_basic_free_powered_with_one_mana_of_its_colour(card):
    day = turn_with_source(["blue", "green", "white", "black"])
    assert ask(day, card=card, effect="basic").startswith("Yes, with no mana.")
    assert ask(day, card=card, effect="strong", colour="red").startswith("No: not enough mana")
    assert ask(day, card=card, effect="strong", colour="red", crystal_red=1).startswith("Yes: pay with a red crystal.")
    assert ask(day, card=card, effect="strong", colour="blue").startswith("Yes: pay with a blue die from the Source.")
    gold = turn_with_source(["gold", "green", "white", "black"])
    assert ask(gold, card=card, effect="strong", colour="red").startswith("Yes: pay with a gold die")  # gold by Day
    night = turn_with_source(["gold", "black", "white", "black"], night=True)
    assert ask(night, card=card, effect="strong", colour="red").startswith("No:")
    assert mana_that_pays(card, False) == {"basic": [], "strong": [["own", "gold"]]}


def test_mk_deed_1_only_one_die_from_the_source_a_turn():
    state = turn_with_source(["red", "blue", "green", "white"])
    die = KIND.view(state)["takeable_dice"][0]
    taken = do(state, "take_die", player=state["turn"]["seat"], die=die)
    assert ask(taken, card="basic_action", effect="strong", colour="red").startswith(
        "Yes: pay with the red die taken this turn.")
    assert ask(taken, card="basic_action", effect="strong", colour="blue").startswith("No: not enough mana")


def test_mk_deed_2_spell_needs_its_colour_and_the_strong_effect_only_at_night_with_black():
    day = turn_with_source(["red", "green", "white", "black"])
    assert ask(day, card="spell", effect="basic", colour="blue").startswith("No: not enough mana")
    assert ask(day, card="spell", effect="basic", colour="blue", crystal_blue=1).startswith(
        "Yes: pay with a blue crystal."
    )
    assert ask(day, card="spell", effect="strong", colour="blue", crystal_blue=2).startswith(
        "No: a Spell's strong effect needs black mana")
    night = turn_with_source(["black", "green", "white", "red"], night=True)
    assert ask(night, card="spell", effect="strong", colour="blue", crystal_blue=1).startswith(
        "Yes: pay with a blue crystal, a black die from the Source.")
    assert ask(night, card="spell", effect="strong", colour="blue", crystal_blue=2).startswith("Yes")
    assert ask(turn_with_source(["red", "green", "white", "red"], night=True), card="spell", effect="strong",
               colour="blue", crystal_blue=2).startswith("No: not enough mana")
    with pytest.raises(RuleError):
        ask(night, card="spell", effect="basic")
    assert mana_that_pays("spell", True) == {"basic": [["own"]], "strong": [["own"], ["black"]]}


def test_mk_deed_3_artifact_basic_or_destroyed_for_the_strong_effect():
    state = turn_with_source(["red", "green", "white", "black"])
    assert ask(state, card="artifact", effect="basic").startswith("Yes, with no mana.")
    assert ask(state, card="artifact", effect="strong").startswith("Yes: destroy the Artifact (out of the game)")


def test_mk_deed_4_wounds_are_never_played_nor_pay_a_discard_cost():
    state = turn_with_source(["red", "green", "white", "gold"])
    for effect in ("basic", "strong", "sideways"):
        assert ask(state, card="wound", effect=effect, colour="red", crystal_red=3).startswith("No: a Wound is never")
    assert ask(state, card="advanced_action", effect="basic", cost="discard", other="wounds").startswith("No: the cost")
    assert ask(state, card="advanced_action", effect="basic", cost="discard", other="card").startswith("Yes")
    assert ask(state, card="advanced_action", effect="basic", cost="destroy", other="wounds",
               wounds_allowed="1").startswith("Yes")
    assert any("Wounds are never played" in rule for rule in PLAY_RULES)


@pytest.mark.parametrize("card", ["basic_action", "advanced_action", "spell", "artifact"])
def test_mk_deed_5_any_card_but_a_wound_plays_sideways_for_plain_effects_only(card):
    answer = ask(turn_with_source(["red", "green", "white", "gold"]), card=card, effect="sideways")
    assert answer.startswith("Yes: sideways for Move 1, Influence 1, Attack 1 or Block 1 — never ranged, siege")
    assert [r["sideways"] for r in deed_reference(False) if r["card_type"] == card] == \
        [["move", "influence", "attack", "block"]]


def test_mk_deed_5_wounds_never_play_sideways():
    assert [r["sideways"] for r in deed_reference(True) if r["card_type"] == "wound"] == [[]]


def test_mk_deed_6_the_reference_says_effects_combine_and_where_played_cards_go():
    rules = KIND.view(new_game())["deed_rules"]
    assert any("same kind add up" in r for r in rules)
    assert any("played cards go to the discard pile" in r and "stay in hand" in r for r in rules)
    assert ask(turn_with_source(["red", "green", "white", "gold"]), card="basic_action", effect="basic").endswith(
        "It adds to the other effects of the same kind played this turn.")


def test_mk_deed_6_an_effect_whose_cost_cannot_be_paid_cannot_be_played():
    state = turn_with_source(["red", "green", "white", "gold"])
    assert ask(state, card="basic_action", effect="basic", cost="destroy", other="none").startswith("No: the cost")
    assert ask(state, card="spell", effect="basic", colour="blue").startswith("Yes: pay with a gold die")  # by Day
    no_blue = turn_with_source(["red", "green", "white", "black"])
    assert ask(no_blue, card="spell", effect="basic", colour="blue") == \
        "No: not enough mana of the right colour now (a red die from the Source, a green die from the Source, " \
        "a white die from the Source)."
    assert any("cannot be paid cannot be played" in r for r in PLAY_RULES)


def test_mk_deed_reference_in_the_view_follows_the_time_of_day():
    day = {r["card_type"]: r for r in KIND.view(new_game())["deeds"]}
    night = {r["card_type"]: r for r in KIND.view(new_game(start_at_night="1"))["deeds"]}
    assert day["spell"]["mana"]["strong"] is None and night["spell"]["mana"]["strong"] == [["own"], ["black"]]
    assert [r["card_type"] for r in deed_reference(False)] == list(day)


def test_mk_deed_helper_is_a_question_the_game_answers():
    assert KIND.calculators["can_play"] is can_i_play


@settings(max_examples=200, deadline=None)
@given(params=st.dictionaries(st.sampled_from(["card", "effect", "colour", "crystal_red", "crystal_blue", "cost",
                                               "other", "wounds_allowed"]),
                              st.one_of(st.sampled_from(["spell", "strong", "blue", "2", "discard", "wounds", "x",
                                                         "", "-1", "99"]), st.text(max_size=5)), max_size=8),
       night=st.booleans())
def test_mk_deed_helper_answers_any_query_with_an_answer_or_a_players_message(params, night):
    state = turn_with_source(["black", "gold", "blue", "red"], night=night)
    try:
        assert can_i_play(state, params).render()
    except RuleError as error:  # BadParams is one too: a message for the player, never a crash
        assert error.text.render()


def test_mk_deed_1_the_mana_steal_die_counts_beside_this_turns_source_die():
    state = new_game(players=2)
    state = {**state, "source": [{"colour": c, "status": "ready"} for c in ["red", "blue", "black", "black"]]}
    picker = KIND.view(state)["pick_queue"][0]
    state = do(state, "pick_tactic", player=picker, tactic="mana_steal", die=0)
    state = do(state, "pick_tactic", player=KIND.view(state)["pick_queue"][0], tactic="early_bird")
    state = do(state, "end_turn", player=state["turn"]["seat"])
    assert state["turn"]["seat"] == picker
    assert ask(state, card="basic_action", effect="strong", colour="red").startswith(
        "Yes: pay with the red die on Mana Steal.")
    assert ask(state, card="basic_action", effect="strong", colour="blue").startswith(
        "Yes: pay with a blue die from the Source.")
