import pytest

from companion.rules.base import RuleError
from companion.rules.mice_mystics import ACTIONS, KIND


def _surge(table, state):
    return table.act(state, "add_cheese", n=str(6 - state["cheese_wheel"]), reason="minion_attack").state


def test_mm_end_1_reaching_the_end_page_loses(table):
    state = table.setup(chapter_end_page="3")
    state = table.act(_surge(table, state), "resolve_surge", room_surge="no").state
    assert state["hourglass_page"] == 2 and not state["finished"]
    out = table.act(state, "add_cheese", n="6", reason="room_rule")
    assert out.state["hourglass_page"] == 3
    assert out.state["finished"] and out.state["outcome"] == "lost_hourglass"
    assert out.state["pending_surge"] is None
    assert KIND.view(out.state)["finished"]


def test_mm_end_1_end_marker_moves_one_page_per_action(table):
    state = table.setup(chapter_end_page="3")
    state = table.act(state, "move_end_marker", reason="ally").state
    assert state["chapter_end_page"] == 4
    state = table.act(_surge(table, state), "resolve_surge", room_surge="no").state
    state = table.act(_surge(table, state), "resolve_surge", room_surge="no").state
    assert state["hourglass_page"] == 3 and not state["finished"]


def test_mm_end_1_all_mice_captured_at_once_loses(table):
    state = table.setup(mice=["lily", "nez"])
    state = table.act(state, "capture_mouse", mouse="lily").state
    assert not state["finished"]
    out = table.act(state, "capture_mouse", mouse="nez")
    assert out.state["finished"] and out.state["outcome"] == "lost_captured"


def test_mm_end_1_victory_and_a_finished_chapter_refuses_every_action(table):
    out = table.act(table.setup(), "mark_victory")
    assert out.state["finished"] and out.state["outcome"] == "victory"
    for action in set(ACTIONS) - {"next_chapter"}:  # only the campaign goes on (MM-CMP-2)
        with pytest.raises(RuleError, match="over"):
            KIND.apply(out.state, action, {}, None)


def test_mm_cap_1_capture_keeps_the_card_discards_cheese_moves_the_hourglass(table):
    state = table.act(table.setup(), "mouse_cheese", mouse="filch", delta="4").state
    out = table.act(state, "capture_mouse", mouse="filch")
    filch = table.mouse(out.state, "filch")
    assert filch["captured"] and filch["cheese"] == 0
    assert "filch" in table.order(out.state)
    assert out.state["hourglass_page"] == 2
    assert out.state["cheese_wheel"] == 0  # discarded, not put on the wheel
    with pytest.raises(RuleError):
        table.act(out.state, "capture_mouse", mouse="filch")


def test_mm_cap_1_rescued_on_its_turn_when_no_minions(table):
    state = table.lay(table.setup(), "lily", "filch", "tilda", "nez")
    state = table.act(state, "capture_mouse", mouse="filch").state
    out = table.act(state, "next_turn")
    assert not table.mouse(out.state, "filch")["captured"]
    assert out.state["turn"]["mouse"] == "tilda"  # the rescue used Filch's turn
    assert any("rescued" in n.msgid for n in out.notices)


def test_mm_cap_1_skips_its_turn_while_minions_are_on_the_board(table):
    state = table.lay(table.setup(), "lily", "filch", "roaches", "tilda", "nez")
    state = table.act(state, "capture_mouse", mouse="filch").state
    out = table.act(state, "next_turn")
    assert table.mouse(out.state, "filch")["captured"]
    assert out.state["initiative_track"][out.state["acting"]]["card"] == "roaches"
    assert any("skips" in n.msgid for n in out.notices)


def test_mm_cap_1_a_rescued_last_mouse_still_brings_time_is_short(table):
    state = table.lay(table.setup(), "lily", "filch", "tilda", "nez", acting=2)
    state = table.act(state, "capture_mouse", mouse="nez").state
    out = table.act(state, "next_turn")
    assert not table.mouse(out.state, "nez")["captured"]
    assert out.state["cheese_wheel"] == 1 and out.state["acting"] == 0


def test_mm_cap_1_a_captured_mouse_cannot_act_or_gain_cheese(table):
    state = table.lay(table.setup(), "lily", "filch", "tilda", "nez")
    state = table.act(state, "capture_mouse", mouse="lily").state
    with pytest.raises(RuleError):
        table.act(state, "do_move")
    with pytest.raises(RuleError):
        table.act(state, "mouse_cheese", mouse="lily", delta="1")


