"""axe-core on every screen, in both languages and both palettes: no violations at all (minor and moderate too)."""
from __future__ import annotations

import json
import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, TABLET, api_act, api_game, api_get, next_until, pick_all_tactics

AXE = Axe()


def violations(page) -> list[str]:
    results = AXE.run(page)
    return [f"{v['id']}: {v['help']} ({len(v['nodes'])}x: "
            + "; ".join(f"{n['target']} {n.get('failureSummary', '').splitlines()[-1].strip()}"
                        for n in v["nodes"][:4]) + ")"
            for v in results.response["violations"]]


def counter_game(page, base: str, odd: bool) -> str:
    page.goto(base + "/new/counter")
    page.get_by_label("Start at").fill("1" if odd else "0")
    page.locator("form.setup button[type=submit]").click()
    page.wait_for_selector("#game-panel")
    return page.url


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
@pytest.mark.parametrize("night", [False, True], ids=["day", "night"])
def test_foundation_screens_have_no_serious_violations(live_server, device, locale, night):
    page = device(PHONE, locale=locale)
    url = counter_game(page, live_server, night)
    page.locator("#game-panel form.act button").first.click()  # one change, so undo and history show
    page.wait_for_selector("form.undo")
    pages = [url, url + "/history", url + "/screen", "/", "/new/counter", "/g/NOPE7"]
    problems = {}
    for path in pages:
        page.goto(path if path.startswith("http") else live_server + path)
        found = violations(page)
        if found:
            problems[path] = found
    assert problems == {}, json.dumps(problems, indent=1, ensure_ascii=False)


# ---------- every screen of the real games, both languages, both palettes ----------

def check(page, url: str, problems: dict, open_details: bool = False) -> None:
    page.goto(url)
    if open_details:
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    found = violations(page)
    if found:
        problems[url + (" (details open)" if open_details else "")] = found


MK_SETUP = {"player_name": ["Anna", "Boris"], "hero": ["tovak", "goldyx"], "scenario": "full_conquest"}
MM_SETUP = {"mouse": ["lily", "nez"], "minion_type": ["rat_warriors"], "minion_count": [2]}


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_home_setup_and_error_pages_have_no_serious_violations(live_server, device, locale):
    page = device(PHONE, locale=locale)
    problems: dict = {}
    for path in ("/", "/new/mage_knight", "/new/mice_mystics", "/g/NOPE7", "/no/such/page"):
        check(page, live_server + path, problems)
    check(page, live_server + "/new/mage_knight", problems, open_details=True)
    assert problems == {}, json.dumps(problems, indent=1, ensure_ascii=False)


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_mage_knight_day_and_night_have_no_serious_violations(live_server, device, locale):
    page, screen = device(PHONE, locale=locale), device(TABLET, locale=locale)
    day = api_game(live_server, "mage_knight", MK_SETUP)
    night = api_game(live_server, "mage_knight", {**MK_SETUP, "start_at_night": "1"})
    problems: dict = {}
    for code in (day, night):
        url = f"{live_server}/g/{code}"
        check(page, url, problems, open_details=True)       # tactics
        check(screen, url + "/screen", problems)
        pick_all_tactics(live_server, code)
        check(page, url, problems, open_details=True)       # turns
        check(screen, url + "/screen", problems)
        check(page, url + "/history", problems)
    page.goto(f"{live_server}/g/{night}")
    expect(page.locator("html")).to_have_class(re.compile(r"\bnight\b"))
    # the next round's preparation (Day after a Night round)
    api_act(live_server, night, "announce_end_of_round",
            {"player": api_get(live_server, night)["view"]["current_seat"], "deck_empty": 1})
    for _ in range(6):
        view = api_get(live_server, night)["view"]
        if view["phase"] != "turns":
            break
        api_act(live_server, night, "end_turn", {"player": view["current_seat"]})
    assert api_get(live_server, night)["view"]["phase"] == "preparation"
    check(page, f"{live_server}/g/{night}", problems, open_details=True)
    check(screen, f"{live_server}/g/{night}/screen", problems)
    # the table's real dice: the colour palette per die, then a used die's faces as the End turn buttons
    table = api_game(live_server, "mage_knight", {**MK_SETUP, "dice_mode": "table"})
    check(page, f"{live_server}/g/{table}", problems, open_details=True)
    check(screen, f"{live_server}/g/{table}/screen", problems)
    api_act(live_server, table, "enter_source", {"colours": ["red", "blue", "green", "white"]})
    pick_all_tactics(live_server, table)
    view = api_get(live_server, table)["view"]
    api_act(live_server, table, "take_die", {"player": view["current_seat"], "die": view["takeable_dice"][0]})
    check(page, f"{live_server}/g/{table}", problems, open_details=True)
    assert problems == {}, json.dumps(problems, indent=1, ensure_ascii=False)


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_mice_and_mystics_pages_have_no_serious_violations(live_server, device, locale):
    page, screen = device(PHONE, locale=locale), device(TABLET, locale=locale)
    code = api_game(live_server, "mice_mystics", MM_SETUP)
    url = f"{live_server}/g/{code}"
    problems: dict = {}
    check(page, url, problems)
    check(page, url, problems, open_details=True)
    check(screen, url + "/screen", problems)
    # The shuffled track opens with the minions' card in one game of three (two mice, one minion card): the
    # first look above saw either moment. Both are looked at, whatever the shuffle: the minions' moment (their
    # card's controls and the wheel's +cheese in it) and a mouse's (its checklist).
    next_until(live_server, code, lambda view: not view["whose_turn"], "the minions' turn")
    check(page, url, problems, open_details=True)
    next_until(live_server, code, lambda view: view["whose_turn"], "a mouse's turn")
    check(page, url, problems, open_details=True)
    api_act(live_server, code, "add_cheese", {"n": 6, "reason": "minion_attack"})
    assert api_get(live_server, code)["view"]["surge_pending"]
    check(page, url, problems, open_details=True)
    check(screen, url + "/screen", problems)
    check(page, url + "/history", problems)
    # spiders with wounds per figure, then the chapter's summary and the campaign's form
    api_act(live_server, code, "resolve_surge", {"room_surge": "yes", "minion_type": ["spider"], "minion_count": [2]})
    api_act(live_server, code, "wound_minion", {"card": "spider", "figure": 1})
    check(page, url, problems, open_details=True)
    api_act(live_server, code, "mark_victory")
    check(page, url, problems, open_details=True)
    check(screen, url + "/screen", problems)
    check(page, live_server + "/", problems)  # with this game among the recent ones
    page.goto(url)
    page.keyboard.press("?")  # the keyboard shortcuts dialog
    expect(page.locator("dialog#shortcuts")).to_be_visible()
    if found := violations(page):
        problems["shortcuts dialog"] = found
    assert problems == {}, json.dumps(problems, indent=1, ensure_ascii=False)
