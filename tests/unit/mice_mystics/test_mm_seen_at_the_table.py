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
