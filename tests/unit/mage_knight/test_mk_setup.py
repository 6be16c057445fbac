"""MK-SET: players, heroes, scenarios, Day/Night, the Dummy, round 1."""
import random

import pytest

from companion.rules.base import BadParams, RuleError
from mk_helpers import KIND, do, form, new_game


def test_mk_set_1_one_to_five_players_with_names_heroes_and_round_order():
    for n in range(2, 6):
        state = new_game(players=n)
        assert [p["name"] for p in state["players"]] == ["Anna", "Boris", "Chen", "Dana", "Emil"][:n]
        assert [p["hero"] for p in state["players"]] == ["tovak", "goldyx", "norowas", "arythea", "krang"][:n]
        assert state["round_order"] == [p["id"] for p in state["players"]]
    solo = new_game(players=1, scenario="solo_conquest")
    assert len(solo["players"]) == 1


def test_mk_set_1_six_players_or_none_are_refused():
    with pytest.raises(RuleError):
        KIND.parse_setup({"player_name": ["a", "b", "c", "d", "e", "f"], "hero": list("uvwxyz")})
    with pytest.raises(RuleError):
        KIND.parse_setup({"player_name": [], "hero": []})


def test_mk_set_1_custom_hero_names_are_kept_and_known_heroes_become_ids():
    setup = KIND.parse_setup({"player_name": ["Anna", "Boris"], "hero": ["Tovak", "Sir Custom"]})
    assert [p["hero"] for p in setup["players"]] == ["tovak", "Sir Custom"]


def test_mk_set_1_the_same_hero_twice_is_refused():
    with pytest.raises(RuleError):
        KIND.parse_setup({"player_name": ["Anna", "Boris"], "hero": ["Tovak", "tovak"]})


@pytest.mark.parametrize("scenario, players, mode, rounds", [
    ("first_reconnaissance", 2, "competitive", 3),
    ("first_reconnaissance", 1, "solo", 4),
    ("full_conquest", 3, "competitive", 6),
    ("blitz_conquest", 2, "competitive", 4),
    ("solo_conquest", 1, "solo", 6),
    ("full_cooperation", 3, "cooperative", 6),
    ("blitz_cooperation", 2, "cooperative", 4),
    ("dungeon_lords", 2, "competitive", 5),
    ("mines_liberation", 2, "competitive", 4),
    ("druid_nights", 2, "competitive", 4),
    ("conquer_and_hold", 2, "competitive", 6),
    ("conquer_and_hold", 3, "competitive", 4),
    ("conquer_and_hold", 4, "competitive", 4),
    ("one_to_return", 4, "competitive", 4),
])
def test_mk_set_2_scenario_presets_fix_mode_and_round_limit(scenario, players, mode, rounds):
    setup = KIND.parse_setup(form(players, scenario))
    assert (setup["mode"], setup["round_limit"]) == (mode, rounds)
    assert setup["blitz"] == scenario.startswith("blitz")


def test_mk_set_2_custom_scenario_takes_any_round_limit_mode_and_blitz():
    setup = KIND.parse_setup(form(3, "custom", round_limit="7", mode="cooperative", blitz="on"))
    assert (setup["mode"], setup["round_limit"], setup["blitz"]) == ("cooperative", 7, True)
    with pytest.raises(BadParams):
        KIND.parse_setup(form(3, "custom", round_limit="seven"))


def test_mk_set_2_blitz_adds_a_die_and_a_unit():
    plain, blitz = new_game(players=2, scenario="full_conquest"), new_game(players=2, scenario="blitz_conquest")
    assert len(plain["source"]) == 4 and len(blitz["source"]) == 5
    assert len(plain["units_offer"]) == 4 and len(blitz["units_offer"]) == 5


def test_mk_set_2_solo_and_group_scenarios_need_the_right_player_count():
    with pytest.raises(RuleError):
        KIND.parse_setup(form(2, "solo_conquest"))
    with pytest.raises(RuleError):
        KIND.parse_setup(form(1, "full_cooperation"))
    with pytest.raises(RuleError):
        KIND.parse_setup(form(1, "conquer_and_hold"))


def test_mk_set_3_rounds_alternate_starting_with_day_or_night():
    state = new_game(players=2)
    assert state["time_of_day"] == "day"
    night = new_game(players=2, start_at_night="1")
    assert night["time_of_day"] == "night"
    assert KIND.view(night)["tactics_available"][0] == "from_the_dusk"


def times_of_day_played(state):
    """Play the game to its end the quickest legal way; the time of day of each round, in order."""
    seen = {}
    while state["phase"] != "finished":
        seen[state["round"]] = state["time_of_day"]
        view = KIND.view(state)
        if state["phase"] == "preparation":
            state = do(state, "skip_preparation")
        elif state["phase"] == "tactics":
            state = do(state, "pick_tactic", player=view["pick_queue"][0], tactic=view["tactics_available"][0])
        elif state["phase"] == "turns":
            seat = state["turn"]["seat"]
            state = do(state, "announce_end_of_round", player=seat, deck_empty=True) \
                if state["end_of_round_by"] is None else do(state, "end_turn", player=seat)
        else:
            state = do(state, "remove_tactic", tactic=view["removal_choices"][0])
    return [seen[r] for r in sorted(seen)]


def test_mk_set_3_every_round_flips_day_and_night():
    assert times_of_day_played(new_game(players=2)) == ["day", "night"] * 3
    assert times_of_day_played(new_game(players=2, start_at_night="1")) == ["night", "day"] * 3


def test_mk_set_4_solo_and_cooperative_add_a_dummy_that_counts_for_neither_dice_nor_units():
    coop = new_game(players=2, scenario="full_cooperation")
    assert coop["dummy"]["hero"] not in ("tovak", "goldyx")  # a hero nobody plays (MK-DUM-1)
    assert coop["round_order"] == ["p1", "p2", "dummy"]
    assert len(coop["source"]) == 4 and len(coop["units_offer"]) == 4
    solo = new_game(players=1, scenario="solo_conquest")
    assert solo["dummy"]["hero"] != "tovak" and len(solo["source"]) == 3
    assert new_game(players=2)["dummy"] is None


def test_mk_set_4_dummy_hero_may_be_chosen_but_not_a_played_one():
    setup = KIND.parse_setup(form(1, "solo_conquest", dummy_hero="Krang"))
    assert setup["dummy_hero"] == "krang"
    with pytest.raises(RuleError):
        KIND.parse_setup(form(1, "solo_conquest", dummy_hero="tovak"))


def test_mk_set_5_round_one_skips_preparation_and_picks_in_reverse_hero_choice_order():
    state = new_game(players=4)
    assert state["phase"] == "tactics" and state["preparation"] is None
    assert state["source"] and state["units_offer"]
    assert KIND.view(state)["pick_queue"] == ["p4", "p3", "p2", "p1"]


def test_mk_set_5_round_one_order_ignores_fame_gained_before_the_pick():
    state = do(new_game(players=3), "change_fame", player="p3", delta=5)
    assert KIND.view(state)["pick_queue"] == ["p3", "p2", "p1"]


def test_mk_set_5_setup_rolls_the_source_and_deals_units_like_preparation():
    setup = KIND.parse_setup(form(3, core_tile_revealed="1", monasteries="2"))
    state = KIND.new_state(setup, random.Random(3))
    assert state["units_offer"] == ["elite", "regular", "elite", "regular", "elite",
                                    "advanced_action", "advanced_action"]
    basic = sum(d["colour"] in ("red", "blue", "green", "white") for d in state["source"])
    assert basic >= 3 and state["source_rolls"][-1] == [d["colour"] for d in state["source"]]
