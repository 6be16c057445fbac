"""MK-DEED: how each Deed card type is played and what mana pays for it."""
import pytest

from companion.rules.mage_knight.deeds import (can_play, can_play_sideways, combine_effects, deed_reference,
                                               end_of_turn_cards, extra_cost, mana_that_pays, sideways_options)
from mk_helpers import KIND, new_game


@pytest.mark.parametrize("card", ["basic_action", "advanced_action"])
def test_mk_deed_1_action_basic_free_powered_with_one_mana_of_its_colour(card):
    assert can_play(card, "basic")
    assert not can_play(card, "strong", mana=[])
    assert can_play(card, "strong", mana=["red"], colour="red")
    assert not can_play(card, "strong", mana=["blue"], colour="red")
    assert can_play(card, "strong", is_night=False, mana=["gold"], colour="red")  # gold by Day
    assert not can_play(card, "strong", is_night=True, mana=["gold"], colour="red")
    assert not can_play(card, "strong", is_night=True, mana=["black"], colour="red")
    assert mana_that_pays(card, False) == {"basic": [], "strong": [["own", "gold"]]}


def test_mk_deed_2_spell_needs_its_colour_and_the_strong_effect_only_at_night_with_black():
    assert not can_play("spell", "basic", mana=[], colour="blue")
    assert can_play("spell", "basic", mana=["blue"], colour="blue")
    assert can_play("spell", "basic", mana=["gold"], colour="blue")  # gold by Day stands for blue
    assert not can_play("spell", "strong", is_night=False, mana=["blue", "black"], colour="blue")
    assert can_play("spell", "strong", is_night=True, mana=["black", "blue"], colour="blue")
    assert not can_play("spell", "strong", is_night=True, mana=["blue", "blue"], colour="blue")
    assert not can_play("spell", "strong", is_night=True, mana=["black"], colour="blue")
    assert mana_that_pays("spell", True) == {"basic": [["own"]], "strong": [["own"], ["black"]]}
    assert mana_that_pays("spell", False)["strong"] is None


def test_mk_deed_3_artifact_basic_or_destroyed_for_the_strong_effect():
    assert can_play("artifact", "basic") and can_play("artifact", "strong")
    assert extra_cost("artifact", "strong") == "destroy_self" and extra_cost("artifact", "basic") is None
    assert extra_cost("spell", "strong") is None


def test_mk_deed_4_wounds_are_never_played_nor_pay_a_discard_cost():
    for is_night in (False, True):
        assert mana_that_pays("wound", is_night) == {"basic": None, "strong": None}
        assert not can_play("wound", "basic", is_night=is_night, mana=["gold", "black", "red"], colour="red")
    assert not can_play("advanced_action", "basic", cost="discard", other_cards=["wound", "wound"])
    assert can_play("advanced_action", "basic", cost="discard", other_cards=["wound", "spell"])
    assert can_play("advanced_action", "basic", cost="discard", other_cards=["wound"], cost_allows_wounds=True)


@pytest.mark.parametrize("card", ["basic_action", "advanced_action", "spell", "artifact"])
def test_mk_deed_5_any_card_but_a_wound_plays_sideways_for_plain_effects_only(card):
    assert sideways_options(card) == ["move", "influence", "attack", "block"]
    for effect in ("ranged_attack", "siege_attack", "fire_attack", "ice_block", "cold_fire_attack", "heal"):
        assert not can_play_sideways(card, effect)
    assert can_play_sideways(card, "block")


def test_mk_deed_5_wounds_never_play_sideways():
    assert sideways_options("wound") == [] and not can_play_sideways("wound", "move")


def test_mk_deed_6_effects_combine_and_played_cards_go_to_the_discard_pile():
    assert combine_effects([("move", 2), ("attack", 1), ("move", 1)]) == {"move": 3, "attack": 1}
    assert end_of_turn_cards(["march", "rage"], ["swiftness", "wound"], discard=["swiftness"]) == \
        {"discard_pile": ["march", "rage", "swiftness"], "hand": ["wound"]}
    assert end_of_turn_cards(["march"], ["rage"]) == {"discard_pile": ["march"], "hand": ["rage"]}
    with pytest.raises(ValueError):
        end_of_turn_cards([], ["rage"], discard=["march"])


def test_mk_deed_6_an_effect_whose_cost_cannot_be_paid_cannot_be_played():
    assert not can_play("basic_action", "basic", cost="destroy", other_cards=[])
    assert not can_play("spell", "basic", mana=["red"], colour="green")


def test_mk_deed_reference_in_the_view_follows_the_time_of_day():
    day = {r["card_type"]: r for r in KIND.view(new_game())["deeds"]}
    night = {r["card_type"]: r for r in KIND.view(new_game(start_at_night="1"))["deeds"]}
    assert day["spell"]["mana"]["strong"] is None and night["spell"]["mana"]["strong"] == [["own"], ["black"]]
    assert [r["card_type"] for r in deed_reference(False)] == list(day)
