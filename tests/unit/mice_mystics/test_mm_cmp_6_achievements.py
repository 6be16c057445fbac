"""MM-CMP-6: individual achievements belong to one mouse and do what the book says (rulebook, back cover)."""
import pytest

from companion.rules.base import BadParams, RuleError
from companion.rules.mice_mystics import KIND


def rendered(texts):
    return [t.render() for t in texts]


def captured_twice(table, state, mouse):
    """`mouse` captured and rescued twice (no minions on the board: its turn rescues it)."""
    for _ in range(2):
        state = table.act(state, "capture_mouse", mouse=mouse).state
        state = table.lay(state, *[c["card"] for c in state["initiative_track"]], acting=0)
        while table.mouse(state, mouse)["captured"]:
            state = table.act(state, "next_turn").state
    return state


def test_mm_cmp_6_an_individual_achievement_names_the_mouse_that_earns_it(table):
    state = table.setup()
    with pytest.raises(BadParams):
        table.act(state, "earn_achievement", achievement="cheesemaster")  # which mouse?
    with pytest.raises(BadParams):
        table.act(state, "earn_achievement", achievement="cheesemaster", mouse="collin")  # not in the party
    out = table.act(state, "earn_achievement", achievement="cheesemaster", mouse="filch")
    assert out.state["achievements"] == [{"id": "cheesemaster", "name": None, "moves_marker": True, "mouse": "filch"}]
    assert "Filch" in out.label.render()
    view = KIND.view(out.state)
    assert [rendered([a["display_name"]]) for a in view["achievements"]] == [["Cheesemaster (Filch)"]]
    done = table.act(out.state, "mark_victory").state
    assert "Cheesemaster (Filch)" in rendered(KIND.view(done)["summary"]["achievements"])


def test_mm_cmp_6_scaper_goes_to_a_mouse_captured_twice_and_poisonmaster_to_one_captured(table):
    state = table.setup(mice=("lily", "nez"))
    with pytest.raises(RuleError, match="twice"):
        table.act(state, "earn_achievement", achievement="scaper", mouse="nez")
    with pytest.raises(RuleError, match="captured"):
        table.act(state, "earn_achievement", achievement="poisonmaster", mouse="nez")
    state = table.act(state, "capture_mouse", mouse="nez").state
    table.act(state, "earn_achievement", achievement="poisonmaster", mouse="nez")  # captured with a poison wound
    state = captured_twice(table, table.setup(mice=("lily", "nez")), "nez")
    offered = [a["params"] for a in KIND.view(state)["actions"] if a["action"] == "earn_achievement"]
    assert {"achievement": "scaper", "mouse": "nez"} in offered and {
        "achievement": "scaper",
        "mouse": "lily",
    } not in offered
    out = table.act(state, "earn_achievement", achievement="scaper", mouse="nez")
    assert out.state["chapter_end_page"] == state["chapter_end_page"] + 1


def test_mm_cmp_6_the_scapers_third_capture_rescues_it_at_once_keeping_its_search_cards(table):
    state = captured_twice(table, table.setup(mice=("lily", "nez")), "nez")
    state = table.act(state, "earn_achievement", achievement="scaper", mouse="nez").state
    state = table.lay(state, "lily", "roaches:2", "nez")  # minions on the board: no ordinary rescue now
    state = table.act(state, "mouse_cheese", mouse="nez", delta="2").state
    page = state["hourglass_page"]
    out = table.act(state, "capture_mouse", mouse="nez")
    nez = table.mouse(out.state, "nez")
    assert not nez["captured"] and nez["captures"] == 3 and nez["cheese"] == 0  # cheese is lost all the same
    assert out.state["hourglass_page"] == page + 1  # the other capture rules still apply
    notices = rendered(out.notices)
    assert any("Scaper" in n and "rescued at once" in n for n in notices)
    assert not any("Discard Nez's equipped search cards" in n for n in notices)
    assert any("Clear Nez's wounds" in n for n in notices)
    assert any("third capture" in r for r in rendered(KIND.view(out.state)["readings"]["achievements"]))
    # a fourth capture is an ordinary one
    fourth = table.act(out.state, "capture_mouse", mouse="nez")
    assert table.mouse(fourth.state, "nez")["captured"]
    assert any("Discard Nez's equipped search cards" in n for n in rendered(fourth.notices))


