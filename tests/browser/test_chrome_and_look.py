"""The chrome gives the screen to the game, and the app looks like the games: on a touch phone (390×844) in
English and Russian the chrome is one row of at most 64 px (the game, whose moment it is, a menu), the menu
holds the device's settings and the game's links, no keyboard hint shows, and the moment's first control is
on the first screen; the icons and the font are the app's own (no other origin) and render; the moment's
primary button looks different from a secondary one."""
from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, TABLET, api_act, api_game, api_get, next_until, pick_all_tactics
from tests.browser.test_phone_moment_fits import seated_phone
from tests.browser.test_round_walks import chrome_moment_is_whole
from tests.browser.walks import MM_PARTY

MK_SETUP = {"player_name": ["Vera", "Boris", "Chen"], "hero": ["tovak", "goldyx", "norowas"],
            "scenario": "full_conquest", "dice_mode": "app"}
MM_SETUP = {"mouse": ["collin", "lily", "nez", "filch"], "minion_type": ["rat_warriors"], "minion_count": [2]}
TOUCH = {"has_touch": True, "is_mobile": True}
CHROME_MAX = 64
WAIT = 20_000  # ms: a safety net on a busy machine, never a measure of speed


def touch_phone(browser, locale: str):
    context = browser.new_context(viewport=PHONE, locale=locale, **TOUCH)
    page = context.new_page()
    page.set_default_timeout(WAIT)
    page.responses = []
    page.on("response", lambda response: page.responses.append(response))
    return page


@pytest.fixture
def phones(browser):
    made = []

    def open_phone(locale: str = "en-US"):
        page = touch_phone(browser, locale)
        made.append(page.context)
        return page

    yield open_phone
    for context in made:
        context.close()


def chrome_is_one_row(page) -> dict:
    """The chrome's box, and that everything in it sits in that one row."""
    chrome = page.locator("#chrome").bounding_box()
    assert -0.5 <= chrome["y"] <= 0.5 and chrome["height"] <= CHROME_MAX, chrome  # at the top, in view
    for part in ("#chrome .chrome-home", "#chrome .chrome-title", "#menu > summary"):
        box = page.locator(part).bounding_box()
        assert box["y"] >= chrome["y"] - 0.5 and box["y"] + box["height"] <= chrome["y"] + chrome["height"] + 0.5, part
    return chrome


def take_my_seat(page, seat: str) -> None:
    page.locator(f"#who form:has(input[name=seat][value='{seat}']) button").click()
    expect(page.locator(".seat-banner.now")).to_be_visible(timeout=WAIT)


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_on_a_touch_phone_the_chrome_is_one_row_and_the_moment_is_on_the_first_screen(live_server, phones, locale):
    code = api_game(live_server, "mage_knight", MK_SETUP)
    api_act(live_server, code, "set_core_tile_revealed", {"revealed": True})  # a change: the last change and Undo
    picker = api_get(live_server, code)["view"]["pick_queue"][0]
    phone = phones(locale)
    phone.goto(f"{live_server}/g/{code}")
    take_my_seat(phone, picker)
    chrome = chrome_is_one_row(phone)
    moment = phone.locator("#chrome-moment")
    expect(moment).to_have_text("Tactic: Chen" if locale == "en-US" else "Тактика: Chen", timeout=WAIT)
    first = phone.locator("ul.mk-tactic-list form button").first.bounding_box()
    undo = phone.locator(".btn-undo").bounding_box()
    assert first["y"] >= chrome["height"] and first["y"] + first["height"] <= undo["y"], (first, undo)
    assert undo["y"] + undo["height"] <= PHONE["height"]
    print(f"\n{locale}: chrome {chrome['height']:.0f} px, first control at y={first['y']:.0f}")
    # Scrolled down to the reference below the moment, the row is still there at the top.
    phone.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    assert phone.evaluate("window.scrollY") > 200
    chrome_is_one_row(phone)
    phone.evaluate("window.scrollTo(0, 0)")
    # no keyboard hint on a touch phone, even with the menu open
    phone.locator("#menu > summary").click()
    expect(phone.locator("#shortcuts-open")).to_be_hidden()
    # the chrome's moment follows the game
    api_act(live_server, code, "pick_tactic", {"player": picker, "tactic": "early_bird"})
    expect(moment).not_to_have_text(re.compile("Chen"), timeout=WAIT)


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_the_menu_holds_the_screen_wake_text_size_language_and_the_games_links(live_server, phones, locale):
    code = api_game(live_server, "mice_mystics", MM_SETUP)
    phone = phones(locale)
    phone.goto(f"{live_server}/g/{code}")
    menu = phone.locator("#menu")
    expect(phone.locator("#wake")).to_be_hidden()  # folded until asked for
    menu.locator("summary").click()
    english = locale == "en-US"
    for control in ("#wake", ".textsize-small", ".textsize-normal", ".textsize-large",
                    "button[name=lang][value=en]", "button[name=lang][value=ru]"):
        expect(menu.locator(control)).to_be_visible()
    links = ["Group screen", "History", "Join", "Seats", "Settings", "About", "Home"] if english else \
        ["Общий экран", "История", "Присоединиться", "Места", "Настройки", "О программе", "Главная"]
    for name in links:
        expect(menu.get_by_role("link", name=re.compile(name))).to_be_visible()
    panel = menu.locator(".menu-panel").bounding_box()
    assert panel["x"] >= -0.5 and panel["x"] + panel["width"] <= PHONE["width"] + 0.5  # the whole menu on screen
    phone.keyboard.press("Escape")
    expect(phone.locator("#wake")).to_be_hidden()
    menu.locator("summary").click()
    menu.get_by_role("link", name=re.compile("History" if english else "История")).click()
    expect(phone).to_have_url(f"{live_server}/g/{code}/history", timeout=WAIT)
    chrome_is_one_row(phone)  # the game's other pages have the same slim chrome


