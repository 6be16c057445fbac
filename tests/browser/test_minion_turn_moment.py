"""The minions' turn on the phone of the player who moves them (issue 42, point 2, item 6): the moment holds
what the turn needs — the wheel's +cheese, the acting card's wound and removal, Next — on the first screen above
the Undo bar, and a tap never moves the page away from where the finger was (a cheese tap 1,430 px down used to
jump back to the top)."""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import api_game, next_until, touch_phone as phone
from tests.browser.test_own_tap import wholly_on_screen
from tests.browser.walks import action_button, at_version, take_seat

SHOTS = Path("/tmp/shots-mmturn42")
PARTY = {"mouse": ["collin", "lily", "nez", "filch"], "controller": ["Vera", "Vera", "Boris", "Chen"],
         "minion_type": ["spider", "rat_warriors"], "minion_count": [2, 2]}
CHEESE = {"en-US": "+1 cheese", "ru-RU": "+1 жетон сыра"}


def to_minion_card(base: str, code: str, minion: str) -> dict:
    """Next (on the API) until this minion type's card acts; its game."""
    return next_until(base, code, lambda view: view["acting_card"]["kind"] == "minion"
                      and view["acting_card"]["minion"] == minion, f"{minion} acting")


def y_of(page, selector: str) -> float:
    return page.locator(selector).first.bounding_box()["y"]


def tap_in_place(page, selector: str, version: int, what: str) -> int:
    """Tap the control; once the answer is in, the control (or its successor at the same place) has not moved."""
    before = y_of(page, selector)
    scrolled = page.evaluate("scrollY")
    page.locator(selector).first.tap()
    at_version(page, version + 1)
    after = y_of(page, selector)
    assert abs(after - before) <= 3, (what, "moved under the finger", before, after, scrolled, page.evaluate("scrollY"))
    return version + 1


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_the_minions_turn_is_on_the_movers_first_screen_and_a_tap_stays_under_the_finger(live_server, browser, locale):
    SHOTS.mkdir(exist_ok=True)
    code = api_game(live_server, "mice_mystics", PARTY)
    game = to_minion_card(live_server, code, "spider")
    mover = game["view"]["minions_mover"]["controller"]
    context, page = phone(browser, locale)
    try:
        page.goto(f"{live_server}/g/{code}")
        take_seat(page, f"player:{mover}")
        version = game["version"]
        at_version(page, version)
        cheese = page.get_by_role("button", name=CHEESE[locale], exact=True)
        moment = ".mm-moment"
        wound = f"{moment} {action_button('wound_minion')}"
        remove = f"{moment} form:has(input[name=action][value=remove_figures]):has(input[name=figure]) button"
        plus = f"{moment} form:has(input[name=action][value=add_cheese]) button[value='1']"
        page.screenshot(path=str(SHOTS / f"minion-turn-spider-{locale}.png"))
        expect(cheese).to_have_count(1)
        for selector, what in ((f"{moment} {action_button('next_turn')}", "Next"), (plus, "+1 cheese"),
                               (wound, "+1 wound of the acting Spider"), (remove, "Remove of the acting Spider")):
            wholly_on_screen(page, selector, f"{locale}: {what}")
        # Two cheese taps with the page scrolled a little (the moment's head above the screen): the button
        # stays where the finger is, and the wheel counts each.
        page.evaluate("window.scrollBy(0, 150)")
        for n in (1, 2):
            version = tap_in_place(page, plus, version, f"cheese tap {n}")
            expect(page.locator("#mm-wheel-count")).to_have_text(str(n))
        version = tap_in_place(page, wound, version, "wound tap")
        page.screenshot(path=str(SHOTS / f"minion-turn-after-taps-{locale}.png"))

        # The Rat Warriors' card: one wound defeats a figure (−1), on the first screen as well.
        game = to_minion_card(live_server, code, "rat_warriors")
        at_version(page, game["version"])
        page.evaluate("window.scrollTo(0, 0)")
        wholly_on_screen(page, f"{moment} form:has(input[name=action][value=remove_figures]) button",
                         f"{locale}: −1 Rat Warriors")
        page.screenshot(path=str(SHOTS / f"minion-turn-rats-{locale}.png"))
    finally:
        context.close()


def test_a_cheese_tap_far_down_the_page_keeps_the_page_where_it_was(live_server, browser):
    """A mouse's turn (a minion's defence roll): the wheel's +1 is far down; its tap leaves it under the finger."""
    code = api_game(live_server, "mice_mystics", PARTY)
    game = next_until(live_server, code, lambda view: view["whose_turn"], "a mouse's turn")
    player = game["view"]["whose_turn"]["controller"]
    context, page = phone(browser, "en-US")
    try:
        page.goto(f"{live_server}/g/{code}")
        take_seat(page, f"player:{player}")
        version = game["version"]
        at_version(page, version)
        plus = "#mm-wheel form:has(input[name=action][value=add_cheese]) button[value='1']"
        page.locator(plus).first.scroll_into_view_if_needed()
        page.evaluate("window.scrollBy(0, 200)")
        assert page.evaluate("scrollY") > 600, "the wheel is far down the page"
        for n in (1, 2):
            version = tap_in_place(page, plus, version, f"the wheel's +1, tap {n}")
            expect(page.locator("#mm-wheel-count")).to_have_text(str(n))
    finally:
        context.close()
