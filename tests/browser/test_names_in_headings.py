"""A section heading that names a player keeps the name with its words: "Vera: choose a tactic", not
"VERA : CHOOSE A TACTIC" (the heading is a flex row, icon and words, where the name's <bdi> would be an item
of its own, a gap before the colon, and so in the heading's accessible name)."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, api_game, api_get
from tests.browser.walks import MK_PLAYERS, take_seat

SAYS = {"en-US": "{name}: choose a tactic", "ru-RU": "{name}: выберите тактику"}


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_the_tactic_heading_keeps_the_pickers_name_with_its_colon(live_server, device, locale):
    code = api_game(live_server, "mage_knight", {**MK_PLAYERS, "dice_mode": "app"})
    view = api_get(live_server, code)["view"]
    picker = view["pick_queue"][0]
    name = next(p["name"] for p in view["players"] if p["id"] == picker)
    phone = device(PHONE, locale=locale)
    phone.goto(f"{live_server}/g/{code}")
    take_seat(phone, picker)
    heading = phone.get_by_role("heading", name=SAYS[locale].format(name=name), exact=True)
    expect(heading).to_be_visible()
    gap = heading.evaluate("""h => {
        const bdi = h.querySelector('bdi');
        const range = document.createRange();
        const after = bdi.nextSibling || bdi.parentNode.nextSibling;
        range.setStart(after, 0); range.setEnd(after, 1);
        return range.getBoundingClientRect().left - bdi.getBoundingClientRect().right;
    }""")
    assert gap < 1, f"a gap of {gap} px between the name and its colon"
