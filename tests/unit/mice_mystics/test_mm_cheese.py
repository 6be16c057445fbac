import pytest

from companion.rules.base import RuleError
from companion.rules.mice_mystics import KIND


def _to_last_mouse(table, state):
    return table.lay(state, "lily", "filch", "tilda", "nez", acting=3)


def test_mm_chz_1_time_is_short_after_the_last_mouse_with_no_minions(table):
    state = _to_last_mouse(table, table.setup())
    out = table.act(state, "next_turn")
    assert out.state["cheese_wheel"] == 1
    assert any("Time is Short" in n.msgid for n in out.notices)
    assert out.state["acting"] == 0 and out.state["round"] == state["round"] + 1


def test_mm_chz_1_time_is_short_only_after_the_last_mouse(table):
    state = table.lay(table.setup(), "lily", "filch", "tilda", "nez", acting=1)
    out = table.act(state, "next_turn")
    assert out.state["cheese_wheel"] == 0 and not out.notices


def test_mm_chz_1_time_is_short_only_with_no_minions(table):
    state = table.lay(table.setup(), "roaches", "lily", "filch", "tilda", "nez", acting=4)
    out = table.act(state, "next_turn")
    assert out.state["cheese_wheel"] == 0
    # with minions below the last mouse, the last mouse is still the one that counts
    state = table.lay(table.setup(), "lily", "filch", "tilda", "nez", "roaches", acting=3)
    assert table.act(state, "next_turn").state["cheese_wheel"] == 0


def test_mm_chz_1_time_is_short_can_surge(table):
    state = _to_last_mouse(table, table.setup())
    state["cheese_wheel"] = 5
    out = table.act(state, "next_turn")
    assert out.state["cheese_wheel"] == 0 and out.state["hourglass_page"] == 2
    assert out.state["pending_surge"] == {"page": 2}


@pytest.mark.parametrize("reason", ["minion_attack", "minion_defence", "greedy_roach", "room_rule"])
def test_mm_chz_2_cheese_onto_the_wheel_with_a_reason(table, reason):
    out = table.act(table.setup(), "add_cheese", n="2", reason=reason)
    assert out.state["cheese_wheel"] == 2
    assert out.label.params["n"] == 2 and out.label.plural


def test_mm_chz_2_filch_pilfer_takes_one_back(table):
    state = table.act(table.setup(), "add_cheese", n="5", reason="minion_attack").state
    out = table.act(state, "remove_cheese", reason="filch_pilfer")
    assert out.state["cheese_wheel"] == 4
    # Pilfer (Filch's card): the defeated Rat's cheese goes into Filch's stash, taken from the wheel
    assert table.mouse(out.state, "filch")["cheese"] == 1 and table.mouse(out.state, "filch")["cheese_gained"] == 1
    assert out.label.render() == "1 cheese off the wheel into Filch's stash (Filch's Pilfer)"
    assert table.mouse(table.act(state, "remove_cheese", reason="room_rule").state, "filch")["cheese"] == 0
    with pytest.raises(RuleError, match="takes back one cheese"):  # one, even with more on the wheel
        table.act(out.state, "remove_cheese", n="2", reason="filch_pilfer")
    assert table.act(out.state, "remove_cheese", n="2", reason="room_rule").state["cheese_wheel"] == 2
    assert KIND.view(state)["can_pilfer"]


def test_mm_chz_2_only_filch_in_the_party_and_free_can_pilfer(table):
    without = table.act(table.setup(mice=("lily", "nez")), "add_cheese", n="2", reason="minion_attack").state
    with pytest.raises(RuleError, match="Only Filch"):
        table.act(without, "remove_cheese", reason="filch_pilfer")
    assert not KIND.view(without)["can_pilfer"]
    state = table.act(table.setup(), "add_cheese", n="2", reason="minion_attack").state
    captured = table.act(state, "capture_mouse", mouse="filch").state
    with pytest.raises(RuleError, match="Only Filch"):
        table.act(captured, "remove_cheese", reason="filch_pilfer")


def test_mm_chz_3_the_6th_cheese_surges_moves_the_hourglass_and_empties_the_wheel(table):
    state = table.act(table.setup(), "add_cheese", n="5", reason="minion_attack").state
    assert state["pending_surge"] is None
    out = table.act(state, "add_cheese", reason="minion_defence")
    assert out.state["cheese_wheel"] == 0
    assert out.state["hourglass_page"] == 2
    assert out.state["pending_surge"] == {"page": 2}
    assert out.label.render() == "Surge! Hourglass to page 2"
    assert KIND.view(out.state)["surge_pending"]


def test_mm_chz_3_room_surge_brings_its_own_minions(table):
    state = table.lay(table.setup(), "lily", "roaches:1", "filch", "tilda", "nez")
    state = table.act(state, "set_encounter_card", name="Rats", row_pages=["1-3"], row_minions=["spider=2"]).state
    state = table.act(state, "add_cheese", n="6", reason="room_rule").state
    out = table.act(state, "resolve_surge", room_surge="yes", minion_type=["rat_warriors"], minion_count=["3"])
    assert table.order(out.state)[-1] == "rat_warriors"
    assert table.card(out.state, "rat_warriors")["surge"] is True
    assert out.state["encounter_card"] is not None  # the room's surge leaves the card alone
    assert out.state["pending_surge"] is None


