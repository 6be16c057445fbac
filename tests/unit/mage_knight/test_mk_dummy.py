"""MK-DUM: the Dummy player, tracked — its hero, crystals, deck, turns and round preparation; and its place
in the scenario end (MK-RND-5)."""
import random

import pytest

from companion.rules.base import BadParams, RuleError
from companion.rules.mage_knight import KIND
from companion.rules.mage_knight.setup import HEROES
from mk_helpers import (ScriptedRng, act, do, end_round_now, end_turn, form, mark_end, new_game,
                        pick_first_available, text_of)


def solo(seed=0, **extra):
    """A Solo Conquest (Anna plays Tovak) at its first turn."""
    return pick_first_available(new_game(players=1, scenario="solo_conquest", seed=seed, **extra))


def dummys_turn(state):
    """Play on until it is the Dummy's turn."""
    while state["turn"]["seat"] != "dummy":
        state = end_turn(state)
    return state


def with_dummy(state, deck=None, **crystals):
    state["dummy"]["crystals"].update(crystals)
    if deck is not None:
        state["dummy"]["deck"] = deck
    return state


def test_mk_dum_1_the_dummy_hero_is_drawn_at_random_among_heroes_nobody_plays():
    drawn = {new_game(players=1, scenario="solo_conquest", seed=seed)["dummy"]["hero"] for seed in range(40)}
    assert len(drawn) >= 4 and "tovak" not in drawn and drawn <= set(HEROES)
    setup = KIND.parse_setup(form(1, "solo_conquest"))
    assert KIND.new_state(setup, ScriptedRng(["krang"]))["dummy"]["hero"] == "krang"  # the injected rng draws it
    assert KIND.parse_setup(form(1, "solo_conquest", dummy_hero="random"))["dummy_hero"] == "random"


def test_mk_dum_1_the_group_may_choose_the_dummy_hero_at_setup():
    state = new_game(players=2, scenario="full_cooperation", dummy_hero="Braevalar")
    assert state["dummy"]["hero"] == "braevalar"
    with pytest.raises(RuleError):
        new_game(players=2, scenario="full_cooperation", dummy_hero="goldyx")  # Boris plays Goldyx


def test_mk_dum_1_setup_sixteen_basic_actions_and_three_crystals_from_the_hero_card():
    state = new_game(players=1, scenario="solo_conquest", dummy_hero="goldyx")
    assert state["dummy"] == {"hero": "goldyx", "crystals": {"red": 0, "blue": 1, "green": 2, "white": 0},
                              "deck": 16, "cards": 16}


@pytest.mark.parametrize("hero, dots", [("arythea", "RRW"), ("goldyx", "GGB"), ("norowas", "GWW"), ("tovak", "RBB"),
                                        ("wolfhawk", "WWB"), ("krang", "RRG"), ("braevalar", "GBB")])
def test_mk_dum_2_starting_crystals_by_hero(hero, dots):
    setup = {"player_name": ["Anna"], "hero": ["Mirabel"], "scenario": "solo_conquest", "dummy_hero": hero}
    state = KIND.new_state(KIND.parse_setup(setup), random.Random(0))
    letters = {"R": "red", "B": "blue", "G": "green", "W": "white"}
    assert state["dummy"]["crystals"] == {c: [letters[d] for d in dots].count(c)
                                          for c in ("red", "blue", "green", "white")}


def test_mk_dum_2_a_custom_dummy_hero_starts_without_crystals_and_the_group_adds_them():
    state = new_game(players=1, scenario="solo_conquest", dummy_hero="Mirabel")
    assert state["dummy"]["crystals"] == {"red": 0, "blue": 0, "green": 0, "white": 0}
    out = act(state, "adjust_dummy", what="green", delta=1)
    assert out.state["dummy"]["crystals"]["green"] == 1 and out.label.render() == "The Dummy's green crystals: 1"
    with pytest.raises(RuleError):
        act(state, "adjust_dummy", what="red", delta=-1)
    with pytest.raises(BadParams):
        act(state, "adjust_dummy", what="gold", delta=1)


