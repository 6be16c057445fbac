import pytest

from companion.rules.base import BadParams, RuleError
from companion.rules.mice_mystics import KIND


@pytest.fixture
def lilys_turn(table):
    return table.lay(table.setup(), "lily", "roaches:2", "filch", "tilda", "nez")


def test_mm_turn_1_move_and_one_action_in_either_order(table, lilys_turn):
    state = table.act(lilys_turn, "do_move").state
    state = table.act(state, "do_action", kind="battle").state
    state = table.act(state, "finish_action").state
    assert state["turn"]["moved"] and state["turn"]["action"] == "battle"
    other = table.act(lilys_turn, "do_action", kind="search").state
    other = table.act(table.act(other, "finish_action").state, "do_move").state
    assert other["turn"]["moved"] and other["turn"]["action"] == "search"
    with pytest.raises(RuleError):
        table.act(state, "do_move")
    with pytest.raises(BadParams):
        table.act(lilys_turn, "do_action", kind="dance")


def test_mm_turn_1_one_action_per_turn_and_the_checklist_resets(table, lilys_turn):
    state = table.act(lilys_turn, "do_action", kind="scurry").state
    with pytest.raises(RuleError):
        table.act(state, "do_action", kind="recover")
    state = table.act(state, "next_turn").state  # the roaches
    assert state["turn"] is None
    with pytest.raises(RuleError):
        table.act(state, "do_move")
    state = table.act(state, "next_turn").state
    assert state["turn"]["mouse"] == "filch" and state["turn"]["action"] is None
    assert not state["turn"]["moved"]


def test_mm_turn_2_free_actions_once_each_and_never_during_an_action(table, lilys_turn):
    state = table.act(lilys_turn, "share").state
    state = table.act(state, "equip").state
    with pytest.raises(RuleError):
        table.act(state, "share")
    state = table.act(state, "do_action", kind="battle").state
    view = KIND.view(state)["turn"]
    assert not view["can_move"] and view["can_finish_action"]
    with pytest.raises(RuleError, match="Finish"):
        table.act(state, "level_up")
    state = table.act(table.act(state, "mouse_cheese", mouse="lily", delta="6").state, "finish_action").state
    assert KIND.view(state)["turn"]["can_level_up"]
    state = table.act(state, "level_up").state
    with pytest.raises(RuleError):
        table.act(table.act(state, "mouse_cheese", mouse="lily", delta="6").state, "level_up")


def test_mm_turn_3_one_ability_card_per_turn(table, lilys_turn):
    state = table.act(lilys_turn, "do_action", kind="battle").state
    out = table.act(state, "use_ability_card", card="Quick Shot")
    assert out.label.params["card"] == "Quick Shot"
    assert not KIND.view(out.state)["turn"]["can_use_ability_card"]
    with pytest.raises(RuleError):
        table.act(out.state, "use_ability_card")


def test_mm_turn_4_reminders(table, lilys_turn):
    view = KIND.view(lilys_turn)["turn"]
    assert not view["can_explore"]  # minions are on the board
    assert {r.msgid for r in view["reminders"]} >= {"No free actions on a water space.",
                                                    "A stunned mouse may only Recover."}
    out = table.act(lilys_turn, "do_action", kind="explore")
    assert any("explore" in n.msgid for n in out.notices)
    calm = table.lay(lilys_turn, "lily", "filch", "tilda", "nez")
    assert KIND.view(calm)["turn"]["can_explore"]
    assert not table.act(calm, "do_action", kind="explore").notices
    minions = table.act(lilys_turn, "next_turn").state
    assert "defence" in KIND.view(minions)["minion_turn"].msgid
