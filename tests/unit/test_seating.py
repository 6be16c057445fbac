"""What a seated phone leads with, for both games."""
from __future__ import annotations

import random

from companion.rules.mage_knight import KIND as MK
from companion.rules.mice_mystics import KIND as MM


def mk_game():
    setup = MK.parse_setup({"player_name": ["Anna", "Boris"], "hero": ["tovak", "goldyx"],
                            "scenario": "full_conquest"})
    return MK.new_state(setup, random.Random(3))


def test_mage_knight_seats_are_the_players_and_the_cue_follows_the_pick_queue():
    state = mk_game()
    assert [s["id"] for s in MK.seats(state)] == ["p1", "p2"]
    # round 1: the last to choose a hero picks a tactic first
    assert MK.seat_status(state, "p2") == {"now": True, "text": MK.seat_status(state, "p2")["text"]}
    assert MK.seat_status(state, "p2")["text"].msgid == "Your pick"
    assert not MK.seat_status(state, "p1")["now"]
    assert MK.seat_status(state, "p1")["text"].params["name"] == "Boris"
    tactic = MK.view(state)["tactics_available"][0]
    state = MK.apply(state, "pick_tactic", {"player": "p2", "tactic": tactic}, random.Random(1)).state
    assert MK.seat_status(state, "p1")["text"].msgid == "Your pick"


def test_mage_knight_cue_in_turns_is_your_turn_for_the_current_player_only():
    state = mk_game()
    rng = random.Random(2)
    for seat in ("p2", "p1"):
        tactic = MK.view(state)["tactics_available"][0]
        state = MK.apply(state, "pick_tactic", {"player": seat, "tactic": tactic}, rng).state
    current = MK.view(state)["current_seat"]
    other = "p1" if current == "p2" else "p2"
    assert MK.seat_status(state, current)["text"].msgid == "Your turn"
    assert MK.seat_status(state, other)["now"] is False


def test_mice_seats_group_mice_by_player_or_stand_alone():
    setup = MM.parse_setup({"mouse": ["collin", "lily", "nez", "filch"], "controller": ["Anna", "Anna", "Boris", ""],
                            "minion_type": ["rat_warriors"], "minion_count": ["2"]})
    state = MM.new_state(setup, random.Random(5))
    assert [s["id"] for s in MM.seats(state)] == ["player:Anna", "player:Boris", "mouse:filch"]
    card = state["initiative_track"][state["acting"]]
    statuses = {s["id"]: MM.seat_status(state, s["id"]) for s in MM.seats(state)}
    if card["kind"] == "mouse":
        owner = {"collin": "player:Anna", "lily": "player:Anna", "nez": "player:Boris", "filch": "mouse:filch"}
        assert [k for k, v in statuses.items() if v["now"]] == [owner[card["mouse"]]]
    else:
        assert sum(v["now"] for v in statuses.values()) == 1  # exactly one player moves the minions


def test_mice_moment_seat_is_the_acting_mouses_seat_and_a_minion_card_is_nobodys():
    setup = MM.parse_setup({"mouse": ["collin", "lily", "nez"], "controller": ["Anna", "Anna", ""],
                            "minion_type": ["rat_warriors"], "minion_count": ["2"]})
    state = MM.new_state(setup, random.Random(5))
    owner = {"collin": "player:Anna", "lily": "player:Anna", "nez": "mouse:nez"}
    seen = set()
    for _ in range(len(state["initiative_track"])):
        card = state["initiative_track"][state["acting"]]
        expected = owner[card["mouse"]] if card["kind"] == "mouse" else None
        assert MM.moment_seat(state) == expected
        seen.add(card["kind"])
        state = MM.apply(state, "next_turn", {}, random.Random(1)).state
    assert seen == {"mouse", "minion"}
    assert "next_turn" in MM.seat_actions and "do_move" in MM.seat_actions
    assert not MM.seat_actions & {"resolve_surge", "add_cheese", "minions_arrive", "wound_minion", "mouse_cheese"}


def test_mage_knight_while_the_table_owes_the_source_dice_every_seat_is_told_so():
    """The table's own dice (MK-SRC-2): until the Source is entered the moment is nobody's pick; every phone says
    the table owes the dice (after a refused roll too: its verdict names the dice to reroll)."""
    setup = MK.parse_setup({"player_name": ["Anna", "Boris"], "hero": ["tovak", "goldyx"],
                            "scenario": "full_conquest", "dice_mode": "table"})
    state = MK.new_state(setup, random.Random(3))
    for seat in ("p1", "p2"):
        assert MK.seat_status(state, seat) == {"now": False, "text": MK.seat_status(state, seat)["text"]}
        assert MK.seat_status(state, seat)["text"].msgid == "Enter the Source dice"
    state = MK.apply(state, "enter_source", {"colours": ["gold", "gold", "black", "red"]},
                     random.Random(1)).state
    assert MK.seat_status(state, "p1") == {"now": False, "text": MK.seat_status(state, "p1")["text"]}
    assert MK.seat_status(state, "p1")["text"].msgid == "Enter the Source dice"
    state = MK.apply(state, "enter_source", {"colours": ["blue", "green", "white", "red"]},
                     random.Random(1)).state
    assert MK.seat_status(state, "p2")["text"].msgid == "Your pick"


