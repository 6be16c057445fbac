"""Walk 42, Mice and Mystics on phones (390×844), en and ru: a room's special surge brings Captain Vurst.
The surge's question and its answer are the moment, on the first screen: "Yes, the room's surge" was 925 px
down the page. After the answer the page stayed where the finger was (503 px), Next above the screen and the
boss's Life entry 1,460 px down (1,825 in Russian); the other phones never said a Life was owed (only the group
screen did). While a boss's Life is owed its entry is the moment's first thing, on every phone's first screen."""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, api_act, api_game, api_get, touch_phone as phone
from tests.browser.walks import MM_PARTY, action_button, at_version, take_seat

SHOTS = Path("/tmp/shots-fixb42")
PARTY = {**MM_PARTY, "minion_type": ["rat_warriors"], "minion_count": [2]}
YES = {"en-US": "Yes, the room's surge", "ru-RU": "Да, прилив комнаты"}


def on_first_screen(page, selector: str, what: str) -> None:
    """Wholly between the chrome at the screen's top and the Undo bar at its foot, as the page now stands."""
    element = page.locator(selector).first
    expect(element).to_be_visible()
    box = element.evaluate("e => e.getBoundingClientRect().toJSON()")
    top = page.evaluate("document.getElementById('chrome').getBoundingClientRect().bottom")
    bar = page.locator(".panel > .undo")
    bottom = bar.bounding_box()["y"] if bar.count() and bar.is_visible() else PHONE["height"] - 65
    assert box["y"] >= top - 1 and box["y"] + box["height"] <= bottom + 1, (
        what, selector, "at", box["y"] + page.evaluate("scrollY"), "on the page", box, "room", top, bottom)


def to_the_surge(base: str, code: str) -> dict:
    """The Rat Warriors' turn (as in the walk), then their attack's cheese fills the wheel: the surge's question."""
    for _ in range(12):
        game = api_get(base, code)
        if game["view"]["acting_card"]["kind"] == "minion":
            break
        api_act(base, code, "next_turn")
    api_act(base, code, "add_cheese", {"n": 6, "reason": "minion_attack"})
    game = api_get(base, code)
    assert game["view"]["surge_pending"]
    return game


def surge_on_a_phone(page, base: str, code: str, game: dict, locale: str) -> None:
    """The minions' mover's phone at the top of its page: the surge's question and both answers on its first
    screen."""
    page.goto(f"{base}/g/{code}")
    take_seat(page, f"player:{game['view']['minions_mover']['controller']}")
    at_version(page, game["version"])
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / f"surge-{locale}.png"))
    on_first_screen(page, "#mm-surge-title", f"{locale}: the surge's question")
    on_first_screen(page, "#mm-surge form:has(input[name=room_surge][value=no]) button[type=submit]",
                    f"{locale}: No special surge")
    on_first_screen(page, f"#mm-surge button:text-is(\"{YES[locale]}\")", f"{locale}: Yes, the room's surge")


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_the_surges_question_and_answers_are_on_the_phones_first_screen(live_server, browser, locale):
    SHOTS.mkdir(exist_ok=True)
    code = api_game(live_server, "mice_mystics", PARTY)
    game = to_the_surge(live_server, code)
    context, page = phone(browser, locale)
    try:
        surge_on_a_phone(page, live_server, code, game, locale)
        # The answer's other minion types are sent too, from under its fold.
        page.select_option("#surge-yes-type-1", "roaches")
        page.locator("#mm-surge details:has(#surge-yes-type-2) > summary").tap()
        page.select_option("#surge-yes-type-2", "spider")
        page.get_by_role("button", name=YES[locale], exact=True).tap()
        at_version(page, game["version"] + 1)
        names = {card.get("minion") for card in api_get(live_server, code)["view"]["track"]}
        assert {"roaches", "spider"} <= names, names
    finally:
        context.close()


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_after_the_surge_the_bosss_life_is_the_moment_on_every_phones_first_screen(live_server, browser, locale):
    SHOTS.mkdir(exist_ok=True)
    code = api_game(live_server, "mice_mystics", PARTY)
    game = to_the_surge(live_server, code)
    other = next(c for c in PARTY["controller"] if c != game["view"]["minions_mover"]["controller"])
    context, page = phone(browser, locale)
    context2, page2 = phone(browser, locale)
    try:
        surge_on_a_phone(page, live_server, code, game, locale)
        page.select_option("#surge-yes-type-1", "captain_vurst")
        page.get_by_role("button", name=YES[locale], exact=True).tap()
        at_version(page, game["version"] + 1)
        page.screenshot(path=str(SHOTS / f"vurst-arrived-{locale}.png"))
        life = "form:has(input[name=action][value=set_boss_life])"
        on_first_screen(page, f"{life} input[name=life]", f"{locale}: the tapper's Vurst's Life")
        on_first_screen(page, f"{life} button", f"{locale}: the tapper's Set the Life")
        on_first_screen(page, f".mm-moment {action_button('next_turn')}", f"{locale}: the tapper's Next")

        # Another player's phone: the Life owed is on its first screen too.
        page2.goto(f"{live_server}/g/{code}")
        take_seat(page2, f"player:{other}")
        at_version(page2, game["version"] + 1)
        page2.evaluate("window.scrollTo(0, 0)")
        page2.screenshot(path=str(SHOTS / f"vurst-other-phone-{locale}.png"))
        on_first_screen(page2, f"{life} input[name=life]", f"{locale}: another phone's Vurst's Life")

        # The Life entered: the entry is gone, Next is on the tapper's first screen.
        page.fill(f"{life} input[name=life]", "6")
        page.locator(f"{life} button").tap()
        at_version(page, game["version"] + 2)
        expect(page.locator(life)).to_have_count(0)
        on_first_screen(page, f".mm-moment {action_button('next_turn')}", f"{locale}: Next after the Life")
    finally:
        context.close()
        context2.close()
