"""A phone's quick taps (issue 42, point 2 item 2): a second tap made while the first one's answer is still
on its way is not lost, nor taken for the first one arriving twice. The phone sends its taps one after
another, each with the version its predecessor produced, and both apply in order. A tap the game did not
take (another phone moved it first) says so where the player can read it: below the chrome, whole.

The first tap's answer is held back by the test's own hand (Playwright's route interception: the request
reaches the server, its answer waits at the door until the test lets it through), never by a clock."""
from __future__ import annotations

import json
import urllib.request

import pytest

from playwright.sync_api import expect

from tests.browser.conftest import PATIENCE_MS, PHONE, api_act, api_game, api_get
from tests.browser.walks import MK_PLAYERS, MM_PARTY, action_button, take_seat

ACT = "**/g/*/act"


# The bodies of the page's posts, in the order the page sent them (read in the page, as it sends).
SENT = """(() => {
    window.sentTaps = [];
    const open = XMLHttpRequest.prototype.open, send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.open = function (verb, url) {
        this.tapUrl = verb + ' ' + url;
        return open.apply(this, arguments);
    };
    XMLHttpRequest.prototype.send = function (body) {
        if (/^POST .*\\/act$/.test(this.tapUrl)) { window.sentTaps.push(String(body)); }
        return send.apply(this, arguments);
    };
})();"""


def phone(browser, base: str, code: str, seat: str, locale: str = "en-US"):
    context = browser.new_context(viewport=PHONE, locale=locale, has_touch=True, is_mobile=True)
    context.add_init_script(SENT)
    page = context.new_page()
    page.set_default_timeout(PATIENCE_MS)
    page.goto(f"{base}/g/{code}")
    take_seat(page, seat)
    return context, page


def history(base: str, code: str) -> list[dict]:
    """The game's changes, oldest first."""
    with urllib.request.urlopen(f"{base}/api/games/{code}/events?limit=500") as response:
        return list(reversed(json.loads(response.read())))


