"""The view names the surge's encounter row by its pages as a message (a Text): a row with a last page by both,
a row entered as "4+" as page 4 and later, never by the 99 the state keeps for a row without a last page."""
from __future__ import annotations

from companion.rules.base import Text
from companion.rules.mice_mystics import KIND


def surged_to(table, state, page: int):
    """Full wheels until the hourglass is on `page`, its surge left pending."""
    while True:
        state = table.act(state, "add_cheese", n="6", reason="minion_attack").state
        if state["hourglass_page"] == page:
            return state
        state = table.act(state, "resolve_surge", room_surge="yes").state


def test_the_encounter_row_s_pages_are_a_message_open_ended_rows_said_as_and_later(table):
    state = table.setup(chapter_end_page="9")
    state = table.act(state, "set_encounter_card", name="Kitchen", row_pages=["1-3", "4+"],
                      row_minions=["roaches=2", "rat_warriors=3"]).state
    state = surged_to(table, state, 3)
    assert KIND.view(state)["encounter_row_pages"] == Text("Row for pages {first}–{last}:", {"first": 1, "last": 3})
    state = surged_to(table, table.act(state, "resolve_surge", room_surge="yes").state, 4)
    view = KIND.view(state)
    assert view["encounter_row"] == 1
    assert view["encounter_row_pages"] == Text("Row for pages {first} and later:", {"first": 4})
    assert view["encounter_row_pages"].render() == "Row for pages 4 and later:"


def test_a_one_page_row_is_said_as_its_page(table):
    """A row entered as "5" read "Row for pages 5–5:" (a helper's find, 2026-12-05)."""
    state = table.setup(chapter_end_page="9")
    state = table.act(state, "set_encounter_card", name="Hall", row_pages=["1-2", "3"],
                      row_minions=["roaches=2", "rat_warriors=3"]).state
    state = surged_to(table, state, 3)
    assert KIND.view(state)["encounter_row_pages"] == Text("Row for page {first}:", {"first": 3})
