"""MK-FAME-1 and MK-HAND-1: levels from Fame, level-up reminders, the Hand limit."""
import pytest

from companion.rules.base import RuleError
from companion.rules.mage_knight.fame import hand_limit, level_for_fame
from mk_helpers import KIND, act, new_game, rendered


# Every threshold and the Fame just below it, so a threshold off by one fails.
@pytest.mark.parametrize("fame, level", [(0, 1), (2, 1), (3, 2), (7, 2), (8, 3), (13, 3), (14, 4), (20, 4),
                                         (21, 5), (28, 5), (29, 6), (37, 6), (38, 7), (47, 7), (48, 8), (58, 8),
                                         (59, 9), (70, 9), (71, 10), (200, 10)])
def test_mk_fame_1_levels_by_fame(fame, level):
    assert level_for_fame(fame) == level


def test_mk_fame_1_level_up_notice_names_what_the_level_gives():
    out = act(new_game(players=2), "change_fame", player="p1", delta=9)  # 0 -> 9: levels 2 and 3
    # every device shows it: it names the player, never "your"
    assert rendered(out.notices) == ["Anna reaches level 2: gain a Skill and an Advanced Action card",
                                     "Anna reaches level 3: take a Command token; Armor rises to 3"]
    assert out.label.render() == "Anna: Fame +9"
    assert KIND.view(out.state)["players"][0]["level"] == 3


def test_mk_fame_1_fame_goes_down_but_never_below_zero():
    state = act(new_game(players=2), "change_fame", player="p2", delta=4).state
    out = act(state, "change_fame", player="p2", delta=-4)
    assert out.state["players"][1]["fame"] == 0 and out.notices == ()
    assert out.label.render() == "Boris: Fame -4"
    with pytest.raises(RuleError):
        act(out.state, "change_fame", player="p2", delta=-1)


@pytest.mark.parametrize("level, limit", [(1, 5), (4, 5), (5, 6), (8, 6), (9, 7), (10, 7)])
def test_mk_hand_1_hand_limit_by_level(level, limit):
    assert hand_limit(level) == limit


def test_mk_hand_1_keep_and_city_bonuses_do_not_add_up():
    assert hand_limit(1, keeps_owned=2, near_own_keep=True) == 7
    assert hand_limit(1, keeps_owned=2, near_own_keep=False) == 5
    assert hand_limit(1, city="shield") == 6 and hand_limit(1, city="leader") == 7
    assert hand_limit(1, keeps_owned=1, near_own_keep=True, city="leader") == 7
    assert hand_limit(5, keeps_owned=3, near_own_keep=True, city="shield") == 9


def test_mk_hand_1_planning_adds_one_with_two_or_more_cards_in_hand():
    assert hand_limit(1, planning=True, cards_in_hand=2) == 6
    assert hand_limit(1, planning=True, cards_in_hand=1) == 5
    assert hand_limit(1, planning=False, cards_in_hand=3) == 5


def test_mk_hand_1_view_shows_each_players_base_hand_limit():
    state = act(new_game(players=2), "change_fame", player="p1", delta=60).state
    assert [p["hand_limit"] for p in KIND.view(state)["players"]] == [7, 5]
