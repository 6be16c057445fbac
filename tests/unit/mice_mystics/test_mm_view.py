import json

from companion.rules.mice_mystics import KIND


def test_view_names_the_turn_the_mover_the_surge_and_the_encounter_row(table):
    state = table.setup(mice=["lily", "filch", "Squeak"], controller=["Ann", "Bo", "Cy"])
    state = table.lay(state, "filch", "roaches:2", "lily", "mouse_1")
    view = KIND.view(state)
    assert view["acting_card"]["card"] == "filch" and view["acting_card"]["space"] == 1
    assert (view["whose_turn"]["mouse"], view["whose_turn"]["controller"]) == ("filch", "Bo")
    assert view["minions_mover"]["name"] == "Squeak"
    assert view["turn"]["can_move"] and view["turn"]["can_act"] and view["turn"]["can_share"]
    assert not view["surge_pending"] and view["encounter_row"] is None
    assert [c["space"] for c in view["track"]] == [1, 2, 3, 4]
    state = table.act(state, "set_encounter_card", name="Rats!", row_pages=["1-2", "3+"],
                      row_minions=["rat_warriors=2", "rat_warriors=3"]).state
    state = table.act(state, "add_cheese", n="6", reason="minion_attack").state
    state = table.act(state, "resolve_surge", room_surge="yes").state
    state = table.act(state, "move_end_marker").state
    state = table.act(state, "add_cheese", n="6", reason="minion_attack").state
    view = KIND.view(state)
    assert view["surge_pending"] and view["surge_question"].msgid.startswith("Does this room")
    assert view["encounter_row"] == 1 and view["encounter_row_pages"].render() == "Row for pages 3 and later:"
    assert view["encounter_row_minions"] == [{"type": "rat_warriors", "figures": 3}]
    assert not view["can_next_turn"] and view["turn"]["can_move"] is False


def test_labels_read_like_the_table(table):
    state = table.lay(table.setup(), "lily", "roaches:2", "filch", "tilda", "nez")
    out = table.act(state, "minions_arrive", minion_type=["rat_warriors"], minion_count=[2])
    assert out.label.render() == "Rat Warriors joined the track"
    out = table.act(state, "minions_arrive", minion_type=["spider", "cave_centipede"], minion_count=[1, 2])
    assert out.label.render() == "2 minion types arrived" and out.label.plural
    assert table.act(state, "next_turn").label.render() == "Turn passed to Roaches"
    assert table.act(state, "add_cheese", n=6, reason="minion_attack").label.render() == \
        "Surge! Hourglass to page 2"
    for notice in out.notices:
        json.dumps(notice.as_json())


def test_json_values_work_as_well_as_form_strings(table):
    state = table.lay(table.setup(), "lily", "roaches:2", "filch", "tilda", "nez")
    out = table.act(state, "minions_arrive", minion_type=["spider"], minion_count=[2], ambush=True, die=[1, 2])
    assert [m["die"] for m in out.state["ambush_log"]] == [1, 2]
