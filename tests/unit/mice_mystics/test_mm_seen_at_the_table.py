"""What a play-test at a real table found (issue 26): who moves the minions once the lowest mouse is captured,
a boss's Life asked when it arrives."""
import pytest

from companion.rules.base import RuleError
from companion.rules.mice_mystics import KIND


def rendered(texts):
    return [t.render() for t in texts]


def test_mm_ini_9_a_captured_lowest_mouse_passes_the_minions_to_the_next_mouse_up(table):
    """The book: the player of the lowest mouse on the track moves the minions; a captured mouse's figure is off
    the board. Our reading: the lowest mouse not captured moves them, and the page says so."""
    state = table.setup(controller=["Ann", "Bo", "Cy", "Di"])  # lily, filch, tilda, nez
    state = table.lay(state, "lily", "filch", "roaches", "tilda", "nez")
    state = table.act(state, "capture_mouse", mouse="nez").state
    view = KIND.view(state)
    assert (view["minions_mover"]["mouse"], view["minions_mover"]["controller"]) == ("tilda", "Cy")
    assert any("captured" in r and "Nez" in r for r in rendered(view["readings"]["mover"]))
    state = table.act(state, "capture_mouse", mouse="tilda").state
    assert KIND.view(state)["minions_mover"]["mouse"] == "filch"
    # the seat of the next mouse up has the minions' turn as its moment
    state = table.lay(state, "lily", "filch", "roaches", "tilda", "nez", acting=2)
    assert KIND.seat_status(state, "player:Bo")["now"] and not KIND.seat_status(state, "player:Di")["now"]


def test_mm_ini_9_with_the_lowest_mouse_free_no_reading_is_shown(table):
    state = table.lay(table.setup(), "lily", "filch", "roaches", "tilda", "nez")
    view = KIND.view(state)
    assert view["minions_mover"]["mouse"] == "nez" and view["readings"]["mover"] == []


def test_mm_ini_6_a_boss_whose_life_the_book_does_not_give_is_asked_for_when_it_arrives(table):
    state = table.setup(mice=("lily", "nez"), minions=[("rat_warriors", 1)])
    out = table.act(state, "minions_arrive", minion_type=["brodie"], source="event")
    cards = [c for c in out.state["initiative_track"] if c["kind"] == "minion" and c["minion"] == "brodie"]
    assert len(cards) == 2 and all(c["life"] is None for c in cards)
    asked = [n for n in rendered(out.notices) if "Life" in n]
    assert len(asked) == 2 and all("from its initiative card" in n for n in asked)
    shown = [c for c in KIND.view(out.state)["track"] if c["kind"] == "minion" and c["minion"] == "brodie"]
    assert all(c["life_asked"] for c in shown)
    first = cards[0]["card"]
    done = table.act(out.state, "set_boss_life", card=first, life="5")
    assert table.card(done.state, first)["life"] == 5 and "5" in done.label.render()
    assert not next(c for c in KIND.view(done.state)["track"] if c["card"] == first)["life_asked"]
    with pytest.raises(RuleError):
        table.act(done.state, "set_boss_life", card=first, life="6")  # entered once; Undo corrects it
    with pytest.raises(RuleError):
        table.act(done.state, "set_boss_life", card="rat_warriors", life="2")  # not a boss
    wounded = table.act(done.state, "wound_boss", card=first, n="5").state
    assert first not in table.order(wounded)


def test_mm_ini_6_a_boss_of_the_groups_own_with_its_life_given_is_not_asked(table):
    state = table.setup(mice=("lily",), custom_minion_name=["Big Rat"], custom_minion_cards=["1"],
                        custom_minion_boss=["yes"], custom_minion_life=["4"])
    out = table.act(state, "minions_arrive", minion_type=["Big Rat"])
    assert table.card(out.state, "minion_1")["life"] == 4
    assert not any("Life" in n for n in rendered(out.notices))