def test_the_menu_opens_without_javascript(live_server, browser):
    code = api_game(live_server, "mage_knight", MK_SETUP)
    context = browser.new_context(viewport=PHONE, java_script_enabled=False, **TOUCH)
    try:
        page = context.new_page()
        page.goto(f"{live_server}/g/{code}")
        page.locator("#menu > summary").click()
        expect(page.get_by_role("link", name="Group screen")).to_be_visible()
        expect(page.get_by_role("button", name="Русский")).to_be_visible()
    finally:
        context.close()


def test_every_page_has_the_slim_chrome(live_server, phones):
    code = api_game(live_server, "mage_knight", MK_SETUP)
    phone = phones()
    for path in ("/", "/new/mage_knight", "/new/mice_mystics", "/about", f"/g/{code}/history", f"/g/{code}/screen"):
        phone.goto(live_server + path)
        chrome_is_one_row(phone)


def test_on_a_laptop_the_keyboard_shortcuts_are_offered_in_the_menu(live_server, device):
    code = api_game(live_server, "mice_mystics", MM_SETUP)
    laptop = device({"width": 1280, "height": 800})
    laptop.set_default_timeout(WAIT)
    laptop.goto(f"{live_server}/g/{code}")
    laptop.locator("#menu > summary").click()
    expect(laptop.get_by_role("button", name="Keyboard shortcuts")).to_be_visible()


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_icons_and_the_font_are_the_apps_own_and_render(live_server, phones, locale):
    code = api_game(live_server, "mage_knight", MK_SETUP)
    phone = phones(locale)
    phone.goto(f"{live_server}/g/{code}")
    phone.get_by_role("button", name="Just watching" if locale == "en-US" else "Просто смотрю").click()
    expect(phone.locator("#who")).to_have_count(0, timeout=WAIT)
    phone.evaluate("document.fonts.ready")
    app_origin = urlsplit(live_server).netloc
    assert {urlsplit(r.url).netloc for r in phone.responses} == {app_origin}
    sprite = [r for r in phone.responses if "/static/vendor/icons-mage_knight.svg" in r.url]
    assert sprite and all(r.status == 200 for r in sprite)
    die_icon = phone.locator("#mk-source .mk-die-letter svg.icon").first
    box = die_icon.bounding_box()
    assert box["width"] > 10 and box["height"] > 10
    # the <use> found its symbol in the sprite: the drawing inside it has a size
    assert phone.evaluate("document.querySelector('#mk-source .mk-die-letter use').getBBox().width") > 0
    # the font: served, loaded, and the page's own, for Latin and (in Russian) Cyrillic
    family = phone.evaluate("getComputedStyle(document.body).fontFamily")
    assert family.startswith('"Fira Sans"'), family
    fonts = {
        urlsplit(r.url).path.rsplit("/", 1)[1]: r.status
        for r in phone.responses
        if r.url.split("?")[0].endswith(".woff2")
    }
    assert fonts.get("fira-sans-latin-400-normal.woff2") == 200, fonts
    assert phone.evaluate("document.fonts.check('16px \"Fira Sans\"', 'Round 1')")
    loaded = phone.evaluate("[...document.fonts].filter(f => f.status === 'loaded').map(f => f.unicodeRange)")
    assert any(r.upper().startswith("U+0-FF") for r in loaded), loaded
    if locale == "ru-RU":
        assert fonts.get("fira-sans-cyrillic-400-normal.woff2") == 200, fonts
        assert any("U+400-45F" in r.upper() for r in loaded), loaded
        assert phone.evaluate("document.fonts.check('16px \"Fira Sans\"', 'Раунд')")


