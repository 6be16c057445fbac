"""The Mage Knight group screen at the round's end says what the table does ("Remove a tactic", then the next round's
preparation) and, once the Dummy announced End of Round, its panel says so (lying; standing, the panel draws its deck's
count only): both fit the kiosk without scrolling, three players and the Dummy in Round Order (the cooperative walk's
names), in English and Russian (tests/web/test_mage_knight_screen_words.py checks the words). Standing, in Russian,
the Dummy's announcement ran 4 px past its box: the screen's fit draws it 2% smaller."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import api_act, api_game, api_get
from tests.browser.test_kiosk_screen import ORIENTATIONS, check, screens, version_of
from tests.browser.test_phone_moment_fits import play_until

NAMES = ["Святослав", "Maximilian", "Anna"]


@pytest.mark.parametrize("orientation", ORIENTATIONS)
@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_the_dummys_end_of_round_and_the_round_end_fit_and_say_what_comes(live_server, device, locale, orientation):
    code = api_game(live_server, "mage_knight", {"player_name": NAMES, "hero": ["tovak", "goldyx", "norowas"],
                                                 "scenario": "full_cooperation", "dummy_hero": "arythea"})
    while (view := api_get(live_server, code)["view"])["phase"] == "tactics":  # no die aside on Mana Steal
        api_act(live_server, code, "pick_tactic", {"player": view["pick_queue"][0], "tactic": next(
            t for t in view["tactics_available"] if t != "mana_steal")})
    play_until(live_server, code, lambda view: view["current_seat"] != "dummy", "a player's turn")
    view = api_get(live_server, code)["view"]
    api_act(live_server, code, "adjust_dummy", {"what": "deck", "delta": -view["dummy"]["deck"]})
    while (view := api_get(live_server, code)["view"])["end_of_round_by"] is None:  # the Dummy announces
        action = next(a for a in view["actions"] if a["action"] == "end_turn")
        api_act(live_server, code, "end_turn", action["params"])
    assert view["end_of_round_by"] == "dummy"
    pages = screens(device, live_server, code, locale, orientation)
    check(pages, version_of(live_server, code), "dummy-announced")
    for page in pages:
        expect(page.locator(".mks-dummy")).not_to_contain_text("will announce")
    play_until(live_server, code, lambda view: view["phase"] == "round_end", "the round's end")
    check(pages, version_of(live_server, code), "round-end")
    big = "Remove a tactic" if locale == "en-US" else "Уберите тактику"
    for page in pages:
        expect(page.locator(".screen-now")).to_have_text(big)
        expect(page.locator(".mks-now .screen-next")).to_be_in_viewport(ratio=1)
