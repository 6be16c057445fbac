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


def test_mm_ini_2_a_new_encounter_on_a_track_without_minion_cards_says_who_acts_next(table):
    """Our reading: everything is reshuffled, the mice too, and a new round begins on space 1."""
    state = table.setup(mice=("lily", "nez"))
    readings = rendered(KIND.view(state)["readings"]["arrive"])
    assert any("the card on space 1 acts next" in r for r in readings)
    out = table.act(state, "minions_arrive", minion_type=["roaches"])
    assert out.state["acting"] == 0 and out.state["round"] == 2
    assert not any("space 1 acts next" in r for r in rendered(KIND.view(out.state)["readings"]["arrive"]))


def test_mm_min_1_several_figures_of_a_multi_life_type_keep_their_wounds_apart_and_say_so(table):
    state = table.lay(table.setup(mice=("lily",)), "lily", "spider:2")
    card = next(c for c in KIND.view(state)["track"] if c["kind"] == "minion")
    assert "counts them apart" in card["wounds_note"].render()
    one = table.lay(table.setup(mice=("lily",)), "lily", "spider:1")
    assert next(c for c in KIND.view(one)["track"] if c["kind"] == "minion")["wounds_note"] is None


def test_mm_readings_follow_the_moment(table):
    state = table.lay(table.setup(mice=("lily", "collin")), "lily", "rat_warriors:2", "collin", acting=1)
    assert any("swap with the card above" in r for r in rendered(KIND.view(state)["readings"]["acting"]))
    out = table.act(state, "minions_arrive", minion_type=["roaches"], ambush="yes", die=["1", "1"])
    ambush = rendered(KIND.view(out.state)["readings"]["ambush"])
    assert any("never above space 1" in r for r in ambush) and any("Born to Lead" in r for r in ambush)
    surge = table.act(state, "add_cheese", n="6", reason="room_rule").state
    assert rendered(KIND.view(surge)["readings"]["surge"])
    mouse_turn = table.act(table.lay(state, "lily", "collin"), "do_action", kind="battle").state
    assert any("ability card" in r for r in rendered(KIND.view(mouse_turn)["readings"]["turn"]))
    done = table.act(state, "mark_victory").state
    view = KIND.view(done)
    assert view["readings"]["summary"] and view["readings"]["campaign"] and view["readings"]["replay"]
