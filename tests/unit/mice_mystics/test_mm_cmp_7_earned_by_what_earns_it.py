"""MM-CMP-7: an individual achievement is earned only by what earns it (rulebook, back cover)."""
import pytest

from companion.rules.base import RuleError
from companion.rules.mice_mystics import KIND


def offered(state, achievement):
    return {a["params"]["mouse"] for a in KIND.view(state)["actions"]
            if a["action"] == "earn_achievement" and a["params"]["achievement"] == achievement}


def choice(state, achievement):
    return next(c for c in KIND.view(state)["achievement_choices"] if c["id"] == achievement)


def brodie_defeated(table, state, *track, acting=0):
    """Brodie (one card, Life 1) on the track as laid, wounded once: defeated in the acting card's turn."""
    state = table.lay(state, *track, acting=acting)
    return table.act(state, "wound_boss", card="brodie_pounces", n="1", life="1")


def test_mm_cmp_7_cat_tamer_is_refused_while_brodie_has_not_been_defeated(table):
    state = table.setup(mice=("lily", "nez"))
    with pytest.raises(RuleError, match="Brodie") as refused:
        table.act(state, "earn_achievement", achievement="cat_tamer", mouse="lily")
    assert "has not been defeated" in refused.value.text.render()
    assert offered(state, "cat_tamer") == set() and choice(state, "cat_tamer")["mice"] == []
    assert "Brodie" in choice(state, "cat_tamer")["condition"].render()
    # Brodie arrived but is still on the track: still refused
    here = table.lay(state, "lily", "brodie_pounces", "nez")
    with pytest.raises(RuleError, match="Brodie"):
        table.act(here, "earn_achievement", achievement="cat_tamer", mouse="lily")
    # Brodie left without a defeat (a figure removed): still refused
    gone = table.act(here, "remove_figures", card="brodie_pounces").state
    with pytest.raises(RuleError, match="Brodie"):
        table.act(gone, "earn_achievement", achievement="cat_tamer", mouse="lily")


def test_mm_cmp_7_cat_tamer_goes_to_the_mouse_that_defeated_brodie(table):
    out = brodie_defeated(table, table.setup(mice=("lily", "nez")), "lily", "brodie_pounces", "nez")
    assert out.state["brodie_defeated_by"] == {"mouse": "lily"}
    assert "Brodie is defeated in Lily's turn: Lily earns Cat Tamer." in [n.render() for n in out.notices]
    assert offered(out.state, "cat_tamer") == {"lily"} and choice(out.state, "cat_tamer")["mice"] == ["lily"]
    with pytest.raises(RuleError, match="Lily") as refused:
        table.act(out.state, "earn_achievement", achievement="cat_tamer", mouse="nez")
    assert "defeated Brodie" in refused.value.text.render()
    earned = table.act(out.state, "earn_achievement", achievement="cat_tamer", mouse="lily").state
    assert earned["achievements"][-1] == {"id": "cat_tamer", "name": None, "moves_marker": False, "mouse": "lily"}
    with pytest.raises(RuleError, match="already earned"):  # once per chapter
        table.act(earned, "earn_achievement", achievement="cat_tamer", mouse="lily")


def test_mm_cmp_7_brodie_defeated_in_a_minions_turn_lets_the_group_name_the_mouse(table):
    out = brodie_defeated(table, table.setup(mice=("lily", "nez")), "roaches", "lily", "brodie_pounces", "nez")
    assert out.state["brodie_defeated_by"] == {"mouse": None}  # the app does not know who dealt the last wound
    assert offered(out.state, "cat_tamer") == {"lily", "nez"}
    assert any("Who defeated Brodie" in r.render() for r in KIND.view(out.state)["readings"]["achievements"])
    earned = table.act(out.state, "earn_achievement", achievement="cat_tamer", mouse="nez").state
    assert not any("Who defeated Brodie" in r.render() for r in KIND.view(earned)["readings"]["achievements"])