def test_mk_dum_3_three_cards_then_one_more_per_crystal_of_the_third_cards_colour():
    state = with_dummy(dummys_turn(solo()), red=2, blue=0)
    out = act(state, "dummy_turn", third="red")
    assert out.state["dummy"]["deck"] == 16 - 3 - 2
    assert "The 3rd card is red: flip 2 more cards onto the Dummy's discard pile" in text_of(out)
    assert out.label.render() == "The Dummy flipped 5 cards" and out.state["turn"]["seat"] == "p1"
    out = act(state, "dummy_turn", third="blue")  # no blue crystal: its turn is the three cards
    assert out.state["dummy"]["deck"] == 13 and "no blue crystal" in text_of(out)


def test_mk_dum_3_the_extra_flips_stop_when_the_deck_runs_out():
    state = with_dummy(dummys_turn(solo()), deck=5, white=4)
    out = act(state, "dummy_turn", third="white")
    assert out.state["dummy"]["deck"] == 0 and "flip 2 more cards" in text_of(out)
    assert "That empties its deck." in text_of(out)
    assert "it will announce End of Round on its next turn" in text_of(out)


def test_mk_dum_3_deck_runs_out_before_the_third_card_then_it_announces_on_its_next_turn():
    state = with_dummy(dummys_turn(solo()), deck=2)
    assert KIND.view(state)["dummy"]["colour_asked"] is False  # two cards left: no 3rd card to ask about
    out = act(state, "dummy_turn")
    assert out.state["dummy"]["deck"] == 0 and "flips its last 2 cards" in text_of(out)
    assert out.state["end_of_round_by"] is None  # not on this turn: on its next one
    state = end_turn(out.state)  # the player's turn; then the Dummy's begins with its deck empty
    assert state["end_of_round_by"] == "dummy" and state["turn"]["seat"] == "p1"
    assert state["final_turns"] == {"by": "end_of_round", "remaining": ["p1"]}


def test_mk_dum_3_exactly_three_cards_left_are_flipped_the_third_among_them():
    state = with_dummy(dummys_turn(solo()), deck=3)
    assert KIND.view(state)["dummy"]["colour_asked"] is False  # nothing is left after the 3rd card
    out = act(state, "dummy_turn")
    assert out.state["dummy"]["deck"] == 0
    assert "The Dummy flips its last 3 cards: its deck is empty." in text_of(out)
    assert "ran out before the 3rd card" not in text_of(out)  # the 3rd card was there, and flipped


def test_mk_dum_3_the_table_says_the_deck_ran_out_when_the_count_disagrees():
    state = dummys_turn(solo())
    out = act(state, "dummy_turn", third="none")
    assert out.state["dummy"]["deck"] == 0 and "the app counts it empty now" in text_of(out)
    three = act(with_dummy(dummys_turn(solo()), deck=3), "dummy_turn", third="none")  # the table had fewer
    assert "ran out before the 3rd card: the app counts it empty now" in text_of(three)


def test_mk_dum_3_the_colour_must_be_tapped_while_cards_are_left_after_the_third():
    state = dummys_turn(solo())
    with pytest.raises(RuleError, match="3rd card"):
        act(state, "dummy_turn")
    with pytest.raises(BadParams):
        act(state, "dummy_turn", third="gold")
    with pytest.raises(RuleError, match="not the Dummy's turn"):
        act(end_turn(state), "dummy_turn", third="red")