def test_the_moments_primary_button_stands_out_from_a_secondary_one(live_server, device):
    """At a Mage Knight turn, by Day and by Night: End turn (the moment's action) is filled; Take a die is not."""
    for night in (False, True):
        code = api_game(live_server, "mage_knight", {**MK_SETUP, **({"start_at_night": "1"} if night else {})})
        pick_all_tactics(live_server, code)
        page = device(TABLET)
        page.set_default_timeout(WAIT)
        host = urlsplit(live_server).hostname
        page.context.add_cookies([{"name": f"watching_{code}", "value": "1", "domain": host, "path": "/"}])
        page.goto(f"{live_server}/g/{code}")
        primary = page.locator('#game-panel .btn[data-shortcut="next"]').first
        secondary = page.locator("#game-panel .mk-take-btn").first
        look = "el => { const s = getComputedStyle(el); return [s.backgroundColor, s.backgroundImage, s.borderColor] }"
        assert primary.evaluate(look) != secondary.evaluate(look), night
        assert primary.evaluate("el => getComputedStyle(el).backgroundImage") != "none", night  # filled
        assert secondary.evaluate("el => getComputedStyle(el).backgroundImage") == "none", night


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_a_long_last_change_is_cut_but_never_its_notes_count(live_server, phones, locale):
    """The last change is one line high; a long one is cut with "…", and the count of its notes stays whole
    beside it, in the line (it is what says there is more to open)."""
    code = api_game(live_server, "mage_knight", {**MK_SETUP, "player_name": ["Konstantin Konstantinopolsky",
                                                                               "Boris", "Chen"]})
    pick_all_tactics(live_server, code)  # the last pick, Konstantin's, brings three notes
    phone = phones(locale)
    phone.goto(f"{live_server}/g/{code}")
    summary = phone.locator(".last-event > summary")
    more = summary.locator(".last-event-more")
    expect(more).to_be_visible()
    text = summary.locator(".last-event-text")
    assert text.evaluate("e => e.scrollWidth > e.clientWidth")  # the label is long enough to be cut here
    line, count = summary.bounding_box(), more.bounding_box()
    assert count["x"] + count["width"] <= min(line["x"] + line["width"], PHONE["width"]) + 0.5, (line, count)
    assert count["y"] >= line["y"] - 0.5 and count["y"] + count["height"] <= line["y"] + line["height"] + 0.5
    assert more.evaluate("e => e.scrollWidth <= e.clientWidth")  # its own text whole
    # The line's room goes to the change itself: its first word starts near the line's start (its name,
    # "Last change", is an icon: in Russian the words took half the line).
    starts = text.evaluate(r"""e => {
      const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT, {acceptNode: n =>
        n.textContent.includes('Konstantin') && !n.parentElement.closest('.visually-hidden') ? 1 : 3});
      const node = walker.nextNode(), range = document.createRange();
      const at = node.textContent.indexOf('Konstantin');
      range.setStart(node, at); range.setEnd(node, at + 1);
      return range.getBoundingClientRect().left - e.getBoundingClientRect().left;
    }""")
    assert starts < 48, starts