def test_mm_cmp_7_brodie_with_both_cards_is_defeated_when_the_last_card_falls(table):
    state = table.lay(table.setup(mice=("lily", "nez")), "lily", "brodie_pounces", "brodie_chases", "nez")
    state = table.act(state, "wound_boss", card="brodie_pounces", n="1", life="1").state
    assert state["brodie_defeated_by"] is None
    state = table.lay(state, "nez", "brodie_chases", "lily")
    state = table.act(state, "wound_boss", card="brodie_chases", n="2", life="2").state
    assert state["brodie_defeated_by"] == {"mouse": "nez"}


def test_mm_cmp_7_the_next_chapter_starts_with_brodie_undefeated(table):
    state = brodie_defeated(table, table.setup(mice=("lily", "nez")), "lily", "brodie_pounces", "nez").state
    state = table.act(state, "mark_victory").state
    nxt = table.act(state, "next_chapter", replay="yes").state
    assert nxt["brodie_defeated_by"] is None
    with pytest.raises(RuleError, match="Brodie"):
        table.act(nxt, "earn_achievement", achievement="cat_tamer", mouse="lily")


def test_mm_cmp_7_scaper_goes_to_the_first_mouse_captured_twice(table):
    state = table.setup(mice=("lily", "nez", "filch"))
    for mouse in ("nez", "nez", "lily", "lily"):
        state = table.act(state, "capture_mouse", mouse=mouse).state
        state = table.lay(state, *[c["card"] for c in state["initiative_track"]], acting=0)
        while any(m["captured"] for m in state["mice"]):
            state = table.act(state, "next_turn").state  # no minions about: a captured mouse is rescued
    assert state["first_captured_twice"] == "nez"
    assert offered(state, "scaper") == {"nez"}
    with pytest.raises(RuleError, match="Nez"):
        table.act(state, "earn_achievement", achievement="scaper", mouse="lily")
    table.act(state, "earn_achievement", achievement="scaper", mouse="nez")


def test_mm_cmp_7_poisonmaster_only_after_a_capture_of_that_mouse(table):
    state = table.setup(mice=("lily", "nez"))
    with pytest.raises(RuleError, match="captured"):
        table.act(state, "earn_achievement", achievement="poisonmaster", mouse="nez")
    state = table.act(state, "capture_mouse", mouse="nez").state
    assert offered(state, "poisonmaster") == {"nez"}
    with pytest.raises(RuleError, match="Lily"):
        table.act(state, "earn_achievement", achievement="poisonmaster", mouse="lily")
    table.act(state, "earn_achievement", achievement="poisonmaster", mouse="nez")


def test_mm_cmp_7_a_state_from_before_keeps_loading(table):
    state = table.setup()
    older = {k: v for k, v in state.items() if k not in ("brodie_defeated_by", "first_captured_twice")}
    KIND.check_state(older)
    assert KIND.view(older)["achievement_choices"]
    for broken in ({"mouse": "collin"}, {"who": None}, "lily"):
        with pytest.raises(RuleError):
            KIND.check_state({**state, "brodie_defeated_by": broken})
    with pytest.raises(RuleError):
        KIND.check_state({**state, "first_captured_twice": "collin"})


def test_asking_whether_a_mouse_may_earn_makes_no_refusal(table, monkeypatch):
    """The view asks it for every achievement and mouse twice: a refusal's message is made only when asked for."""
    from companion.rules.mice_mystics import achievements
    state = table.setup(mice=("lily", "nez"))
    mouse = state["mice"][0]
    assert achievements.refusal(state, "cat_tamer", mouse) is not None  # Brodie is not defeated
    monkeypatch.setattr(achievements, "RuleError", lambda *a, **k: (_ for _ in ()).throw(AssertionError("made")))
    assert not achievements.can_earn(state, "cat_tamer", mouse) and not achievements.can_earn(state, "scaper", mouse)
    assert achievements.can_earn(state, "cheesemaster", mouse)
