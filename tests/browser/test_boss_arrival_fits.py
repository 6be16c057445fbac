"""A boss arrives (issue 42, point 2.1): the row that asks its Life ("Life of Captain Vurst (on its card)",
the box, "Set the Life") fits a 390 px phone in English and in Russian, and Undo's bar stays on the screen.
The walk of 2026-12-05 found the page 421 px wide in English and 559 px in Russian, "Set the Life" cut at the
right edge and the Undo bar pushed below the screen, on every phone until someone entered the Life."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PATIENCE_MS, PHONE, TABLET, api_act, api_game, api_get
from tests.browser.walks import MM_PARTY, at_version, seats_offered, take_seat

SET_LIFE = "form:has(input[name=action][value=set_boss_life])"


def boss_arrived(base: str) -> tuple[str, int]:
    code = api_game(base, "mice_mystics", {**MM_PARTY, "minion_type": ["rat_warriors"], "minion_count": [2]})
    api_act(base, code, "minions_arrive", {"minion_type": ["captain_vurst"], "minion_count": [1],
                                           "source": "encounter"})
    return code, api_get(base, code)["version"]


def inside_viewport(page, selector: str, what: str) -> dict:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, (what, selector)
    width = page.viewport_size["width"]
    assert found["x"] >= -1 and found["x"] + found["width"] <= width + 1, (what, found)
    return found


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_a_boss_arriving_fits_a_phone(live_server, browser, locale):
    code, version = boss_arrived(live_server)
    context = browser.new_context(viewport=PHONE, locale=locale, has_touch=True, is_mobile=True)
    try:
        phone = context.new_page()
        phone.set_default_timeout(PATIENCE_MS)
        phone.goto(f"{live_server}/g/{code}")
        take_seat(phone, seats_offered(phone)[0])
        at_version(phone, version)
        form = phone.locator(SET_LIFE)
        expect(form).to_be_visible()
        assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        for part, what in (("label", "the question"), ("input[name=life]", "the box"),
                           ("button[type=submit]", "Set the Life")):
            form.locator(part).scroll_into_view_if_needed()
            inside_viewport(phone, f"{SET_LIFE} {part}", what)
        undo = phone.locator(".panel > .undo")
        phone.evaluate("window.scrollTo(0, 0)")
        bar = undo.bounding_box()
        assert bar["x"] >= -1 and bar["x"] + bar["width"] <= PHONE["width"] + 1, bar
        assert bar["y"] + bar["height"] <= PHONE["height"] + 1, ("the Undo bar below the screen", bar)
        # the Life entered by tapping the button (not only Enter in the box)
        form.locator("input[name=life]").fill("6")
        form.locator("button[type=submit]").tap()
        at_version(phone, version + 1)
        assert any(card.get("life") == 6 for card in api_get(live_server, code)["view"]["track"])
    finally:
        context.close()


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_a_boss_arriving_fits_the_tablet(live_server, browser, locale):
    code, version = boss_arrived(live_server)
    context = browser.new_context(viewport=TABLET, locale=locale)
    try:
        tablet = context.new_page()
        tablet.set_default_timeout(PATIENCE_MS)
        tablet.goto(f"{live_server}/g/{code}")
        at_version(tablet, version)
        expect(tablet.locator(SET_LIFE)).to_be_visible()
        assert tablet.evaluate("document.documentElement.scrollWidth") <= TABLET["width"]
        tablet.locator(f"{SET_LIFE} button[type=submit]").scroll_into_view_if_needed()
        inside_viewport(tablet, f"{SET_LIFE} button[type=submit]", "Set the Life")
        tablet.goto(f"{live_server}/g/{code}/screen")  # the group screen: a reminder, no form
        expect(tablet.locator(".screen-owes")).to_be_visible()
        assert tablet.evaluate("document.documentElement.scrollWidth") <= TABLET["width"]
    finally:
        context.close()
