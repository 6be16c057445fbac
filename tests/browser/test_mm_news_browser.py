"""What just happened is shown where the players look (issue 42, point 2, item 7): the Rat Warriors swapping up the
track, and a mouse rescued with Time is Short's cheese (two lines at once), unfolded on the group screen under whose
turn — which still fits a 1024×768 and a 1280×800 tablet without scrolling — and on the phones, the rescued
mouse's among them, in English and in Russian."""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, api_act, api_game, api_get
from tests.browser.test_kiosk_screen import check, screens
from tests.browser.walks import at_version, take_seat

SHOTS = Path("/tmp/shots-mmturn42")
PARTY = {"mouse": ["lily", "nez", "tilda", "filch"], "controller": ["Vera", "Boris", "Chen", "Dana"],
         "minion_type": ["rat_warriors"], "minion_count": [2]}
SWAP = {"en-US": "Rat Warriors are Aggressive", "ru-RU": "Крысы-воины: агрессивные"}
RESCUED = {"en-US": "Lily is rescued", "ru-RU": "Лили выходит из плена"}
TIME_IS_SHORT = {"en-US": "Time is Short", "ru-RU": "Время уходит"}


def rats_below_space_1(base: str) -> str:
    """A game whose shuffled track has the Rat Warriors below space 1 (one in five has them on it, never swapping)."""
    for _ in range(40):
        code = api_game(base, "mice_mystics", PARTY)
        if api_get(base, code)["view"]["track"][0]["kind"] == "mouse":
            return code
    raise AssertionError("the Rat Warriors were always on space 1")


def shot(pages, name: str) -> None:
    for page in pages:
        size = page.viewport_size
        page.screenshot(path=str(SHOTS / f"news-{name}-{size['width']}x{size['height']}.png"))


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_what_just_happened_is_unfolded_on_the_group_screen_and_the_phones(live_server, device, locale):
    SHOTS.mkdir(exist_ok=True)
    code = rats_below_space_1(live_server)
    tablets = screens(device, live_server, code, locale)
    phone = device(PHONE, locale=locale)
    phone.goto(f"{live_server}/g/{code}")
    take_seat(phone, "player:Vera")  # Lily's player

    # The Rat Warriors end their turn below space 1: they swap with the card above.
    for _ in range(8):
        view = api_get(live_server, code)["view"]
        if not view["whose_turn"] and view["acting"] > 0:
            break
        api_act(live_server, code, "next_turn")
    change = api_act(live_server, code, "next_turn")
    assert any("Aggressive" in n["msgid"] for n in change["change"]["notices"])
    version = change["version"]
    check(tablets, version, f"swap-{locale}")
    for page in tablets:
        expect(page.locator(".mm-screen-now .screen-news")).to_contain_text(SWAP[locale])
    at_version(phone, version)
    expect(phone.locator(".last-news")).to_be_visible()
    expect(phone.locator(".last-news")).to_contain_text(SWAP[locale])
    expect(phone.locator(".last-event")).not_to_have_attribute("open", "")  # the notes stay folded
    shot(tablets + [phone], f"swap-{locale}")

    # Lily is captured, the Rat Warriors beaten: her turn rescues her, and Time is Short puts a cheese down.
    api_act(live_server, code, "capture_mouse", {"mouse": "lily"})
    change = api_act(live_server, code, "remove_figures", {"card": "rat_warriors", "n": 2})
    for _ in range(6):
        if any(n["msgid"].startswith("{mouse} is rescued") for n in change["change"]["notices"]):
            break
        change = api_act(live_server, code, "next_turn")
    else:
        raise AssertionError("Lily was never rescued")
    version = change["version"]
    check(tablets, version, f"rescue-{locale}")
    for page in tablets:
        expect(page.locator(".mm-screen-now .screen-news").filter(has_text=RESCUED[locale])).to_have_count(1)
    at_version(phone, version)
    expect(phone.locator(".last-news")).to_contain_text(RESCUED[locale])
    shot(tablets + [phone], f"rescue-{locale}")
    notices = [n["msgid"] for n in change["change"]["notices"]]
    if any(n.startswith("Time is Short") for n in notices):  # the last mouse's turn ended it: two lines at once
        expect(phone.locator(".last-news")).to_contain_text(TIME_IS_SHORT[locale])