def test_another_seats_phone_takes_a_seat_action_only_with_the_deliberate_step():
    from companion.rules.base import NotThisSeatsMoment, another_seats_moment, check_acting_seat
    state = mk_game()  # round 1: Boris (p2) picks a tactic first
    assert another_seats_moment(MK, state, "p1") == "p2"
    assert another_seats_moment(MK, state, "p2") is None  # the seat's own phone
    assert another_seats_moment(MK, state, None) is None  # a device with no seat: the shared one
    try:
        check_acting_seat(MK, state, "p1", "pick_tactic", {}, None)
    except NotThisSeatsMoment as refused:
        assert refused.text.params["name"] == "Boris"
    else:
        raise AssertionError("Anna's phone picked Boris's tactic in one tap")
    check_acting_seat(MK, state, "p1", "pick_tactic", {}, "p2")  # through "Act for Boris…"
    check_acting_seat(MK, state, "p2", "pick_tactic", {}, None)  # Boris's own phone
    check_acting_seat(MK, state, None, "pick_tactic", {}, None)  # the group screen, just watching
    others = [action for action in MK.actions if action not in MK.seat_actions | MK.player_actions]
    assert "end_turn" not in others and "dummy_turn" in others and "change_fame" not in others
    for action in others:  # the table's actions (preparation, the Dummy, the round's end) are nobody's
        check_acting_seat(MK, state, "p1", action, {"player": "p2"}, None)


def test_another_seats_phone_changes_that_players_own_counts_only_with_the_deliberate_step():
    """A player's Fame, mines and score sheet are that player's: another seat's phone changes them only
    through "Act for Boris…" (the walk of 2026-12-05: Вика's phone raised Аня's Fame in one tap), at any
    moment; the player's own phone and a device with no seat in one tap."""
    from companion.rules.base import NotThisSeatsMoment, check_acting_seat
    state = mk_game()
    assert {"change_fame", "enter_score", "set_mines"} <= MK.player_actions
    for action in sorted(MK.player_actions):
        try:
            check_acting_seat(MK, state, "p1", action, {"player": "p2", "delta": 1}, None)
        except NotThisSeatsMoment as refused:
            assert refused.text.params["name"] == "Boris"
        else:
            raise AssertionError(f"Anna's phone took {action} for Boris in one tap")
        check_acting_seat(MK, state, "p1", action, {"player": "p2"}, "p2")  # through "Act for Boris…"
        check_acting_seat(MK, state, "p1", action, {"player": "p1"}, None)  # her own
        check_acting_seat(MK, state, None, action, {"player": "p2"}, None)  # a device with no seat
        check_acting_seat(MK, state, "p1", action, {"player": "p9"}, None)  # no such seat: the rules refuse it


def test_undoing_another_seats_change_made_elsewhere_takes_the_deliberate_step_on_a_seated_phone():
    """Undo on a waiting phone reverses what was done at another seat's moment on another device only
    through "Undo for Boris…"; its own change (even one it made for Boris), a change at nobody's moment and
    a table action stay one tap, as does Undo on a device with no seat."""
    from companion.rules.base import NotThisSeatsMoment, acting_for, another_seats_undo, check_undoing_seat
    before = mk_game()  # Boris (p2) picks first
    assert acting_for(MK, before, "pick_tactic", {}) == "p2"
    assert acting_for(MK, before, "change_fame", {"player": "p1", "delta": 1}) == "p1"  # Anna's own Fame
    assert acting_for(MK, before, "enter_score", {"player": "p2", "done": 1}) == "p2"  # at any moment
    assert acting_for(MK, before, "mark_scenario_end", {}) is None  # the table's
    assert acting_for(MK, {**before, "phase": "preparation"}, "pick_tactic", {}) is None  # nobody's moment
    assert another_seats_undo("p2", False, "p1") == "p2"  # Boris's pick, made on his phone, on Anna's
    assert another_seats_undo("p2", False, "p2") is None  # Boris's own phone
    assert another_seats_undo("p2", False, None) is None  # the group screen, just watching
    assert another_seats_undo("p2", True, "p1") is None  # Anna's phone acted for him: its own change
    assert another_seats_undo(None, False, "p1") is None  # the table's, or nobody's moment
    try:
        check_undoing_seat(MK, before, "p2", False, "p1", None)
    except NotThisSeatsMoment as refused:
        assert refused.text.params["name"] == "Boris" and "Undo for {name}" in refused.text.msgid
    else:
        raise AssertionError("Anna's phone undid Boris's pick in one tap")
    for wrong in ("p1", "p3", ""):
        try:
            check_undoing_seat(MK, before, "p2", False, "p1", wrong)
        except NotThisSeatsMoment:
            pass
        else:
            raise AssertionError(f"the step's mark {wrong!r} does not name Boris")
    check_undoing_seat(MK, before, "p2", False, "p1", "p2")  # through "Undo for Boris…"
    check_undoing_seat(MK, before, "p2", False, "p2", None)
    check_undoing_seat(MK, before, "p2", True, "p1", None)
