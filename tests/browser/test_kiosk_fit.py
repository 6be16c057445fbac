"""The group screen drawn smaller, a step at a time, where a state's words still run past the screen (app.js
fitScreen): the states the long-names crawls found scrolling (seeds 319, 320, 322: 773, 792 and 992 px tall on a
1024×768) and the last walk's seven titles tied four ways with the join code opened again (926-1,060 px lying)."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.test_kiosk_game_end import BIG, NAMES, four_players_finished, problems_of
from tests.browser.test_kiosk_screen import ORIENTATIONS, screens

ZOOM = "document.querySelector('#game-panel > .screen-head + :not(template)').currentCSSZoom"


@pytest.mark.parametrize("orientation", ORIENTATIONS)
@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_every_title_tied_with_the_join_code_opened_again_fits(live_server, device, locale, orientation):
    code = four_players_finished(live_server, NAMES["ru4"], BIG)
    pages = screens(device, live_server, code, locale, orientation)
    for page in pages:
        page.locator(".screen-chip").click()
        expect(page.locator(".screen-join .qr svg")).to_be_visible()
    problems = problems_of(pages, live_server, code, "tied-join-open")
    assert not problems, "\n".join(problems)


def test_a_screen_is_drawn_smaller_only_while_it_would_not_fit(live_server, device):
    """Every title tied on a standing tablet: at its own size with the join code folded; a step smaller while the
    join code's band takes the foot of the screen; at its own size again once it is folded."""
    code = four_players_finished(live_server, NAMES["ru4"], BIG)
    page = screens(device, live_server, code, "ru-RU", "portrait")[0]
    assert page.evaluate(ZOOM) == 1
    page.locator(".screen-chip").click()
    expect(page.locator(".screen-join .qr svg")).to_be_visible()
    assert 0.75 <= page.evaluate(ZOOM) < 1
    page.locator(".screen-join button[name=hide]").click()
    expect(page.locator(".screen-join .qr svg")).not_to_be_visible()
    page.wait_for_function(f"{ZOOM} === 1")