def test_mk_dum_3_the_dummy_neither_ends_its_turn_nor_announces_by_hand():
    state = dummys_turn(solo())
    for action, params in (("end_turn", {}), ("announce_end_of_round", {"deck_empty": True}), ("forfeit_turn", {})):
        with pytest.raises(RuleError, match="tap the colour of its 3rd card"):
            act(state, action, player="dummy", **params)
    view = KIND.view(state)
    assert {a["action"] for a in view["actions"] if a["params"].get("player") == "dummy"} == set()
    assert [a["params"] for a in view["actions"] if a["action"] == "dummy_turn"] == [
        {"third": c} for c in ("red", "blue", "green", "white", "none")]


def test_mk_dum_3_an_empty_deck_on_a_last_turn_flips_nothing_and_the_round_goes_on():
    state = solo()
    if state["turn"]["seat"] == "dummy":
        state = end_turn(state)
    state["dummy"]["deck"] = 0
    out = act(state, "announce_end_of_round", player="p1", deck_empty=True)
    assert "nothing to flip on its last turn" in text_of(out)
    state["dummy"]["deck"] = 16
    state = do(state, "announce_end_of_round", player="p1", deck_empty=True)  # the Dummy's last turn now
    state = do(state, "adjust_dummy", what="deck", delta=-16)  # the table's deck is empty after all
    out = act(state, "dummy_turn")
    assert out.label.render() == "The Dummy had nothing to flip" and out.state["phase"] == "preparation"
    assert out.state["phase"] == "preparation" and out.state["rounds"][0]["end_of_round_by"] == "p1"


def test_mk_dum_3_a_deck_corrected_to_empty_during_its_turn_announces():
    state = dummys_turn(solo())
    state = do(state, "adjust_dummy", what="deck", delta=-16)
    assert KIND.view(state)["actions"][-1] == {"action": "dummy_turn", "params": {}}
    state = do(state, "dummy_turn")
    assert state["end_of_round_by"] == "dummy"


def test_mk_dum_4_the_leaving_aa_card_joins_the_dummys_deck_and_all_its_cards_are_shuffled():
    state = dummys_turn(solo())
    state = do(state, "dummy_turn", third="none")
    state = end_round_now(state)  # the Dummy announced: its deck was empty
    assert state["phase"] == "preparation" and state["dummy"]["deck"] == 0
    for step in ("flip_board", "source", "units"):
        state = do(state, "tick_step", step=step)
    out = act(state, "tick_step", step="aa_offer")
    assert out.state["dummy"]["cards"] == 17 and out.state["dummy"]["deck"] == 17
    assert "its deck has 17 cards" in text_of(out)


def test_mk_dum_4_the_leaving_spell_gives_the_dummy_a_crystal_of_its_colour_with_no_limit():
    state = end_round_now(with_dummy(solo(), blue=3))
    for step in ("flip_board", "source", "units", "aa_offer"):
        state = do(state, "tick_step", step=step)
    with pytest.raises(RuleError, match="colour of the Spell leaving the offer"):
        act(state, "tick_step", step="spell_offer")
    out = act(state, "tick_step", step="spell_offer", spell_colour="blue")
    assert out.state["dummy"]["crystals"]["blue"] == 4 and "gains a blue crystal (now 4)" in text_of(out)


def test_mk_dum_4_the_spell_step_puts_the_spell_under_the_spell_deck_not_into_the_dummys_deck():
    state = end_round_now(solo())
    text = KIND.view(state)["checklist"][4]["text"].render()
    assert "bottom of the Spell deck" in text and "not to the Dummy" in text and "the same way" not in text


def test_mk_dum_4_the_whole_preparation_at_once_takes_the_spell_colour():
    state = end_round_now(solo())
    offered = [a["params"] for a in KIND.view(state)["actions"] if a["action"] == "tick_step"]
    assert {"step": "flip_board", "through": "players", "spell_colour": "green"} in offered
    cards = state["dummy"]["cards"]
    state = do(state, "tick_step", step="flip_board", through="players", spell_colour="green")
    assert state["phase"] == "tactics" and state["dummy"]["deck"] == state["dummy"]["cards"] == cards + 1
    assert state["dummy"]["crystals"]["green"] == new_game(players=1, scenario="solo_conquest")["dummy"][
        "crystals"]["green"] + 1


