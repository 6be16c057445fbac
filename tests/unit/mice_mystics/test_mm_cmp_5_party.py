"""MM-CMP-5: each chapter's Party Setup chooses its mice; a chapter may forbid one (Chapter 1: not Lily); a mouse
that sits a chapter out keeps what it carried for when it returns."""
import pytest

from companion.rules.base import RuleError
from companion.rules.mice_mystics import KIND

FIRST_PARTY = ("collin", "filch", "maginos", "nez")


def rendered(texts):
    return [t.render() for t in texts]


def chapter_one(table, **form):
    """Chapter 1 of Sorrow and Remembrance, won: Nez levels up (2 ability cards), the party earns Miz Maggie."""
    state = table.setup(mice=FIRST_PARTY, story_chapter="1", **form)
    state = table.act(state, "mouse_cheese", mouse="nez", delta="6").state
    order = [c["card"] for c in state["initiative_track"]]
    state = table.lay(state, *order, acting=order.index("nez"))
    state = table.act(state, "level_up").state
    state = table.act(state, "earn_achievement", achievement="story", name="Miz Maggie").state
    return table.act(state, "mark_victory").state


def test_mm_cmp_5_chapter_1_takes_four_mice_and_not_lily(table):
    state = table.setup(mice=FIRST_PARTY, story_chapter="1")
    assert state["chapter_end_page"] == 6 and state["chapter_setup"]["story_chapter"] == "1"
    with pytest.raises(RuleError, match="Lily"):
        table.setup(mice=("collin", "filch", "maginos", "lily"), story_chapter="1")
    with pytest.raises(RuleError, match="4 mice"):
        table.setup(mice=("collin", "filch", "maginos"), story_chapter="1")
    with pytest.raises(RuleError, match="page 6"):
        table.setup(mice=FIRST_PARTY, story_chapter="1", chapter_end_page="8")
    # a chapter the app does not know: the group's party, as before
    assert [m["id"] for m in table.setup(mice=("lily", "nez")).get("mice")] == ["lily", "nez"]


def test_mm_cmp_5_the_next_chapter_chooses_its_party_and_lily_joins(table):
    done = chapter_one(table)
    out = table.act(done, "next_chapter", chapter_name="Chapter 2", chapter_end_page="8",
                    mouse=["collin", "filch", "maginos", "lily"], search_card_nez="Tinder")
    state = out.state
    assert [m["id"] for m in state["mice"]] == ["collin", "filch", "maginos", "lily"]
    assert sorted(c["card"] for c in state["initiative_track"]) == ["collin", "filch", "lily", "maginos"]
    lily = table.mouse(state, "lily")
    assert (lily["ability_cards"], lily["search_card"], lily["cheese"]) == (1, None, 0)  # her first chapter
    assert state["sitting_out"] == [{"id": "nez", "name": None, "controller": None, "ability_cards": 2,
                                     "search_card": "Tinder"}]
    notices = rendered(out.notices)
    assert any("Lily joins the party" in n for n in notices)
    assert any("Nez sits this chapter out" in n and "2 ability cards" in n and "Tinder" in n for n in notices)
    assert state["achievements"] == [{"id": "story", "name": "Miz Maggie", "moves_marker": False}]
    assert KIND.view(state)["sitting_out"][0]["id"] == "nez"


def test_mm_cmp_5_a_mouse_that_sat_out_returns_with_what_it_carried(table):
    done = chapter_one(table)
    state = table.act(done, "next_chapter", chapter_end_page="8", mouse=["collin", "filch", "maginos", "lily"],
                      search_card_nez="Tinder").state
    state = table.act(state, "mark_victory").state
    out = table.act(state, "next_chapter", chapter_end_page="9", mouse=["nez", "lily", "tilda", "collin"],
                    search_card_lily="Bow")
    state = out.state
    nez, tilda = table.mouse(state, "nez"), table.mouse(state, "tilda")
    assert (nez["ability_cards"], nez["search_card"]) == (2, "Tinder")
    assert (tilda["ability_cards"], tilda["search_card"]) == (1, None)
    assert table.mouse(state, "lily")["search_card"] == "Bow"
    assert sorted(m["id"] for m in state["sitting_out"]) == ["filch", "maginos"]
    assert any("Nez returns" in n for n in rendered(out.notices))
    # the campaign's summaries still name the mice that sat out
    assert [sorted(m["mouse"] for m in c["mice"]) for c in state["chapters"]] == [
        sorted(FIRST_PARTY), ["collin", "filch", "lily", "maginos"]]
    KIND.check_state(state)