def test_mm_cmp_6_the_scapers_rescue_means_not_every_mouse_is_captured(table):
    state = captured_twice(table, table.setup(mice=("lily", "nez")), "nez")
    state = table.act(state, "earn_achievement", achievement="scaper", mouse="nez").state
    state = table.lay(state, "lily", "roaches:1", "nez")
    state = table.act(state, "capture_mouse", mouse="lily").state
    out = table.act(state, "capture_mouse", mouse="nez")
    assert not out.state["finished"]


def test_mm_cmp_6_poisonmaster_and_cat_tamer_are_shown_when_they_matter(table):
    state = table.setup(mice=("lily", "nez"))
    state = table.act(state, "capture_mouse", mouse="nez").state
    state = table.act(state, "earn_achievement", achievement="poisonmaster", mouse="nez").state
    state = table.act(table.lay(state, "lily", "brodie_pounces", "nez"), "wound_boss", card="brodie_pounces",
                      n="1", life="1").state  # Brodie falls in Lily's turn (MM-CMP-7)
    state = table.act(state, "earn_achievement", achievement="cat_tamer", mouse="lily").state
    state = table.act(table.lay(state, "lily", "nez"), "next_turn").state  # no minions about: Nez is rescued
    assert not table.mouse(state, "nez")["captured"]
    # a minion's turn: the Poisonmaster's poison wounds are normal wounds; the Cat Tamer is not attacking
    minions_turn = table.lay(state, "spider", "lily", "nez")
    reminders = rendered(KIND.view(minions_turn)["achievement_reminders"])
    assert any("Poisonmaster" in r and "normal wound" in r and "Nez" in r for r in reminders)
    assert not any("Cat Tamer" in r for r in reminders)
    # the Cat Tamer's turn with a large minion on the board: one die fewer to defend against her
    lilys_turn = table.lay(state, "lily", "spider", "nez")
    view = KIND.view(lilys_turn)
    reminders = rendered(view["achievement_reminders"])
    assert any("Cat Tamer" in r and "one die fewer" in r and "Lily" in r for r in reminders)
    assert not any("Poisonmaster" in r for r in reminders)
    assert any("large" in r for r in rendered(view["readings"]["achievements"]))
    # with no minions about neither matters
    quiet = table.lay(state, "lily", "nez")
    assert KIND.view(quiet)["achievement_reminders"] == []


def test_mm_cmp_6_cheesemaster_and_roachmaster_are_shown_when_they_matter(table):
    state = table.setup(mice=("lily", "nez"))
    state = table.act(state, "earn_achievement", achievement="cheesemaster", mouse="nez").state
    state = table.act(state, "earn_achievement", achievement="roachmaster", mouse="lily").state
    roaches_turn = table.lay(state, "roaches:2", "lily", "nez")
    reminders = rendered(KIND.view(roaches_turn)["achievement_reminders"])
    assert any("Cheesemaster" in r and "Nez" in r for r in reminders)
    assert any("Roachmaster" in r and "greedy" in r for r in reminders)


def test_mm_cmp_6_older_states_without_a_holder_still_load(table):
    state = table.setup()
    older = {**state, "achievements": [{"id": "scaper", "name": None, "moves_marker": True}]}
    older.pop("sitting_out", None)
    KIND.check_state(older)
    assert KIND.view(older)["achievements"][0]["mouse"] is None
    for broken in ({"id": "scaper", "name": None, "moves_marker": True, "mouse": "collin"},
                   {"id": "story", "name": "Miz", "moves_marker": False, "mouse": "lily"}):
        with pytest.raises(RuleError):
            KIND.check_state({**state, "achievements": [broken]})