def test_mk_dum_4_a_skipped_preparation_still_gives_the_aa_card_and_the_crystal_if_tapped():
    state = end_round_now(solo())
    out = act(state, "skip_preparation")
    assert out.state["dummy"]["deck"] == 17 and "with + under The Dummy" in text_of(out)
    out = act(state, "skip_preparation", spell_colour="red")
    assert out.state["dummy"]["crystals"]["red"] == state["dummy"]["crystals"]["red"] + 1


def test_mk_dum_5_the_view_tracks_crystals_deck_and_what_each_colour_flips():
    state = with_dummy(dummys_turn(solo()), deck=10, red=2, blue=0, green=1, white=9)
    dummy = KIND.view(state)["dummy"]
    assert dummy["crystals"] == {"red": 2, "blue": 0, "green": 1, "white": 9} and dummy["deck"] == 10
    assert dummy["extra_flips"] == {"red": 2, "blue": 0, "green": 1, "white": 7}  # capped by the cards left
    assert dummy["forecast"].render() == ("The Dummy has 10 cards left: they last 1 to 4 more turns of its own, "
                                          "then it announces End of Round.")


def test_mk_dum_5_it_says_ahead_when_the_dummy_will_announce():
    state = dummys_turn(solo())
    assert "it will announce End of Round on its next turn" in KIND.view(with_dummy(state, deck=0))["dummy"][
        "forecast"].render()
    state = with_dummy(state, deck=3, red=0, blue=0, green=0, white=0)
    assert KIND.view(state)["dummy"]["forecast"].render() == (
        "The Dummy has 3 cards left: they last 1 more turn of its own, then it announces End of Round.")


def test_mk_dum_5_the_group_corrects_the_deck_count_within_all_its_cards():
    state = solo()
    assert do(state, "adjust_dummy", what="deck", delta=-1)["dummy"]["deck"] == 15
    with pytest.raises(RuleError):
        act(state, "adjust_dummy", what="deck", delta=1)  # 16 is all its cards
    with pytest.raises(RuleError, match="no Dummy"):
        act(new_game(players=2), "adjust_dummy", what="red", delta=1)


def test_mk_dum_5_on_the_dummys_turn_the_player_after_it_taps_for_it():
    state = dummys_turn(solo())
    assert KIND.seat_status(state, "p1") == {"now": True, "text": KIND.seat_status(state, "p1")["text"]}
    assert KIND.seat_status(state, "p1")["text"].render() == "The Dummy's turn: tap for it"
    coop = pick_first_available(new_game(players=2, scenario="full_cooperation"))
    coop = dummys_turn(coop)
    after = [s for s in coop["round_order"][coop["round_order"].index("dummy") + 1:] + coop["round_order"]
             if s != "dummy"][0]
    assert KIND.seat_status(coop, after)["now"] is True
    assert KIND.seat_status(coop, "p1" if after == "p2" else "p2")["now"] is False


def test_mk_dum_5_a_game_saved_before_the_dummy_was_tracked_loads_and_plays():
    state = dummys_turn(solo())
    state["dummy"] = {"hero": "krang"}
    KIND.check_state(state)
    assert KIND.view(state)["dummy"]["deck"] == 16 and KIND.view(state)["dummy"]["crystals"]["red"] == 2
    out = act(state, "dummy_turn", third="red")
    assert out.state["dummy"]["deck"] == 11
    KIND.check_state(out.state)


@pytest.mark.parametrize("tamper", [
    lambda d: d.update(deck=17),
    lambda d: d.update(deck=-1),
    lambda d: d["crystals"].update(red=-1),
    lambda d: d["crystals"].update(gold=1),
    lambda d: d.pop("cards"),
    lambda d: d.update(crystals=[1, 2]),
])
def test_mk_dum_5_check_state_refuses_a_broken_dummy(tamper):
    state = solo()
    tamper(state["dummy"])
    with pytest.raises(RuleError):
        KIND.check_state(state)