def test_mm_cap_1_a_capture_says_every_consequence_in_the_notices_and_the_label(table):
    state = table.act(table.setup(), "mouse_cheese", mouse="nez", delta="3").state
    out = table.act(state, "capture_mouse", mouse="nez")
    label = out.label.render()
    assert "Nez was captured" in label and "hourglass to page 2" in label and "3 cheese discarded" in label
    told = " ".join(n.render() for n in out.notices)
    for words in ("page 2", "3 cheese", "equipped search cards", "starting equipment", "wounds", "poison",
                  "rescued"):
        assert words in told, words


def test_mm_cap_1_capturing_the_last_free_mouse_says_the_chapter_is_lost(table):
    state = table.act(table.setup(mice=["lily", "nez"]), "capture_mouse", mouse="lily").state
    out = table.act(state, "capture_mouse", mouse="nez")
    assert "every mouse is captured" in out.label.render()


def test_mm_cap_1_a_captured_mouse_waits_for_the_surge_minions_before_its_rescue(table):
    """MM-CHZ-3: a surge's minions are placed as it happens; the captured mouse whose turn comes meanwhile
    is rescued only if no minions are on the board once they are, else it skips."""
    state = table.lay(table.setup(), "filch", "lily", "tilda", "nez")
    state = table.act(state, "add_cheese", n="5", reason="room_rule").state
    state = table.act(state, "capture_mouse", mouse="filch").state
    for _ in range(3):  # Filch's turn (captured: he was carried off in it), Lily, Tilda
        state = table.act(state, "next_turn").state
    out = table.act(state, "next_turn")  # Nez, the last mouse: Time is Short fills the wheel
    assert out.state["pending_surge"] is not None
    assert table.mouse(out.state, "filch")["captured"]  # not rescued before the surge's minions are placed
    assert not any("rescued" in n.msgid or "skips" in n.msgid for n in out.notices)
    out = table.act(out.state, "resolve_surge", room_surge="yes", minion_type=["rat_warriors"],
                    minion_count=["2"])
    assert table.mouse(out.state, "filch")["captured"]
    assert any("skips" in n.msgid for n in out.notices)
    assert table.order(out.state)[out.state["acting"]] != "filch"


def test_mm_cap_1_a_surge_without_minions_then_rescues_the_waiting_mouse(table):
    state = table.lay(table.setup(), "filch", "lily", "tilda", "nez")
    state = table.act(state, "add_cheese", n="5", reason="room_rule").state
    state = table.act(state, "capture_mouse", mouse="filch").state
    for _ in range(4):
        state = table.act(state, "next_turn").state
    out = table.act(state, "resolve_surge", room_surge="no")  # no encounter card: no minions come
    assert not table.mouse(out.state, "filch")["captured"]
    assert any("rescued" in n.msgid for n in out.notices)
    assert out.state["turn"]["mouse"] == "lily"


def test_mm_cap_2_the_capture_of_the_last_free_mouse_still_moves_the_hourglass(table):
    state = table.setup(mice=["nez", "filch"], chapter_end_page="10")
    state = table.act(state, "capture_mouse", mouse="nez").state
    assert state["hourglass_page"] == 2
    out = table.act(state, "capture_mouse", mouse="filch")
    assert out.state["finished"] and out.state["outcome"] == "lost_captured"
    assert out.state["hourglass_page"] == 3
    assert out.state["chapters"][-1]["page"] == 3  # the campaign record keeps the page it reached
    assert KIND.view(out.state)["summary"]["page"] == 3
    assert "page 3 of 10" in out.notices[0].render()  # the summary, the change's first note
    assert any("page 3" in n.render() for n in out.notices[1:])


def test_mm_cap_2_a_last_capture_that_moves_the_hourglass_onto_the_end_marker_loses_by_the_hourglass(table):
    state = table.setup(mice=["nez", "filch"], chapter_end_page="3")
    state = table.act(state, "capture_mouse", mouse="nez").state
    out = table.act(state, "capture_mouse", mouse="filch")
    assert out.state["hourglass_page"] == 3 and out.state["outcome"] == "lost_hourglass"
    told = " ".join(n.render() for n in out.notices)
    assert "end marker" in told and "every mouse is captured" in told.lower()