@pytest.mark.parametrize("size", ["normal", "large"])
def test_the_undo_bar_says_its_change_whole_in_russian(live_server, phones, size):
    """Issue 23 saw Undo's label cut with "…" in Russian on every change; the walk of 2026-12-04 still saw
    "Отменить за игрока Anna…" beside "Anna: ход…". On the phone that made the change and on a waiting one, at A and
    A+, nothing in the Undo bar is cut (the step named "… for Anna" says the change whole when opened)."""
    code = api_game(live_server, "mage_knight", MK_SETUP)
    picker = api_get(live_server, code)["view"]["pick_queue"][0]
    other = next(s for s in ("p1", "p2", "p3") if s != picker)
    seated = {}
    for seat in (picker, other):
        phone = phones("ru-RU")
        phone.context.add_cookies([{"name": "text_size", "value": size, "url": live_server}])
        phone.goto(f"{live_server}/g/{code}")
        take_my_seat(phone, seat) if seat == picker else phone.locator(
            f"#who form:has(input[name=seat][value='{seat}']) button").click()
        seated[seat] = phone
    made = seated[picker]
    made.locator("ul.mk-tactic-list form:has(input[name=tactic][value=planning]) button").click()
    for phone in seated.values():
        expect(phone.locator("#game-panel")).to_have_attribute("data-version", "1", timeout=WAIT)
        cut = phone.locator(
            ".panel > .undo"
        ).evaluate("""bar => [...bar.querySelectorAll('*')].filter(e =>
            e.getClientRects().length && !e.closest('.undo-for-step') &&
            (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1))
          .map(e => e.outerHTML.slice(0, 120))""")
        assert cut == [], (size, cut)
    waiting = seated[other]
    waiting.locator(".undo-for > summary").click()
    expect(waiting.locator(".undo-for-step")).to_contain_text("Vera" if picker == "p1" else "", timeout=WAIT)
    expect(waiting.locator(".undo-for-step")).to_contain_text("Планирование", timeout=WAIT)


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_a_long_moment_in_the_chrome_is_said_whole_at_a_plus(live_server, device, locale):
    """Crawler seed 179 (bench.crawl --first 175 --budget 45): "Противники: Пещерная многоножка" took three
    lines beside the menu at A+ on a Russian phone; the chrome, two lines at most, cut it to "Пещерная…". A
    moment too long for two lines of its type takes a size smaller, whole."""
    code = api_game(live_server, "mice_mystics", {**MM_PARTY, "minion_type": ["cave_centipede"],
                                                  "minion_count": [1]})
    next_until(live_server, code, lambda view: view["acting_card"]["kind"] == "minion", "the minions' turn")
    phone = seated_phone(device, live_server, code, "player:Vera", locale, "large")
    expect(phone.locator("#chrome-moment")).to_contain_text("Cave Centipede" if locale == "en-US"
                                                            else "Пещерная многоножка")
    chrome_moment_is_whole(phone)


@pytest.mark.parametrize("size", ["normal", "large"])
@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_a_name_of_one_long_word_in_the_chrome_breaks_rather_than_be_cut(live_server, device, locale, size):
    """The long-names crawl (seeds 316-322): "Ход: Wolfeschlegelsteinhausenberger" (240 px in 218) was cut in the
    chrome: a word wider than its line did not break. At A+ (seed 337) "Turn:" kept a line to itself and the name
    took two more, cut by the chrome's two (212x59 in 212x39): there the name breaks on the first line too."""
    names = ["Wolfeschlegelsteinhausenberger", "Константин Константинопольский"]
    code = api_game(live_server, "mage_knight", {"player_name": names, "hero": ["tovak", "goldyx"]})
    pick_all_tactics(live_server, code)
    for _ in range(2):  # each player's turn, on that player's phone
        seat = api_get(live_server, code)["view"]["current_seat"]
        phone = seated_phone(device, live_server, code, seat, locale, size)
        expect(phone.locator("#chrome-moment")).to_contain_text(names[int(seat[1]) - 1])
        chrome_moment_is_whole(phone)
        api_act(live_server, code, "end_turn", {"player": seat})
