"""Sound, per device, off by default (issue 8): switched on, the group screen says whose turn it is aloud in
the page's language, and a seated phone chimes when its moment comes; switched off (the default), neither
makes a sound. The browser's speech synthesis and audio are recorded, not played."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import PHONE, api_act, api_game, api_get

LANDSCAPE = {"width": 1280, "height": 800}
MICE = {"mouse": ["lily", "nez"], "controller": ["Vera", "Boris"], "minion_type": ["rat_warriors"],
        "minion_count": [2]}

RECORD_SPEECH = """
window.__said = [];
Object.defineProperty(window, "speechSynthesis", {configurable: true, value: {
  speak: function (u) { window.__said.push([u.text, u.lang]); }, cancel: function () {}}});
window.SpeechSynthesisUtterance = function (text) { this.text = text; this.lang = ""; };
"""
RECORD_CHIMES = """
window.__chimes = 0;
(function () {
  var Real = window.AudioContext;
  window.AudioContext = function () {
    var context = new Real();
    var make = context.createOscillator.bind(context);
    context.createOscillator = function () { window.__chimes += 1; return make(); };
    return context;
  };
})();
"""


def advance_to(base: str, code: str, page, predicate) -> None:
    """Next until the game's view satisfies `predicate`; the page is then shown the game at that version."""
    while not predicate(api_get(base, code)["view"]):
        api_act(base, code, "next_turn")
    expect(page.locator("#game-panel")).to_have_attribute("data-version", str(api_get(base, code)["version"]))


def step_to(base: str, code: str, page, predicate, moments: list) -> None:
    """Next until the game's view satisfies `predicate`, the page shown each version before the next; each
    version's seat banner (is it this phone's moment, and which) is noted in `moments`."""
    while not predicate(api_get(base, code)["view"]):
        version = api_act(base, code, "next_turn")["version"]
        expect(page.locator("#game-panel")).to_have_attribute("data-version", str(version))
        banner = page.locator(".seat-banner")
        moments.append((banner.get_attribute("data-my-moment") == "1", banner.get_attribute("data-cue")))


def new_moments(moments: list) -> int:
    """How many moments came: the phone's moment after none, or another right after one (app.js's rule)."""
    count = 0
    for (was, cue_before), (now, cue) in zip(moments, moments[1:]):
        count += now and (not was or cue != cue_before)
    return count


def test_the_group_screen_says_the_turn_aloud_only_once_switched_on(live_server, device):
    code = api_game(live_server, "mice_mystics", MICE)
    screen = device(LANDSCAPE, locale="ru-RU")
    screen.add_init_script(RECORD_SPEECH)
    screen.goto(f"{live_server}/g/{code}/screen")
    switch = screen.locator("[data-sound-switch]")
    expect(switch).to_have_attribute("aria-pressed", "false")  # off by default
    api_act(live_server, code, "next_turn")
    expect(screen.locator("#game-panel")).to_have_attribute("data-version", "1")
    assert screen.evaluate("window.__said") == []
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    expect(switch).to_contain_text("вкл.")
    api_act(live_server, code, "next_turn")
    expect(screen.locator("#game-panel")).to_have_attribute("data-version", "2")
    said = screen.evaluate("window.__said")
    now = screen.locator(".screen-now").inner_text().replace("▶", "").strip()
    assert len(said) == 1 and now in said[0][0] and said[0][1] == "ru", said
    screen.reload()  # the device remembers its choice
    expect(screen.locator("[data-sound-switch]")).to_have_attribute("aria-pressed", "true")


def test_a_seated_phone_chimes_when_its_moment_comes_only_once_switched_on(live_server, device):
    code = api_game(live_server, "mice_mystics", MICE)
    phone = device(PHONE)
    phone.add_init_script(RECORD_CHIMES)
    phone.goto(f"{live_server}/g/{code}")
    phone.locator("#who form:has(input[name=seat][value='player:Vera']) button").click()
    mine = lambda view: view["whose_turn"] and view["whose_turn"]["controller"] == "Vera"  # noqa: E731
    theirs = lambda view: not mine(view)  # noqa: E731
    advance_to(live_server, code, phone, theirs)
    advance_to(live_server, code, phone, mine)  # its moment comes, sound off: the buzz only
    assert phone.evaluate("window.__chimes") == 0
    phone.locator("#menu > summary").click()
    phone.locator("[data-sound-switch]").click()
    expect(phone.locator("[data-sound-switch]")).to_have_attribute("aria-pressed", "true")
    # One change at a time, each shown before the next: a chime for each moment that came, none other.
    moments = [(phone.locator(".seat-banner").get_attribute("data-my-moment") == "1",
                phone.locator(".seat-banner").get_attribute("data-cue"))]
    step_to(live_server, code, phone, theirs, moments)
    step_to(live_server, code, phone, mine, moments)
    assert new_moments(moments) >= 1 and phone.evaluate("window.__chimes") == new_moments(moments), moments