# --- MK-RND-5: at the scenario end the Dummy takes no last turn -------------------------------------------

def test_mk_rnd_5_solo_conquest_the_player_takes_one_last_turn_and_the_dummy_none():
    state = solo()
    if state["turn"]["seat"] == "dummy":
        state = end_turn(state)
    out = mark_end(state)  # during the player's turn
    assert out.state["final_turns"]["remaining"] == ["p1"] and "the Dummy takes none" in text_of(out)
    state = do(out.state, "end_turn", player="p1")  # the turn under way ends: the last turn is next
    assert state["turn"]["seat"] == "p1" and state["phase"] == "turns"
    state = do(state, "end_turn", player="p1")
    assert state["phase"] == "finished" and state["ended_by"] == "scenario_end"


def test_mk_rnd_5_solo_conquest_marked_on_the_dummys_turn():
    state = dummys_turn(solo())
    state = mark_end(state).state
    assert state["final_turns"] == {"by": "scenario_end", "remaining": ["p1"]}
    state = do(state, "dummy_turn", third="red")
    state = do(state, "end_turn", player="p1")
    assert state["phase"] == "finished"


def test_mk_rnd_5_full_cooperation_only_the_real_players_take_a_last_turn():
    state = pick_first_available(new_game(players=2, scenario="full_cooperation"))
    state = mark_end(state).state
    assert sorted(state["final_turns"]["remaining"]) == ["p1", "p2"]  # no "dummy"
    seats = [state["turn"]["seat"]]
    while state["phase"] == "turns":
        state = end_turn(state)
        if state["turn"]:
            seats.append(state["turn"]["seat"])
    assert state["phase"] == "finished" and "dummy" not in seats[1:]


def test_mk_rnd_5_scenario_end_marked_at_the_picks_gives_the_dummy_no_turn():
    state = mark_end(new_game(players=1, scenario="solo_conquest")).state
    state = pick_first_available(state)
    assert state["turn"]["seat"] == "p1" and state["final_turns"]["remaining"] == ["p1"]
    state = do(state, "end_turn", player="p1")
    assert state["phase"] == "finished"


def test_mk_dum_5_the_dummys_last_turn_after_a_players_announcement_foretells_no_end_of_round():
    """A player announced End of Round; the Dummy's last turn empties its deck: its notice said "…then it announces
    End of Round", and a deck corrected to 0 "it will announce End of Round on its next turn" (a helper's read,
    2026-12-05): it has no next turn this round, and the round's end is announced already."""
    state = solo()
    while state["turn"]["seat"] != "p1":
        state = end_turn(state)
    state = do(state, "announce_end_of_round", player="p1", deck_empty=True)
    assert state["turn"]["seat"] == "dummy"
    corrected = act(with_dummy(state, deck=5), "adjust_dummy", what="deck", delta=-5)
    assert "will announce" not in text_of(corrected) and "no more turns" not in text_of(corrected)
    assert "End of Round is announced: this is the Dummy's last turn this round." in text_of(corrected)
    outcome = act(with_dummy(state, deck=3), "dummy_turn")  # its last turn: the round ends, the next is prepared
    assert outcome.state["phase"] == "preparation"
    assert "announces End of Round" not in text_of(outcome), text_of(outcome)  # its deck is shuffled whole again
    assert KIND.view(outcome.state)["dummy"]["forecast"] is None


def test_mk_dum_5_the_dummys_turn_still_foretells_its_announcement_before_the_last_turns():
    state = dummys_turn(solo())
    outcome = act(with_dummy(state, deck=2), "dummy_turn")
    assert "will announce End of Round on its next turn" in text_of(outcome)