def test_mm_chz_3_else_the_encounter_cards_row_for_the_page_and_its_discard(table):
    state = table.lay(table.setup(), "lily", "roaches:1", "filch", "tilda", "nez")
    state = table.act(state, "set_encounter_card", name="Spiders", row_pages=["1", "2-3", "4+"],
                      row_minions=["roaches=1", "spider=2, rat_warriors", ""]).state
    assert KIND.view(state)["encounter_row"] == 0
    state = table.act(state, "add_cheese", n="6", reason="minion_attack").state
    assert KIND.view(state)["encounter_row"] == 1  # the hourglass moved to page 2 first
    out = table.act(state, "resolve_surge", room_surge="no")
    assert table.order(out.state)[:5] == table.order(state)
    assert sorted(table.order(out.state)[5:]) == ["rat_warriors", "spider"]
    assert table.card(out.state, "spider")["figures"] == 2
    assert out.state["encounter_card"] is None


def test_mm_chz_3_no_card_and_no_room_surge_brings_no_minions(table):
    state = table.act(table.setup(), "add_cheese", n="6", reason="minion_attack").state
    out = table.act(state, "resolve_surge", room_surge="no")
    assert table.order(out.state) == table.order(state)
    assert out.state["pending_surge"] is None


def test_mm_chz_3_a_pending_surge_holds_everything_but_its_answer(table):
    state = table.act(table.setup(), "add_cheese", n="6", reason="minion_attack").state
    for action, params in [("next_turn", {}), ("add_cheese", {"reason": "room_rule"}), ("do_move", {})]:
        with pytest.raises(RuleError):
            table.act(state, action, **params)
    state = table.act(state, "set_encounter_card", row_pages=["1-6"], row_minions=["roaches=2"]).state
    out = table.act(state, "resolve_surge", room_surge="no")
    assert "roaches" in table.order(out.state)
    with pytest.raises(RuleError):
        table.act(out.state, "resolve_surge", room_surge="no")


def test_mm_chz_3_surge_boss_joining_minions_is_ambushed(table):
    state = table.lay(table.setup(), "lily", "roaches:1", "filch", "tilda", "nez")
    state = table.act(state, "add_cheese", n="6", reason="minion_attack").state
    out = table.act(state, "resolve_surge", room_surge="yes", minion_type=["brodie"], die=["1"])
    assert len(out.state["ambush_log"]) == 1 and out.state["ambush_log"][0]["from"] == 6


def test_mm_chz_4_mouse_cheese_and_level_up(table):
    state = table.setup()
    state = table.act(state, "mouse_cheese", mouse="lily", delta="7").state
    state = table.act(state, "mouse_cheese", mouse="lily", delta="-1").state
    state = table.lay(state, "lily", "filch", "tilda", "nez")
    out = table.act(state, "level_up")
    lily = table.mouse(out.state, "lily")
    assert (lily["cheese"], lily["ability_cards"]) == (0, 2)  # the starting card and the new one
    poorer = table.act(state, "mouse_cheese", mouse="lily", delta="-1").state
    with pytest.raises(RuleError):
        table.act(poorer, "level_up")


def test_mm_chz_3_a_roll_past_6_goes_on_whole_surges_once_and_the_excess_is_lost(table):
    state = table.act(table.setup(), "add_cheese", n="5", reason="minion_attack").state
    out = table.act(state, "add_cheese", n="2", reason="minion_defence")
    assert out.state["hourglass_page"] == 2 and out.state["pending_surge"] == {"page": 2}
    assert out.state["cheese_wheel"] == 0  # the 7th cheese does not carry into the next surge
    assert any(n.msgid.startswith("{n} cheese above 6") and n.params["n"] == 1 for n in out.notices)
    exact = table.act(state, "add_cheese", n="1", reason="minion_defence")
    assert not any(n.msgid.startswith("{n} cheese above 6") for n in exact.notices)


def test_mm_chz_3_one_roll_of_six_on_an_empty_wheel_surges_once(table):
    out = table.act(table.setup(), "add_cheese", n="6", reason="minion_attack")
    assert out.state["hourglass_page"] == 2 and out.state["cheese_wheel"] == 0


def test_mm_chz_2_brodie_and_captain_vurst_attack_cheese_stays_off_the_wheel(table):
    state = table.lay(table.setup(), "brodie_pounces", "lily", "captain_vurst", "filch", "tilda", "nez")
    with pytest.raises(RuleError, match="Brodie's cheese"):
        table.act(state, "add_cheese", n="2", reason="minion_attack")
    assert not any(a["action"] == "add_cheese" and a["params"].get("reason") == "minion_attack"
                   for a in KIND.view(state)["actions"])
    assert table.act(state, "add_cheese", n="1", reason="room_rule").state["cheese_wheel"] == 1
    vurst = table.lay(table.setup(), "brodie_pounces", "lily", "captain_vurst", "filch", "tilda", "nez", acting=2)
    with pytest.raises(RuleError, match="Captain Vurst's attack cheese"):
        table.act(vurst, "add_cheese", n="2", reason="minion_attack")
    # a defence's cheese is rolled on a mouse's turn: the app cannot tell whose, so it says so beside the wheel
    on_lily = table.lay(table.setup(), "brodie_pounces", "lily", "captain_vurst", "filch", "tilda", "nez", acting=1)
    assert table.act(on_lily, "add_cheese", n="2", reason="minion_defence").state["cheese_wheel"] == 2
    notes = [n.render() for n in KIND.view(on_lily)["cheese_exceptions"]]
    assert notes == ["Brodie's cheese, attacking or defending, never goes on the wheel.",
                     "Captain Vurst's attack cheese does not go on the wheel."]
    assert (
        KIND.view(table.lay(table.setup(), "rat_warriors", "lily", "filch", "tilda", "nez"))["cheese_exceptions"] == []
    )


def test_mm_chz_2_another_minion_s_attack_cheese_goes_on_the_wheel(table):
    state = table.lay(table.setup(), "rat_warriors", "lily", "brodie_pounces", "filch", "tilda", "nez")
    assert table.act(state, "add_cheese", n="2", reason="minion_attack").state["cheese_wheel"] == 2
