"""A Mage Knight turn on its seat's own phone (390×844, English and Russian): every control of the moment —
every Take die, End turn, and the End of Round announcement with its check — lies wholly above the Undo bar kept
at the screen's foot, so none is hidden under it on the first screen; at the larger text size (A+) too, where
the walk of 2026-12-03 found the dice one to a row and End turn under the bar."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, api_act, api_game, api_get
from tests.browser.walks import MK_PLAYERS

CONTROLS = {"Take die": ".mk-take-btn", "End turn": "#mk-end-turn button",
            "Yes, the Deed deck is empty": "#mk-announce input[name=deck_empty]",
            "Announce End of Round": "#mk-announce button[type=submit]"}


@pytest.mark.parametrize("size", ["normal", "large"])
@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_mage_knight_turns_controls_are_all_above_the_undo_bar(live_server, device, locale, size):
    # The table's dice, five basic ones (no roll of the app's to depend on); three picks, none of them Mana
    # Steal: all five dice are on offer, three rows of Take buttons, the longest turn a 3-player table sees.
    code = api_game(live_server, "mage_knight", {**MK_PLAYERS, "dice_mode": "table"})
    api_act(live_server, code, "enter_source", {"colours": ["red", "blue", "green", "white", "red"]})
    while (view := api_get(live_server, code)["view"])["phase"] == "tactics":
        tactic = next(t for t in view["tactics_available"] if t not in ("mana_steal", "mana_search"))
        api_act(live_server, code, "pick_tactic", {"player": view["pick_queue"][0], "tactic": tactic})
    assert view["can_announce_end_of_round"] and len(view["takeable_dice"]) == 5
    seat = view["current_seat"]
    phone = device(PHONE, locale=locale)
    phone.context.add_cookies([{"name": "text_size", "value": size, "url": live_server}])  # the menu's A / A+
    phone.goto(f"{live_server}/g/{code}")
    assert phone.evaluate("document.documentElement.classList.contains('text-large')") == (size == "large")
    phone.locator(f"#who form:has(input[name=seat][value={seat}]) button").click()
    expect(phone.locator(".seat-banner.now")).to_be_visible()
    # The Undo bar (the last pick was another seat's, made elsewhere: "Undo for …", the bar as high as ever).
    expect(phone.locator(".panel > .undo .btn-undo").first).to_be_visible()
    phone.evaluate("window.scrollTo(0, 0)")
    undo = phone.locator(".panel > .undo").bounding_box()
    assert undo["y"] + undo["height"] <= PHONE["height"] + 1, undo  # the bar is at the screen's foot
    for what, selector in CONTROLS.items():
        elements = phone.locator(selector)
        expect(elements.first).to_be_visible()
        for box in elements.evaluate_all("es => es.map(e => e.getBoundingClientRect().toJSON())"):
            assert box["y"] >= 0 and box["y"] + box["height"] <= undo["y"] + 1, (locale, what, box, "Undo", undo)