def test_mm_cmp_5_without_a_party_named_the_party_stays(table):
    done = chapter_one(table)
    state = table.act(done, "next_chapter", chapter_end_page="8").state
    assert [m["id"] for m in state["mice"]] == list(FIRST_PARTY) and state["sitting_out"] == []


def test_mm_cmp_5_a_replay_of_chapter_1_chooses_its_party_under_chapter_1s_rule(table):
    state = table.setup(mice=FIRST_PARTY, story_chapter="1")
    for mouse in FIRST_PARTY:
        state = table.act(state, "capture_mouse", mouse=mouse).state
    assert state["outcome"] == "lost_captured"
    with pytest.raises(RuleError, match="Lily"):
        table.act(state, "next_chapter", replay="yes", mouse=["collin", "filch", "maginos", "lily"])
    replay = table.act(state, "next_chapter", replay="yes", mouse=["collin", "filch", "maginos", "tilda"]).state
    assert [m["id"] for m in replay["mice"]] == ["collin", "filch", "maginos", "tilda"]
    assert replay["chapter_setup"]["story_chapter"] == "1"


def test_mm_cmp_5_the_party_choice_is_checked(table):
    done = chapter_one(table)
    for bad, match in ((["collin", "collin"], "twice"), ([], "Choose"), (["x" * 41], "longer")):
        with pytest.raises(RuleError, match=match):
            KIND.apply(done, "next_chapter", {"chapter_end_page": "8", "mouse": bad, "choose_party": "1"}, None)
    with pytest.raises(RuleError, match="Lily"):
        table.act(done, "next_chapter", story_chapter="1", mouse=["collin", "filch", "maginos", "lily"])


def test_mm_cmp_5_a_mouse_of_the_groups_own_keeps_its_id_across_chapters(table):
    state = table.setup(mice=("lily", "Squeak"))
    state = table.act(state, "mark_victory").state
    state = table.act(state, "next_chapter", chapter_end_page="7", mouse=["lily", "Pip"]).state
    assert [m["id"] for m in state["mice"]] == ["lily", "mouse_2"]  # Pip is new; Squeak keeps mouse_1
    assert state["sitting_out"][0]["id"] == "mouse_1" and state["sitting_out"][0]["name"] == "Squeak"
    state = table.act(table.act(state, "mark_victory").state, "next_chapter", chapter_end_page="7",
                      mouse=["squeak", "mouse_2"]).state
    assert [(m["id"], m["name"]) for m in state["mice"]] == [("mouse_1", "Squeak"), ("mouse_2", "Pip")]


def test_mm_cmp_5_controllers_are_kept_or_changed_with_the_party(table):
    done = chapter_one(table, controller=["Ann", "Bo", "Cy", "Di"])
    state = table.act(done, "next_chapter", chapter_end_page="8", mouse=["collin", "filch", "maginos", "lily"],
                      controller_lily="Di").state
    assert [(m["id"], m["controller"]) for m in state["mice"]] == [
        ("collin", "Ann"), ("filch", "Bo"), ("maginos", "Cy"), ("lily", "Di")]
    assert state["sitting_out"][0]["controller"] == "Di"


def test_mm_cmp_5_older_states_and_the_state_check(table):
    done = chapter_one(table)
    older = {k: v for k, v in done.items() if k != "sitting_out"}
    older["chapter_setup"] = {k: v for k, v in done["chapter_setup"].items() if k != "story_chapter"}
    KIND.check_state(older)
    state = table.act(older, "next_chapter", chapter_end_page="8", mouse=["lily", "nez"]).state
    assert [m["id"] for m in state["mice"]] == ["lily", "nez"]  # an older campaign changes its party too
    assert [m["id"] for m in state["sitting_out"]] == ["collin", "filch", "maginos"]
    for broken in ({**state, "sitting_out": [{"id": "lily", "name": None, "controller": None, "ability_cards": 1,
                                             "search_card": None}]},
                   {**state, "sitting_out": [{"id": "tilda", "ability_cards": 1}]},
                   {**state, "chapter_setup": {**state["chapter_setup"], "story_chapter": "99"}}):
        with pytest.raises(RuleError):
            KIND.check_state(broken)
