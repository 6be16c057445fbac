import random

import pytest

from companion.rules.base import BadParams, RuleError
from companion.rules.mice_mystics import KIND, MICE, MINION_TYPES, NAMES


def test_mm_set_1_party_of_any_known_or_custom_mice_with_controllers(table):
    setup = KIND.parse_setup({"mouse": ["Lily", "nere", "Ditty", "Squeak"],
                              "controller": ["Ann", "", "Bo", "Ann"]})
    assert [m["id"] for m in setup["mice"]] == ["lily", "nere", "ditty", "mouse_1"]
    assert setup["mice"][3]["name"] == "Squeak"
    assert [m["controller"] for m in setup["mice"]] == ["Ann", None, "Bo", "Ann"]
    assert set(MICE) == {"collin", "filch", "lily", "maginos", "nez", "tilda", "nere", "ansel",
                         "jakobe", "ditty"}
    assert all(mouse in NAMES for mouse in MICE)


def test_mm_set_1_a_mouse_twice_is_refused():
    with pytest.raises(RuleError):
        KIND.parse_setup({"mouse": ["Lily", "lily"]})
    with pytest.raises(BadParams):
        KIND.parse_setup({"mouse": []})
    with pytest.raises(BadParams):
        KIND.parse_setup({"mouse": ["Lily", "Nez"], "controller": ["Ann"]})


def test_mm_set_2_chapter_1_preset_and_hourglass_on_page_1(table):
    state = table.setup()
    assert state["chapter_name"] == ""  # no name given: each device shows "The chapter" in its language
    assert state["chapter_end_page"] == 6
    assert state["hourglass_page"] == 1
    assert state["cheese_wheel"] == 0
    other = table.setup(chapter_name="The Crossroads", chapter_end_page="9", minions=[("roaches", 2)])
    assert (other["chapter_name"], other["chapter_end_page"]) == ("The Crossroads", 9)
    assert table.card(other, "roaches")["figures"] == 2


def test_mm_set_2_end_marker_must_lie_beyond_page_1():
    with pytest.raises(RuleError):
        KIND.parse_setup({"mouse": ["Lily"], "chapter_end_page": "1"})
    with pytest.raises(BadParams):
        KIND.parse_setup({"mouse": ["Lily"], "chapter_end_page": "six"})


def test_mm_set_3_minion_types_have_their_card_counts():
    counts = {tid: len(data["cards"]) for tid, data in MINION_TYPES.items()}
    assert counts == {"rat_warriors": 1, "elite_rat_warriors": 1, "roaches": 1, "spider": 1,
                      "cave_centipede": 1, "captain_vurst": 1, "skitter_clak": 1, "brodie": 2,
                      "vanestra": 4}
    assert MINION_TYPES["brodie"]["cards"] == ["brodie_pounces", "brodie_chases"]
    assert all(card in NAMES for data in MINION_TYPES.values() for card in data["cards"])


def test_mm_set_3_custom_minion_types(table):
    state = table.setup(custom_minion_name=["Frog", "Toad King"], custom_minion_cards=["1", "3"],
                        custom_minion_boss=["no", "yes"], custom_minion_aggressive=["yes", "no"],
                        minion_type=["Frog", "Toad King"], minion_count=["4", "1"])
    frog, toad = state["minion_types"]["minion_1"], state["minion_types"]["minion_2"]
    assert (frog["name"], frog["cards"], frog["boss"], frog["aggressive"]) == ("Frog", ["minion_1"], False, True)
    assert toad["cards"] == ["minion_2_1", "minion_2_2", "minion_2_3"] and toad["boss"]
    on_track = [c for c in state["initiative_track"] if c["kind"] == "minion"]
    assert sorted(c["minion"] for c in on_track) == ["minion_1", "minion_2", "minion_2"]
    with pytest.raises(RuleError):
        KIND.parse_setup({"mouse": ["Lily"], "custom_minion_name": ["Roaches"]})
    with pytest.raises(RuleError):  # a boss is a single figure
        KIND.parse_setup({"mouse": ["Lily"], "minion_type": ["brodie"], "minion_count": ["2"]})
    with pytest.raises(BadParams):
        KIND.parse_setup({"mouse": ["Lily"], "minion_type": ["dragons"]})


def test_kind_contract():
    assert KIND.key == "mice_mystics"
    assert KIND.template == "kinds/mice_mystics.html"
    assert KIND.setup_template == "kinds/mice_mystics_setup.html"
    with pytest.raises(BadParams):
        KIND.apply(KIND.new_state(KIND.parse_setup({"mouse": "Lily"}), random.Random(0)), "fly", {},
                   random.Random(0))


def test_mm_cmp_4_each_mouse_starts_the_chapter_with_one_ability_card(table):
    state = table.setup()
    assert [m["ability_cards"] for m in state["mice"]] == [1, 1, 1, 1]
