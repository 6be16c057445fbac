"""next_card: the card the group screen names as next (issue 23, point 5) — this turn played out on a copy, so
a Rat Warriors swap, a new round and a captured mouse's skipped turn are counted; nothing while a surge holds
the game or once the chapter is over. It never changes the state it reads."""
import copy

from companion.rules.mice_mystics.view import next_card


def acting(table, state) -> str:
    return state["initiative_track"][state["acting"]]["card"]


def test_the_next_card_is_the_one_that_acts_after_this_turn_down_the_track_and_into_the_next_round(table):
    state = table.lay(table.setup(), "lily", "roaches:2", "filch", "tilda", "nez")
    for _ in range(7):
        named = next_card(state)
        state = table.act(state, "next_turn").state
        assert named["card"] == acting(table, state)
    assert state["round"] == 2


def test_a_mouse_card_names_its_player_and_a_minion_card_the_mouse_that_moves_them(table):
    state = table.lay(table.setup(), "lily", "roaches:2", "filch", "tilda", "nez")
    minions = next_card(state)
    assert minions["kind"] == "minion" and minions["whose_turn"] is None
    assert minions["minions_mover"]["mouse"] == "nez"  # the lowest mouse on the track
    mouse = next_card(table.act(state, "next_turn").state)
    assert mouse["card"] == "filch" and mouse["whose_turn"]["mouse"] == "filch" and mouse["minions_mover"] is None


def test_rat_warriors_swapping_up_leave_the_next_card_as_the_table_plays_it(table):
    for acting_at in (2, 4):  # mid-round, and the round's last card (the new round starts at the top)
        cards = ["lily", "filch", "tilda", "nez"]
        state = table.lay(table.setup(), *cards[:acting_at], "rat_warriors", *cards[acting_at:], acting=acting_at)
        named = next_card(state)["card"]
        after = table.act(state, "next_turn").state
        assert table.order(after) != table.order(state)  # the rats swapped up
        assert named == acting(table, after) == ("tilda" if acting_at == 2 else "lily")


def test_a_captured_mouse_whose_turn_is_skipped_is_passed_over(table):
    state = table.lay(table.setup(), "lily", "filch", "roaches", "tilda", "nez")
    state = table.act(state, "capture_mouse", mouse="filch").state
    assert next_card(state)["card"] == "roaches"
    assert acting(table, table.act(state, "next_turn").state) == "roaches"


def test_nothing_is_named_while_a_surge_holds_the_game_or_after_the_chapter(table):
    state = table.lay(table.setup(), "lily", "filch", "tilda", "nez")
    surging = {**copy.deepcopy(state), "pending_surge": {"page": 2}}
    assert next_card(surging) is None
    finished = {**copy.deepcopy(state), "finished": True}
    assert next_card(finished) is None


def test_it_never_changes_the_state(table):
    state = table.lay(table.setup(), "lily", "rat_warriors:3", "filch", "tilda", "nez", acting=1)
    before = copy.deepcopy(state)
    next_card(state)
    assert state == before