def until(page, condition, what: str) -> None:
    """Let the page run until `condition()` holds (an arrival, not a time)."""
    for _ in range(PATIENCE_MS // 20):
        if condition():
            return
        page.wait_for_timeout(20)
    raise AssertionError(what)


def test_a_second_tap_while_the_first_answer_is_held_applies_after_it(browser, live_server):
    """A mouse's phone taps "Finish Search", then "Next ▶" before the first answer is in: both apply, in
    that order, and the turn moves on (before: the second came back 409, "That tap came twice")."""
    code = api_game(live_server, "mice_mystics", {**MM_PARTY, "minion_type": ["rat_warriors"], "minion_count": [2]})
    while not api_get(live_server, code)["view"]["whose_turn"]:  # the minions' card first: the table's step
        api_act(live_server, code, "next_turn")
    mouse = api_get(live_server, code)["view"]["whose_turn"]
    context, page = phone(browser, live_server, code, f"player:{mouse['controller']}")
    try:
        api_act(live_server, code, "do_move")
        api_act(live_server, code, "do_action", {"kind": "search"})
        game = api_get(live_server, code)
        expect(page.locator("#game-panel")).to_have_attribute("data-version", str(game["version"]))
        finish, following = page.locator(action_button("finish_action")), page.locator(action_button("next_turn"))
        expect(finish).to_be_enabled()
        expect(following).to_be_enabled()

        answers = []  # the first tap's answer, held at the door; any later tap goes straight through

        def hold_the_first(route):
            if answers:
                route.continue_()
                return
            answers.append(None)
            answers[0] = (route, route.fetch())  # the server has answered it: the answer waits here

        page.route(ACT, hold_the_first)
        try:
            finish.tap()
            until(page, lambda: answers and answers[0] is not None, "the first tap reached the server")
            assert api_get(live_server, code)["version"] == game["version"] + 1  # Finish Search applied
            following.tap()  # the second tap, before the first one's answer came
            expect(following).to_have_attribute("aria-busy", "true")  # it says at once it is on its way
            sent = page.evaluate("window.sentTaps")
            assert len(sent) == 1, ("the second tap went before the first one's answer", sent)
            # Its form sent again meanwhile (N pressed twice): the same tap, it counts once.
            page.evaluate(f"document.querySelector({action_button('next_turn')!r}).form.requestSubmit()")
            route, response = answers[0]
            route.fulfill(response=response)
        finally:
            page.unroute(ACT)
        expect(page.locator("#game-panel")).to_have_attribute("data-version", str(game["version"] + 2))
        expect(page.locator("#game-panel [aria-busy=true]")).to_have_count(0)
        sent = page.evaluate("window.sentTaps")  # (a third would have gone as the second's answer came in)
        assert [dict(pair.split("=", 1) for pair in body.split("&"))["version"] for body in sent] == \
            [str(game["version"]), str(game["version"] + 1)], sent  # each with its predecessor's version
        expect(page.locator("#game-panel .notice.error")).to_have_count(0)
        done = history(live_server, code)[-2:]
        assert [change["action"] for change in done] == ["finish_action", "next_turn"], done
        assert api_get(live_server, code)["view"]["whose_turn"] != mouse  # the turn moved on
    finally:
        context.close()


def test_a_refused_tap_is_read_whole_below_the_chrome(browser, live_server):
    """Another phone moved the game while this one's tap was on its way: the refusal's every line is on the
    screen below the chrome, whatever the page's scroll when the finger tapped (before: with the panel's
    head just under the chrome, so was the message's first line)."""
    code = api_game(live_server, "mage_knight", {**MK_PLAYERS, "dice_mode": "app"})
    picker = api_get(live_server, code)["view"]["pick_queue"][0]
    context, page = phone(browser, live_server, code, picker)
    try:
        # The panel's head a little under the chrome, as a thumb's scroll leaves it: the tactic still in view.
        page.evaluate("""() => {
            const chrome = document.getElementById('chrome').getBoundingClientRect().bottom;
            const panel = document.getElementById('game-panel').getBoundingClientRect().top;
            window.scrollBy(0, panel - chrome + 60);
        }""")
        held = []
        page.route(ACT, lambda route: held.append(route))
        try:
            page.locator("ul.mk-tactic-list .mk-tactic").first.tap()
            until(page, lambda: held, "the tap was sent")
            api_act(live_server, code, "set_core_tile_revealed", {"revealed": True})  # the game moved meanwhile
            held[0].continue_()
        finally:
            page.unroute(ACT)
        refusal = page.locator("#game-panel .notice.error")
        expect(refusal).to_have_count(1)
        expect(refusal).to_contain_text("Someone else changed the game first")
        chrome = page.locator("#chrome").bounding_box()
        found = refusal.bounding_box()
        assert found["y"] >= chrome["y"] + chrome["height"] - 1, ("under the chrome", chrome, found)
        assert found["y"] + found["height"] <= PHONE["height"] + 1, ("below the screen", found)
        # The top of it is what is seen there: nothing of the chrome's is drawn over its first line.
        top = page.evaluate("""() => {
            const box = document.querySelector('#game-panel .notice.error').getBoundingClientRect();
            const hit = document.elementFromPoint(box.left + box.width / 2, box.top + 4);
            return hit ? hit.closest('.notice.error') !== null : false;
        }""")
        assert top, "the refusal's first line is covered"
    finally:
        context.close()


REFUSED = {"en-US": "Someone else changed the game first", "ru-RU": "Кто-то другой"}


def wholly_below_the_chrome(page, selector: str) -> bool:
    return page.evaluate("""(selector) => {
        const chrome = document.getElementById('chrome').getBoundingClientRect().bottom;
        const box = document.querySelector(selector).getBoundingClientRect();
        return box.top >= chrome - 1 && box.bottom <= window.innerHeight + 1;
    }""", selector)


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_a_refused_tap_that_makes_it_this_phones_moment_is_read_at_once(browser, live_server, locale):
    """Two phones tap at once: Boris picks a tactic on his phone while Anna, through "Act for Boris…", picks
    another for him. Anna's tap is refused, and the same answer makes the next pick hers: the refusal is what
    her screen shows, whole below the chrome (before: her page went to her moment and the refusal was above
    the screen, never seen)."""
    code = api_game(live_server, "mage_knight", {**MK_PLAYERS, "dice_mode": "app"})
    first, second = api_get(live_server, code)["view"]["pick_queue"][:2]
    boris_context, boris = phone(browser, live_server, code, first, locale)
    anna_context, anna = phone(browser, live_server, code, second, locale)
    try:
        summary = anna.locator("#game-panel details.act-for:has(input[name=action][value=pick_tactic]) > summary")
        summary.tap()
        for_boris = anna.locator("#game-panel details.act-for[open] ul.mk-tactic-list .mk-tactic").nth(1)
        expect(for_boris).to_be_visible()
        version = api_get(live_server, code)["version"]
        held = []
        anna.route(ACT, lambda route: held.append(route))
        try:
            for_boris.tap()
            until(anna, lambda: held, "Anna's tap was sent")
            boris.locator("ul.mk-tactic-list .mk-tactic").first.tap()  # Boris's own tap gets there first
            until(boris, lambda: api_get(live_server, code)["version"] == version + 1, "Boris's pick applied")
            held[0].continue_()
        finally:
            anna.unroute(ACT)
        refusal = anna.locator("#game-panel .notice.error")
        expect(refusal).to_contain_text(REFUSED[locale])
        expect(anna.locator("#game-panel .seat-banner")).to_have_attribute("data-my-moment", "1")
        assert api_get(live_server, code)["view"]["pick_queue"][0] == second  # her moment now
        assert wholly_below_the_chrome(anna, "#game-panel .notice.error"), "the refusal is not on the screen"
    finally:
        anna_context.close()
        boris_context.close()
