"""MM-CMP-1 (and MM-CMP-3): the chapter's end — won by a tap, lost by the hourglass or a full capture —
ends in a summary kept in the state (so export carries it), a note of the change that ended it (its label says the
end alone: "Chapter 1 won"), shown by the view."""
import pytest

from companion.rules.base import RuleError
from companion.rules.mice_mystics import KIND


def _surge(table, state):
    state = table.act(state, "add_cheese", n=str(6 - state["cheese_wheel"]), reason="minion_attack").state
    return state if state["finished"] else table.act(state, "resolve_surge", room_surge="no").state


def _played(table):
    """Two rounds of Chapter 1: Lily gains 3 cheese, Nez is captured once and rescued."""
    state = table.lay(table.setup(mice=("lily", "nez", "tilda")), "lily", "nez", "tilda")
    state = table.act(state, "mouse_cheese", mouse="lily", delta="3").state
    state = table.act(state, "mouse_cheese", mouse="lily", delta="-1").state  # spent: still 3 gained
    state = table.act(state, "capture_mouse", mouse="nez").state
    for _ in range(3):
        state = table.act(state, "next_turn").state
    return state


def test_mm_cmp_1_a_tap_wins_the_chapter_with_its_summary(table):
    state = _played(table)
    state = table.act(state, "earn_achievement", achievement="cheesemaster", mouse="lily").state
    out = table.act(state, "mark_victory")
    summary = out.state["chapters"][-1]
    assert summary["result"] == "victory" and summary["rounds"] == state["round"] == 2
    assert summary["page"] == 2 and summary["end_page"] == 7  # one capture; Cheesemaster moved the marker
    assert {m["mouse"]: (m["cheese_gained"], m["captures"]) for m in summary["mice"]} == {
        "lily": (3, 0), "nez": (0, 1), "tilda": (0, 0)}
    assert [a["id"] for a in summary["achievements"]] == ["cheesemaster"]
    assert out.label.render() == "Chapter 1 won"  # Undo's bar: the summary is the change's first note
    note = out.notices[0].render()
    assert "won in round 2" in note and "page 2 of 7" in note
    assert (
        "cheese gained: Lily 3, Nez 0, Tilda 0" in note
        and "captured: Nez 1" in note
        and "Cheesemaster (Lily)" in note
    )


def test_mm_cmp_1_the_hourglass_reaching_the_end_loses_with_the_summary(table):
    state = table.setup(chapter_end_page="3")
    state = _surge(table, state)
    out = table.act(state, "add_cheese", n="6", reason="minion_attack")
    assert out.state["outcome"] == "lost_hourglass"
    summary = out.state["chapters"][-1]
    assert summary["result"] == "lost_hourglass" and summary["page"] == 3
    assert out.label.render() == "Chapter 1 lost: the hourglass reached the end marker"
    assert "lost in round 1" in out.notices[0].render() and "hourglass reached" in out.notices[0].render()


def test_mm_cmp_1_every_mouse_captured_loses_with_the_summary(table):
    state = table.act(table.setup(mice=["lily", "nez"]), "capture_mouse", mouse="lily").state
    out = table.act(state, "capture_mouse", mouse="nez")
    summary = out.state["chapters"][-1]
    assert summary["result"] == "lost_captured"
    assert [m["captures"] for m in summary["mice"]] == [1, 1]
    assert out.label.render() == "Chapter 1 lost: every mouse is captured"
    assert out.notices[0].render().startswith("Nez was captured: hourglass to page 3, every mouse is captured")


def test_mm_cmp_1_time_is_short_can_end_the_chapter_and_it_is_summed_up(table):
    state = table.lay(table.setup(chapter_end_page="2"), "lily", "filch", "tilda", "nez", acting=3)
    state["cheese_wheel"] = 5
    out = table.act(state, "next_turn")
    assert out.state["finished"] and out.state["chapters"][-1]["result"] == "lost_hourglass"


def test_mm_cmp_1_the_view_shows_the_summary_only_when_the_chapter_is_over(table):
    state = _played(table)
    assert KIND.view(state)["summary"] is None
    view = KIND.view(table.act(state, "mark_victory").state)
    summary = view["summary"]
    assert summary["result"] == "victory" and summary["rounds"] == 2
    assert [(m["name"].render(), m["cheese_gained"], m["captures"]) for m in summary["mice"]] == [
        ("Lily", 3, 0), ("Nez", 0, 1), ("Tilda", 0, 0)]


def test_mm_cmp_1_born_to_lead_counts_as_cheese_gained(table):
    state = table.lay(table.setup(mice=("lily", "collin")), "lily", "collin")
    out = table.act(state, "minions_arrive", minion_type=["roaches"], seed=3)
    collin = table.mouse(out.state, "collin")
    assert collin["cheese_gained"] == collin["cheese"]


def test_mm_cmp_3_individual_achievements_one_token_each_three_move_the_end_marker(table):
    state = table.setup()
    state = {**state, "mice": [{**m, "captures": 2} if m["id"] == "nez" else m for m in state["mice"]],
             "brodie_defeated_by": {"mouse": "nez"}}  # what each of them asks for (MM-CMP-7)
    for achievement, moves in (("cheesemaster", 1), ("roachmaster", 1), ("scaper", 1), ("poisonmaster", 0),
                               ("cat_tamer", 0)):
        out = table.act(state, "earn_achievement", achievement=achievement, mouse="nez")
        assert out.state["chapter_end_page"] == state["chapter_end_page"] + moves, achievement
        with pytest.raises(RuleError, match="already"):
            table.act(out.state, "earn_achievement", achievement=achievement, mouse="lily")
    story = table.act(state, "earn_achievement", achievement="story", name="Miz Maggie", moves_marker="yes")
    assert story.state["achievements"] == [{"id": "story", "name": "Miz Maggie", "moves_marker": True}]
    assert story.state["chapter_end_page"] == 7
    assert "Miz Maggie" in story.label.render()


def test_mm_cmp_1_the_state_check_refuses_a_bad_summary(table):
    done = table.act(table.setup(), "mark_victory").state
    for key, bad in (("rounds", "2"), ("result", "draw"), ("mice", None), ("page", True)):
        broken = {**done, "chapters": [{**done["chapters"][0], key: bad}]}
        with pytest.raises(RuleError):
            KIND.check_state(broken)
    mouse = {**done["mice"][0], "captures": -1}
    with pytest.raises(RuleError):
        KIND.check_state({**done, "mice": [mouse, *done["mice"][1:]]})
    with pytest.raises(RuleError):
        KIND.check_state({**done, "achievements": [{"id": "cheesemaster"}]})
