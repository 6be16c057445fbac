"""MM-MIN-1: wounds on minions that are not bosses — one life, or a wound marker per wound per figure."""
import pytest

from companion.rules.base import BadParams, RuleError
from companion.rules.mice_mystics import KIND


@pytest.fixture
def spiders(table):
    state = table.lay(table.setup(), "lily", "spider:2", "filch", "tilda", "nez", "roaches:2")
    return state


def test_mm_min_1_the_catalogue_knows_each_minions_life(table):
    types = table.setup()["minion_types"]
    assert {t: types[t]["life"] for t in ("roaches", "rat_warriors", "elite_rat_warriors", "spider",
                                          "cave_centipede")} == {
        "roaches": 1, "rat_warriors": 1, "elite_rat_warriors": 1, "spider": 3, "cave_centipede": 4}


def test_mm_min_1_a_one_life_figure_is_defeated_by_any_wound(table, spiders):
    out = table.act(spiders, "wound_minion", card="roaches")
    assert table.card(out.state, "roaches")["figures"] == 1
    assert "figure_wounds" not in table.card(out.state, "roaches")
    out = table.act(out.state, "wound_minion", card="roaches", n="2")
    assert "roaches" not in table.order(out.state)


def test_mm_min_1_wounds_on_a_one_life_figure_defeat_that_figure_only(table):
    state = table.lay(table.setup(), "lily", "roaches:3", "filch", "tilda", "nez")
    out = table.act(state, "wound_minion", card="roaches", n="2")
    assert table.card(out.state, "roaches")["figures"] == 2  # the second wound falls on no other roach
    assert out.label.render() == "Roaches: a figure defeated by wounds (2 wounds)"


def test_mm_min_1_multi_life_figures_keep_their_wounds_apart(table, spiders):
    out = table.act(spiders, "wound_minion", card="spider", figure="2", n="2")
    assert table.card(out.state, "spider")["figure_wounds"] == [0, 2]
    assert out.label.render() == "Spider 2 took 2 wounds (2 of 3)"
    out = table.act(out.state, "wound_minion", card="spider", figure="1")
    assert table.card(out.state, "spider")["figure_wounds"] == [1, 2]
    assert table.card(out.state, "spider")["figures"] == 2


def test_mm_min_1_a_figure_leaves_at_its_life_and_the_card_with_its_last_figure(table, spiders):
    state = table.act(spiders, "wound_minion", card="spider", figure="1", n="1").state
    out = table.act(state, "wound_minion", card="spider", figure="2", n="3")
    card = table.card(out.state, "spider")
    assert card["figures"] == 1 and card["figure_wounds"] == [1]  # figure 1 keeps its own wound
    assert any("is defeated" in n.render() for n in out.notices)
    out = table.act(out.state, "wound_minion", card="spider", figure="1", n="5")  # more than its life
    assert "spider" not in table.order(out.state)
    assert table.order(out.state) == ["lily", "filch", "tilda", "nez", "roaches"]
    assert any("leaves the track" in n.render() for n in out.notices)


def test_mm_min_1_figures_arriving_on_a_present_card_come_unwounded(table, spiders):
    state = table.act(spiders, "wound_minion", card="spider", figure="1").state
    out = table.act(state, "minions_arrive", source="surge", minion_type=["spider"], minion_count=["2"])
    card = table.card(out.state, "spider")
    assert card["figures"] == 4 and card["figure_wounds"] == [1, 0, 0, 0]


def test_mm_min_1_removing_a_chosen_figure_or_the_last_ones(table, spiders):
    state = table.act(spiders, "wound_minion", card="spider", figure="1").state
    out = table.act(state, "remove_figures", card="spider", figure="1")
    assert table.card(out.state, "spider")["figure_wounds"] == [0]
    out = table.act(state, "remove_figures", card="spider", n="1")  # no figure named: the last to arrive
    assert table.card(out.state, "spider")["figure_wounds"] == [1]


def test_mm_min_1_a_fresh_track_gives_each_multi_life_figure_its_marker_list(table):
    state = table.setup(minions=[("cave_centipede", 3), ("roaches", 2)])
    assert table.card(state, "cave_centipede")["figure_wounds"] == [0, 0, 0]
    assert "figure_wounds" not in table.card(state, "roaches")


def test_mm_min_1_bad_wounds_are_refused(table, spiders):
    with pytest.raises(BadParams):
        KIND.apply(spiders, "wound_minion", {"card": "spider", "figure": "3"}, None)
    with pytest.raises(BadParams):
        KIND.apply(spiders, "wound_minion", {"card": "spider"}, None)  # which spider?
    boss = table.lay(table.setup(), "lily", "captain_vurst", "filch", "tilda", "nez")
    with pytest.raises(RuleError, match="boss"):
        KIND.apply(boss, "wound_minion", {"card": "captain_vurst"}, None)


def test_mm_min_1_the_view_shows_each_figures_wounds_and_the_reading(table, spiders):
    state = table.act(spiders, "wound_minion", card="spider", figure="2").state
    card = next(c for c in KIND.view(state)["track"] if c["card"] == "spider")
    assert [(f["number"], f["wounds"]) for f in card["figure_list"]] == [(1, 0), (2, 1)]
    assert card["life"] == 3
    assert "apart" in card["wounds_note"].render()
    state = table.lay(state, "spider:2", "lily", "filch", "tilda", "nez")
    state["initiative_track"][0]["figure_wounds"] = [2, 0]
    acting = KIND.view(state)["acting_card"]
    assert [f["wounds"] for f in acting["figure_list"]] == [2, 0]


def test_mm_min_1_the_state_check_refuses_bad_figure_wounds(table, spiders):
    for bad in ([0], [0, 3], [0, "1"], [0, -1], None, [0, True]):
        broken = {**spiders, "initiative_track": [dict(c) for c in spiders["initiative_track"]]}
        next(c for c in broken["initiative_track"] if c["card"] == "spider")["figure_wounds"] = bad
        with pytest.raises(RuleError):
            KIND.check_state(broken)
    roach = {**spiders, "initiative_track": [dict(c) for c in spiders["initiative_track"]]}
    next(c for c in roach["initiative_track"] if c["card"] == "roaches")["figure_wounds"] = [0, 0]
    with pytest.raises(RuleError):
        KIND.check_state(roach)


def test_mm_min_1_a_custom_type_with_more_than_one_life_keeps_wounds_per_figure(table):
    state = table.setup(custom_minion_name=["Frogs", "Toad King"], custom_minion_cards=["1", "1"],
                        custom_minion_boss=["no", "yes"], custom_minion_aggressive=["no", "no"],
                        custom_minion_life=["2", "5"])
    frogs = next(t for t, d in state["minion_types"].items() if d["name"] == "Frogs")
    king = next(t for t, d in state["minion_types"].items() if d["name"] == "Toad King")
    state = table.act(state, "minions_arrive", minion_type=["Frogs", "Toad King"], minion_count=["2", "1"]).state
    assert table.card(state, frogs)["figure_wounds"] == [0, 0]
    assert table.card(state, king)["life"] == 5  # the boss's life is known, not asked at the first wound
    out = table.act(state, "wound_minion", card=frogs, figure="1", n="2")
    assert table.card(out.state, frogs)["figure_wounds"] == [0]
    blank = table.setup(custom_minion_name=["Newts"], custom_minion_life=[""])
    assert next(d for d in blank["minion_types"].values() if d["name"] == "Newts")["life"] is None
